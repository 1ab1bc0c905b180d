//! Criterion benchmark of the native scorer on the shared agari corpus
//! (`../shared/bench/agari.jsonl`, or `RIICHI_SHARED`): 20,000 wins with melds,
//! chiitoitsu and kokushi, scored under the Tenhou rules without red fives (the
//! corpus has none). Before timing, every hand must score and agree with the
//! corpus's reference han and fu on at least 99% of hands (the reference comes
//! from the `mahjong` package; the known rule differences are listed in
//! `tests/test_score_reference.py`). The `three_player` rows score the wins
//! three players can make under Tenhou's three-player rules, beside the same
//! hands under the four-player rules. Run: `cargo bench --bench score`.

use _core::algo::decompose::{for_each_decomposition, for_each_reading};
use _core::meld::{Meld, MeldKind, Relative};
use _core::rules::Rules;
use _core::score::{score, WinContext};
use _core::tile::Tile;
use _core::Hand;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use serde_json::Value;
use std::hint::black_box;
use std::path::PathBuf;

fn corpus() -> Option<String> {
    let candidates = match std::env::var_os("RIICHI_SHARED") {
        Some(d) => vec![PathBuf::from(&d).join("bench"), PathBuf::from(d)],
        None => vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench")],
    };
    let dir = candidates
        .into_iter()
        .find(|d| d.join("agari.jsonl").is_file())?;
    std::fs::read_to_string(dir.join("agari.jsonl")).ok()
}

fn tile(id: &Value) -> Tile {
    Tile::from_kind((id.as_u64().expect("136 id") / 4) as u8).expect("kind")
}

fn tiles(v: &Value) -> Vec<Tile> {
    v.as_array().expect("tiles").iter().map(tile).collect()
}

struct Case {
    hand: Hand,
    win: Tile,
    ctx: WinContext,
    han: u64,
    fu: u64,
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("json line");
            let melds = v["melds"]
                .as_array()
                .expect("melds")
                .iter()
                .map(|m| {
                    let kind = match m["type"].as_str().expect("type") {
                        "chi" => MeldKind::Chi,
                        "pon" => MeldKind::Pon,
                        "minkan" => MeldKind::Daiminkan,
                        _ => MeldKind::Ankan,
                    };
                    let (called, from) = if kind == MeldKind::Ankan {
                        (None, None)
                    } else {
                        let from = match m["from"].as_u64() {
                            Some(1) => Relative::Right,
                            Some(2) => Relative::Across,
                            _ => Relative::Left,
                        };
                        (Some(tile(&m["called"])), Some(from))
                    };
                    Meld::new(kind, &tiles(&m["t136"]), called, from, None).expect("meld")
                })
                .collect();
            let hand = Hand::new(&tiles(&v["concealed136"]), melds).expect("hand");
            let ctx = WinContext {
                tsumo: v["tsumo"].as_bool().unwrap_or(false),
                riichi: v["riichi"].as_bool().unwrap_or(false),
                seat_wind: v["seat_wind"].as_u64().unwrap_or(0) as u8,
                round_wind: v["round_wind"].as_u64().unwrap_or(0) as u8,
                dora_indicators: tiles(&v["dora_ind136"]),
                honba: v["honba"].as_u64().unwrap_or(0) as u32,
                ..WinContext::default()
            };
            Case {
                hand,
                win: tile(&v["win136"]),
                ctx,
                han: v["ref"]["han"].as_u64().unwrap_or(0),
                fu: v["ref"]["fu"].as_u64().unwrap_or(0),
            }
        })
        .collect()
}

fn bench_score(c: &mut Criterion) {
    let Some(text) = corpus() else {
        eprintln!("shared corpus not found (../shared/bench or RIICHI_SHARED): skipping");
        return;
    };
    let wins = load(&text);
    let rules = Rules {
        red_fives: [0, 0, 0],
        ..Rules::default()
    };
    let mut agree = 0;
    for w in &wins {
        let r = score(&w.hand, w.win, &w.ctx, &rules)
            .unwrap_or_else(|e| panic!("{} won on {}: {e}", w.hand, w.win));
        if (u64::from(r.han), u64::from(r.fu)) == (w.han, w.fu) || r.yakuman_multiplier > 0 {
            agree += 1;
        }
    }
    assert!(
        agree * 100 >= wins.len() * 99,
        "only {agree} of {} agree with the reference",
        wins.len()
    );
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(wins.len() as u64));
    g.bench_function("agari_corpus", |b| {
        b.iter(|| {
            wins.iter()
                .map(|w| {
                    score(black_box(&w.hand), w.win, &w.ctx, &rules).map_or(0, |r| r.payments.total)
                })
                .sum::<u64>()
        });
    });
    // Parsing the hands from text (what `riichi.score("...")` adds).
    let texts: Vec<String> = wins.iter().map(|w| w.hand.to_string()).collect();
    g.bench_function("parse_hand", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| {
                    _core::notation::mpsz::parse_hand(black_box(t)).map_or(0, |h| h.melds().len())
                })
                .sum::<usize>()
        });
    });
    // The part of it that finds every reading.
    g.bench_function("readings_only", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for w in &wins {
                for_each_decomposition(black_box(w.hand.counts()), &w.hand, |d| {
                    for_each_reading(d, w.win.kind(), |_, _| n += 1);
                });
            }
            n
        });
    });
    // Three players: the wins of the corpus that three players can make (no
    // 2m-8m in the hand, the melds, the winning tile or the indicators, no 1m
    // indicator, which points to 9m under their tile set, and no North seat or
    // round), scored under Tenhou's three-player rules beside the same hands
    // under the four-player rules. Han and fu must be the same (only the
    // payments differ: two payers).
    let sanma = Rules::preset("tenhou_sanma").expect("preset");
    let four = Rules::default();
    let absent = |t: &Tile| (1..8).contains(&t.kind());
    let three: Vec<&Case> = wins
        .iter()
        .filter(|w| {
            !w.hand.concealed_tiles().iter().any(absent)
                && !w.hand.melds().iter().flat_map(Meld::tiles).any(absent)
                && !absent(&w.win)
                && !w
                    .ctx
                    .dora_indicators
                    .iter()
                    .any(|t| absent(t) || t.kind() == 0)
                && w.ctx.seat_wind < 3
                && w.ctx.round_wind < 3
        })
        .collect();
    assert!(three.len() > 1_000, "{} three-player wins", three.len());
    for w in &three {
        let a = score(&w.hand, w.win, &w.ctx, &sanma)
            .unwrap_or_else(|e| panic!("{} won on {}: {e}", w.hand, w.win));
        let b = score(&w.hand, w.win, &w.ctx, &four).expect("scores under four players");
        assert_eq!((a.han, a.fu), (b.han, b.fu), "{} won on {}", w.hand, w.win);
    }
    eprintln!(
        "score/three_player: {} wins checked against the four-player han and fu",
        three.len()
    );
    g.throughput(Throughput::Elements(three.len() as u64));
    for (name, rules) in [
        ("three_player", &sanma),
        ("three_player_hands_four_player_rules", &four),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                three
                    .iter()
                    .map(|w| {
                        score(black_box(&w.hand), w.win, &w.ctx, rules)
                            .map_or(0, |r| r.payments.total)
                    })
                    .sum::<u64>()
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench_score);
criterion_main!(benches);
