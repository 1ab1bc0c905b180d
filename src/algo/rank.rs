//! Rank of a tile group (each kind 0-4, at most 14 tiles) in lexicographic order:
//! the index of its entry in the tables `build.rs` writes. Also compiled into
//! `build.rs`, so it uses nothing from the crate.

/// Most tiles a group of a hand can hold.
pub const MAX_TILES: usize = 14;

/// `COMPLETIONS[len][budget]`: groups of `len` kinds, 0-4 each, with at most `budget` tiles.
pub const COMPLETIONS: [[u32; MAX_TILES + 1]; 10] = {
    let mut t = [[0u32; MAX_TILES + 1]; 10];
    let mut b = 0;
    while b <= MAX_TILES {
        t[0][b] = 1;
        b += 1;
    }
    let mut len = 1;
    while len < 10 {
        let mut b = 0;
        while b <= MAX_TILES {
            let mut v = 0;
            while v <= 4 && v <= b {
                t[len][b] += t[len - 1][b - v];
                v += 1;
            }
            b += 1;
        }
        len += 1;
    }
    t
};

/// `BEFORE[rest][budget][c]`: groups ranked before one whose current kind holds `c`,
/// with `rest` kinds after it and `budget` tiles left for it and them. Padded to
/// powers of two so that masked indices need no bounds checks.
const BEFORE: [[[u32; 8]; 16]; 16] = {
    let mut t = [[[0u32; 8]; 16]; 16];
    let mut rest = 0;
    while rest < 9 {
        let mut b = 0;
        while b <= MAX_TILES {
            let mut c = 1;
            while c <= 4 {
                let v = c - 1;
                let add = if v <= b { COMPLETIONS[rest][b - v] } else { 0 };
                t[rest][b][c] = t[rest][b][c - 1] + add;
                c += 1;
            }
            b += 1;
        }
        rest += 1;
    }
    t
};

/// Rank of `held` (1-9 kinds, each 0-4, at most 14 tiles in all: the caller checks).
#[inline]
pub fn rank(held: &[u8]) -> usize {
    let last = held.len() - 1;
    let mut budget = MAX_TILES;
    let mut r = 0u32;
    for (i, &c) in held.iter().enumerate() {
        r += BEFORE[(last - i) & 15][budget & 15][c as usize & 7];
        budget = budget.wrapping_sub(c as usize);
    }
    r as usize
}

/// Number of groups of `kinds` kinds.
#[allow(dead_code)]
pub const fn group_count(kinds: usize) -> usize {
    COMPLETIONS[kinds][MAX_TILES] as usize
}
