// The Analysis and Tables panels: the engine's lines for the position on the
// board, the value of the position (a bar and words), and the tables' value
// of the position and of each legal move.
//
// Everything here is for one position: game.js's update() calls
// clearAnalysis() whenever the board changes. Scores are the back end's
// display (`+0.30`, `goats win in 12 plies`, `draw`, from the goats' side)
// and the bar its `expected` (the goats' expected result in [-1, 1]); where
// the tables are open their value comes first, and the engine's beside it
// is marked as its estimate when it says something else.

import { $, say, ui } from './state.js';
import { setOverlay } from './board.js';

// The running analysis's lines by their number (MultiPV), its end, and the
// line previewed on the board (its number), if any.
let shown = new Map();
let finished = null;
let previewed = null;
let serial = 0;  // the current analysis: events of an older one are dropped

export function stopAnalysis() {
  const running = ui.analysis;
  ui.analysis = null;
  serial += 1;
  if (running) running.then((handle) => handle.close()).catch(() => {});
}

// Clears everything the analysis shows (the lines, the arrows, a preview,
// the value) and stops its search: the position changed.
export function clearAnalysis() {
  stopAnalysis();
  shown = new Map();
  finished = null;
  previewed = null;
  $('lines').replaceChildren();
  setOverlay('analysis', null);
  // The value goes too: the tables' is shown again once they answer for
  // the new position (showTruth).
  if ($('eval')) $('eval').hidden = true;
}

// The side that plays the `i`-th move of a line from the position on the
// board (the sides alternate).
function moverOf(i) {
  if (i % 2 === 0) return ui.game.side;
  return ui.game.side === 'goat' ? 'tiger' : 'goat';
}

// A line in the notation with the move list's numbers: one per goats' move,
// "12. c3 a1a2", or "12… a1a2 13. b3" when the tigers move first.
function numbered(pv) {
  const game = ui.game;
  // The side that made the game's first move, and so its numbering.
  const odd = game.moves.length % 2 === 1;
  const opener = odd ? (game.side === 'goat' ? 'tiger' : 'goat') : game.side;
  const offset = opener === 'tiger' ? 1 : 0;
  const words = [];
  pv.forEach((move, i) => {
    const ply = game.moves.length + i;  // plies before this move
    const number = Math.floor((ply + offset) / 2) + 1;
    if (moverOf(i) === 'goat') words.push(`${number}.`);
    else if (i === 0) words.push(`${number}…`);
    words.push(move);
  });
  return words.join(' ');
}

// The arrows on the board: the previewed line's first moves, numbered, or
// else the engine's best move.
function showArrows() {
  const line = previewed != null ? shown.get(previewed) : null;
  if (line) {
    setOverlay('analysis', line.pv.slice(0, 4).map((move, i) => ({
      move, kind: `preview by-${moverOf(i)}`, label: String(i + 1),
    })));
    return;
  }
  const best = bestMove();
  const refuted = best && tablesVerdict(best)?.worse;
  setOverlay('analysis', best ? [{ move: best, kind: 'best' + (refuted ? ' refuted' : '') }] : null);
}

function bestMove() {
  return shown.get(1)?.pv[0] || finished?.best || null;
}

// What the tables say of `move` for its player, where they answer, and
// whether that is worse than the position's value: the engine's choice
// then gives away what the tables keep, and the page says so rather than
// recommend it.
function tablesVerdict(move) {
  const truth = ui.truth;
  if (!truth || !truth.available || !truth.position) return null;
  const entry = truth.moves.find((t) => t.move === move);
  if (!entry) return null;
  const rank = { loss: 0, draw: 1, win: 2 };
  return { value: entry.value, worse: rank[entry.value] < rank[truth.position.value] };
}

function preview(multipv) {
  previewed = previewed === multipv ? null : multipv;
  for (const item of $('lines').children) {
    item.classList.toggle('previewed', Number(item.dataset.multipv) === previewed);
  }
  showArrows();
}

// A click anywhere but on a line ends the preview.
document.addEventListener('click', (event) => {
  if (previewed == null || event.target.closest('#lines li')) return;
  preview(previewed);
});

function span(text, className) {
  const node = document.createElement('span');
  node.className = className;
  node.textContent = text;
  return node;
}

function showLines() {
  const lines = $('lines');
  lines.replaceChildren();
  for (const [multipv, line] of [...shown].sort((a, b) => a[0] - b[0])) {
    const item = document.createElement('li');
    item.dataset.multipv = String(multipv);
    item.dataset.moves = line.pv.join(' ');
    item.tabIndex = 0;
    item.title = 'Show its first moves on the board';
    if (multipv === previewed) item.classList.add('previewed');
    item.append(span(line.score, 'line-score'), ' ', span(numbered(line.pv), 'line-moves'),
      ' ', span(`depth ${line.depth}`, 'line-depth'));
    item.addEventListener('click', () => preview(multipv));
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); preview(multipv); }
    });
    lines.appendChild(item);
  }
}

// The value of the position: the tables' where they are open, else the
// engine's best line; the engine's beside the tables', as its estimate
// when it differs.
function showValue() {
  const box = $('eval');
  if (!box) return;
  const words = $('eval-words');
  const truth = ui.truth && ui.truth.available && ui.truth.score ? ui.truth : null;
  const engine = shown.get(1) || (finished && { ...finished, pv: finished.pv || [] });
  words.replaceChildren();
  if (!truth && !engine) { box.hidden = true; return; }
  box.hidden = false;
  if (truth) {
    words.append(span(`${truth.score} (tables)`, 'tables-value'));
  }
  if (engine) {
    if (truth) words.append(' · ');
    // The engine's figure contradicts the tables unless it gives the same
    // result: the same expected result, and where the tables say draw, the
    // same words (a heuristic 0.00 is no proven draw).
    const estimate = truth && (engine.expected !== truth.expected ||
      (truth.expected === 0 && engine.score !== truth.score));
    const engineWords = `engine: ${engine.score}` + (estimate ? ' (its estimate)' : '');
    words.append(span(engineWords, 'engine-value' + (estimate ? ' estimate' : '')));
    if (engine.depth) words.append(span(` at depth ${engine.depth}`, 'engine-depth'));
    const best = bestMove();
    if (best) {
      const verdict = tablesVerdict(best);
      if (verdict && verdict.worse) {
        words.append(span(`, best ${best}, a ${verdict.value} by the tables`, 'engine-best refuted'));
      } else {
        words.append(span(`, best ${best}`, 'engine-best'));
      }
    }
  }
  // The bar: the goats' share, white, against the tigers', orange.
  const expected = truth ? truth.expected : engine.expected;
  const bar = $('eval-bar');
  if (typeof expected === 'number') {
    const goats = Math.round((expected + 1) * 50);
    $('eval-goats').style.width = `${goats}%`;
    bar.dataset.expected = String(expected);
    bar.setAttribute('aria-label', `The goats' share of the result: ${goats}%`);
    bar.hidden = false;
  } else {
    bar.hidden = true;
  }
}

export function analyse() {
  clearAnalysis();
  if (ui.game.outcome) { say('The game is over: nothing to analyse.'); return; }
  const multipv = Math.min(8, Math.max(1, Number($('multipv').value) || 3));
  const mine = serial;
  const current = () => mine === serial;
  let handle = null;
  const finish = () => { if (ui.analysis === handle) ui.analysis = null; };
  handle = ui.backend.analyse(ui.game.id, { multipv, time_ms: 20000 }, {
    line(line) {
      if (!current()) return;
      shown.set(line.multipv, line);
      showLines();
      showArrows();
      showValue();
    },
    done(done) {
      if (!current()) return;
      finished = done;
      say(`Analysis done at depth ${done.depth}.`);
      showArrows();
      showValue();
      finish();
    },
    error(message) {
      if (!current()) return;
      if (message) say(message);
      finish();
    },
  });
  ui.analysis = handle;
  handle.catch((error) => { if (current()) say(error.message); finish(); });
}

export function showTruth() {
  const out = $('truth');
  const list = $('move-truth');
  list.replaceChildren();
  showValue();
  showArrows();
  const truth = ui.truth;
  if (!truth) { out.textContent = 'Asking the tables…'; return; }
  if (!truth.available) { out.textContent = truth.reason; return; }
  const p = truth.position;
  out.replaceChildren();
  const value = document.createElement('span');
  value.className = p.value;
  value.textContent = truth.score;
  out.append('The tables: ', value);
  const order = { win: 0, draw: 1, loss: 2 };
  const moves = truth.moves.slice().sort((a, b) => order[a.value] - order[b.value] ||
    (a.value === 'win' ? (a.distance ?? 0) - (b.distance ?? 0) : (b.distance ?? 0) - (a.distance ?? 0)));
  for (const entry of moves) {
    const item = document.createElement('li');
    item.className = entry.value;
    item.dataset.move = entry.move;
    item.textContent = `${entry.move}  ${entry.value}` + (entry.distance != null ? ` ${entry.distance}` : '');
    list.appendChild(item);
  }
}
