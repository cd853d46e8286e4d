//! Tests of the reference move generator (tests/common/reference.rs) against
//! docs/rules.md, and of the perft suite files against the reference.

mod common;

use common::reference::{
    self, directed_jumps, directed_steps, parse, parse_point, point_name, RefPosition, RefRules,
};
use common::suite;
use std::collections::HashSet;

fn bagh_chal() -> RefRules {
    RefRules::preset("bagh-chal").unwrap()
}

fn two_tigers() -> RefRules {
    RefRules::preset("two-tigers").unwrap()
}

fn pos(text: &str) -> RefPosition {
    parse(text).unwrap_or_else(|| panic!("cannot parse {text:?}"))
}

#[test]
fn geometry_counts() {
    let steps = directed_steps();
    assert_eq!(steps.len(), 112, "directed one-step moves");
    let set: HashSet<_> = steps.iter().copied().collect();
    assert_eq!(set.len(), 112);
    // Every line can be walked both ways: 56 undirected lines.
    for &(a, b) in &steps {
        assert!(set.contains(&(b, a)));
    }
    let undirected: HashSet<_> = steps.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    assert_eq!(undirected.len(), 56);

    let jumps = directed_jumps();
    assert_eq!(jumps.len(), 80, "directed jumps");
    for &(a, over, b) in &jumps {
        assert!(set.contains(&(a, over)) && set.contains(&(over, b)));
        // `over` is the midpoint of a and b.
        assert_eq!((a.0 + b.0, a.1 + b.1), (2 * over.0, 2 * over.1));
    }
}

#[test]
fn geometry_examples_from_rules() {
    let steps: HashSet<(String, String)> = directed_steps()
        .into_iter()
        .map(|(a, b)| (point_name(a), point_name(b)))
        .collect();
    let line = |a: &str, b: &str| steps.contains(&(a.to_string(), b.to_string()));
    assert!(line("b2", "c3"));
    assert!(line("c3", "b2"));
    assert!(!line("b1", "c2"));
    assert!(!line("c2", "b1"));
    assert!(line("a1", "b2"));
    assert!(!line("a1", "c1"));
    // The points with diagonals, as listed in docs/rules.md.
    let diag: Vec<String> = reference::all_points()
        .into_iter()
        .filter(|&p| reference::has_diagonals(p))
        .map(point_name)
        .collect();
    let mut expected = vec![
        "a1", "c1", "e1", "b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5",
    ];
    expected.sort_by_key(|s| (s.as_bytes()[1], s.as_bytes()[0]));
    assert_eq!(diag, expected);
    // Degrees: corners 3, centre 8, b1 3, a2 3, c2 4.
    let degree = |s: &str| {
        let p = parse_point(s).unwrap();
        directed_steps().iter().filter(|&&(a, _)| a == p).count()
    };
    assert_eq!(degree("a1"), 3);
    assert_eq!(degree("c3"), 8);
    assert_eq!(degree("b1"), 3);
    assert_eq!(degree("c2"), 4);
    assert_eq!(degree("b2"), 8);
    assert_eq!(degree("c1"), 5);
}

/// No two points cut the board: removing any two points leaves the other 23
/// connected by lines. Hence with two tigers the goats can never be blocked
/// (an empty region would need a boundary of tigers only), which is why
/// two-tigers.perft has no `goats-blocked` block.
#[test]
fn two_tigers_goats_can_never_be_blocked() {
    let steps = directed_steps();
    let points = reference::all_points();
    for &x in &points {
        for &y in &points {
            if x >= y {
                continue;
            }
            let rest: Vec<_> = points
                .iter()
                .copied()
                .filter(|&p| p != x && p != y)
                .collect();
            let mut seen = HashSet::from([rest[0]]);
            let mut stack = vec![rest[0]];
            while let Some(p) = stack.pop() {
                for &(a, b) in &steps {
                    if a == p && b != x && b != y && seen.insert(b) {
                        stack.push(b);
                    }
                }
            }
            assert_eq!(
                seen.len(),
                23,
                "{} {} cut the board",
                point_name(x),
                point_name(y)
            );
        }
    }
}

#[test]
fn points_round_trip() {
    for p in reference::all_points() {
        assert_eq!(parse_point(&point_name(p)), Some(p));
    }
    assert_eq!(parse_point("a1"), Some((0, 0)));
    assert_eq!(parse_point("e5"), Some((4, 4)));
    for bad in ["", "a", "a0", "a6", "f1", "A1", "a11"] {
        assert_eq!(parse_point(bad), None, "{bad:?}");
    }
}

#[test]
fn perft_bagh_chal_start_matches_rules_md() {
    let rules = bagh_chal();
    let start = RefPosition::start("bagh-chal").unwrap();
    let expected = [1u64, 21, 252, 5052, 68204, 1304788];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(start.perft(&rules, depth as u32), nodes, "depth {depth}");
    }
}

#[test]
fn presets_and_start_texts() {
    for id in ["bagh-chal", "bagh-chal-blocked-loses", "two-tigers"] {
        let rules = RefRules::preset(id).unwrap();
        let start = RefPosition::start(id).unwrap();
        start.check_valid(&rules).unwrap();
        assert_eq!(start.to_text(), reference::start_text(id).unwrap());
        assert_eq!(start.in_hand, rules.goats);
        assert_eq!(start.captured, 0);
        assert!(!rules.mandatory_capture);
    }
    assert_eq!(RefRules::preset("nope"), None);
    assert_eq!(reference::start_text("nope"), None);
    let two = RefPosition::start("two-tigers").unwrap();
    let tigers: Vec<String> = two
        .points_with(reference::Cell::Tiger)
        .into_iter()
        .map(point_name)
        .collect();
    assert_eq!(tigers, ["b3", "d3"]);
    let four = RefPosition::start("bagh-chal").unwrap();
    let tigers: Vec<String> = four
        .points_with(reference::Cell::Tiger)
        .into_iter()
        .map(point_name)
        .collect();
    assert_eq!(tigers, ["a1", "e1", "a5", "e5"]);
}

#[test]
fn parse_to_text_round_trip() {
    let texts = [
        "T3T/5/5/5/T3T g 20 0",
        "5/5/1T1T1/5/5 g 18 0",
        "TGGGT/GGGGG/GGTGG/GG1GG/GTGGG t 0 0",
        "GGGGG/GGGGG/GGGGG/GGGGG/TTTT1 g 0 0",
        "5/5/5/5/TT3 t 0 20",
        "1G1G1/G1T1G/5/3T1/G3G g 3 9",
    ];
    for t in texts {
        let p = pos(t);
        assert_eq!(p.to_text(), t);
        assert_eq!(parse(&p.to_text()), Some(p));
    }
    // Non-canonical runs are accepted and printed canonically.
    assert_eq!(
        pos("T111T/5/23/5/T3T g 20 0").to_text(),
        "T3T/5/5/5/T3T g 20 0"
    );
    for bad in [
        "",
        "T3T/5/5/5/T3T g 20",
        "T3T/5/5/5/T3T x 20 0",
        "T3T/5/5/5 g 20 0",
        "T3T/5/5/5/T3T/5 g 20 0",
        "T4T/5/5/5/T3T g 20 0",
        "T2T/5/5/5/T3T g 20 0",
        "T3T/5/5/5/T3X g 20 0",
        "T3T/5/5/5/T3T g -1 0",
        "T3T/5/5/5/T3T g 20 0 ",
        "T3T/5/5/5/T3T  g 20 0",
        "T3T/5/0T3/5/T3T g 20 0",
    ] {
        assert_eq!(parse(bad), None, "{bad:?}");
    }
}

#[test]
fn round_trip_along_random_games() {
    for id in ["bagh-chal", "two-tigers"] {
        let rules = RefRules::preset(id).unwrap();
        let mut rng = reference::SplitMix64(7);
        for _ in 0..20 {
            let mut p = RefPosition::start(id).unwrap();
            for _ in 0..120 {
                assert_eq!(parse(&p.to_text()).as_ref(), Some(&p));
                p.check_valid(&rules).unwrap();
                let moves = p.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.below(moves.len())];
                p = p.play(mv, &rules).unwrap();
            }
        }
    }
}

#[test]
fn placement_phase() {
    let rules = bagh_chal();
    let start = RefPosition::start("bagh-chal").unwrap();
    let moves = start.legal_moves(&rules);
    assert_eq!(moves.len(), 21);
    assert!(moves.contains(&"c3".to_string()));
    assert!(!moves.contains(&"a1".to_string()));
    let p = start.play("c3", &rules).unwrap();
    assert_eq!(p.to_text(), "T3T/5/2G2/5/T3T t 19 0");
    // Tigers: each corner tiger has three steps, no capture yet.
    assert_eq!(p.legal_moves(&rules).len(), 12);
    // Goats on the board may not move while goats remain in hand.
    let p = pos("T3T/5/2G2/5/T3T g 19 0");
    assert!(p.legal_moves(&rules).iter().all(|m| m.len() == 2));
    assert_eq!(p.legal_moves(&rules).len(), 20);
    assert_eq!(p.play("c3c4", &rules), None);
    assert_eq!(p.play("c3", &rules), None);
    assert_eq!(p.play("a1", &rules), None);
}

#[test]
fn movement_phase_goats_step() {
    // A threshold of 20 so that these sparse boards (19 goats captured) are
    // not finished games.
    let rules = RefRules {
        capture_target: 20,
        ..bagh_chal()
    };
    // A goat on c3 alone with all neighbours empty: 8 steps.
    let p = pos("T3T/5/2G2/5/T3T g 0 19");
    let mut moves = p.legal_moves(&rules);
    moves.sort();
    assert_eq!(
        moves,
        ["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4"]
    );
    // b3 has no diagonals: 4 steps only.
    let p = pos("T3T/5/1G3/5/T3T g 0 19");
    assert_eq!(p.legal_moves(&rules).len(), 4);
    // Goats never jump.
    let p = pos("T3T/5/1GT2/5/T3T g 0 19");
    assert!(!p.legal_moves(&rules).iter().any(|m| m.contains('x')));
}

#[test]
fn tiger_steps_and_captures() {
    let rules = bagh_chal();
    // Tiger c3, goats c4 and d4: c5 is empty (capture c3xc5), e5 holds a
    // tiger (no capture c3xe5).
    let p = pos("T3T/2GG1/2T2/5/T4 t 16 2");
    p.check_valid(&rules).unwrap();
    let moves = p.legal_moves(&rules);
    assert!(moves.contains(&"c3xc5".to_string()));
    assert!(!moves.contains(&"c3xe5".to_string()));
    assert!(!moves.contains(&"c3c4".to_string()));
    assert!(moves.contains(&"c3b4".to_string()));
    // Captures are optional: steps remain.
    assert!(moves.contains(&"c3c2".to_string()));
    let after = p.play("c3xc5", &rules).unwrap();
    assert_eq!(after.to_text(), "T1T1T/3G1/5/5/T4 g 16 3");
    // No capture along a non-line: b1-c2-d3 is not a line.
    let p = pos("T3T/5/T2G1/2G2/1T3 t 16 2");
    p.check_valid(&rules).unwrap();
    let moves = p.legal_moves(&rules);
    assert!(!moves.iter().any(|m| m.starts_with("b1x")), "{moves:?}");
    // Along the diagonal line a1-b2-c3 the capture exists.
    let p = pos("T3T/5/5/1G3/T3T t 19 0");
    assert!(p.legal_moves(&rules).contains(&"a1xc3".to_string()));
    // No jump over two goats.
    let p = pos("T3T/5/G4/G4/T3T t 18 0");
    assert!(!p.legal_moves(&rules).iter().any(|m| m.starts_with("a1x")));
    // No jump over a tiger; the tiger in front may jump its goat.
    let p = pos("T4/5/G4/T4/T3T t 19 0");
    let moves = p.legal_moves(&rules);
    assert!(!moves.iter().any(|m| m.starts_with("a1x")));
    assert!(moves.contains(&"a2xa4".to_string()));
    // No capture from a distance.
    let p = pos("T3T/5/G4/5/T3T t 19 0");
    assert!(!p.legal_moves(&rules).iter().any(|m| m.contains('x')));
}

#[test]
fn two_tigers_slides() {
    let rules = two_tigers();
    // Tigers b3 and d3 on an empty board.
    let p = pos("5/5/1T1T1/5/5 t 18 0");
    let moves = p.legal_moves(&rules);
    // b3 (no diagonals): a3, c3, b1, b2, b4, b5 = 6; d3: c3, e3, d1, d2, d4, d5 = 6.
    assert_eq!(moves.len(), 12, "{moves:?}");
    assert!(moves.contains(&"b3b5".to_string()));
    assert!(!moves.contains(&"b3d3".to_string()));
    // A tiger on c3 slides 2 along each of 8 lines on an empty board.
    let p = pos("1T3/5/2T2/5/5 t 18 0");
    let from_c3: Vec<_> = p
        .legal_moves(&rules)
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    assert_eq!(from_c3.len(), 16);
    // A tiger on a1 slides the whole diagonal: a1b2, a1c3, a1d4, a1e5.
    let p = pos("5/5/5/5/T3T t 18 0");
    let moves = p.legal_moves(&rules);
    for m in ["a1b2", "a1c3", "a1d4", "a1e5", "a1a5", "a1d1"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(!moves.contains(&"a1e1".to_string()));
    // A slide stops at the first piece; capture is still only over an adjacent goat.
    let p = pos("5/5/5/5/T1G1T t 17 0");
    let moves = p.legal_moves(&rules);
    assert!(moves.contains(&"a1b1".to_string()));
    assert!(!moves.contains(&"a1d1".to_string()));
    assert!(!moves.contains(&"a1xd1".to_string()));
    // Each (from, to) once.
    let set: HashSet<_> = moves.iter().collect();
    assert_eq!(set.len(), moves.len());
    // Slides are step-only under the step rules.
    let step = RefRules {
        slide: false,
        ..rules.clone()
    };
    let moves = pos("5/5/5/5/T3T t 18 0").legal_moves(&step);
    assert!(!moves.contains(&"a1c3".to_string()));
}

#[test]
fn mandatory_capture_option() {
    let optional = bagh_chal();
    let mandatory = RefRules {
        mandatory_capture: true,
        ..optional.clone()
    };
    let p = pos("T3T/5/5/1G3/T3T t 19 0");
    let all = p.legal_moves(&optional);
    let forced = p.legal_moves(&mandatory);
    assert!(all.len() > 1);
    assert_eq!(forced, ["a1xc3"]);
    // Without a capture available, mandatory capture changes nothing.
    let q = pos("T3T/5/5/5/T3T t 20 0");
    assert_eq!(q.legal_moves(&optional), q.legal_moves(&mandatory));
}

#[test]
fn finished_game_has_no_moves() {
    let rules = bagh_chal();
    let p = pos("T3T/5/GGG2/5/T3T g 12 5");
    p.check_valid(&rules).unwrap();
    assert!(p.legal_moves(&rules).is_empty());
    assert_eq!(p.perft(&rules, 1), 0);
    assert_eq!(p.perft(&rules, 0), 1);
    assert_eq!(p.outcome(&rules, false), Some((Some('t'), "captures")));
    // A capture that reaches the threshold ends the game.
    let p = pos("T3T/5/5/1G3/T3T t 15 4");
    p.check_valid(&rules).unwrap();
    let after = p.play("a1xc3", &rules).unwrap();
    assert_eq!(after.captured, 5);
    assert!(after.legal_moves(&rules).is_empty());
    assert_eq!(after.outcome(&rules, true), Some((Some('t'), "captures")));
}

#[test]
fn outcomes() {
    let rules = bagh_chal();
    // Tigers trapped in the four corners.
    let trapped = pos("TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0");
    trapped.check_valid(&rules).unwrap();
    assert!(trapped.legal_moves(&rules).is_empty());
    assert_eq!(
        trapped.outcome(&rules, false),
        Some((Some('g'), "tigers-trapped"))
    );
    assert_eq!(
        trapped.outcome(&rules, true),
        Some((Some('g'), "tigers-trapped"))
    );
    // Goats blocked: the one empty point a1 is surrounded by tigers.
    let blocked = pos("GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0 0");
    blocked.check_valid(&rules).unwrap();
    assert!(blocked.legal_moves(&rules).is_empty());
    assert_eq!(
        blocked.outcome(&rules, false),
        Some((None, "goats-blocked"))
    );
    assert_eq!(
        blocked.outcome(&rules, true),
        Some((Some('t'), "goats-blocked"))
    );
    // Invalid positions are reported.
    let bad = pos("GGGGG/GGGGG/GGGGG/TTGGG/1TGGG g 0 0");
    assert_eq!(bad.check_valid(&rules), Err("3 tigers, expected 4".into()));
    assert!(pos("T3T/5/5/5/T3T g 20 1").check_valid(&rules).is_err());
    assert!(pos("T3T/5/5/5/T3T g 14 6").check_valid(&rules).is_err());
    // Game going on.
    let start = RefPosition::start("bagh-chal").unwrap();
    assert_eq!(start.outcome(&rules, true), None);
    // Some tigers trapped is not enough.
    let some = pos("TGGGT/GGGGG/GGGGG/GGGG1/TGGGT t 0 0");
    some.check_valid(&rules).unwrap();
    assert!(!some.legal_moves(&rules).is_empty());
    assert_eq!(some.outcome(&rules, false), None);
}

#[test]
fn play_rejects_illegal_moves() {
    let rules = bagh_chal();
    let p = RefPosition::start("bagh-chal").unwrap();
    for bad in ["", "a1", "a1a2", "c3c4", "z9", "c3 ", "C3", "a1xa3"] {
        assert_eq!(p.play(bad, &rules), None, "{bad:?}");
    }
    let q = p.play("b1", &rules).unwrap();
    assert_eq!(q.in_hand, 19);
    assert_eq!(q.side, reference::Side::Tiger);
    assert_eq!(q.play("c3", &rules), None);
    assert!(q.play("a1xc1", &rules).is_some()); // over the goat on b1
    assert_eq!(q.play("e1xc1", &rules), None); // d1 is empty: no capture
    assert_eq!(q.play("a1b1", &rules), None); // b1 is a goat
    assert!(q.play("a1a2", &rules).is_some());
}

#[test]
fn suite_files_are_valid_and_match_the_reference() {
    let entries = suite::load_all();
    let files: HashSet<&str> = entries.iter().map(|e| e.file.as_str()).collect();
    for f in [
        "bagh-chal.perft",
        "bagh-chal-blocked-loses.perft",
        "two-tigers.perft",
    ] {
        assert!(files.contains(f), "missing suite file {f}");
    }
    let mut ids = HashSet::new();
    let mut checked = 0;
    for e in &entries {
        let here = format!("{} / {}", e.file, e.id);
        assert!(
            ids.insert((e.file.clone(), e.id.clone())),
            "{here}: duplicate id"
        );
        let rules = RefRules::preset(&e.rules).unwrap_or_else(|| panic!("{here}: rules"));
        let p = parse(&e.position).unwrap_or_else(|| panic!("{here}: position"));
        assert_eq!(p.to_text(), e.position, "{here}: position not canonical");
        p.check_valid(&rules)
            .unwrap_or_else(|err| panic!("{here}: {err}"));
        for &(depth, nodes, slow) in &e.perft {
            if slow || nodes >= 3_000_000 {
                continue;
            }
            assert_eq!(p.perft(&rules, depth), nodes, "{here}: perft {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 3 * 13 * 2, "only {checked} figures checked");
}

#[test]
fn suite_parser_reads_the_format() {
    let text = "# a comment\n\n# block comment\nid start\nrules bagh-chal\nposition T3T/5/5/5/T3T g 20 0\nperft 1 21\nperft 7 339123476 slow\n\n\n# only comments\n\nid two\nrules two-tigers\nposition 5/5/1T1T1/5/5 g 18 0\nperft 1 23\n";
    let e = suite::parse_suite("x.perft", text);
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].id, "start");
    assert_eq!(e[0].rules, "bagh-chal");
    assert_eq!(e[0].position, "T3T/5/5/5/T3T g 20 0");
    assert_eq!(e[0].perft, vec![(1, 21, false), (7, 339123476, true)]);
    assert_eq!(e[1].file, "x.perft");
    assert_eq!(e[1].perft, vec![(1, 23, false)]);
}

#[test]
#[should_panic(expected = "x.perft:3:")]
fn suite_parser_reports_file_and_line() {
    suite::parse_suite("x.perft", "id a\nrules bagh-chal\nperft one 2\n");
}
