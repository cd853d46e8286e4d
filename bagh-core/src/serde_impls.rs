//! With the `serde` feature: points, moves and rule sets serialize as their
//! text forms; a position as `{"rules": ..., "position": ...}`, since its
//! string alone is read against a rule set.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::{Move, Point, Position, Ruleset};

struct TextVisitor<T>(std::marker::PhantomData<T>);

impl<T: FromStr> de::Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string in bagh notation")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! serde_as_text {
    ($($type:ty),*) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                deserializer.deserialize_str(TextVisitor(std::marker::PhantomData))
            }
        }
    )*};
}

serde_as_text!(Point, Move, Ruleset);

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Position", 2)?;
        state.serialize_field("rules", self.rules())?;
        state.serialize_field("position", &self.to_string())?;
        state.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Fields {
            #[serde(default)]
            rules: Ruleset,
            position: String,
        }
        let fields = Fields::deserialize(deserializer)?;
        Position::from_text(&fields.position, fields.rules).map_err(de::Error::custom)
    }
}
