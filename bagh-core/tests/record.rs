//! Game records: round trips of random games in every preset and in a custom
//! rule set, and the errors (kind, line and column) of malformed records.

use bagh_core::{
    Game, Move, Position, Record, RecordContentError, RecordErrorKind, Repetition, Ruleset,
};

mod common;

/// Seeded, so that the games are the same on every run.
use common::games::random_game;
use common::reference::SplitMix64 as Rng;

fn rule_sets() -> Vec<Ruleset> {
    let mut all: Vec<Ruleset> = Ruleset::presets().map(|(_, rules)| rules).collect();
    all.push(
        Ruleset::builder()
            .mandatory_capture(true)
            .repetition(Repetition::Draw(3))
            .no_progress_limit(Some(30))
            .build()
            .unwrap(),
    );
    all
}

#[test]
fn random_games_round_trip() {
    let mut rng = Rng(7);
    let mut finished = 0;
    for rules in rule_sets() {
        for i in 0..150 {
            // Some games stop early, unfinished; some start from a later position.
            let max_plies = if i % 3 == 0 { rng.below(60) } else { 2_000 };
            let start = if i % 5 == 0 {
                let opening = 1 + rng.below(40);
                *random_game(Position::new(rules), &mut rng, opening).position()
            } else {
                Position::new(rules)
            };
            let game = random_game(start, &mut rng, max_plies);
            finished += usize::from(game.is_game_over());
            let mut record = Record::new(game.clone());
            record.set_tag("Round", &i.to_string()).unwrap();
            let text = record.to_string();
            let read: Record = text
                .parse()
                .unwrap_or_else(|e| panic!("{e}\nin the record\n{text}"));
            assert_eq!(read.game(), &game, "{text}");
            assert_eq!(read.tag("Round"), Some(i.to_string().as_str()));
            assert_eq!(read.to_string(), text);
            let (_, moves) = text.split_once("\n\n").unwrap();
            assert!(moves.lines().all(|line| line.len() <= 79), "{text}");
        }
    }
    assert!(finished > 300, "only {finished} games finished");
}

#[test]
fn writes_rules_position_and_result_tags() {
    let two_tigers = Ruleset::preset("two-tigers").unwrap();
    let start = Position::from_text("5/5/1T1T1/5/5 t 17 0", two_tigers);
    assert!(
        start.is_err(),
        "17 in hand and none on the board is inconsistent"
    );
    let start = Position::from_text("5/5/1TGT1/5/5 t 17 0", two_tigers).unwrap();
    let mut game = Game::from_position(start);
    game.push("b3b1".parse::<Move>().unwrap()).unwrap();
    game.push("a1".parse::<Move>().unwrap()).unwrap();
    let text = Record::new(game.clone()).to_string();
    assert_eq!(
        text,
        "[Rules \"two-tigers\"]\n[Position \"5/5/1TGT1/5/5 t 17 0\"]\n[Result \"*\"]\n\n\
         1... b3b1 2. a1 *\n"
    );
    assert_eq!(text.parse::<Record>().unwrap().game(), &game);

    let custom = Ruleset::builder()
        .goats(10)
        .capture_target(2)
        .build()
        .unwrap();
    let text = Record::new(Game::new(custom)).to_string();
    assert!(text.starts_with(&format!("[Rules \"{custom}\"]\n[Result \"*\"]\n")));
    assert_eq!(text.parse::<Record>().unwrap().game().rules(), &custom);
}

#[test]
fn finished_games_carry_their_result() {
    // Tigers capture five goats that walk into their jaws.
    let rules = Ruleset::builder()
        .goats(5)
        .capture_target(1)
        .build()
        .unwrap();
    let mut game = Game::new(rules);
    game.push("a2".parse::<Move>().unwrap()).unwrap();
    game.push("a1xa3".parse::<Move>().unwrap()).unwrap();
    assert!(game.is_game_over());
    let text = Record::new(game).to_string();
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.ends_with("1. a2 a1xa3 0-1\n"), "{text}");
    assert!(text.parse::<Record>().is_ok());
}

/// The kind, line and column of the error of a record that must fail.
fn error(text: &str) -> (RecordErrorKind, usize, usize) {
    let error = text.parse::<Record>().unwrap_err();
    assert!(error.to_string().starts_with(&format!(
        "invalid game record at line {}, column {}: ",
        error.line(),
        error.column()
    )));
    (error.kind().clone(), error.line(), error.column())
}

#[test]
fn reading_is_lenient_about_layout_only() {
    let game: Record = "1.c3 a1b2\n2. c2\n".parse().unwrap();
    assert_eq!(game.game().len(), 3);
    let empty: Record = "".parse().unwrap();
    assert_eq!(empty.game(), &Game::default());
    let no_tags: Record = "1. c3 *".parse().unwrap();
    assert_eq!(no_tags.game().rules(), &Ruleset::default());
}

#[test]
fn errors_name_the_place_and_the_reason() {
    let (kind, line, column) = error("[Rules \"bagh-chal\"]\n\n1. c3 a1a3 *");
    assert!(matches!(kind, RecordErrorKind::IllegalMove(_)), "{kind:?}");
    assert_eq!((line, column), (3, 7));

    let (kind, line, column) = error("1. c3 a1a9");
    assert!(matches!(kind, RecordErrorKind::Move(_)));
    assert_eq!((line, column), (1, 10));

    let (kind, line, column) = error("[Rules \"bagh-chal\"]\n[Rules \"two-tigers\"]\n");
    assert_eq!(
        kind,
        RecordErrorKind::DuplicateTag {
            name: "Rules".to_string()
        }
    );
    assert_eq!((line, column), (2, 1));

    let (kind, line, column) = error("[Rules \"nepal\"]\n");
    assert!(matches!(kind, RecordErrorKind::Rules(_)));
    assert_eq!((line, column), (1, 9));

    let (kind, line, _) = error("[Rules \"bagh-chal\"]\n[Position \"T3T/5/5/5/T3T g 19 0\"]\n");
    assert!(matches!(kind, RecordErrorKind::Position(_)));
    assert_eq!(line, 2);

    let (kind, line, column) = error("[Event \"club]\n");
    assert!(matches!(kind, RecordErrorKind::MalformedTag { .. }));
    assert_eq!((line, column), (1, 14));

    let (kind, _, _) = error("[Event club]\n");
    assert!(matches!(kind, RecordErrorKind::MalformedTag { .. }));

    let (kind, line, column) = error("[Result \"2-0\"]\n");
    assert!(matches!(kind, RecordErrorKind::UnknownResult { .. }));
    assert_eq!((line, column), (1, 10));

    let (kind, line, column) = error("[Result \"0-1\"]\n\n1. c3 *");
    assert_eq!(
        kind,
        RecordErrorKind::ResultMismatch {
            written: "0-1".to_string(),
            actual: "*"
        }
    );
    assert_eq!((line, column), (1, 10));

    let (kind, line, column) = error("1. c3 a1b2 1-0");
    assert!(matches!(kind, RecordErrorKind::ResultMismatch { .. }));
    assert_eq!((line, column), (1, 12));

    let (kind, line, column) = error("1. c3 a1b2 3. c2");
    assert_eq!(
        kind,
        RecordErrorKind::MoveNumber {
            expected: 2,
            found: "3.".to_string()
        }
    );
    assert_eq!((line, column), (1, 12));

    let (kind, line, column) = error("1. c3 * a1b2");
    assert_eq!(kind, RecordErrorKind::TextAfterResult);
    assert_eq!((line, column), (1, 9));
}

/// Each refusal of a comment names its cause and its ply, and changes nothing.
#[test]
fn set_comment_names_each_cause() {
    let mut game = Game::default();
    game.push("c3".parse::<Move>().unwrap()).unwrap();
    let mut record = Record::new(game);
    record.set_comment(1, "kept").unwrap();
    let cases = [
        (
            2,
            "past the end",
            RecordContentError::CommentPastEnd { ply: 2, plies: 1 },
        ),
        (1, "a } brace", RecordContentError::CommentBrace { ply: 1 }),
        (
            0,
            "a\r\nwindows line",
            RecordContentError::CommentCarriageReturn { ply: 0 },
        ),
        (
            1,
            "first\n[Event \"x\"]",
            RecordContentError::CommentTagLine { ply: 1 },
        ),
    ];
    for (ply, text, expected) in cases {
        let before = record.clone();
        assert_eq!(
            record.set_comment(ply, text),
            Err(expected.clone()),
            "{text:?}"
        );
        assert_eq!(record, before);
        assert_eq!(expected.ply(), Some(ply));
        assert_eq!(expected.tag(), None);
    }
    // A `[` on the first line is no tag line: the comment follows a move.
    assert_eq!(record.set_comment(1, "[sic]"), Ok(()));
    let error = record.set_tag("Round", "1\n2").unwrap_err();
    assert_eq!(
        (error.cause(), error.tag()),
        ("tag-line-break", Some("Round"))
    );
}

#[test]
fn set_tag_refuses_game_tags_and_bad_names() {
    let mut record = Record::new(Game::default());
    assert_eq!(
        record.set_tag("Result", "1-0"),
        Err(RecordContentError::ReservedTag {
            name: "Result".into()
        })
    );
    assert_eq!(
        record.set_tag("Bad Name", "x"),
        Err(RecordContentError::TagName {
            name: "Bad Name".into()
        })
    );
    assert_eq!(record.set_tag("Event", "a \"quoted\" \\ value"), Ok(()));
    assert_eq!(record.set_tag("Event", "changed \"again\""), Ok(()));
    assert_eq!(record.tags().len(), 1);
    let read: Record = record.to_string().parse().unwrap();
    assert_eq!(read.tag("Event"), Some("changed \"again\""));
}

/// A record's comments, as read, are ones `set_comment` accepts, and the
/// record writes to text that reads back to it and writes the same text.
fn assert_comments_write_back(record: &Record) {
    for (ply, comment) in record.comments() {
        let mut copy = record.clone();
        assert_eq!(copy.set_comment(ply, comment), Ok(()), "{comment:?}");
    }
    let written = record.to_string();
    let again: Record = written.parse().unwrap();
    assert_eq!(&again, record, "{written}");
    assert_eq!(again.to_string(), written);
}

#[test]
fn comments_are_kept_on_their_moves() {
    let text = "[Event \"club\"]\n\n{before} 1. c3 {centre\nof the board} a1b2 {one} {two} 2. c2 {last} *\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.comment(0), Some("before"));
    assert_eq!(record.comment(1), Some("centre\nof the board"));
    assert_eq!(record.comment(2), Some("one two"));
    assert_eq!(record.comment(3), Some("last"));
    assert_comments_write_back(&record);

    let (kind, line, column) = error("1. c3 {open");
    assert_eq!(kind, RecordErrorKind::UnclosedComment);
    assert_eq!((line, column), (1, 7));
    let (kind, line, column) = error("1. c3 } *");
    assert!(matches!(kind, RecordErrorKind::Unexpected { .. }));
    assert_eq!((line, column), (1, 7));
    let (kind, _, _) = error("1. c3 * {after}");
    assert_eq!(kind, RecordErrorKind::TextAfterResult);
}

/// Carriage returns in a comment (a Windows line end, a doubled one, a
/// lone one) are not kept: a record's comments hold none, as
/// `set_comment` requires, and the record writes back to text that reads
/// the same record.
#[test]
fn comments_keep_no_carriage_return() {
    let text = "{first\r\nsecond\r\r\nthird\rfourth} 1. c3 {end\r\r} *\r\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.comment(0), Some("first\nsecond\nthirdfourth"));
    assert_eq!(record.comment(1), Some("end"));
    assert_comments_write_back(&record);
}

/// Two comments in one place are joined with a space; where the first
/// ends with a line end and blanks and the second starts with `[`, the
/// line end goes, since a later line of a comment that starts with `[`
/// would read as a tag line.
#[test]
fn joined_comments_make_no_tag_line() {
    let record: Record = "{a\n}{[b} 1. c3 {c\n  }{ [d}{\n}{[e} *".parse().unwrap();
    assert_eq!(record.comment(0), Some("a [b"));
    assert_eq!(record.comment(1), Some("c  [d [e"));
    // Without `[`, or after a line that is not blank, the line end stays.
    let kept: Record = "{a\n}{b} 1. c3 {c\nd}{[e} *".parse().unwrap();
    assert_eq!(kept.comment(0), Some("a\n b"));
    assert_eq!(kept.comment(1), Some("c\nd [e"));
    assert_comments_write_back(&record);
    assert_comments_write_back(&kept);
}

#[test]
fn captures_are_written_with_x_and_only_captures() {
    let (kind, line, column) = error("1. a2 a1a3 *");
    assert_eq!(
        kind,
        RecordErrorKind::CaptureWithoutX {
            found: "a1a3".to_string(),
            expected: "a1xa3".parse().unwrap()
        }
    );
    assert_eq!((line, column), (1, 7));
    // Under slides, a1xa3 over an empty a2 is a slide, not a capture.
    let slides = Ruleset::builder()
        .tiger_moves(bagh_core::TigerMoves::Slide)
        .build()
        .unwrap();
    let text = format!("[Rules \"{slides}\"]\n\n1. c3 a1xa3 *");
    let (kind, line, column) = error(&text);
    assert!(
        matches!(kind, RecordErrorKind::NotACapture { .. }),
        "{kind:?}"
    );
    assert_eq!((line, column), (3, 7));
    assert!(format!("[Rules \"{slides}\"]\n\n1. c3 a1a3 *")
        .parse::<Record>()
        .is_ok());
}

#[test]
fn a_stream_of_games_is_read_lazily_and_recovers() {
    use bagh_core::RecordReader;
    let mut rng = Rng(11);
    let mut text = String::new();
    let mut games = Vec::new();
    for i in 0..60 {
        let game = random_game(Position::default(), &mut rng, 200);
        let mut record = Record::new(game.clone());
        record.set_tag("Round", &i.to_string()).unwrap();
        record
            .set_comment(game.len() / 2, &format!("half of {i}"))
            .unwrap();
        if i % 10 == 3 {
            // A broken game: its line is a capture without x.
            text.push_str("[Round \"broken\"]\n\n1. a2 a1a3 *\n\n");
        }
        text.push_str(&record.to_string());
        text.push('\n');
        games.push(record);
    }
    let read: Vec<_> = RecordReader::new(text.as_bytes()).collect();
    assert_eq!(read.len(), 66);
    let errors: Vec<_> = read.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(errors.len(), 6);
    for error in errors {
        assert!(matches!(
            error.kind(),
            RecordErrorKind::CaptureWithoutX { .. }
        ));
        assert_eq!(text.lines().nth(error.line() - 1), Some("1. a2 a1a3 *"));
        assert_eq!(error.column(), 7);
    }
    let ok: Vec<Record> = read.into_iter().filter_map(Result::ok).collect();
    assert_eq!(ok, games);

    // Games without tags, one per line; a line that is not UTF-8.
    let mut bytes = b"1. c3 *\n1. b2 *\n\xff\xfe *\n1. d2 a1b1 *".to_vec();
    bytes.extend_from_slice(b"\n");
    let read: Vec<_> = RecordReader::new(&bytes[..]).collect();
    assert_eq!(read.len(), 4);
    assert!(read[0].is_ok() && read[1].is_ok() && read[3].is_ok());
    let error = read[2].as_ref().unwrap_err();
    assert_eq!((error.line(), error.kind()), (3, &RecordErrorKind::NotUtf8));

    // An unclosed comment stops at the next tag line.
    let text = "1. c3 {open\n\n[Event \"next\"]\n\n1. c3 *\n";
    let read: Vec<_> = RecordReader::new(text.as_bytes()).collect();
    assert_eq!(read.len(), 2);
    assert_eq!(
        read[0].as_ref().unwrap_err().kind(),
        &RecordErrorKind::UnclosedComment
    );
    assert_eq!(read[1].as_ref().unwrap().tag("Event"), Some("next"));
}

mod any_record {
    use super::*;
    use proptest::prelude::*;

    use crate::common::proptest_cases::config;

    proptest! {
        #![proptest_config(config())]

        /// Any game with any tags and comments that the setters accept
        /// writes and reads back to an equal record, and writes the same text.
        #[test]
        fn writing_then_reading_gives_the_same_record(
            seed in any::<u64>(),
            preset in 0..3usize,
            plies in 0..300usize,
            tags in prop::collection::vec(("[A-Za-z0-9_]{1,8}", any::<String>()), 0..5),
            comments in prop::collection::vec((any::<prop::sample::Index>(),
                prop_oneof![any::<String>(), "[ -~\n{\\[]{0,20}"]), 0..8),
        ) {
            let rules: Vec<Ruleset> = Ruleset::presets().map(|(_, rules)| rules).collect();
            let game = random_game(Position::new(rules[preset]), &mut Rng(seed), plies);
            let plies = game.len();
            let mut record = Record::new(game);
            for (name, value) in &tags {
                // Arbitrary tags: the refused ones are left out.
                let _ = record.set_tag(name, value);
            }
            for (index, text) in &comments {
                let _ = record.set_comment(index.index(plies + 1), text);
            }
            let text = record.to_string();
            let read: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(&read, &record);
            prop_assert_eq!(read.to_string(), text.clone());
            let streamed: Vec<_> = bagh_core::RecordReader::new(format!("{text}\n{text}").as_bytes()).collect();
            prop_assert_eq!(streamed, vec![Ok(record.clone()), Ok(record)]);
        }
    }
}

/// 100,000 games from a stream that makes them as it is read: the reader
/// never needs the whole text.
#[test]
fn a_hundred_thousand_games_stream_through() {
    use std::io::{BufReader, Read};

    struct Games {
        text: Vec<u8>,
        left: usize,
        at: usize,
    }

    impl Read for Games {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.at == self.text.len() {
                if self.left == 0 {
                    return Ok(0);
                }
                self.left -= 1;
                self.at = 0;
            }
            let n = buf.len().min(self.text.len() - self.at);
            buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    let game = random_game(Position::default(), &mut Rng(1), 30);
    let mut record = Record::new(game);
    record.set_tag("Event", "stream").unwrap();
    record.set_comment(3, "a comment").unwrap();
    let text = format!("{record}\n").into_bytes();
    let lines = text.iter().filter(|&&b| b == b'\n').count();
    let at = text.len();
    let mut reader = bagh_core::RecordReader::new(BufReader::new(Games {
        text,
        left: 100_000,
        at,
    }));
    let mut games = 0;
    for read in reader.by_ref() {
        assert_eq!(read.as_ref(), Ok(&record));
        games += 1;
    }
    assert_eq!(games, 100_000);
    // The blank line after the last game is never needed.
    assert!(reader.lines_read() >= 100_000 * lines - 1);
}
