//! The typed errors of the Rust crates as failures: each maps to one
//! result code and keeps its `Display` text as the message.

use bagh_core::{
    IllegalMoveError, IllegalMoveReason, ParseError, RecordError, RulesetError, TextKind,
};
use bagh_engine::EngineError;
use bagh_tablebase::TablebaseError;

use crate::bagh_result;
use crate::failure::Failure;

impl From<ParseError> for Failure {
    fn from(error: ParseError) -> Failure {
        let code = match error.what() {
            TextKind::Position => bagh_result::BAGH_INVALID_POSITION,
            TextKind::Ruleset => bagh_result::BAGH_INVALID_RULES,
            _ => bagh_result::BAGH_INVALID_MOVE,
        };
        Failure::new(code, error.to_string())
    }
}

impl From<IllegalMoveError> for Failure {
    fn from(error: IllegalMoveError) -> Failure {
        let code = match error.reason() {
            IllegalMoveReason::GameOver => bagh_result::BAGH_GAME_OVER,
            _ => bagh_result::BAGH_ILLEGAL_MOVE,
        };
        Failure::new(code, error.to_string())
    }
}

impl From<RulesetError> for Failure {
    fn from(error: RulesetError) -> Failure {
        Failure::new(bagh_result::BAGH_INVALID_RULES, error.to_string())
    }
}

impl From<RecordError> for Failure {
    fn from(error: RecordError) -> Failure {
        Failure::new(bagh_result::BAGH_INVALID_RECORD, error.to_string())
    }
}

impl From<TablebaseError> for Failure {
    fn from(error: TablebaseError) -> Failure {
        let code = match error {
            TablebaseError::Io { .. } => bagh_result::BAGH_IO_ERROR,
            _ => bagh_result::BAGH_TABLEBASE_ERROR,
        };
        Failure::new(code, error.to_string())
    }
}

impl From<EngineError> for Failure {
    fn from(error: EngineError) -> Failure {
        Failure::new(bagh_result::BAGH_ENGINE_ERROR, error.to_string())
    }
}
