//! `bagh_tablebase_probe_game`: the value of a game with its history,
//! where a search of the game itself proves it (`Tablebase::probe_game`).

use crate::bagh_result;
use crate::failure::guard;
use crate::game::bagh_game;
use crate::pointers::{borrow, Out};
use crate::tablebase::{bagh_probe, bagh_tablebase};

/// What `bagh_tablebase_probe_game` answers.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct bagh_game_probe {
    /// The tables' probe of the game's position, as if it were new.
    pub tables: bagh_probe,
    /// Whether `proven` holds the value with the game's history (false: the
    /// search ran out of nodes, and only the tables' value is known).
    pub has_proven: bool,
    /// The value for the side to move with the history, where proven
    /// (`tables.value` otherwise).
    pub proven: crate::tablebase::bagh_value,
    /// Positions the search visited.
    pub nodes: u64,
}

/// The value of `game` for its side to move with its history: a search of
/// the game itself, bans included, for at most `max_nodes` positions,
/// trusting the tables only where the history cannot change them. The
/// tables value a position as if it were new, which the `forbidden`
/// repetition policy can make wrong.
///
/// # Safety
///
/// `tablebase` and `game` are live handles; `probe_out` points to a
/// `bagh_game_probe`.
#[no_mangle]
pub unsafe extern "C" fn bagh_tablebase_probe_game(
    tablebase: *const bagh_tablebase,
    game: *const bagh_game,
    max_nodes: u64,
    probe_out: *mut bagh_game_probe,
) -> bagh_result {
    guard(|| {
        let out = Out::new(probe_out, "probe_out")?;
        let tables = unsafe { borrow(tablebase, "tablebase")? };
        let game = unsafe { borrow(game, "game")? };
        let answer = tables.0.probe_game_with(&game.0, max_nodes)?;
        let plain = bagh_probe::from(answer.tables);
        let proven = answer.proven.map(crate::tablebase::bagh_value::from);
        unsafe {
            out.write(bagh_game_probe {
                tables: plain,
                has_proven: proven.is_some(),
                proven: proven.unwrap_or(plain.value),
                nodes: answer.nodes,
            })
        };
        Ok(())
    })
}
