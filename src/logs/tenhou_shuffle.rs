//! Tenhou's walls, rebuilt from the `SHUFFLE` seed of an mjlog.
//!
//! An mjlog opens with `<SHUFFLE seed="mt19937ar-sha512-n288-base64,DATA" .../>`.
//! Tenhou published how it turns that seed into the wall of every hand of the game:
//!
//! 1. `DATA` is standard base64. Its bytes, read four at a time as little-endian
//!    32-bit words (624 words in practice), seed one Mersenne Twister
//!    (mt19937ar, `init_by_array`). The generator runs on through the whole game.
//! 2. Each hand takes the next 288 outputs of the generator ("n288"). Laid out as
//!    little-endian bytes (1152 bytes), they are cut into 9 blocks of 128 bytes;
//!    the SHA-512 digests of the blocks, one after the other, make 576 bytes, read
//!    back as 144 little-endian words `rnd[0..144]`.
//! 3. The wall `yama` starts as the 136-ids `0..136` in order; for `i` in `0..135`,
//!    `yama[i]` is swapped with `yama[i + rnd[i] % (136 - i)]`.
//! 4. The dice are `rnd[135] % 6 + 1` and `rnd[136] % 6 + 1`.
//!
//! Tenhou deals its `yama` from index 135 down (four tiles to each seat from the
//! dealer, three times, then one each; the dealer's first draw is `yama[83]`), the
//! first dora indicator is `yama[5]` and the kan dora `yama[7, 9, 11, 13]`, the ura
//! indicators `yama[4, 6, 8, 10, 12]` and the rinshan draws `yama[1, 0, 3, 2]`.
//! [`Wall::from_tenhou_yama`](crate::game::wall::Wall::from_tenhou_yama) takes a
//! `yama` in exactly this order and reverses it into our draw order.
//!
//! Older logs write the seed as `mt19937ar-sha512-n288,` followed by 32
//! comma-separated hex words, the `init_by_array` key as is. The same steps give
//! their deal and draws, but their logs show the first dora indicator at
//! `yama[4]` and the ura indicator at `yama[5]`: the dead wall's stacks read the
//! other way up. For these seeds [`TenhouShuffle::next_ids`] swaps `yama[2k]` and
//! `yama[2k + 1]` for the 7 dead-wall stacks (`k` in `0..7`), so every wall it
//! returns is in the current layout. The logs at hand confirm the dora and ura
//! positions; none has a kan, so the swapped rinshan and kan dora positions of
//! such walls follow from the stack reading but are unconfirmed.
//!
//! The log's `INIT seed` attribute records the dice as `rnd % 6` (0-5); the values
//! returned here are the faces, 1-6.
//!
//! # Three players
//!
//! A three-player game ([`TenhouShuffle::for_players`]) shuffles the 108-id array
//! `[0, 1, 2, 3, 32, 33, …, 135]` (2m-8m, ids 4-31, left out) the same way: for
//! `i` in `0..107`, `yama[i]` is swapped with `yama[i + rnd[i] % (108 - i)]`; the
//! dice are still `rnd[135]` and `rnd[136]`. Tenhou deals it from index 107 down;
//! the first dora indicator is `yama[9]` and the replacement draws (kans and kita)
//! `yama[1, 0, 3, 2, 5, …]` (see [`THREE`](crate::game::wall::THREE)).
//!
//! # The 2009 format
//!
//! Logs of 2009 have no `SHUFFLE` tag: each `INIT` carries
//! `shuffle="mt19937ar,HEX,…"`, eight hex words that seed a Mersenne Twister of
//! its own (`init_by_array`) for that hand alone. Its outputs are used as they
//! come, without the SHA-512 step: `rnd[i]` is the `i`-th output, the shuffle is
//! the one above, and the dice are the next two outputs, `rnd[n - 1]` and
//! `rnd[n]` for `n` tiles. The dead wall's stacks read the other way up, as in
//! the older hex `SHUFFLE` format (the first dora indicator of a three-player
//! wall at `yama[8]`, the first replacement draw `yama[0]`); [`init_shuffle_wall`]
//! swaps them into the current layout. A real 2009 three-player log confirms the
//! deal, the draws, the two kita replacement draws, the dora indicator and the
//! dice.

use crate::error::{MahjongError, Result};
use crate::tile::Tile;
use sha2::{Digest, Sha512};

/// The prefix of the seed format of current Tenhou mjlogs.
pub const SEED_PREFIX: &str = "mt19937ar-sha512-n288-base64,";
/// The prefix of the older seed format (2 of the 177 sample logs): the key words written
/// as comma-separated hex numbers.
pub const SEED_PREFIX_HEX: &str = "mt19937ar-sha512-n288,";

/// Generator outputs each hand consumes.
const WORDS_PER_HAND: usize = 288;
/// Bytes hashed per SHA-512 block (32 generator outputs).
const BLOCK_BYTES: usize = 128;
/// Words of hashed randomness per hand (9 digests of 16 words).
const RND_WORDS: usize = 144;

/// The walls of one Tenhou game, one hand at a time.
#[derive(Clone, Debug)]
pub struct TenhouShuffle {
    mt: Mt19937,
    red: bool,
    legacy: bool,
    /// The 136-ids of the wall before the shuffle (108 for three players).
    ids: Vec<u8>,
}

/// The 136-ids of a game's tiles in order: all 136, or with three players the 108
/// without 2m-8m (ids 4-31).
pub fn tile_ids(players: u8) -> Vec<u8> {
    (0..136u8)
        .filter(|&i| players != 3 || !(4..32).contains(&i))
        .collect()
}

/// Shuffles `ids` as Tenhou does with the words `rnd` (`rnd.len() >= ids.len()`).
fn shuffle_ids(ids: &mut [u8], rnd: &[u32]) {
    let n = ids.len();
    for i in 0..n - 1 {
        let j = i + (rnd[i] % (n - i) as u32) as usize;
        ids.swap(i, j);
    }
}

/// Swaps the two tiles of each of the 7 dead-wall stacks (`yama[0..14]`): the
/// older formats read them the other way up.
fn swap_dead_wall(yama: &mut [u8]) {
    for k in 0..7 {
        yama.swap(2 * k, 2 * k + 1);
    }
}

/// The prefix of a 2009 log's `INIT shuffle` attribute.
pub const INIT_SHUFFLE_PREFIX: &str = "mt19937ar,";

/// The wall of one hand of a 2009 log from its `INIT shuffle` attribute
/// (`mt19937ar,HEX,…`, see the module documentation), for `players` players,
/// as tiles in Tenhou's `yama` order (current layout), and the two dice (1-6).
pub fn init_shuffle_wall(attr: &str, red: bool, players: u8) -> Result<(Vec<Tile>, [u8; 2])> {
    let data = attr
        .trim()
        .strip_prefix(INIT_SHUFFLE_PREFIX)
        .ok_or_else(|| {
            MahjongError::InvalidInput(format!(
                "an INIT shuffle starts with {INIT_SHUFFLE_PREFIX:?}, got {:?}",
                attr.chars().take(40).collect::<String>()
            ))
        })?;
    let key = data
        .split(',')
        .map(|w| {
            u32::from_str_radix(w.trim(), 16).map_err(|_| {
                MahjongError::InvalidInput(format!(
                    "an INIT shuffle has {w:?}, not a 32-bit hex word"
                ))
            })
        })
        .collect::<Result<Vec<u32>>>()?;
    let mut mt = Mt19937::from_key(&key);
    let mut yama = tile_ids(players);
    let n = yama.len();
    let rnd: Vec<u32> = (0..=n).map(|_| mt.next_u32()).collect();
    shuffle_ids(&mut yama, &rnd);
    swap_dead_wall(&mut yama);
    let dice = [(rnd[n - 1] % 6) as u8 + 1, (rnd[n] % 6) as u8 + 1];
    let tiles = yama.iter().map(|&id| id136_tile(id, red)).collect();
    Ok((tiles, dice))
}

/// Starts the walls of a game from its `SHUFFLE` `seed` attribute, the whole
/// `mt19937ar-sha512-n288-base64,...` string (or the older
/// `mt19937ar-sha512-n288,HEX,...`). `red`: the lobby plays with red
/// fives (the `GO type` bit `0x02` clear), so the 136-ids 16, 52 and 88 are red.
pub fn walls_from_seed(seed_attr: &str, red: bool) -> Result<TenhouShuffle> {
    let seed = seed_attr.trim();
    let legacy = seed.starts_with(SEED_PREFIX_HEX);
    let key = if let Some(data) = seed.strip_prefix(SEED_PREFIX) {
        let bytes = decode_base64(data)?;
        if bytes.len() % 4 != 0 {
            return Err(MahjongError::InvalidInput(format!(
                "a Tenhou shuffle seed decodes to whole 32-bit words, got {} bytes",
                bytes.len()
            )));
        }
        bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    } else if let Some(data) = seed.strip_prefix(SEED_PREFIX_HEX) {
        data.split(',')
            .map(|w| {
                u32::from_str_radix(w.trim(), 16).map_err(|_| {
                    MahjongError::InvalidInput(format!(
                        "a hex Tenhou shuffle seed has {w:?}, not a 32-bit hex word"
                    ))
                })
            })
            .collect::<Result<Vec<u32>>>()?
    } else {
        return Err(MahjongError::InvalidInput(format!(
            "a Tenhou shuffle seed starts with {SEED_PREFIX:?} or {SEED_PREFIX_HEX:?}, got {:?}",
            seed.chars().take(40).collect::<String>()
        )));
    };
    if key.is_empty() {
        return Err(MahjongError::InvalidInput(
            "a Tenhou shuffle seed holds no words".to_string(),
        ));
    }
    Ok(TenhouShuffle {
        mt: Mt19937::from_key(&key),
        red,
        legacy,
        ids: tile_ids(4),
    })
}

impl TenhouShuffle {
    /// The walls of a game of `players` players (three: the 108 tiles).
    #[must_use]
    pub fn for_players(mut self, players: u8) -> TenhouShuffle {
        self.ids = tile_ids(players);
        self
    }

    /// Whether 136-ids 16, 52 and 88 become red fives.
    pub fn red(&self) -> bool {
        self.red
    }

    /// Whether the seed is in the older hex format (see the module documentation:
    /// its walls have the dead wall's pairs swapped into the current layout).
    pub fn legacy(&self) -> bool {
        self.legacy
    }

    /// The next hand's wall as Tenhou 136-ids in Tenhou's `yama` order (the
    /// current layout: dora indicator `yama[5]`, `yama[9]` with three players),
    /// and the two dice (1-6).
    pub fn next_ids(&mut self) -> (Vec<u8>, [u8; 2]) {
        let mut src = [0u8; WORDS_PER_HAND * 4];
        for chunk in src.chunks_exact_mut(4) {
            chunk.copy_from_slice(&self.mt.next_u32().to_le_bytes());
        }
        let mut digest = [0u8; RND_WORDS * 4];
        for (block, out) in src
            .chunks_exact(BLOCK_BYTES)
            .zip(digest.chunks_exact_mut(64))
        {
            out.copy_from_slice(&Sha512::digest(block));
        }
        let mut rnd = [0u32; RND_WORDS];
        for (w, c) in rnd.iter_mut().zip(digest.chunks_exact(4)) {
            *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        let mut yama = self.ids.clone();
        shuffle_ids(&mut yama, &rnd);
        if self.legacy {
            // Old logs read the dead wall's stacks the other way up.
            swap_dead_wall(&mut yama);
        }
        let dice = [(rnd[135] % 6) as u8 + 1, (rnd[136] % 6) as u8 + 1];
        (yama, dice)
    }

    /// The next hand's wall as 136 tiles (108) in Tenhou's `yama` order (dealt
    /// from the end; give it to `Wall::from_tenhou_yama` as is), and the two dice
    /// (1-6).
    pub fn next_wall(&mut self) -> (Vec<Tile>, [u8; 2]) {
        let (ids, dice) = self.next_ids();
        let tiles = ids.iter().map(|&id| id136_tile(id, self.red)).collect();
        (tiles, dice)
    }
}

/// The tile of a Tenhou 136-id below 136; copy 0 of a five is red only if `red`.
fn id136_tile(id: u8, red: bool) -> Tile {
    if red {
        Tile::from_id136(u32::from(id)).expect("136-id below 136")
    } else {
        Tile::from_kind(id / 4).expect("kind below 34")
    }
}

/// Standard base64 (`A-Z a-z 0-9 + /`), `=` padding optional, whitespace skipped.
fn decode_base64(text: &str) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut acc = 0u32;
    let mut bits = 0u32;
    let mut padding = false;
    for (pos, c) in text.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => {
                padding = true;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => {
                return Err(MahjongError::InvalidInput(format!(
                    "base64 seed has {:?} at byte {pos}",
                    char::from(c)
                )))
            }
        };
        if padding {
            return Err(MahjongError::InvalidInput(format!(
                "base64 seed has data after '=' padding at byte {pos}"
            )));
        }
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

/// mt19937ar, the 2002 Mersenne Twister of Matsumoto and Nishimura (32-bit).
#[derive(Clone, Debug)]
struct Mt19937 {
    state: Box<[u32; MT_N]>,
    index: usize,
}

const MT_N: usize = 624;
const MT_M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

impl Mt19937 {
    /// `init_genrand(seed)`.
    fn from_seed(seed: u32) -> Mt19937 {
        let mut state = Box::new([0u32; MT_N]);
        state[0] = seed;
        for i in 1..MT_N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { state, index: MT_N }
    }

    /// `init_by_array(key)`; `key` must not be empty.
    fn from_key(key: &[u32]) -> Mt19937 {
        assert!(!key.is_empty(), "mt19937ar key must not be empty");
        let mut mt = Mt19937::from_seed(19_650_218);
        let s = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..MT_N.max(key.len()) {
            let prev = s[i - 1];
            s[i] = (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= MT_N {
                s[0] = s[MT_N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..MT_N - 1 {
            let prev = s[i - 1];
            s[i] =
                (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= MT_N {
                s[0] = s[MT_N - 1];
                i = 1;
            }
        }
        s[0] = 0x8000_0000;
        mt
    }

    /// Regenerates the whole state (the reference's block of `genrand_int32`).
    fn twist(&mut self) {
        let s = &mut self.state;
        for k in 0..MT_N {
            let y = (s[k] & UPPER_MASK) | (s[(k + 1) % MT_N] & LOWER_MASK);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            s[k] = s[(k + MT_M) % MT_N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// `genrand_int32()`.
    fn next_u32(&mut self) -> u32 {
        if self.index >= MT_N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::wall::Wall;

    #[test]
    fn mt19937ar_reference_outputs() {
        // mt19937ar.out: init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut mt = Mt19937::from_key(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(
            first,
            [
                1_067_595_299,
                955_945_823,
                477_289_528,
                4_107_218_783,
                4_228_976_476
            ]
        );
        // The reference's 1000th output, past the first regenerations.
        let last = (5..1000).map(|_| mt.next_u32()).last().unwrap();
        assert_eq!(last, 3_460_025_646);
    }

    #[test]
    fn base64_decodes() {
        assert_eq!(decode_base64("TWFu").unwrap(), b"Man");
        assert_eq!(decode_base64("TWE=").unwrap(), b"Ma");
        assert_eq!(decode_base64("TQ==").unwrap(), b"M");
        assert_eq!(decode_base64("+/8A").unwrap(), [0xfb, 0xff, 0x00]);
        assert!(decode_base64("TW*u").is_err());
        assert!(decode_base64("TQ==TQ").is_err());
    }

    #[test]
    fn bad_seeds_are_refused() {
        assert!(walls_from_seed("abcd", true).is_err());
        assert!(walls_from_seed("mt19937ar-sha512-n288-base64,", true).is_err());
        assert!(walls_from_seed("mt19937ar-sha512-n288-base64,TWE=", true).is_err());
        assert!(walls_from_seed("mt19937ar-sha512-n288-base64,AAECAwQFBgc=", true).is_ok());
        assert!(walls_from_seed("mt19937ar-sha512-n288,7D769E4B,XYZ", true).is_err());
        let hex = walls_from_seed("mt19937ar-sha512-n288,7D769E4B,B7BCD925", false).unwrap();
        assert!(hex.legacy() && !hex.red());
    }

    #[test]
    fn walls_are_permutations() {
        let mut walls = walls_from_seed("mt19937ar-sha512-n288-base64,AAECAwQFBgc=", true).unwrap();
        for _ in 0..5 {
            let (mut ids, dice) = walls.next_ids();
            ids.sort_unstable();
            assert!(ids.iter().zip(0u8..).all(|(&a, b)| a == b));
            assert!(dice.iter().all(|d| (1..=6).contains(d)));
        }
        let (yama, _) = walls.next_wall();
        assert_eq!(yama.iter().filter(|t| t.is_red()).count(), 3);
        assert!(Wall::from_tenhou_yama(&yama).is_ok());
    }

    // ---- proof against real mjlogs --------------------------------------------

    /// Value of `name="..."` inside one tag's text.
    fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let key = format!(" {name}=\"");
        let start = tag.find(&key)? + key.len();
        let len = tag[start..].find('"')?;
        Some(&tag[start..start + len])
    }

    fn numbers(list: &str) -> Vec<u32> {
        list.split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.trim().parse().expect("number in attribute"))
            .collect()
    }

    /// Whether a `<N m="..."/>` call is a kan (daiminkan, ankan or kakan), which
    /// draws from the dead wall.
    fn is_kan(m: u32) -> bool {
        if m & 0x4 != 0 {
            false // chi (its other low bits encode the tiles)
        } else if m & 0x18 != 0 {
            m & 0x10 != 0 // pon (0x08) or kakan (0x10)
        } else {
            m & 0x20 == 0 // nukidora (0x20), else daiminkan or ankan
        }
    }

    #[derive(Default)]
    struct Counts {
        files: usize,
        hands: usize,
        draws: usize,
        rinshan: usize,
        kan_dora: usize,
        ura: usize,
    }

    /// Checks one mjlog against the rebuilt walls; panics with the place on a mismatch.
    fn verify_file(name: &str, text: &str, counts: &mut Counts) {
        let tags: Vec<&str> = text
            .split('<')
            .skip(1)
            .map(|t| t.split('>').next().unwrap_or(""))
            .collect();
        let seed_tag = tags
            .iter()
            .find(|t| t.starts_with("SHUFFLE "))
            .unwrap_or_else(|| panic!("{name}: no SHUFFLE tag"));
        let seed = attr(seed_tag, "seed").unwrap_or_else(|| panic!("{name}: no seed"));
        let go_type: u32 = tags
            .iter()
            .find(|t| t.starts_with("GO "))
            .and_then(|t| attr(t, "type"))
            .map_or(0, |s| s.parse().expect("GO type"));
        assert_eq!(
            go_type & 0x10,
            0,
            "{name}: three-player logs are not covered"
        );
        let red = go_type & 0x02 == 0;
        let mut walls = walls_from_seed(seed, red).unwrap();

        let mut hand = 0usize;
        let mut yama = Vec::new();
        let mut next_live = 0usize; // draws taken from the live wall after the deal
        let mut kans = 0usize;
        let mut rinshan_due = false;
        let mut kan_dora = 0usize;
        for tag in &tags {
            if tag.starts_with("INIT ") {
                hand += 1;
            }
            let here = || format!("{name}, hand {hand}, tag <{tag}>");
            if tag.starts_with("INIT ") {
                let (ids, dice) = walls.next_ids();
                yama = ids;
                next_live = 0;
                kans = 0;
                rinshan_due = false;
                kan_dora = 0;
                let s = numbers(attr(tag, "seed").expect("INIT seed"));
                assert_eq!(s.len(), 6, "{}", here());
                assert_eq!(
                    [s[3], s[4]],
                    [u32::from(dice[0]) - 1, u32::from(dice[1]) - 1],
                    "dice, {}",
                    here()
                );
                assert_eq!(s[5], u32::from(yama[5]), "dora indicator, {}", here());
                let oya: usize = attr(tag, "oya").expect("oya").parse().expect("oya");
                // Tenhou deals from yama[135] down: 4, 4, 4 then 1 to each seat
                // from the dealer.
                let mut dealt: [Vec<u32>; 4] = Default::default();
                let mut pos = 135usize;
                for round in 0..4 {
                    let n = if round < 3 { 4 } else { 1 };
                    for k in 0..4 {
                        for _ in 0..n {
                            dealt[(oya + k) % 4].push(u32::from(yama[pos]));
                            pos -= 1;
                        }
                    }
                }
                for seat in 0..4 {
                    let mut logged = numbers(attr(tag, &format!("hai{seat}")).expect("hai"));
                    logged.sort_unstable();
                    dealt[seat].sort_unstable();
                    assert_eq!(logged, dealt[seat], "seat {seat} hand, {}", here());
                }
                // The engine's wall from this yama deals the same tiles.
                let tiles: Vec<Tile> = yama.iter().map(|&i| id136_tile(i, red)).collect();
                let mut wall = Wall::from_tenhou_yama(&tiles).unwrap();
                let hands = wall.deal(oya).unwrap();
                for seat in 0..4 {
                    let mut want: Vec<Tile> = dealt[seat]
                        .iter()
                        .map(|&i| id136_tile(i as u8, red))
                        .collect();
                    let mut got = hands[seat].clone();
                    want.sort_unstable();
                    got.sort_unstable();
                    assert_eq!(got, want, "engine wall, seat {seat}, {}", here());
                }
                assert_eq!(
                    wall.dora_indicators()[0],
                    id136_tile(yama[5], red),
                    "engine dora, {}",
                    here()
                );
                assert_eq!(
                    wall.draw(),
                    Some(id136_tile(yama[83], red)),
                    "engine first draw, {}",
                    here()
                );
                counts.hands += 1;
                continue;
            }
            if hand == 0 {
                continue;
            }
            let b = tag.as_bytes();
            if b.len() >= 2 && matches!(b[0], b'T' | b'U' | b'V' | b'W') && b[1].is_ascii_digit() {
                let id: u32 = tag[1..]
                    .trim_end_matches('/')
                    .trim()
                    .parse()
                    .expect("draw id");
                let want = if rinshan_due {
                    rinshan_due = false;
                    counts.rinshan += 1;
                    yama[[1, 0, 3, 2][kans - 1]]
                } else {
                    let p = 135 - 52 - next_live;
                    next_live += 1;
                    counts.draws += 1;
                    yama[p]
                };
                assert_eq!(id, u32::from(want), "draw, {}", here());
            } else if tag.starts_with("N ") {
                let m: u32 = attr(tag, "m").expect("m").parse().expect("m");
                if is_kan(m) {
                    kans += 1;
                    rinshan_due = true;
                }
            } else if tag.starts_with("DORA ") {
                kan_dora += 1;
                let id: u32 = attr(tag, "hai").expect("hai").parse().expect("hai");
                assert_eq!(
                    id,
                    u32::from(yama[5 + 2 * kan_dora]),
                    "kan dora, {}",
                    here()
                );
                counts.kan_dora += 1;
            } else if tag.starts_with("AGARI ") {
                let dora = numbers(attr(tag, "doraHai").expect("doraHai"));
                let want: Vec<u32> = (0..dora.len())
                    .map(|i| u32::from(yama[5 + 2 * i]))
                    .collect();
                assert_eq!(dora, want, "AGARI doraHai, {}", here());
                if let Some(ura) = attr(tag, "doraHaiUra") {
                    let ura = numbers(ura);
                    let want: Vec<u32> =
                        (0..ura.len()).map(|i| u32::from(yama[4 + 2 * i])).collect();
                    assert_eq!(ura, want, "AGARI doraHaiUra, {}", here());
                    counts.ura += 1;
                }
            }
        }
        counts.files += 1;
    }

    #[test]
    fn tenhou_mjlogs_reproduce() {
        let Some(paths) = crate::shared_data::files("tenhou/mjlog", "mjlog") else {
            return;
        };
        let mut counts = Counts::default();
        for path in &paths {
            let text = std::fs::read_to_string(path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy();
            verify_file(&name, &text, &mut counts);
        }
        eprintln!(
            "tenhou shuffle: {} files, {} hands (hands, dice, dora), {} live draws, {} rinshan draws, {} kan dora, {} ura lists verified",
            counts.files, counts.hands, counts.draws, counts.rinshan, counts.kan_dora, counts.ura
        );
        assert_eq!(counts.files, paths.len());
        // Every shared game has its seed: each of its hands was checked.
        assert_eq!((counts.files, counts.hands), (177, 1789));
    }
}
