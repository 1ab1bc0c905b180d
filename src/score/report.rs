//! The score report: a scored win as readable text (`Display` for
//! [`ScoreResult`]), the one the Python `str()` and the command line print.
//!
//! ```text
//! reading  234m 456p 789s 555z 11z  (shanpon wait)
//! yaku     Riichi        1 han
//!          Haku          1 han
//! fu        20  base      base fu
//!           40  total
//! han/fu   5 han 40 fu
//! limit    mangan
//! ...
//! han/fu   2 yakuman (multiple yakuman; fu do not count)
//! limit    multiple yakuman
//! points   8000
//! payments E pays 4100 (dealer)
//!          honba 300 included, riichi sticks 1000
//!          S gains 9300
//! ```

use super::context::WINDS;
use super::points::Limit;
use super::ScoreResult;
use crate::algo::decompose::{BlockShape, DecompositionRef, Form};
use crate::meld::MeldKind;
use crate::notation::mpsz;
use crate::tile::Tile;
use num_bigint::BigUint;
use std::fmt;

/// What each payer pays, honba included, exact (aotenjou too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactPayments {
    pub ron: Option<BigUint>,
    pub tsumo_dealer: Option<BigUint>,
    pub tsumo_non_dealer: Option<BigUint>,
    /// The winner's gain: hand, honba and sticks.
    pub total: BigUint,
}

impl ScoreResult {
    /// The payments with exact amounts (the machine-size ones saturate in aotenjou).
    pub fn exact_payments(&self) -> ExactPayments {
        let p = &self.payments;
        let Some(big) = &self.aotenjou else {
            return ExactPayments {
                ron: p.ron.map(BigUint::from),
                tsumo_dealer: p.tsumo_dealer.map(BigUint::from),
                tsumo_non_dealer: p.tsumo_non_dealer.map(BigUint::from),
                total: BigUint::from(p.total),
            };
        };
        let plus = |x: &Option<BigUint>, honba: u64| x.as_ref().map(|x| x + honba);
        let ron = plus(&big.ron, p.honba);
        let tsumo_dealer = plus(&big.tsumo_dealer, p.honba / 3);
        let tsumo_non_dealer = plus(&big.tsumo_non_dealer, p.honba / 3);
        let hand = ron.clone().unwrap_or_else(|| {
            let each = tsumo_non_dealer.clone().unwrap_or_default();
            match &tsumo_dealer {
                Some(d) => d + each * 2u32,
                None => each * 3u32,
            }
        });
        ExactPayments {
            ron,
            tsumo_dealer,
            tsumo_non_dealer,
            total: hand + p.sticks,
        }
    }

    /// The hand's value before honba and sticks, exact.
    pub fn exact_points(&self) -> BigUint {
        self.aotenjou
            .as_ref()
            .map_or_else(|| BigUint::from(self.points()), |b| b.points.clone())
    }
}

/// The sets and pair(s) of a reading, melds in brackets (`[...]` open, `(...)`
/// closed kan).
pub fn reading_text(d: DecompositionRef<'_>) -> String {
    if d.form == Form::Kokushi {
        return "kokushi".into();
    }
    let tile = |k: u8| Tile::from_kind(k).expect("kind");
    let mut parts: Vec<String> = d
        .blocks
        .iter()
        .map(|b| {
            let tiles: Vec<Tile> = match b.shape {
                BlockShape::Shuntsu => (b.first..b.first + 3).map(tile).collect(),
                BlockShape::Koutsu => vec![tile(b.first); 3],
                BlockShape::Kantsu => vec![tile(b.first); 4],
            };
            let s = mpsz::format_tiles(&tiles);
            if b.is_open() {
                format!("[{s}]")
            } else if b.meld == Some(MeldKind::Ankan) {
                format!("({s})")
            } else {
                s
            }
        })
        .collect();
    parts.extend(
        d.pairs
            .iter()
            .map(|&p| mpsz::format_tiles(&[tile(p), tile(p)])),
    );
    parts.join(" ")
}

/// Lines under a label: the label on the first, the others indented alike.
fn labelled(out: &mut Vec<String>, label: &str, lines: impl IntoIterator<Item = String>) {
    for (i, line) in lines.into_iter().enumerate() {
        out.push(format!("{:<8} {line}", if i == 0 { label } else { "" }));
    }
}

impl fmt::Display for ScoreResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.decomposition.as_view();
        let mut out = vec![if self.is_nagashi_mangan() {
            "reading  none (nagashi mangan: every discard a terminal or honor, none called)".into()
        } else {
            format!("reading  {}  ({} wait)", reading_text(d), self.wait.name())
        }];

        // Everything the han count holds: yakuman, regular yaku (beside yakuman
        // only in aotenjou), and dora when they count (not beside a yakuman unless
        // aotenjou).
        let mut yaku: Vec<(&str, String)> = (self.yakuman.as_slice().iter())
            .map(|&(y, m)| {
                let v = if m > 1 {
                    format!("yakuman x{m}")
                } else {
                    "yakuman".into()
                };
                (y.name(), v)
            })
            .collect();
        yaku.extend(
            (self.yaku.as_slice().iter()).map(|&(y, han)| (y.name(), format!("{han} han"))),
        );
        if self.yakuman.is_empty() || self.aotenjou.is_some() {
            for (name, n) in [
                ("Dora", self.dora),
                ("Aka Dora", self.aka),
                ("Ura Dora", self.ura),
                ("Kita", self.kita),
            ] {
                if n > 0 {
                    yaku.push((name, format!("{n} han")));
                }
            }
        }
        let width = yaku.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        labelled(
            &mut out,
            "yaku",
            yaku.iter().map(|(n, v)| format!("{n:<width$}  {v}")),
        );

        let items = self.fu_items.as_slice();
        let width = items
            .iter()
            .map(|i| i.reason.name().len())
            .max()
            .unwrap_or(0);
        let mut fu: Vec<String> = (items.iter())
            .map(|i| format!("{:>3}  {:<width$}  {}", i.fu, i.reason.name(), i.detail(d)))
            .collect();
        fu.push(format!("{:>3}  total", self.fu));
        labelled(&mut out, "fu", fu);

        let limit = match self.limit {
            Limit::None => "-".to_string(),
            l => l.name().replace('_', " "),
        };
        // A yakuman's value is its count of yakuman (its fu, as Tenhou records
        // them, do not count); aotenjou counts them as 13 han each.
        if self.yakuman_multiplier > 0 && self.aotenjou.is_none() {
            out.push(format!(
                "han/fu   {} yakuman ({limit}; fu do not count)",
                self.yakuman_multiplier
            ));
        } else {
            out.push(format!("han/fu   {} han {} fu", self.han, self.fu));
        }
        out.push(format!("limit    {limit}"));
        out.push(format!("points   {}", self.exact_points()));

        let p = self.exact_payments();
        let winner = self.seat_wind as usize & 3;
        let mut paid: Vec<String> = match &p.ron {
            Some(ron) => vec![format!("the discarder pays {ron}")],
            None => (0..usize::from(self.players))
                .filter(|&seat| seat != winner)
                .map(|seat| {
                    let each = p.tsumo_non_dealer.clone().unwrap_or_default();
                    if seat == 0 {
                        let d = p.tsumo_dealer.clone().unwrap_or(each);
                        format!("{} pays {d} (dealer)", WINDS[seat])
                    } else {
                        format!("{} pays {each}", WINDS[seat])
                    }
                })
                .collect(),
        };
        let mut extras = Vec::new();
        if self.payments.honba > 0 {
            extras.push(format!("honba {} included", self.payments.honba));
        }
        if self.payments.sticks > 0 {
            extras.push(format!("riichi sticks {}", self.payments.sticks));
        }
        if !extras.is_empty() {
            paid.push(extras.join(", "));
        }
        paid.push(format!("{} gains {}", WINDS[winner], p.total));
        labelled(&mut out, "payments", paid);
        f.write_str(&out.join("\n"))
    }
}
