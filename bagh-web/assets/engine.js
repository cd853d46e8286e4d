// The engine's side of the game: its turns (it moves whenever its side is to
// move), the level and time it is asked to play at, and the settling of a
// move it is thinking about before any other change of the board.

import { $, say, sideName, ui } from './state.js';

// The side the engine plays on the Play tab ('tiger', 'goat' or 'none').
export function engineSide() {
  return ui.mode === 'play' ? $('engine-side').value : 'none';
}

// What the engine is asked to play at: the Engine panel's level and time.
function engineOptions() {
  const level = Number($('engine-level').value);
  const seconds = Number($('engine-time').value);
  return {
    level: Math.min(20, Math.max(1, Math.round(level) || 10)),
    time_ms: Math.min(10000, Math.max(1, Math.round((seconds || 0.5) * 1000))),
  };
}

// Before any other change of the board, a move the engine is thinking
// about is asked for at once (a stop makes it answer with its best so far,
// or give up) and shown, so that the change starts from the back end's
// board.
export async function settleEngine() {
  const pending = ui.engineMove;
  if (!pending) return;
  await ui.backend.stop(ui.game.id).catch(() => {});
  await pending.catch(() => {});
}

// The engine moves whenever it is its side's turn in a game not over:
// after a move, an undo, an import, a new game, a jump in the move list, a
// return from the puzzles, or a change of the side it plays. `update` shows
// the view its move gives.
export async function engineTurn(update) {
  const side = engineSide();
  if (ui.mode !== 'play' || !ui.game || ui.game.outcome || side !== ui.game.side || ui.engineMove) return;
  const options = engineOptions();
  ui.thinking = true;
  say(`The engine (${sideName(side, true).toLowerCase()}, level ${options.level}) is thinking…`);
  const asked = (async () => {
    const view = await ui.backend.engineMove(ui.game.id, options);
    ui.thinking = false;
    await update(view);
  })();
  ui.engineMove = asked;
  try {
    await asked;
  } finally {
    ui.engineMove = null;
    ui.thinking = false;
  }
}
