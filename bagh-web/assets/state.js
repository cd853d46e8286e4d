// The page's state, shared by the board, the game and the trainer, and the
// few helpers they all use. The back end (backend.js) is set once at start.

export const ui = {
  backend: null,     // the back end: the server's API or WebAssembly
  game: null,        // the back end's view of the game
  selected: null,    // the point of the piece chosen to move
  flipped: false,
  truth: null,       // the tables' answer for the current position
  analysis: null,    // the handle of a running analysis
  mode: 'play',      // 'play' or 'train'
  puzzles: [],
  presets: [],       // the presets: id and text form
  puzzle: 0,
  solved: false,
  hint: null,        // the trainer's hint, {point, position}: board.js rings it there
  thinking: false,
  engineMove: null,  // the engine's move being asked for: a promise
  playRecord: null,  // the game of the Play tab while the Puzzles tab is open
  future: [],        // the moves that can be redone, for the move list
};

export const $ = (id) => document.getElementById(id);

// Messages (a refusal, an error, the engine thinking) have a line of their
// own at the foot of the status panel: the panel's turn, phase, goats in
// hand and captures are never written over. A new position clears it.
export function say(text) { $('message').textContent = text; }

export async function run(work) {
  try { await work(); } catch (error) { say(error.message); }
}

export function sideName(side, plural) {
  return side === 'goat' ? (plural ? 'Goats' : 'goat') : (plural ? 'Tigers' : 'tiger');
}
