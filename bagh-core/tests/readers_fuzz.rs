//! Every reader of text, fed arbitrary and mutated input: a record, a stream
//! of records, the `baghchal` package's game text and position string, and
//! (with `serde`) JSON. None may panic; each answers a value or its typed
//! error, and what reads writes back to the same value.

use bagh_core::interop::baghchal;
use bagh_core::{Game, Position, Record, RecordReader, Ruleset};
use proptest::prelude::*;

mod common;
use common::games;
use common::proptest_cases::config;
use common::reference::SplitMix64;

/// A random game of `rules` from `seed`, at most `plies` long.
fn random_game(rules: Ruleset, seed: u64, plies: usize) -> Game {
    games::random_game(Position::new(rules), &mut SplitMix64(seed), plies)
}

/// A record of a random game with a tag and comments.
fn record_text(seed: u64, plies: usize) -> String {
    let rules: Vec<Ruleset> = Ruleset::presets().map(|(_, rules)| rules).collect();
    let game = random_game(rules[seed as usize % rules.len()], seed, plies);
    let len = game.len();
    let mut record = Record::new(game);
    record
        .set_tag("Event", "fuzz \"quoted\"")
        .expect("a valid tag or comment");
    record
        .set_comment(0, "start")
        .expect("a valid tag or comment");
    record
        .set_comment(len / 2, "middle\nof two lines")
        .expect("a valid tag or comment");
    record.to_string()
}

/// An edit of a text: at a fraction of its length, delete some characters,
/// insert a piece, or duplicate a slice.
#[derive(Clone, Debug)]
enum Edit {
    Delete(f64, usize),
    Insert(f64, String),
    Duplicate(f64, usize),
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "[",
            "]",
            "\"",
            "{",
            "}",
            "x",
            "#",
            ".",
            "...",
            "1.",
            "12.",
            "*",
            "1-0",
            "0-1",
            "1/2-1/2",
            "\n",
            " ",
            "c3",
            "a1a2",
            "a1xa3",
            "G33",
            "B1112",
            "Bx1113",
            "B",
            "G",
            "T",
            "/",
            "é",
            "\u{0}",
            "[Rules \"two-tigers\"]\n",
            "{\n[",
            "\\",
        ])
        .prop_map(str::to_string),
        "[ -~]{0,4}",
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0.0..1.0f64, 1..6usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (0.0..1.0f64, piece()).prop_map(|(at, text)| Edit::Insert(at, text)),
        (0.0..1.0f64, 1..20usize).prop_map(|(at, n)| Edit::Duplicate(at, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |fraction: f64, len: usize| ((fraction * len as f64) as usize).min(len);
        match edit {
            Edit::Delete(f, n) => {
                let start = at(*f, chars.len());
                let end = (start + n).min(chars.len());
                chars.drain(start..end);
            }
            Edit::Insert(f, piece) => {
                let start = at(*f, chars.len());
                chars.splice(start..start, piece.chars());
            }
            Edit::Duplicate(f, n) => {
                let start = at(*f, chars.len());
                let end = (start + n).min(chars.len());
                let slice: Vec<char> = chars[start..end].to_vec();
                chars.splice(end..end, slice);
            }
        }
    }
    chars.into_iter().collect()
}

/// Every reader over `text`; what reads must write back to itself.
fn read_everything(text: &str) {
    if let Ok(record) = text.parse::<Record>() {
        let again: Record = record.to_string().parse().expect("a written record reads");
        assert_eq!(again, record);
    }
    for record in RecordReader::new(text.as_bytes()).take(1_000) {
        if let Err(error) = record {
            assert!(error.line() >= 1 && error.column() >= 1);
        }
    }
    if let Ok(game) = baghchal::read_game(text, baghchal::rules()) {
        let written = baghchal::write_game(&game).expect("a read game writes");
        assert_eq!(baghchal::read_game(&written, baghchal::rules()), Ok(game));
    }
    if let Ok(read) = baghchal::read_position(text, baghchal::rules()) {
        let written = baghchal::write_position(&read.position, Some(read.goat_plies));
        assert_eq!(
            baghchal::read_position(&written, baghchal::rules()),
            Ok(read)
        );
    }
    #[cfg(feature = "serde")]
    {
        if let Ok(game) = serde_json::from_str::<Game>(text) {
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
        }
        if let Ok(record) = serde_json::from_str::<Record>(text) {
            let json = serde_json::to_string(&record).unwrap();
            assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
        }
        let _ = serde_json::from_str::<bagh_core::Position>(text);
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_text(pieces in prop::collection::vec(piece(), 0..40)) {
        read_everything(&pieces.concat());
    }

    #[test]
    fn mutated_records(seed in any::<u64>(), plies in 0..120usize,
                       edits in prop::collection::vec(edit(), 1..6)) {
        let text = record_text(seed, plies);
        read_everything(&apply(&text, &edits));
        // Two games in a stream, the first one broken: the second still reads.
        let stream = format!("{}\n{}", apply(&text, &edits), text);
        let last = RecordReader::new(stream.as_bytes()).last().unwrap();
        if let Err(error) = &last {
            // Only when the edits swallow the boundary (an open comment or tag).
            prop_assert!(error.line() >= 1);
        }
    }

    #[test]
    fn mutated_baghchal_texts(seed in any::<u64>(), plies in 0..120usize,
                              edits in prop::collection::vec(edit(), 1..6)) {
        let game = random_game(baghchal::rules(), seed, plies);
        let text = baghchal::write_game(&game).unwrap();
        read_everything(&apply(&text, &edits));
        let position = baghchal::write_position(game.position(), None);
        read_everything(&apply(&position, &edits));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn mutated_json(seed in any::<u64>(), plies in 0..80usize,
                    edits in prop::collection::vec(edit(), 1..6)) {
        let text = record_text(seed, plies);
        let record: Record = text.parse().unwrap();
        let json = serde_json::to_string(&record).unwrap();
        read_everything(&apply(&json, &edits));
        let json = serde_json::to_string(record.game()).unwrap();
        read_everything(&apply(&json, &edits));
    }
}
