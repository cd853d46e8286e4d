//! With the `serde` feature: a [`Game`] and a [`Record`] serialize as JSON
//! objects of text forms, and deserializing replays and checks the moves.
//!
//! A game:
//!
//! ```json
//! {"rules": "bagh-chal", "start": "T3T/5/5/5/T3T g 20 0", "moves": ["c3", "a1b2"], "result": "*"}
//! ```
//!
//! - `rules`: a preset id or a rule set's text form (`bagh-chal` if absent);
//! - `start`: the start's position string, read against `rules` (the rule
//!   set's own start if absent);
//! - `moves`: the moves in bagh notation, replayed from the start (an
//!   illegal move is an error that names its index);
//! - `result`: `1-0`, `0-1`, `1/2-1/2` or `*`; written always, checked
//!   against the outcome of the moves when given.
//!
//! A record adds its tags (in order, as `[name, value]` pairs, without
//! `Rules`, `Position` and `Result`) and its comments (as `[ply, text]`
//! pairs, ply 0 being before the first move):
//!
//! ```json
//! {"rules": "bagh-chal", "start": "T3T/5/5/5/T3T g 20 0", "moves": ["c3"], "result": "*",
//!  "tags": [["Event", "club night"]], "comments": [[1, "the centre"]]}
//! ```
//!
//! ```
//! use bagh_core::{Game, Move, Record};
//!
//! let mut game = Game::default();
//! game.push("c3".parse::<Move>()?)?;
//! let json = serde_json::to_string(&game)?;
//! assert_eq!(json, r#"{"rules":"bagh-chal","start":"T3T/5/5/5/T3T g 20 0","moves":["c3"],"result":"*"}"#);
//! assert_eq!(serde_json::from_str::<Game>(&json)?, game);
//!
//! let error = serde_json::from_str::<Game>(r#"{"moves": ["c3", "a1a3"]}"#).unwrap_err();
//! assert!(error.to_string().starts_with("moves[1]: illegal move a1a3"), "{error}");
//!
//! let mut record = Record::new(game);
//! record.set_tag("Event", "club night")?;
//! record.set_comment(1, "the centre")?;
//! let json = serde_json::to_string(&record)?;
//! assert!(json.ends_with(r#""tags":[["Event","club night"]],"comments":[[1,"the centre"]]}"#));
//! assert_eq!(serde_json::from_str::<Record>(&json)?, record);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::{Game, Move, Position, Record, Ruleset};

/// The fields of a game, written.
fn serialize_game<S: SerializeStruct>(state: &mut S, game: &Game) -> Result<(), S::Error> {
    state.serialize_field("rules", game.rules())?;
    state.serialize_field("start", &game.start().to_string())?;
    state.serialize_field("moves", game.moves())?;
    let result = game.outcome().map_or("*", |outcome| outcome.result());
    state.serialize_field("result", result)
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Game", 4)?;
        serialize_game(&mut state, self)?;
        state.end()
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Record", 6)?;
        serialize_game(&mut state, self.game())?;
        state.serialize_field("tags", self.tags())?;
        let comments: Vec<(usize, &str)> = self.comments().collect();
        state.serialize_field("comments", &comments)?;
        state.end()
    }
}

/// The game from its fields: the start read against the rules, the moves
/// replayed, the result checked.
fn build_game<E: de::Error>(
    rules: Ruleset,
    start: Option<String>,
    moves: Vec<Move>,
    result: Option<String>,
) -> Result<Game, E> {
    let start = match start {
        None => Position::new(rules),
        Some(text) => {
            Position::from_text(&text, rules).map_err(|e| E::custom(format_args!("start: {e}")))?
        }
    };
    let mut game = Game::from_position(start);
    for (index, mv) in moves.into_iter().enumerate() {
        game.push(mv)
            .map_err(|e| E::custom(format_args!("moves[{index}]: {e}")))?;
    }
    if let Some(result) = result {
        let actual = game.outcome().map_or("*", |outcome| outcome.result());
        if result != actual {
            return Err(E::custom(format_args!(
                "result: {result:?} is not the outcome of the moves, {actual:?}"
            )));
        }
    }
    Ok(game)
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Fields {
            #[serde(default)]
            rules: Ruleset,
            start: Option<String>,
            #[serde(default)]
            moves: Vec<Move>,
            result: Option<String>,
        }
        let fields = Fields::deserialize(deserializer)?;
        build_game(fields.rules, fields.start, fields.moves, fields.result)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Record, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Fields {
            #[serde(default)]
            rules: Ruleset,
            start: Option<String>,
            #[serde(default)]
            moves: Vec<Move>,
            result: Option<String>,
            #[serde(default)]
            tags: Vec<(String, String)>,
            #[serde(default)]
            comments: Vec<(usize, String)>,
        }
        let fields = Fields::deserialize(deserializer)?;
        let game = build_game(fields.rules, fields.start, fields.moves, fields.result)?;
        let mut record = Record::new(game);
        for (index, (name, value)) in fields.tags.iter().enumerate() {
            if record.tag(name).is_some() {
                return Err(de::Error::custom(format_args!(
                    "tags[{index}]: the tag {name} is given twice"
                )));
            }
            if let Err(error) = record.set_tag(name, value) {
                return Err(de::Error::custom(format_args!("tags[{index}]: {error}")));
            }
        }
        for (index, (ply, text)) in fields.comments.iter().enumerate() {
            if record.comment(*ply).is_some() || text.is_empty() {
                return Err(de::Error::custom(format_args!(
                    "comments[{index}]: an empty comment or a second comment after ply {ply}"
                )));
            }
            if let Err(error) = record.set_comment(*ply, text) {
                return Err(de::Error::custom(format_args!(
                    "comments[{index}]: {error}"
                )));
            }
        }
        Ok(record)
    }
}
