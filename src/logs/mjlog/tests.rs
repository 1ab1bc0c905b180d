use super::read::{tags, Tag};
use super::*;
use crate::game::agents::AgentKind;
use crate::game::sim;
use crate::game::Event;
use crate::logs::record::tenhou_type::{HANCHAN, NO_AKA, SANMA, VS_HUMAN};
use crate::logs::record::{tenhou_lobby_rules, GameRecord};
use crate::rules::Rules;
use std::path::PathBuf;

/// The shared Tenhou logs, sorted, with their texts (see `shared_data`): the
/// four-player ones, then the three-player ones.
fn samples() -> Option<Vec<(PathBuf, String)>> {
    let mut v = crate::shared_data::texts("tenhou/mjlog", "mjlog")?;
    v.extend(crate::shared_data::texts("tenhou/sanma", "mjlog")?);
    Some(v)
}

#[test]
fn every_shared_mjlog_reads_back_the_same() {
    let Some(files) = samples() else { return };
    for (f, text) in &files {
        let record = read_mjlog(text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let written = write_mjlog(&record).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let back = read_mjlog(&written).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(back == record, "{}: the record differs", f.display());
    }
    assert_eq!(files.len(), 179);
}

/// A tag's name without the tile id of a draw or discard.
fn bare(name: &str) -> &str {
    let numbered = name.len() > 1 && name[1..].bytes().all(|b| b.is_ascii_digit());
    if numbered && b"TUVWDEFG".contains(&name.as_bytes()[0]) {
        &name[..1]
    } else {
        name
    }
}

/// The tags Tenhou's game had, as the writer writes them (no `BYE`, one `UN`).
fn game_tags(text: &str) -> Vec<Tag<'_>> {
    let mut seen_un = false;
    tags(text)
        .unwrap()
        .0
        .into_iter()
        .filter(|t| match t.name {
            "BYE" => false,
            "UN" => !std::mem::replace(&mut seen_un, true),
            _ => true,
        })
        .collect()
}

#[test]
fn written_tags_and_results_are_tenhous() {
    let Some(files) = samples() else { return };
    let numbers = |v: &str| -> Vec<f64> { v.split(',').map(|x| x.parse().unwrap()).collect() };
    for (f, text) in &files {
        let f = f.display();
        let written = write_mjlog(&read_mjlog(text).unwrap()).unwrap();
        let (a, b) = (game_tags(text), game_tags(&written));
        let names = |v: &[Tag]| {
            v.iter()
                .map(|t| bare(t.name).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&a), names(&b), "{f}: tag names");
        for (x, y) in a.iter().zip(&b) {
            match x.name {
                "AGARI" | "RYUUKYOKU" => {
                    for key in [
                        "ba", "ten", "yaku", "yakuman", "sc", "who", "fromWho", "paoWho", "type",
                    ] {
                        assert_eq!(x.get(key), y.get(key), "{f} byte {}: {key}", x.at);
                    }
                    let o = (x.get("owari").map(numbers), y.get("owari").map(numbers));
                    assert_eq!(o.0, o.1, "{f} byte {}: owari", x.at);
                    if x.get("owari").is_some_and(|o| o.contains('.')) {
                        assert_eq!(x.get("owari"), y.get("owari"), "{f}: owari");
                    }
                    // The same hands shown, the same count of melds and indicators.
                    let keys = |t: &Tag| -> Vec<String> {
                        t.attrs
                            .iter()
                            .map(|(k, _)| (*k).to_string())
                            .filter(|k| k.starts_with("hai"))
                            .collect()
                    };
                    assert_eq!(keys(x), keys(y), "{f} byte {}: hands", x.at);
                    for key in ["hai", "hai0", "hai1", "hai2", "hai3", "m", "doraHai"] {
                        let n = |t: &Tag| t.get(key).map(|v| v.split(',').count());
                        assert_eq!(n(x), n(y), "{f} byte {}: {key}", x.at);
                    }
                }
                "INIT" => {
                    let seed = |t: &Tag| t.ints("seed").unwrap()[..5].to_vec();
                    assert_eq!(seed(x), seed(y), "{f}: INIT seed");
                    assert_eq!(x.get("ten"), y.get("ten"));
                    assert_eq!(x.get("oya"), y.get("oya"));
                }
                "N" | "REACH" => {
                    assert_eq!(x.get("who"), y.get("who"), "{f}: {}", x.name);
                    assert_eq!(x.get("step"), y.get("step"), "{f}: {}", x.name);
                }
                "UN" => {
                    // Old logs give whole rates ("2144"), Tenhou now two decimals.
                    let rates = |t: &Tag| t.get("rate").map(numbers);
                    assert_eq!(rates(x), rates(y), "{f}: rate");
                    let rest = |t: &Tag| -> Vec<String> {
                        t.attrs
                            .iter()
                            .filter(|(k, _)| *k != "rate")
                            .map(|(k, v)| format!("{k}={v}"))
                            .collect()
                    };
                    assert_eq!(rest(x), rest(y), "{f}: UN");
                }
                "GO" | "TAIKYOKU" | "SHUFFLE" => {
                    assert_eq!(x.attrs, y.attrs, "{f}: {}", x.name);
                }
                _ => {}
            }
        }
    }
}

/// The event as an mjlog says it: a kan's tiles in order (the engine's
/// come in hand order), unknown dice as 1 and 1.
fn as_mjlog_says(e: &Event) -> Event {
    let mut e = e.clone();
    match &mut e {
        Event::StartKyoku { dice, .. } => {
            dice.get_or_insert([1, 1]);
        }
        Event::Daiminkan { consumed, .. } | Event::Kakan { consumed, .. } => {
            consumed.sort_unstable();
        }
        Event::Ankan { consumed, .. } => consumed.sort_unstable(),
        _ => {}
    }
    e
}

#[test]
fn engine_games_read_back_the_same() {
    let lobbies = [
        Rules::default(),
        tenhou_lobby_rules(VS_HUMAN | HANCHAN | NO_AKA).unwrap(),
        tenhou_lobby_rules(VS_HUMAN).unwrap(),
        tenhou_lobby_rules(VS_HUMAN | HANCHAN | SANMA).unwrap(),
        tenhou_lobby_rules(VS_HUMAN | HANCHAN | SANMA | NO_AKA).unwrap(),
    ];
    for seed in 0..200u64 {
        let rules = &lobbies[seed as usize % lobbies.len()];
        let (game, _) = sim::play(rules, seed, [AgentKind::Random; 4]).unwrap();
        let record = GameRecord::from_game(&game);
        let text = write_mjlog(&record).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let back = read_mjlog(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.rules, record.rules, "seed {seed}");
        assert_eq!(back.first_dealer, record.first_dealer);
        assert_eq!(back.final_scores, record.final_scores);
        // Without final scores the writer computes them as the engine does.
        let mut bare = record.clone();
        bare.final_scores = None;
        let again = read_mjlog(&write_mjlog(&bare).unwrap()).unwrap();
        assert_eq!(again.final_scores, record.final_scores, "seed {seed}");
        assert_eq!(back.events.len(), record.events.len(), "seed {seed}");
        for (k, (x, y)) in record.events.iter().zip(&back.events).enumerate() {
            assert_eq!(as_mjlog_says(x), as_mjlog_says(y), "seed {seed} event {k}");
        }
        if rules.players == 3 {
            let r = crate::logs::replay::replay(&back, true);
            assert!(r.ok(), "seed {seed}: {:?}", r.mismatches.first());
        }
    }
}

#[test]
fn every_shared_meld_encodes_back() {
    let Some(files) = samples() else { return };
    let (mut melds, mut same_code) = (0, 0);
    for (f, text) in &files {
        for t in tags(text).unwrap().0.iter().filter(|t| t.name == "N") {
            let m = t.int("m", 0xFFFF).unwrap() as u32;
            let (call, from) = decode_meld(m).unwrap();
            let code = encode_meld(&call, from)
                .unwrap_or_else(|| panic!("{} m={m}: {call:?} not encoded", f.display()));
            assert_eq!(
                decode_meld(code),
                Some((call, from)),
                "{} m={m}",
                f.display()
            );
            melds += 1;
            if code == m {
                same_code += 1;
            } else {
                // Only a closed kan's code says more than its meld: which id.
                assert_eq!(m & 0xFF, 0, "{} m={m} written {code}", f.display());
                assert_eq!(m >> 10, code >> 10, "{} m={m} written {code}", f.display());
            }
        }
    }
    eprintln!("{melds} melds, {same_code} with Tenhou's own code");
    assert!(melds > 3000);
}

fn tiny_record(rules: Rules) -> GameRecord {
    let t = |s: &str| crate::notation::mpsz::parse_tiles(s).unwrap();
    let mut r = GameRecord::new(rules);
    r.events = vec![
        Event::StartGame,
        Event::StartKyoku {
            round_wind: 0,
            kyoku: 1,
            honba: 0,
            riichi_sticks: 0,
            dealer: 0,
            dora_marker: t("1z")[0],
            scores: [25000; 4],
            hands: Box::new([
                t("1112345678999m"),
                t("1112345678999p"),
                t("1112345678999s"),
                t("1122334455667z"),
            ]),
            dice: Some([3, 4]),
        },
    ];
    r
}

#[test]
fn records_mjlog_cannot_hold_are_errors() {
    let t = |s: &str| crate::notation::mpsz::parse_tiles(s).unwrap()[0];
    let err = |r: &GameRecord| write_mjlog(r).unwrap_err().to_string();

    let ok = tiny_record(Rules::default());
    let text = write_mjlog(&ok).unwrap();
    assert!(text.contains(r#"<INIT seed="0,0,0,2,3,110""#), "{text}");

    let e = err(&tiny_record(Rules::preset("mleague").unwrap()));
    assert!(
        e.contains("mjlog cannot carry these rules: ") && e.contains("would be read back as"),
        "{e}"
    );

    let mut r = tiny_record(Rules::default());
    r.events.push(Event::Tsumo {
        seat: 0,
        tile: t("1m"),
    });
    r.events.push(Event::Dahai {
        seat: 0,
        tile: t("1m"),
        tsumogiri: true,
    });
    r.events.push(Event::Tsumo {
        seat: 1,
        tile: t("1m"),
    });
    assert!(err(&r).contains("more than 4 copies of 1m"), "{}", err(&r));

    let mut r = tiny_record(Rules::default());
    r.events.push(Event::Tsumo {
        seat: 0,
        tile: t("5p"),
    });
    r.events.push(Event::Dahai {
        seat: 0,
        tile: t("7z"),
        tsumogiri: false,
    });
    assert!(err(&r).contains("does not hold"), "{}", err(&r));

    let mut r = tiny_record(Rules::default());
    r.events.push(Event::Tsumo {
        seat: 0,
        tile: t("5p"),
    });
    r.events.push(Event::Dahai {
        seat: 0,
        tile: t("1m"),
        tsumogiri: true,
    });
    assert!(err(&r).contains("just drawn"), "{}", err(&r));

    let mut r = tiny_record(tenhou_lobby_rules(VS_HUMAN | HANCHAN | NO_AKA).unwrap());
    r.events.push(Event::Tsumo {
        seat: 0,
        tile: t("0p"),
    });
    assert!(err(&r).contains("without red fives"), "{}", err(&r));

    let mut r = tiny_record(Rules::default());
    r.events.push(Event::Tsumo {
        seat: 0,
        tile: t("0p"),
    });
    r.events.push(Event::Tsumo {
        seat: 1,
        tile: t("0p"),
    });
    assert!(err(&r).contains("more than 1 copies of 0p"), "{}", err(&r));

    let mut r = tiny_record(Rules::default());
    r.events.insert(
        1,
        Event::Tsumo {
            seat: 0,
            tile: t("5p"),
        },
    );
    assert!(err(&r).contains("outside a hand"), "{}", err(&r));
}

#[test]
fn names_and_players_round_trip() {
    let mut r = tiny_record(Rules::default());
    r.players[0].name = "鬼 \"<&>".into();
    r.players[1].dan = Some(16);
    r.players[2].rate = Some(2012.5);
    r.players[3].sex = Some("F".into());
    r.lobby = Some(0);
    r.shuffle_seed = Some("mt19937ar-sha512-n288-base64,abc+/=".into());
    let text = write_mjlog(&r).unwrap();
    assert!(text.contains(r#"n0="%E9%AC%BC%20%22%3C%26%3E""#), "{text}");
    assert!(text.contains(r#"dan=",16,,""#), "{text}");
    assert!(text.contains(r#"rate=",,2012.50,""#), "{text}");
    let back = read_mjlog(&text).unwrap();
    assert_eq!(back.players, r.players);
    assert_eq!(back.shuffle_seed, r.shuffle_seed);
    assert_eq!(back.lobby, Some(0));
    assert_eq!(back.tenhou_type, Some(VS_HUMAN | HANCHAN));
}

/// Tenhou's rules by the date of the log: a game played before June 2010 had no
/// tenpai-yame. The 2022 game below ended when the all-last dealer (35,000, in
/// first place) was tenpai at an exhaustive draw; under its own date it replays
/// exactly, and read as a game of 2009 the engine plays on where the log ends.
/// The 2009 three-player game reads with the rules of 2009 and replays exactly.
#[test]
fn old_logs_take_the_rules_of_their_date() {
    use crate::logs::{replay::replay, Source};
    let Some(old_logs) = crate::shared_data::files("tenhou/sanma", "mjlog") else {
        return;
    };
    assert!(old_logs
        .iter()
        .any(|p| p.ends_with("2009060321gm-00b9-0000-75b25bcf.mjlog")));
    let dir = crate::shared_data::path("tenhou");
    let at = |name: &str| Source::File(dir.join(name).display().to_string());
    let ended = at("mjlog/2022060102gm-00a9-0000-721b23eb.mjlog")
        .read(None)
        .unwrap();
    assert!(ended.rules.tenpai_yame);
    assert!(replay(&ended, true).mismatches.is_empty());
    let mut in_2009 = ended.clone();
    in_2009.log_id = Some("2009060102gm-00a9-0000-721b23eb".into());
    in_2009.apply_tenhou_era();
    assert!(!in_2009.rules.tenpai_yame);
    let report = replay(&in_2009, true);
    let first = report
        .mismatches
        .first()
        .expect("the dealer plays on in 2009");
    assert_eq!(
        (first.kind, first.expected.as_str(), first.ours.as_str()),
        ("game_end", "the game over", "another hand"),
        "{first}"
    );
    let old = at("sanma/2009060321gm-00b9-0000-75b25bcf.mjlog")
        .read(None)
        .unwrap();
    assert!(!old.rules.tenpai_yame && old.rules.players == 3);
    assert!(replay(&old, true).mismatches.is_empty());
    // mjlog holds no log id: the game of 2009 is not written as one, since it
    // would be read back under today's rules.
    let refused = write_mjlog(&old).unwrap_err().to_string();
    assert!(
        refused.contains("mjlog cannot carry the rules of 2009060321gm"),
        "{refused}"
    );
    // A record written from the 2009 game reads back with the same rules.
    let back =
        crate::logs::read(&crate::logs::tenhou6::write_tenhou6(&old).unwrap(), None).unwrap();
    assert_eq!(back.rules, old.rules);
}

/// The date a Tenhou log id begins with, and the rules of that date on either
/// side of the day tenpai-yame began; ids without a date keep today's rules.
#[test]
fn the_era_turns_on_the_first_hour_of_june_2010() {
    use crate::logs::record::{
        log_hour, tenhou_era_rules, tenhou_log_hour, TENHOU_TENPAI_YAME_SINCE,
    };
    assert_eq!(
        tenhou_log_hour("2010053123gm-00a9-0000-00000000"),
        Some(log_hour(2010, 5, 31, 23))
    );
    assert_eq!(tenhou_log_hour("game"), None);
    for (id, yame) in [
        ("2010053123gm-00a9-0000-00000000", false),
        ("2010060100gm-00a9-0000-00000000", true),
        ("not a log id", true),
    ] {
        let mut r = Rules::default();
        tenhou_era_rules(&mut r, Some(id));
        assert_eq!(r.tenpai_yame, yame, "{id}");
    }
    assert_eq!(TENHOU_TENPAI_YAME_SINCE, log_hour(2010, 6, 1, 0));
}
