//! JSON (the `serde` feature) for every value that has it: points, moves,
//! rule sets, positions, setups, games and records.

use std::fmt::Debug;

use bagh_core::{Game, Move, Point, PointSet, Position, Record, Ruleset, Setup, Side};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Reads the bytes as JSON of every type; each value read writes to JSON
/// that reads to the same value, and that JSON is a fixed point.
pub fn run(data: &[u8]) {
    round_trip::<Point>(data);
    round_trip::<Move>(data);
    round_trip::<Ruleset>(data);
    round_trip::<Position>(data);
    round_trip::<Setup>(data);
    round_trip::<PointSet>(data);
    round_trip::<Side>(data);
    round_trip::<Game>(data);
    round_trip::<Record>(data);
}

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<T>(data) else {
        return;
    };
    let json = serde_json::to_string(&value)
        .unwrap_or_else(|error| panic!("{value:?} does not serialize: {error}"));
    let again: T = serde_json::from_str(&json)
        .unwrap_or_else(|error| panic!("{json} does not read back: {error}"));
    assert_eq!(again, value, "{json} reads to another value");
    assert_eq!(serde_json::to_string(&again).ok(), Some(json));
}
