// The Analysis and Tables panels: the engine's lines for the position on the
// board, and the tables' value of the position and of each legal move.

import { $, say, sideName, ui } from './state.js';

export function stopAnalysis() {
  const running = ui.analysis;
  ui.analysis = null;
  if (running) running.then((handle) => handle.close()).catch(() => {});
}

export function analyse() {
  stopAnalysis();
  if (ui.game.outcome) { say('The game is over: nothing to analyse.'); return; }
  const multipv = Math.min(8, Math.max(1, Number($('multipv').value) || 3));
  const lines = $('lines');
  lines.replaceChildren();
  const shown = new Map();
  let handle = null;
  const finish = () => { if (ui.analysis === handle) ui.analysis = null; };
  handle = ui.backend.analyse(ui.game.id, { multipv, time_ms: 20000 }, {
    line(line) {
      shown.set(line.multipv, line);
      lines.replaceChildren();
      for (const [, entry] of [...shown].sort((a, b) => a[0] - b[0])) {
        const item = document.createElement('li');
        item.textContent = `depth ${entry.depth}  ${entry.score}  ${entry.pv.join(' ')}`;
        lines.appendChild(item);
      }
    },
    done(done) {
      say(`Analysis done: best ${done.best} (${done.score}, depth ${done.depth}).`);
      finish();
    },
    error(message) {
      if (message) say(message);
      finish();
    },
  });
  ui.analysis = handle;
  handle.catch((error) => { say(error.message); finish(); });
}


export function showTruth() {
  const out = $('truth');
  const list = $('move-truth');
  list.replaceChildren();
  const truth = ui.truth;
  if (!truth) { out.textContent = 'Asking the tables…'; return; }
  if (!truth.available) { out.textContent = truth.reason; return; }
  const p = truth.position;
  out.innerHTML = '';
  const value = document.createElement('span');
  value.className = p.value;
  value.textContent = `${sideName(ui.game.side, true)} to move: ${p.value}` +
    (p.distance != null ? ` in ${p.distance} plies` : '');
  out.appendChild(value);
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

