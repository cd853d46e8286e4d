//! Generator of the perft suite files `tests/perft/*.perft`.
//!
//! Regenerate with
//! `cargo test -p bagh-core --test make_perft_suites -- --ignored --nocapture`
//! (it writes the files and prints them). Set `BAGH_VERIFY_SLOW=1` to also
//! recheck the slow depth-7 and depth-8 figures of the bagh-chal start with
//! the reference (a few minutes).
//!
//! Every figure comes from the reference generator (tests/common/reference.rs)
//! except the `start` block of bagh-chal.perft, whose figures are the reference
//! figures of docs/rules.md (depths 1-6 rechecked here by the reference).
//!
//! Positions are found by playing seeded games (splitmix64) with the
//! reference, taking for each category the first position that fits it;
//! categories that such games never reach are hand-crafted below and checked
//! with the reference.

mod common;

use common::reference::{
    blocked_side_loses, start_text, Cell, RefMove, RefPosition, RefRules, Side, SplitMix64,
};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// Figures at or above this are not written (except the reference figures of docs/rules.md).
const LIMIT: u64 = 3_000_000;
/// Games played per preset when looking for positions.
const GAMES: u64 = 1000;
/// Plies after which a game is abandoned (the movement phase can loop).
const MAX_PLIES: usize = 240;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    /// Uniformly random legal move.
    Random,
    /// Mostly the move that leaves the opponent the fewest moves (goats also
    /// avoid leaving captures, tigers capture when they can); sometimes random.
    Greedy,
}

impl Policy {
    fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
        }
    }
}

fn captures_available(p: &RefPosition, rules: &RefRules) -> usize {
    if p.side != Side::Tiger {
        return 0;
    }
    p.moves(rules).iter().filter(|m| m.is_capture()).count()
}

fn choose(p: &RefPosition, rules: &RefRules, policy: Policy, rng: &mut SplitMix64) -> RefMove {
    let moves = p.moves(rules);
    if policy == Policy::Random || rng.below(100) < 15 {
        return moves[rng.below(moves.len())];
    }
    if p.side == Side::Tiger {
        let caps: Vec<RefMove> = moves.iter().copied().filter(|m| m.is_capture()).collect();
        if !caps.is_empty() {
            return caps[rng.below(caps.len())];
        }
    }
    let score = |m: &RefMove| -> usize {
        let next = p.apply(*m);
        let opp = next.moves(rules);
        let caps = opp.iter().filter(|m| m.is_capture()).count();
        opp.len() + 100 * caps
    };
    let best = moves.iter().map(score).min().unwrap();
    let best_moves: Vec<RefMove> = moves.iter().copied().filter(|m| score(m) == best).collect();
    best_moves[rng.below(best_moves.len())]
}

/// A position reached in a seeded game, with how it was found.
struct Reached {
    pos: RefPosition,
    seed: u64,
    how: String,
}

fn play_games(preset: &str, seed_base: u64, mut visit: impl FnMut(&Reached) -> bool) {
    let rules = RefRules::preset(preset).unwrap();
    for game in 0..GAMES {
        let seed = seed_base + game;
        let goats = if game % 2 == 0 {
            Policy::Random
        } else {
            Policy::Greedy
        };
        let tigers = if (game / 2) % 2 == 0 {
            Policy::Random
        } else {
            Policy::Greedy
        };
        let mut rng = SplitMix64(seed);
        let mut p = RefPosition::start(preset).unwrap();
        for ply in 0..MAX_PLIES {
            if ply > 0 {
                let r = Reached {
                    pos: p.clone(),
                    seed,
                    how: format!(
                        "seeded game (splitmix64 seed {seed}, goats {}, tigers {}), after ply {ply}",
                        goats.name(),
                        tigers.name()
                    ),
                };
                if visit(&r) {
                    return;
                }
            }
            if p.moves(&rules).is_empty() {
                break;
            }
            let policy = if p.side == Side::Goat { goats } else { tigers };
            let m = choose(&p, &rules, policy, &mut rng);
            p = p.apply(m);
        }
    }
}

fn slide_length(m: &RefMove) -> usize {
    match *m {
        RefMove::Move(a, b) => a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)),
        _ => 0,
    }
}

fn trapped_tigers(p: &RefPosition, rules: &RefRules) -> usize {
    p.points_with(Cell::Tiger)
        .into_iter()
        .filter(|&t| p.tiger_moves_from(t, rules).is_empty())
        .count()
}

type Pred = Box<dyn Fn(&RefPosition, &RefRules) -> bool>;

struct Category {
    id: &'static str,
    pred: Pred,
}

fn categories(rules: &RefRules) -> Vec<Category> {
    let target = rules.capture_target;
    let live = move |p: &RefPosition, r: &RefRules| p.captured < target && !p.moves(r).is_empty();
    // At least three legal moves, so that the figures say something.
    let mobile = move |p: &RefPosition, r: &RefRules| p.captured < target && p.moves(r).len() >= 3;
    let mut v: Vec<Category> = vec![
        Category {
            id: "late-placement-3-in-hand",
            pred: Box::new(move |p, r| p.side == Side::Goat && p.in_hand == 3 && mobile(p, r)),
        },
        Category {
            id: "late-placement-2-in-hand-tigers-to-move",
            pred: Box::new(move |p, r| p.side == Side::Tiger && p.in_hand == 2 && mobile(p, r)),
        },
        Category {
            id: "last-placement-1-in-hand",
            pred: Box::new(move |p, r| {
                p.side == Side::Goat && p.in_hand == 1 && p.captured >= 1 && mobile(p, r)
            }),
        },
        Category {
            id: "placement-capture-available",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && (4..=12).contains(&p.in_hand)
                    && p.captured >= 1
                    && captures_available(p, r) >= 2
                    && mobile(p, r)
            }),
        },
        Category {
            id: "movement-goats-to-move-no-captures",
            pred: Box::new(move |p, r| {
                p.side == Side::Goat && p.in_hand == 0 && p.captured == 0 && mobile(p, r)
            }),
        },
        Category {
            id: "movement-goats-to-move-after-captures",
            pred: Box::new(move |p, r| {
                p.side == Side::Goat
                    && p.in_hand == 0
                    && p.captured >= 2
                    && p.captured + 1 < target
                    && mobile(p, r)
            }),
        },
        Category {
            id: "movement-tigers-to-move",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && p.in_hand == 0
                    && p.captured <= 1
                    && captures_available(p, r) == 0
                    && mobile(p, r)
            }),
        },
        Category {
            id: "movement-tigers-to-move-capture-available",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && p.in_hand == 0
                    && p.captured + 1 < target
                    && captures_available(p, r) >= 1
                    && mobile(p, r)
            }),
        },
        Category {
            id: "one-capture-short-capture-available",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && p.captured + 1 == target
                    && captures_available(p, r) >= 1
                    && mobile(p, r)
            }),
        },
        Category {
            id: "all-but-one-tiger-trapped",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger && live(p, r) && trapped_tigers(p, r) + 1 == r.tigers
            }),
        },
        Category {
            id: "tigers-trapped",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger && p.captured < target && p.moves(r).is_empty()
            }),
        },
        // With two tigers the goats can never be blocked (see the
        // `two_tigers_goats_can_never_be_blocked` test); not searched for.
        Category {
            id: "goats-blocked",
            pred: Box::new(move |p, r| {
                p.side == Side::Goat
                    && p.in_hand == 0
                    && p.captured < target
                    && p.moves(r).is_empty()
            }),
        },
        Category {
            id: "finished-captures",
            pred: Box::new(move |p, _| p.captured == target),
        },
    ];
    if rules.tigers <= 2 {
        v.retain(|c| c.id != "goats-blocked");
    }
    if rules.tigers > 2 {
        v.insert(
            10,
            Category {
                id: "one-tiger-trapped",
                pred: Box::new(move |p, r| {
                    p.side == Side::Tiger && live(p, r) && trapped_tigers(p, r) == 1
                }),
            },
        );
    }
    if rules.slide {
        v.push(Category {
            id: "long-slides-3",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && live(p, r)
                    && p.moves(r).iter().map(slide_length).max() == Some(3)
            }),
        });
        v.push(Category {
            id: "long-slides-4",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && live(p, r)
                    && p.in_hand > 0
                    && p.moves(r).iter().map(slide_length).max() == Some(4)
            }),
        });
        v.push(Category {
            id: "long-slides-4-movement",
            pred: Box::new(move |p, r| {
                p.side == Side::Tiger
                    && live(p, r)
                    && p.in_hand == 0
                    && p.moves(r).iter().map(slide_length).max() == Some(4)
            }),
        });
    }
    v
}

/// Hand-crafted positions for categories that the seeded games may not reach,
/// per preset: (category id, position, description).
fn hand_crafted(preset: &str) -> Vec<(&'static str, &'static str, &'static str)> {
    match preset {
        "bagh-chal" => vec![
            (
                "tigers-trapped",
                "TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0",
                "the four tigers in the corners, every step and jump blocked by goats",
            ),
            (
                "goats-blocked",
                "GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0 0",
                "the only empty point a1 is surrounded by the tigers on a2, b1 and b2",
            ),
        ],
        "bagh-chal-blocked-loses" => vec![
            (
                "tigers-trapped",
                "GG1GG/TGGGT/GGG1G/GGGGG/TGGGT t 0 1",
                "tigers on a1, e1 (corners) and a4, e4, each boxed in by goats with no jump",
            ),
            (
                "goats-blocked",
                "GGGGT/GGGGG/GGGGG/TTGGG/2TGG g 0 1",
                "the empty points a1 and b1 are surrounded by the tigers on a2, b2 and c1",
            ),
        ],
        "two-tigers" => vec![(
            "tigers-trapped",
            "5/5/GGG2/GG3/TTGG1 t 3 8",
            "tigers on a1 and b1 boxed in: every neighbour and every point behind it occupied",
        )],
        _ => vec![],
    }
}

/// Depths to write for a position: 1, then up to three of the deepest
/// depths whose count stays below LIMIT; a position with no move gets 1, 2.
fn choose_depths(p: &RefPosition, rules: &RefRules) -> Vec<(u32, u64)> {
    let mut counts = Vec::new();
    for depth in 1..=10 {
        let n = p.perft(rules, depth);
        if n >= LIMIT {
            break;
        }
        counts.push((depth, n));
        if n == 0 {
            break;
        }
    }
    if counts.last().map(|c| c.1) == Some(0) && counts.len() == 1 {
        return vec![(1, 0), (2, p.perft(rules, 2))];
    }
    if counts.len() <= 4 {
        return counts;
    }
    let k = counts.len();
    vec![counts[0], counts[k - 3], counts[k - 2], counts[k - 1]]
}

fn describe_outcome(p: &RefPosition, rules: &RefRules, preset: &str) -> Option<String> {
    let (winner, reason) = p.outcome(rules, blocked_side_loses(preset).unwrap())?;
    let who = match winner {
        Some('t') => "tigers win",
        Some('g') => "goats win",
        _ => "drawn",
    };
    Some(format!("# game over here: {who} ({reason})"))
}

struct Block {
    comments: Vec<String>,
    id: String,
    position: String,
    perft: Vec<(u32, u64, bool)>,
}

fn render(preset: &str, header: &[&str], blocks: &[Block]) -> String {
    let mut s = String::new();
    for h in header {
        writeln!(s, "# {h}").unwrap();
    }
    for b in blocks {
        s.push('\n');
        for c in &b.comments {
            writeln!(s, "{c}").unwrap();
        }
        writeln!(s, "id {}", b.id).unwrap();
        writeln!(s, "rules {preset}").unwrap();
        writeln!(s, "position {}", b.position).unwrap();
        for &(d, n, slow) in &b.perft {
            writeln!(s, "perft {d} {n}{}", if slow { " slow" } else { "" }).unwrap();
        }
    }
    s
}

fn start_block(preset: &str, rules: &RefRules) -> Block {
    let start = RefPosition::start(preset).unwrap();
    if preset == "bagh-chal" {
        // The rules' published reference figures.
        let figures: [(u32, u64); 8] = [
            (1, 21),
            (2, 252),
            (3, 5052),
            (4, 68204),
            (5, 1304788),
            (6, 18592000),
            (7, 339123476),
            (8, 4933406760),
        ];
        for &(d, n) in &figures[..6] {
            assert_eq!(
                start.perft(rules, d),
                n,
                "the reference perft disagrees with the figure of docs/rules.md at depth {d}"
            );
        }
        if std::env::var_os("BAGH_VERIFY_SLOW").is_some() {
            for &(d, n) in &figures[6..] {
                assert_eq!(parallel_perft(&start, rules, d), n, "depth {d}");
                eprintln!("perft {d} of the start rechecked by the reference");
            }
        }
        return Block {
            comments: vec![
                "# the start position; figures from the rules' published reference figures (depths 1-6 rechecked by the reference generator, 7-8 too with BAGH_VERIFY_SLOW=1)".into(),
            ],
            id: "start".into(),
            position: start.to_text(),
            perft: figures
                .iter()
                .map(|&(d, n)| (d, n, d >= 7))
                .collect(),
        };
    }
    let mut perft = Vec::new();
    for d in 1.. {
        let n = start.perft(rules, d);
        if n >= LIMIT {
            break;
        }
        perft.push((d, n, false));
    }
    Block {
        comments: vec!["# the start position of the preset".into()],
        id: "start".into(),
        position: start.to_text(),
        perft,
    }
}

/// Perft split over the root moves on two threads (only for the optional
/// slow recheck).
fn parallel_perft(p: &RefPosition, rules: &RefRules, depth: u32) -> u64 {
    let moves = p.moves(rules);
    let (a, b) = moves.split_at(moves.len() / 2);
    std::thread::scope(|s| {
        let h = s.spawn(|| {
            a.iter()
                .map(|&m| p.apply(m).perft(rules, depth - 1))
                .sum::<u64>()
        });
        let n: u64 = b.iter().map(|&m| p.apply(m).perft(rules, depth - 1)).sum();
        n + h.join().unwrap()
    })
}

fn suite_for(preset: &str, seed_base: u64) -> String {
    let rules = RefRules::preset(preset).unwrap();
    let cats = categories(&rules);
    let mut found: Vec<Option<Reached>> = cats.iter().map(|_| None).collect();
    let mut seen: HashSet<String> = HashSet::new();
    seen.insert(start_text(preset).unwrap().to_string());
    let mut per_game: HashMap<u64, usize> = HashMap::new();
    play_games(preset, seed_base, |r| {
        let text = r.pos.to_text();
        // At most two positions from one game, for variety.
        if seen.contains(&text) || per_game.get(&r.seed).copied().unwrap_or(0) >= 2 {
            return false;
        }
        for (i, c) in cats.iter().enumerate() {
            if found[i].is_none() && (c.pred)(&r.pos, &rules) {
                found[i] = Some(Reached {
                    pos: r.pos.clone(),
                    seed: r.seed,
                    how: r.how.clone(),
                });
                seen.insert(text);
                *per_game.entry(r.seed).or_insert(0) += 1;
                break;
            }
        }
        found.iter().all(|f| f.is_some())
    });

    let mut blocks = vec![start_block(preset, &rules)];
    let crafted = hand_crafted(preset);
    let mut missing = Vec::new();
    for (i, c) in cats.iter().enumerate() {
        let (pos, how) = match found[i].take() {
            Some(r) => (r.pos, format!("# found by a {}", r.how)),
            None => match crafted.iter().find(|h| h.0 == c.id) {
                Some(&(_, text, what)) => {
                    let p = RefPosition::parse(text).unwrap();
                    assert_eq!(p.to_text(), text, "hand-crafted text not canonical");
                    assert!((c.pred)(&p, &rules), "hand-crafted {} does not fit", c.id);
                    (
                        p,
                        format!("# hand-crafted ({what}); checked with the reference generator"),
                    )
                }
                None => {
                    missing.push(c.id);
                    continue;
                }
            },
        };
        pos.check_valid(&rules)
            .unwrap_or_else(|e| panic!("{preset} {}: {e}", c.id));
        let mut comments = vec![how];
        comments.extend(describe_outcome(&pos, &rules, preset));
        blocks.push(Block {
            comments,
            id: c.id.to_string(),
            position: pos.to_text(),
            perft: choose_depths(&pos, &rules)
                .into_iter()
                .map(|(d, n)| (d, n, false))
                .collect(),
        });
    }
    let mut header = vec![
        format!("Perft suite for the `{preset}` preset."),
        "Generated by bagh-core/tests/make_perft_suites.rs; rechecked by bagh-core/tests/reference_generator.rs.".into(),
        "Format: blocks separated by a blank line, each with `id`, `rules`, `position` and".into(),
        "`perft <depth> <nodes>` lines; a trailing `slow` marks an entry normal test runs skip.".into(),
        "Perft is history-free: repetition and no-progress rules are not applied.".into(),
        "Figures come from the reference generator (bagh-core/tests/common/reference.rs),".into(),
    ];
    if preset == "bagh-chal" {
        header.push(
            "except the `start` block, whose figures are the rules' published reference figures."
                .into(),
        );
    } else {
        header.push("never from the fast engine.".into());
    }
    assert!(
        missing.is_empty(),
        "no position found for {preset}: {missing:?}"
    );
    if rules.tigers <= 2 {
        header.push(
            "No `goats-blocked` block: with two tigers the goats can never be blocked (every"
                .into(),
        );
        header.push(
            "point has at least 3 neighbours and no 2 points cut the board, so an empty point"
                .into(),
        );
        header.push("always has a goat neighbour while goats are on the board).".into());
    }
    let header: Vec<&str> = header.iter().map(|s| s.as_str()).collect();
    render(preset, &header, &blocks)
}

#[test]
#[ignore = "regenerates tests/perft/*.perft; run explicitly"]
fn make_perft_suites() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/perft");
    for (preset, seed_base) in [
        ("bagh-chal", 1_000_000),
        ("bagh-chal-blocked-loses", 2_000_000),
        ("two-tigers", 3_000_000),
    ] {
        let t = std::time::Instant::now();
        let text = suite_for(preset, seed_base);
        eprintln!("{preset}: {:?}", t.elapsed());
        let path = format!("{dir}/{preset}.perft");
        std::fs::write(&path, &text).unwrap();
        println!("==> {path}\n{text}");
    }
}
