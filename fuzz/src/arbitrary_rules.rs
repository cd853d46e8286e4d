//! Rule sets chosen by the fuzzer: a preset, or any set of fields passed
//! through [`RulesetBuilder`](bagh_core::RulesetBuilder), whose errors
//! simply skip the input.

use arbitrary::{Arbitrary, Unstructured};
use bagh_core::{Point, Repetition, Ruleset, TigerMoves};

/// The fields of a rule set as raw values, so that the builder's checks
/// (tiger count, goats that fit, capture target, draw count) are exercised
/// too.
#[derive(Clone, Debug, Arbitrary)]
pub struct RulesFields {
    /// Tiger start points as a bit set over the 25 points (bit `index`).
    pub tigers: u32,
    /// The goat count.
    pub goats: u8,
    /// Captures that win.
    pub capture_target: u8,
    /// Slide rather than step.
    pub slide: bool,
    /// Captures mandatory.
    pub mandatory_capture: bool,
    /// Blocked goats lose rather than draw.
    pub blocked_side_loses: bool,
    /// 0 forbidden, 1 allowed, otherwise `draw(n)` with this `n`.
    pub repetition: u8,
    /// The no-progress limit.
    pub no_progress_limit: Option<u16>,
}

impl RulesFields {
    /// The rule set, or `None` where the builder refuses the fields.
    pub fn build(&self) -> Option<Ruleset> {
        let tigers = (0..25)
            .filter(|index| self.tigers & (1 << index) != 0)
            .filter_map(Point::from_index);
        let repetition = match self.repetition {
            0 => Repetition::Forbidden,
            1 => Repetition::Allowed,
            n => Repetition::Draw(n),
        };
        Ruleset::builder()
            .tigers(tigers)
            .goats(self.goats)
            .capture_target(self.capture_target)
            .tiger_moves(if self.slide {
                TigerMoves::Slide
            } else {
                TigerMoves::Step
            })
            .mandatory_capture(self.mandatory_capture)
            .blocked_side_loses(self.blocked_side_loses)
            .repetition(repetition)
            .no_progress_limit(self.no_progress_limit)
            .build()
            .ok()
    }
}

/// A preset (by its place in [`Ruleset::presets`]) or fields of a custom
/// rule set.
#[derive(Clone, Debug, Arbitrary)]
pub enum RulesChoice {
    /// The preset at this index, modulo their number.
    Preset(u8),
    /// A rule set built from these fields.
    Custom(RulesFields),
}

impl RulesChoice {
    /// The rule set, or `None` where the fields are refused.
    pub fn rules(&self) -> Option<Ruleset> {
        match self {
            RulesChoice::Preset(index) => {
                let presets: Vec<Ruleset> = Ruleset::presets().map(|(_, rules)| rules).collect();
                Some(presets[usize::from(*index) % presets.len()])
            }
            RulesChoice::Custom(fields) => fields.build(),
        }
    }
}

/// Every preset rule set.
pub fn presets() -> Vec<Ruleset> {
    Ruleset::presets().map(|(_, rules)| rules).collect()
}

/// The inputs of the text targets: the text, then optionally a NUL byte and
/// the bytes from which a custom rule set is drawn. Texts never hold a NUL,
/// so plain text seeds stay plain.
pub fn split_text_and_rules(data: &[u8]) -> (&[u8], Option<Ruleset>) {
    match data.iter().position(|&byte| byte == 0) {
        None => (data, None),
        Some(at) => {
            let mut rest = Unstructured::new(&data[at + 1..]);
            let rules = RulesFields::arbitrary(&mut rest)
                .ok()
                .and_then(|fields| fields.build());
            (&data[..at], rules)
        }
    }
}
