// The engine's side of the game: its turns (it moves whenever its side is to
// move), the level or perfect play and the time it is asked to play at, and
// the settling of a move it is thinking about before any other change of
// the board.
//
// What the choices mean (docs/engine.md, Levels): levels 1 to 19 search to
// a depth of their own and choose with some noise, so they answer as soon
// as that depth is searched and the time only bounds them; level 20 plays
// its best move after searching for the whole time; perfect play is the
// engine with the back end's tables, offered only when it has some.

import { $, say, sideName, ui } from './state.js';

// The ranges the back ends accept (docs/web.md): a level, and the time in
// seconds (the API takes 1 to 10,000 milliseconds; the page asks tenths).
export const LEVELS = { min: 1, max: 20 };
export const SECONDS = { min: 0.1, max: 10 };

// The side the engine plays on the Play tab ('tiger', 'goat' or 'none').
export function engineSide() {
  return ui.mode === 'play' ? $('engine-side').value : 'none';
}

const perfectChosen = () => !$('engine-perfect-choice').hidden && $('engine-perfect').checked;

// The level typed, or the words that refuse it.
function checkedLevel() {
  const text = $('engine-level').value.trim();
  const level = Number(text);
  if (text === '' || !Number.isInteger(level) || level < LEVELS.min || level > LEVELS.max) {
    return { error: `Level ${text || '(none)'} is not one of the levels: choose a whole number from ${LEVELS.min} to ${LEVELS.max}.` };
  }
  return { level };
}

// The time typed, in milliseconds, or the words that refuse it.
function checkedTime() {
  const text = $('engine-time').value.trim();
  const seconds = Number(text);
  if (text === '' || !Number.isFinite(seconds) || seconds < SECONDS.min || seconds > SECONDS.max) {
    return { error: `Time ${text || '(none)'} s is out of range: choose from ${SECONDS.min} to ${SECONDS.max} seconds.` };
  }
  return { time_ms: Math.round(seconds * 1000) };
}

// What the engine is asked to play at ({perfect, time_ms} or {level,
// time_ms}), or {error} with the words that refuse the Engine panel's
// fields. Each field refused is marked.
function engineOptions() {
  const perfect = perfectChosen();
  const level = perfect ? {} : checkedLevel();
  const time = checkedTime();
  $('engine-level').setAttribute('aria-invalid', String(Boolean(level.error)));
  $('engine-time').setAttribute('aria-invalid', String(Boolean(time.error)));
  const error = level.error || time.error;
  if (error) return { error };
  return perfect ? { perfect: true, time_ms: time.time_ms } : { level: level.level, time_ms: time.time_ms };
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
// return from the puzzles, or a change of the side it plays or how it
// plays. `update` shows the view its move gives. A level or time out of
// range is refused with a message, and nothing is asked.
export async function engineTurn(update) {
  const side = engineSide();
  if (ui.mode !== 'play' || !ui.game || ui.game.outcome || side !== ui.game.side || ui.engineMove) return;
  const options = engineOptions();
  if (options.error) { say(options.error); return; }
  ui.thinking = true;
  const how = options.perfect ? 'perfect play' : `level ${options.level}`;
  say(`The engine (${sideName(side, true).toLowerCase()}, ${how}) is thinking…`);
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

// Why there is no perfect play, for the page to say when asked.
function noPerfect(backend) {
  return backend.name === 'wasm'
    ? 'Perfect play reads the tables, a whole game\'s of which are gigabytes: this page, which runs '
      + 'in the browser alone, has none. Run bagh serve --tables DIR for it.'
    : 'Perfect play reads the tables, and this server has none: start it with bagh serve --tables DIR.';
}

// The Engine panel over the back end's `info`: perfect play offered when
// it has tables (their rule set named), else the reason; a field refused
// says so at once; `turn` lets the engine move after a change of how it
// plays (it moves only on its turn).
export function setupEngine(info, turn) {
  const tables = info.tables;
  $('engine-perfect-choice').hidden = !tables;
  $('engine-perfect-why').hidden = Boolean(tables);
  if (tables) $('engine-perfect-choice').title = `The tables' best move (tables of ${tables})`;
  else $('engine-perfect-reason').textContent = noPerfect(ui.backend);
  const changed = () => {
    $('engine-level').disabled = perfectChosen();
    const options = engineOptions();
    say(options.error || '');
    if (!options.error) turn();
  };
  for (const id of ['engine-level', 'engine-time', 'engine-perfect']) $(id).addEventListener('change', changed);
  $('engine-level').disabled = perfectChosen();
}
