use _core::algo::waits;
use _core::Hand;
use std::hint::black_box;
fn main() {
    let want: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let text = std::fs::read_to_string("target/bench/play.jsonl").unwrap();
    let mut hs = Vec::new();
    for line in text.lines() {
        if !line.contains(&format!("\"melds\":{want},\"size\":13")) {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let h: Hand = v["hand"].as_str().unwrap().parse().unwrap();
        let (c, mc) = (*h.counts(), h.meld_counts());
        if waits::shanten_and_lowering(&c, Some(&mc), want).0 != 0 {
            continue;
        }
        hs.push((c, mc));
        if hs.len() == 4000 {
            break;
        }
    }
    let mut best = f64::MAX;
    for _ in 0..20000 {
        let t = std::time::Instant::now();
        let s: u64 = hs
            .iter()
            .map(|(c, mc)| waits::shanten_and_lowering(black_box(c), Some(mc), want).1)
            .fold(0, |a, b| a ^ b);
        black_box(s);
        best = best.min(t.elapsed().as_nanos() as f64 / hs.len() as f64);
    }
    println!(
        "{want} melds: {} tenpai hands, waits mask {best:.1} ns",
        hs.len()
    );
}
