//! With the `serde` feature: points, moves and rule sets serialize as their
//! text forms; a position as `{"rules": ..., "position": ...}`, since its
//! string alone is read against a rule set; a point set as the list of its
//! point names in board order, and a side as `goat` or `tiger` (for
//! [`Setup`](crate::Setup), which serializes through its fields).

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use crate::{Move, Point, PointSet, Position, Ruleset, Side};

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

impl Serialize for PointSet {
    /// The point names in board order (`a1`, `b1`, ..., `e5`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for point in self.iter() {
            seq.serialize_element(&point)?;
        }
        seq.end()
    }
}

struct PointSetVisitor;

impl<'de> de::Visitor<'de> for PointSetVisitor {
    type Value = PointSet;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of distinct point names")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<PointSet, A::Error> {
        let mut points = Vec::new();
        while let Some(point) = seq.next_element::<Point>()? {
            points.push(point);
            if points.len() > 25 {
                // Some point is repeated among 26: stop reading a long list.
                break;
            }
        }
        PointSet::from_distinct(points)
            .map_err(|error| de::Error::custom(format_args!("point {error}")))
    }
}

impl<'de> Deserialize<'de> for PointSet {
    /// A list of distinct point names, in any order.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PointSet, D::Error> {
        deserializer.deserialize_seq(PointSetVisitor)
    }
}

impl Serialize for Side {
    /// `goat` or `tiger`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Side {
    /// `goat` or `tiger`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Side, D::Error> {
        struct SideVisitor;

        impl de::Visitor<'_> for SideVisitor {
            type Value = Side;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("goat or tiger")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Side, E> {
                match v {
                    "goat" => Ok(Side::Goat),
                    "tiger" => Ok(Side::Tiger),
                    _ => Err(E::unknown_variant(v, &["goat", "tiger"])),
                }
            }
        }

        deserializer.deserialize_str(SideVisitor)
    }
}
