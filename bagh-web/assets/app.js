// The board of `bagh serve`: plain JavaScript over the JSON API of docs/web.md.

const SVG = 'http://www.w3.org/2000/svg';
const FILES = 'abcde';
const CUSTOM = 'custom';  // the rule-set choice that takes the typed text form
const $ = (id) => document.getElementById(id);

const ui = {
  game: null,        // the server's view of the game
  selected: null,    // the point of the piece chosen to move
  flipped: false,
  truth: null,       // the tables' answer for the current position
  analysis: null,    // the EventSource of a running analysis
  mode: 'play',      // 'play' or 'train'
  puzzles: [],
  presets: [],       // the server's presets: id and text form
  puzzle: 0,
  solved: false,
  thinking: false,
  engineMove: null,  // the engine's move being asked for: a promise
  playRecord: null,  // the game of the Play tab while the Puzzles tab is open
};

// ---- the API ----

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// Messages (a refusal, an error, the engine thinking) have a line of their
// own: the status line keeps the side to move, the goats in hand and the
// captures. A new position clears the message.
function say(text) { $('message').textContent = text; }

async function run(work) {
  try { await work(); } catch (error) { say(error.message); }
}

// ---- the board ----

function pointXY(point) {
  let file = FILES.indexOf(point[0]);
  let rank = Number(point[1]) - 1;
  if (ui.flipped) { file = 4 - file; rank = 4 - rank; }
  return [60 + file * 120, 60 + (4 - rank) * 120];
}

function allPoints() {
  const points = [];
  for (let rank = 1; rank <= 5; rank++) for (const file of FILES) points.push(file + rank);
  return points;
}

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function drawLines(svg) {
  const segment = (a, b) => {
    const [x1, y1] = pointXY(a);
    const [x2, y2] = pointXY(b);
    element('line', { x1, y1, x2, y2 }, svg);
  };
  for (let i = 1; i <= 5; i++) {
    segment('a' + i, 'e' + i);
    segment(FILES[i - 1] + '1', FILES[i - 1] + '5');
  }
  // The diagonals of the board: the long ones and the diamond.
  segment('a1', 'e5'); segment('a5', 'e1');
  segment('a3', 'c5'); segment('c5', 'e3'); segment('e3', 'c1'); segment('c1', 'a3');
}

// Moves that start at `point` (steps and captures), or place on it.
function movesFrom(point) {
  return ui.game.legal.filter((m) => m.length > 2 && m.slice(0, 2) === point);
}
function placementOn(point) {
  return ui.game.legal.find((m) => m === point);
}
function moveTo(from, to) {
  return ui.game.legal.find((m) => m.length > 2 && m.slice(0, 2) === from && m.slice(-2) === to);
}

function truthOf(move) {
  const entry = ui.truth && ui.truth.available && ui.truth.moves.find((t) => t.move === move);
  return entry ? entry.value : null;
}

function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  drawLines(svg);
  const game = ui.game;
  if (!game) return;
  for (const point of allPoints()) {
    const [x, y] = pointXY(point);
    element('circle', { cx: x, cy: y, r: 7, class: 'mark' }, svg);
    const rankLabel = ui.flipped ? point[0] === 'e' : point[0] === 'a';
    if (rankLabel) element('text', { x: 8, y: y + 5 }, svg).textContent = point[1];
    const fileLabel = ui.flipped ? point[1] === '5' : point[1] === '1';
    if (fileLabel) element('text', { x: x - 5, y: 594 }, svg).textContent = point[0];
  }
  const last = game.moves.length ? game.moves[game.moves.length - 1] : null;
  if (last) {
    for (const point of [last.slice(0, 2), last.slice(-2)]) {
      const [x, y] = pointXY(point);
      element('circle', { cx: x, cy: y, r: 44, class: 'last' }, svg);
    }
  }
  // Targets: where the selected piece can go, or where a goat can be placed.
  const targets = new Map();
  if (ui.selected) {
    for (const move of movesFrom(ui.selected)) targets.set(move.slice(-2), move);
  } else if (game.side === 'goat' && game.in_hand > 0) {
    for (const move of game.legal) targets.set(move, move);
  }
  for (const [point, move] of targets) {
    const [x, y] = pointXY(point);
    const value = truthOf(move);
    element('circle', { cx: x, cy: y, r: 18, class: 'target' + (value ? ' ' + value : '') }, svg);
  }
  for (const [point, piece] of Object.entries(game.pieces)) {
    const [x, y] = pointXY(point);
    const shape = piece === 'tiger'
      ? element('rect', { x: x - 30, y: y - 30, width: 60, height: 60, rx: 14, class: 'tiger' }, svg)
      : element('circle', { cx: x, cy: y, r: 28, class: 'goat' }, svg);
    shape.setAttribute('data-piece', piece);
  }
  if (ui.selected) {
    const [x, y] = pointXY(ui.selected);
    element('circle', { cx: x, cy: y, r: 40, class: 'selected' }, svg);
  }
  for (const point of allPoints()) {
    const [x, y] = pointXY(point);
    const spot = element('circle', { cx: x, cy: y, r: 56, class: 'spot', 'data-point': point }, svg);
    const piece = game.pieces[point];
    if (piece) spot.setAttribute('data-piece', piece);
    spot.addEventListener('click', () => clickPoint(point));
  }
}

function sideName(side, plural) {
  return side === 'goat' ? (plural ? 'Goats' : 'goat') : (plural ? 'Tigers' : 'tiger');
}

function showStatus() {
  const game = ui.game;
  const banner = $('banner');
  if (game.outcome) {
    const who = game.outcome.winner ? sideName(game.outcome.winner, true) + ' win' : 'Draw';
    banner.textContent = `${who} (${game.outcome.result}): ${game.outcome.reason}`;
    banner.hidden = false;
    $('status').textContent = `Game over: ${who}.`;
  } else {
    banner.hidden = true;
    $('status').textContent = `${sideName(game.side, true)} to move · ${game.in_hand} in hand · ` +
        `${game.captured} of ${game.capture_target} captured`;
  }
}

function showMoves() {
  const list = $('move-list');
  list.replaceChildren();
  const line = ui.game.moves.concat(ui.future || []);
  line.forEach((move, i) => {
    const item = document.createElement('li');
    item.textContent = move;
    item.dataset.ply = String(i + 1);
    if (i + 1 === ui.game.moves.length) item.classList.add('current');
    if (i >= ui.game.moves.length) item.classList.add('future');
    item.addEventListener('click', () => run(() => goto(i + 1)));
    list.appendChild(item);
  });
}

function showTruth() {
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

function render() {
  drawBoard();
  showStatus();
  showMoves();
  if (ui.mode === 'play') showTruth();
  $('position-text').value = ui.game.position;
  $('undo').disabled = ui.game.moves.length === 0;
  $('redo').disabled = ui.game.redo === 0;
}

async function update(view) {
  const before = ui.game;
  ui.game = view;
  ui.selected = null;
  say('');
  if (!before || before.rules !== view.rules) showRules(view.rules);
  // Keep the line ahead for the move list: the redo stack's moves.
  if (!before || view.redo === 0) ui.future = [];
  else {
    const line = before.moves.concat(ui.future || []);
    ui.future = line.slice(view.moves.length, view.moves.length + view.redo);
  }
  ui.truth = null;
  render();
  if (ui.mode === 'play') {
    const id = view.id;
    const truth = await api('GET', `/api/games/${id}/truth`).catch((e) => ({ available: false, reason: e.message }));
    if (ui.game && ui.game.id === id && ui.game.position === view.position) {
      ui.truth = truth;
      drawBoard();
      showTruth();
    }
  }
}

// ---- moves ----

function clickPoint(point) {
  if (!ui.game || ui.thinking) return;
  if (ui.game.outcome) { say('The game is over: undo, or start a new game.'); return; }
  const piece = ui.game.pieces[point];
  const side = ui.game.side;
  if (side === 'goat' && ui.game.in_hand > 0) {
    if (piece) { say(`${point} is occupied: place the goat on an empty point.`); return; }
    const move = placementOn(point);
    if (move) run(() => playMove(move));
    else say(`${point}: no goat can be placed there.`);
    return;
  }
  if (ui.selected) {
    const move = moveTo(ui.selected, point);
    if (move) { run(() => playMove(move)); return; }
  }
  if (piece === side && movesFrom(point).length) {
    ui.selected = ui.selected === point ? null : point;
    drawBoard();
    return;
  }
  if (piece === side) say(`The ${sideName(side)} on ${point} cannot move.`);
  else if (piece) say(`${point} holds a ${piece}: it is the ${sideName(side, false)}s' turn.`);
  else say(`Choose a ${sideName(side)} to move first.`);
  ui.selected = null;
  drawBoard();
}

async function playMove(move) {
  if (ui.mode === 'train') return answerPuzzle(move);
  stopAnalysis();
  await update(await api('POST', `/api/games/${ui.game.id}/moves`, { move }));
  await engineTurn();
}

// Before any other change of the board, a move the engine is thinking
// about is asked for at once (a stop makes it answer with its best so far)
// and shown, so that the change starts from the board the server has.
async function settleEngine() {
  const pending = ui.engineMove;
  if (!pending) return;
  await api('POST', `/api/games/${ui.game.id}/stop`).catch(() => {});
  await pending.catch(() => {});
}

// The engine moves whenever it is its side's turn in a game not over:
// after a move, an undo, an import, a new game, a jump in the move list, a
// return from the puzzles, or a change of the side it plays.
async function engineTurn() {
  const side = $('engine-side').value;
  if (ui.mode !== 'play' || !ui.game || ui.game.outcome || side !== ui.game.side || ui.engineMove) return;
  const level = Number($('engine-level').value);
  const seconds = Number($('engine-time').value);
  ui.thinking = true;
  say(`The engine (${sideName(side, true).toLowerCase()}, level ${level}) is thinking…`);
  const asked = (async () => {
    const view = await api('POST', `/api/games/${ui.game.id}/engine`, {
      level: Math.min(20, Math.max(1, Math.round(level) || 10)),
      time_ms: Math.min(10000, Math.max(1, Math.round((seconds || 0.5) * 1000))),
    });
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

// Shows the position after `ply` moves of the line, then lets the engine
// move if it is its turn.
async function goto(ply) {
  stopAnalysis();
  await settleEngine();
  await update(await api('POST', `/api/games/${ui.game.id}/goto`, { ply }));
  await engineTurn();
}

// The side to move after `ply` moves of the line (the sides alternate).
function sideAt(ply) {
  const odd = Math.abs(ui.game.moves.length - ply) % 2 === 1;
  if (!odd) return ui.game.side;
  return ui.game.side === 'goat' ? 'tiger' : 'goat';
}

// Undo and redo step over the engine's moves: against the engine, undo
// takes back the player's last move with the engine's answer, and redo
// plays both again, so that the player is on the move.
function engineSide() {
  return ui.mode === 'play' ? $('engine-side').value : 'none';
}
function undoTarget() {
  const engine = engineSide();
  let ply = ui.game.moves.length - 1;
  if (ply > 0 && sideAt(ply) === engine) ply -= 1;
  return ply;
}
function redoTarget() {
  const engine = engineSide();
  let ply = ui.game.moves.length + 1;
  if (ui.game.redo >= 2 && sideAt(ply) === engine) ply += 1;
  return ply;
}

// ---- analysis ----

function stopAnalysis() {
  if (ui.analysis) {
    ui.analysis.close();
    ui.analysis = null;
    if (ui.game) api('POST', `/api/games/${ui.game.id}/stop`).catch(() => {});
  }
}

function analyse() {
  stopAnalysis();
  if (ui.game.outcome) { say('The game is over: nothing to analyse.'); return; }
  const multipv = Math.min(8, Math.max(1, Number($('multipv').value) || 3));
  const lines = $('lines');
  lines.replaceChildren();
  const source = new EventSource(`/api/games/${ui.game.id}/analysis?multipv=${multipv}&time_ms=20000`);
  ui.analysis = source;
  const shown = new Map();
  source.addEventListener('line', (event) => {
    const line = JSON.parse(event.data);
    shown.set(line.multipv, line);
    lines.replaceChildren();
    for (const [, entry] of [...shown].sort((a, b) => a[0] - b[0])) {
      const item = document.createElement('li');
      item.textContent = `depth ${entry.depth}  ${entry.score}  ${entry.pv.join(' ')}`;
      lines.appendChild(item);
    }
  });
  const finish = () => { source.close(); if (ui.analysis === source) ui.analysis = null; };
  source.addEventListener('done', (event) => {
    const done = JSON.parse(event.data);
    say(`Analysis done: best ${done.best} (${done.score}, depth ${done.depth}).`);
    finish();
  });
  source.addEventListener('error', (event) => {
    if (event.data) say(JSON.parse(event.data).error);
    finish();
  });
}

// ---- puzzles ----

async function showPuzzle(index) {
  if (!ui.puzzles.length) return;
  ui.puzzle = (index + ui.puzzles.length) % ui.puzzles.length;
  const puzzle = ui.puzzles[ui.puzzle];
  ui.solved = false;
  $('puzzle-result').textContent = '';
  $('puzzle-result').className = '';
  $('puzzle-info').textContent = `Puzzle ${ui.puzzle + 1} of ${ui.puzzles.length}: ` +
    `${sideName(puzzle.position.split(' ')[1] === 'g' ? 'goat' : 'tiger', true)} to move and ` +
    `${puzzle.keeps === 'win' ? 'win' : 'hold the draw'}. Difficulty ${puzzle.difficulty} of 5 · ` +
    puzzle.tags.join(', ');
  const view = await api('POST', `/api/games/${ui.game.id}/load`, { rules: puzzle.rules, position: puzzle.position });
  await update(view);
}

async function answerPuzzle(move) {
  if (ui.solved) { say('Solved: go to the next puzzle.'); return; }
  const verdict = await api('POST', `/api/puzzles/${ui.puzzle}/answer`, { move });
  const result = $('puzzle-result');
  if (verdict.correct) {
    ui.solved = true;
    result.className = 'correct';
    result.textContent = `Correct: ${verdict.solution} is the only move that keeps the value.`;
    await update(await api('POST', `/api/games/${ui.game.id}/moves`, { move }));
    say('Correct!');
  } else {
    result.className = 'wrong';
    result.textContent = `${move} ${verdict.outcome === 'loss' ? 'loses' : 'only draws'}` +
      (verdict.refutation.length ? `: ${verdict.refutation.join(' ')}` : '') + '. Try again.';
    say(`Wrong: ${move} gives the value away.`);
    ui.selected = null;
    drawBoard();
  }
}

async function setMode(mode) {
  if (mode === ui.mode) return;
  stopAnalysis();
  await settleEngine();
  ui.mode = mode;
  $('mode-play').classList.toggle('active', mode === 'play');
  $('mode-train').classList.toggle('active', mode === 'train');
  $('play-panel').hidden = mode !== 'play';
  $('train-panel').hidden = mode !== 'train';
  if (mode === 'train') {
    ui.puzzles = await api('GET', '/api/puzzles');
    // Back on the Play tab already: its game stays.
    if (ui.mode === 'train' && ui.puzzles.length) {
      // The Play tab's game is kept while the puzzles use the board.
      ui.playRecord = (await api('GET', `/api/games/${ui.game.id}/record`)).record;
      await showPuzzle(0);
    }
  } else {
    const record = ui.playRecord;
    ui.playRecord = null;
    await update(record
      ? await api('POST', `/api/games/${ui.game.id}/load`, { record })
      : ui.game);
    await engineTurn();
  }
}

// ---- set up ----

// The rule set a new game takes: the preset chosen, or with "custom" the
// text form typed.
function chosenRules() {
  const preset = $('rules-preset').value;
  if (preset !== CUSTOM) return preset;
  const text = $('rules-text').value.trim();
  if (!text) throw new Error("Type a rule set's text form, or choose a preset.");
  return text;
}

// The Game panel shows the game's own rule set: its preset, or "custom"
// with the text form.
function showRules(rules) {
  const preset = ui.presets.find((p) => p.id === rules || p.rules === rules);
  $('rules-preset').value = preset ? preset.id : CUSTOM;
  $('rules-text').value = preset ? '' : rules;
}

async function newGame() {
  stopAnalysis();
  await settleEngine();
  const view = await api('POST', `/api/games/${ui.game.id}/load`, { rules: chosenRules() });
  await update(view);
  await engineTurn();
}

async function importText() {
  stopAnalysis();
  const text = $('record').value.trim();
  if (!text) { say('Paste a record or a position first.'); return; }
  const looksLikeRecord = /^[[{]/.test(text) || /(^|\s)1\./.test(text);
  const body = looksLikeRecord ? { record: text } : { rules: ui.game.rules, position: text };
  await settleEngine();
  await update(await api('POST', `/api/games/${ui.game.id}/load`, body));
  await engineTurn();
}

// The record alone, which Import reads back; the position's text has its
// own box.
async function exportText() {
  const saved = await api('GET', `/api/games/${ui.game.id}/record`);
  $('record').value = saved.record;
}

async function start() {
  const info = await api('GET', '/api/info');
  ui.presets = info.presets;
  const select = $('rules-preset');
  for (const preset of info.presets) {
    const option = document.createElement('option');
    option.value = preset.id;
    option.textContent = preset.id;
    select.appendChild(option);
  }
  const custom = document.createElement('option');
  custom.value = CUSTOM;
  custom.textContent = 'custom (the text below)';
  select.appendChild(custom);
  // A preset chosen clears the text; text typed chooses "custom".
  select.addEventListener('change', () => { if (select.value !== CUSTOM) $('rules-text').value = ''; });
  $('rules-text').addEventListener('input', () => { select.value = CUSTOM; });
  await update(await api('POST', '/api/games', info.tables ? { rules: info.tables } : {}));

  $('undo').addEventListener('click', () => run(() => goto(undoTarget())));
  $('redo').addEventListener('click', () => run(() => goto(redoTarget())));
  // The engine takes the side it is given, at once if that side is to move
  // (while it thinks, its move comes as it was asked).
  $('engine-side').addEventListener('change', () => { if (!ui.thinking) run(engineTurn); });
  $('flip').addEventListener('click', () => { ui.flipped = !ui.flipped; drawBoard(); });
  $('move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('move-input').value.trim().toLowerCase();
    if (!text) return;
    if (ui.thinking) { say('The engine is thinking: wait for its move.'); return; }
    if (!ui.game.legal.includes(text)) { say(`${text} is not a legal move here.`); return; }
    $('move-input').value = '';
    run(() => playMove(text));
  });
  $('new-game').addEventListener('click', () => run(newGame));
  $('analyse').addEventListener('click', analyse);
  $('stop').addEventListener('click', () => { stopAnalysis(); say('Analysis stopped.'); });
  $('import').addEventListener('click', () => run(importText));
  $('export').addEventListener('click', () => run(exportText));
  $('mode-play').addEventListener('click', () => run(() => setMode('play')));
  $('mode-train').addEventListener('click', () => run(() => setMode('train')));
  $('puzzle-prev').addEventListener('click', () => run(() => showPuzzle(ui.puzzle - 1)));
  $('puzzle-next').addEventListener('click', () => run(() => showPuzzle(ui.puzzle + 1)));
  document.addEventListener('keydown', (event) => {
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'TEXTAREA') return;
    if (event.key === 'ArrowLeft' && ui.game.moves.length) run(() => goto(undoTarget()));
    if (event.key === 'ArrowRight' && ui.game.redo) run(() => goto(redoTarget()));
  });
  // Closing the page stops its searches (the analysis stream closes too).
  window.addEventListener('pagehide', () => {
    if (ui.game) navigator.sendBeacon(`/api/games/${ui.game.id}/stop`);
  });
}

run(start);
