//! The small types: sizes, geometry counts from docs/rules.md, text forms and their
//! errors.

use bagh_core::{
    Direction, Move, ParseErrorKind, Point, PointSet, Position, Repetition, Ruleset, RulesetError,
    Side, TextKind, TigerMoves, MAX_MOVES,
};

#[test]
fn small_types_stay_small() {
    assert!(
        std::mem::size_of::<Position>() <= 32,
        "Position is {} bytes",
        std::mem::size_of::<Position>()
    );
    assert!(std::mem::size_of::<Move>() <= 4);
    assert_eq!(std::mem::size_of::<Point>(), 1);
    assert_eq!(std::mem::size_of::<PointSet>(), 4);
}

/// docs/rules.md: 112 directed one-step moves (56 lines) and 80 directed jumps.
#[test]
fn board_geometry_matches_rules_md() {
    let steps: usize = Point::ALL
        .iter()
        .map(|&p| {
            Direction::ALL
                .iter()
                .filter(|d| d.step(p).is_some())
                .count()
        })
        .sum();
    assert_eq!(steps, 112);
    let jumps: usize = Point::ALL
        .iter()
        .map(|&p| {
            Direction::ALL
                .iter()
                .filter(|d| d.step(p).and_then(|q| d.step(q)).is_some())
                .count()
        })
        .sum();
    assert_eq!(jumps, 80);
    // Diagonals only through points whose file + rank is even: b2-c3 yes, b1-c2 no.
    assert_eq!(Direction::NorthEast.step(Point::B2), Some(Point::C3));
    assert_eq!(Direction::NorthEast.step(Point::B1), None);
}

/// The capacity of `MoveList` is the number of ordered pairs of points on one
/// straight line, counted here by brute force from coordinates.
#[test]
fn move_list_capacity_covers_every_line_pair() {
    let on_one_line = |a: Point, b: Point| {
        let (df, dr) = (
            i32::from(b.file()) - i32::from(a.file()),
            i32::from(b.rank()) - i32::from(a.rank()),
        );
        a != b && (df == 0 || dr == 0 || (df.abs() == dr.abs() && a.has_diagonals()))
    };
    let pairs = Point::ALL
        .iter()
        .flat_map(|&a| Point::ALL.iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| on_one_line(a, b))
        .count();
    assert_eq!(pairs, MAX_MOVES);
    // The most placements: one tiger, 24 empty points.
    let one_tiger = Ruleset::builder()
        .tigers([Point::C3])
        .goats(4)
        .capture_target(1)
        .build()
        .unwrap();
    assert_eq!(Position::new(one_tiger).legal_moves().len(), 24);
}

#[test]
fn points_and_moves_round_trip_their_text() {
    for point in Point::ALL {
        assert_eq!(point.to_string().parse::<Point>(), Ok(point));
    }
    for text in [
        "c3", "a1a2", "a1a5", "a1e5", "e1a5", "a1xa3", "c3xe5", "b2xd4",
    ] {
        assert_eq!(
            text.parse::<Move>().map(|m| m.to_string()).as_deref(),
            Ok(text)
        );
    }
    assert_eq!(
        "a1xc3".parse::<Move>(),
        Ok(Move::Capture {
            from: Point::A1,
            over: Point::B2,
            to: Point::C3
        })
    );
}

#[test]
fn bad_moves_and_points_say_what_and_where() {
    let cases: [(&str, usize, ParseErrorKind); 9] = [
        ("", 1, ParseErrorKind::Empty),
        ("f1", 1, ParseErrorKind::ExpectedFile { found: Some('f') }),
        ("a6", 2, ParseErrorKind::ExpectedRank { found: Some('6') }),
        ("a1a", 4, ParseErrorKind::ExpectedRank { found: None }),
        ("a1a2a3", 5, ParseErrorKind::TrailingInput),
        // A capture has one character more before its trailing input.
        ("a1xa3b", 6, ParseErrorKind::TrailingInput),
        (
            "b1c2",
            1,
            ParseErrorKind::NotOnALine {
                from: Point::B1,
                to: Point::C2,
            },
        ),
        (
            "a1xa2",
            1,
            ParseErrorKind::NotAJump {
                from: Point::A1,
                to: Point::A2,
            },
        ),
        (
            "b1xd3",
            1,
            ParseErrorKind::NotAJump {
                from: Point::B1,
                to: Point::D3,
            },
        ),
    ];
    for (text, column, kind) in cases {
        let error = text.parse::<Move>().unwrap_err();
        assert_eq!(error.what(), TextKind::Move);
        assert_eq!((error.column(), error.kind()), (column, &kind), "{text:?}");
        assert!(error.to_string().contains(&format!("{text:?}")), "{error}");
    }
    assert_eq!(
        "c33".parse::<Point>().unwrap_err().kind(),
        &ParseErrorKind::TrailingInput
    );
}

#[test]
fn position_strings_of_rules_md_read_and_print() {
    let start = Position::new(Ruleset::default());
    assert_eq!(start.to_string(), "T3T/5/5/5/T3T g 20 0");
    assert_eq!("T3T/5/5/5/T3T g 20 0".parse::<Position>(), Ok(start));
    let two = Ruleset::preset("two-tigers").unwrap();
    assert_eq!(Position::new(two).to_string(), "5/5/1T1T1/5/5 g 18 0");
    let mid = Position::from_text("TG1GT/1G3/2G2/5/T3T t 16 0", Ruleset::default()).unwrap();
    assert_eq!(mid.piece_at(Point::B5), Some(Side::Goat));
    assert_eq!(mid.piece_at(Point::A5), Some(Side::Tiger));
    assert_eq!(mid.piece_at(Point::C1), None);
    assert_eq!(mid.side_to_move(), Side::Tiger);
    assert_eq!((mid.goats_in_hand(), mid.goats_captured()), (16, 0));
}

#[test]
fn bad_position_strings_name_the_field_and_column() {
    let rules = Ruleset::default();
    let cases: [(&str, usize, &str); 12] = [
        ("", 1, "empty"),
        ("T3T/5/5/5/T3T", 14, "missing field: side to move"),
        ("T3T/5/5/5/T3T g 20", 19, "missing field: goats captured"),
        (
            "T3T/5/5/5/T3T g 20 0 x",
            21,
            "unexpected text after the end",
        ),
        ("T3T/5/5/5/T3T  g 20 0", 15, "one space between fields"),
        ("T3T/5/5/5 g 20 0", 10, "the board has 4 ranks"),
        ("T3T/5/5/5/T3T/5 g 20 0", 14, "the board has 6 ranks"),
        ("T4T/5/5/5/T3T g 20 0", 3, "rank 5 covers 6 points"),
        ("T3X/5/5/5/T3T g 20 0", 3, "unexpected 'X'"),
        ("T3T/5/5/5/T3T x 20 0", 15, "expected g or t"),
        (
            "T3T/5/5/5/T3T g twenty 0",
            17,
            "goats in hand: expected a number",
        ),
        ("T3T/5/5/5/1T2 g 20 0", 14, "rank 1 covers 4 points"),
    ];
    for (text, column, message) in cases {
        let error = Position::from_text(text, rules).unwrap_err();
        assert_eq!(error.column(), column, "{text:?}: {error}");
        assert!(error.to_string().contains(message), "{text:?}: {error}");
    }
}

#[test]
fn position_strings_are_checked_against_the_rule_set() {
    let rules = Ruleset::default();
    let cases: [(&str, &str); 4] = [
        (
            "T4/5/5/5/T3T g 20 0",
            "board: 3 tigers on the board, the rule set has 4",
        ),
        (
            "T3T/5/5/5/T3T g 19 0",
            "goats in hand: 0 goats on the board + 19 in hand + 0 captured make 19",
        ),
        ("TGGGT/GGGGG/5/5/T3T t 0 6", "goats in hand"),
        (
            "TGGGT/GGGGG/GGGGG/G4/T3T t 0 6",
            "goats captured: 6 is above the capture target 5",
        ),
    ];
    for (text, message) in cases {
        let error = Position::from_text(text, rules).unwrap_err();
        assert!(
            matches!(error.kind(), ParseErrorKind::Inconsistent { .. }),
            "{text:?}: {error}"
        );
        assert!(error.to_string().contains(message), "{text:?}: {error}");
    }
    // The same board is fine for a rule set with other counts.
    let nine_goats = Ruleset::builder()
        .goats(9)
        .capture_target(5)
        .build()
        .unwrap();
    assert!(Position::from_text("TGGGT/GGGGG/5/5/T3T t 0 1", nine_goats).is_ok());
}

#[test]
fn presets_match_the_table_of_rules_md() {
    let ids: Vec<&str> = Ruleset::preset_ids().collect();
    assert_eq!(ids, ["bagh-chal", "bagh-chal-blocked-loses", "two-tigers"]);
    let b = Ruleset::preset("bagh-chal").unwrap();
    let corners: PointSet = [Point::A1, Point::E1, Point::A5, Point::E5]
        .into_iter()
        .collect();
    assert_eq!(
        (
            b.tigers(),
            b.goats(),
            b.capture_target(),
            b.tiger_moves(),
            b.blocked_side_loses(),
            b.repetition()
        ),
        (
            corners,
            20,
            5,
            TigerMoves::Step,
            false,
            Repetition::Forbidden
        )
    );
    let l = Ruleset::preset("bagh-chal-blocked-loses").unwrap();
    assert_eq!(
        (
            l.tigers(),
            l.goats(),
            l.capture_target(),
            l.tiger_moves(),
            l.blocked_side_loses(),
            l.repetition()
        ),
        (corners, 20, 5, TigerMoves::Step, true, Repetition::Allowed)
    );
    let t = Ruleset::preset("two-tigers").unwrap();
    let middle: PointSet = [Point::B3, Point::D3].into_iter().collect();
    assert_eq!(
        (
            t.tigers(),
            t.goats(),
            t.capture_target(),
            t.tiger_moves(),
            t.blocked_side_loses(),
            t.repetition()
        ),
        (middle, 18, 9, TigerMoves::Slide, true, Repetition::Draw(3))
    );
    for rules in [b, l, t] {
        assert!(!rules.mandatory_capture());
        assert_eq!(rules.no_progress_limit(), None);
    }
    assert_eq!(Ruleset::default(), b);
    let unknown = Ruleset::preset("chess").unwrap_err();
    assert_eq!(
        unknown.kind(),
        &ParseErrorKind::UnknownPreset {
            found: "chess".into()
        }
    );
}

#[test]
fn rule_set_text_round_trips_and_presets_print_as_their_id() {
    for id in Ruleset::preset_ids() {
        let rules = Ruleset::preset(id).unwrap();
        assert_eq!(rules.to_string(), id);
        assert_eq!(id.parse::<Ruleset>(), Ok(rules));
    }
    let custom = Ruleset::builder()
        .tigers([Point::C3, Point::A1])
        .goats(10)
        .capture_target(4)
        .tiger_moves(TigerMoves::Slide)
        .mandatory_capture(true)
        .blocked_side_loses(true)
        .repetition(Repetition::Draw(4))
        .no_progress_limit(Some(50))
        .build()
        .unwrap();
    let text = custom.to_string();
    assert_eq!(
        text,
        "tigers=a1,c3 goats=10 capture_target=4 tiger_moves=slide mandatory_capture=yes \
         blocked_side_loses=yes repetition=draw(4) no_progress_limit=50"
    );
    assert_eq!(text.parse::<Ruleset>(), Ok(custom));
    assert_eq!(
        "two-tigers repetition=draw:3".parse::<Ruleset>(),
        Ruleset::preset("two-tigers")
    );
    // The largest draw count a rule set holds is 255 (one byte), in text and
    // from the builder alike.
    let widest = "bagh-chal repetition=draw(255)".parse::<Ruleset>().unwrap();
    assert_eq!(widest.repetition(), Repetition::Draw(255));
    assert_eq!(widest.to_string().parse::<Ruleset>(), Ok(widest));
    assert_eq!(
        Ruleset::builder()
            .repetition(Repetition::Draw(255))
            .build()
            .map(|rules| rules.repetition()),
        Ok(Repetition::Draw(255))
    );
}

#[test]
fn invalid_rule_sets_name_the_field() {
    let b = Ruleset::builder;
    let cases: [(Result<Ruleset, RulesetError>, RulesetError, &str); 9] = [
        (
            b().tigers(Vec::<Point>::new()).build(),
            RulesetError::NoTigers,
            "tigers",
        ),
        (
            b().tigers([Point::A1, Point::A1]).build(),
            RulesetError::RepeatedStart { point: Point::A1 },
            "tigers",
        ),
        (b().goats(0).build(), RulesetError::NoGoats, "goats"),
        (
            b().goats(22).build(),
            RulesetError::TooManyPieces {
                tigers: 4,
                goats: 22,
            },
            "goats",
        ),
        (
            b().capture_target(0).build(),
            RulesetError::CaptureTargetZero,
            "capture_target",
        ),
        (
            b().capture_target(21).build(),
            RulesetError::CaptureTargetAboveGoats {
                target: 21,
                goats: 20,
            },
            "capture_target",
        ),
        (
            b().repetition(Repetition::Draw(1)).build(),
            RulesetError::DrawCountTooSmall { n: 1 },
            "repetition",
        ),
        (
            b().no_progress_limit(Some(0)).build(),
            RulesetError::NoProgressZero,
            "no_progress_limit",
        ),
        (
            // Only the text form can hold a limit too wide for the field.
            "no_progress_limit=70000"
                .parse::<Ruleset>()
                .map_err(|error| match error.kind() {
                    ParseErrorKind::Ruleset(error) => error.clone(),
                    other => panic!("not a rule-set error: {other}"),
                }),
            RulesetError::NoProgressTooLarge { limit: 70_000 },
            "no_progress_limit",
        ),
    ];
    for (built, expected, field) in cases {
        let error = built.unwrap_err();
        assert_eq!(error, expected);
        assert_eq!(error.field(), field);
        assert!(error.to_string().starts_with(field), "{error}");
    }
}

#[test]
fn bad_rule_set_texts_say_what_and_where() {
    let cases: [(&str, usize, &str); 9] = [
        ("", 1, "empty"),
        ("bagh-chol", 1, "unknown rule set \"bagh-chol\""),
        ("bagh-chal goats=x", 17, "goats: unexpected value \"x\""),
        (
            "bagh-chal colour=red",
            11,
            "unknown rule-set field \"colour\"",
        ),
        ("tigers=a1,z9", 11, "expected a file a-e"),
        (
            "repetition=draw(1)",
            1,
            "repetition: draw(n) needs n of at least 2",
        ),
        (
            "repetition=draw(999)",
            1,
            "repetition: draw(n) allows n up to 255",
        ),
        // No count, or no number: the value is not a policy at all.
        (
            "repetition=draw()",
            12,
            "repetition: unexpected value \"draw()\"",
        ),
        (
            "repetition=draw(x)",
            12,
            "repetition: unexpected value \"draw(x)\"",
        ),
    ];
    for (text, column, message) in cases {
        let error = text.parse::<Ruleset>().unwrap_err();
        assert_eq!(error.what(), TextKind::Ruleset);
        assert_eq!(error.column(), column, "{text:?}: {error}");
        assert!(error.to_string().contains(message), "{text:?}: {error}");
    }
}

#[test]
fn point_set_debug_is_an_ascii_grid() {
    let set: PointSet = [Point::A1, Point::C3, Point::E5].into_iter().collect();
    assert_eq!(
        format!("{set:?}"),
        ". . . . x\n. . . . .\n. . x . .\n. . . . .\nx . . . ."
    );
    assert_eq!(PointSet::DIAGONAL_POINTS.len(), 13);
    assert!(PointSet::DIAGONAL_POINTS.iter().all(Point::has_diagonals));
}
