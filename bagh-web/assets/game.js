// The game: the page's state over a back end (backend.js), undo and redo,
// the tabs and the Game and Record panels. The status panel is status.js,
// the move list movelist.js, the engine's turns engine.js, the analysis and
// the tables analysis.js.

import { $, run, say, sideName, ui } from './state.js';
import { drawBoard, moveTo, movesFrom, onPointClick, placementOn } from './board.js';
import { answerPuzzle, hasPuzzles, leavePuzzles, showPuzzle, wireTrainer } from './trainer.js';
import { analyse, clearAnalysis, showTruth, stopAnalysis } from './analysis.js';
import { engineSide, engineTurn as engineTurnWith, settleEngine, setupEngine } from './engine.js';
import { showStatus } from './status.js';
import { showMoves } from './movelist.js';
import { restoreSettings, saveGame, watchSettings } from './persist.js';

const CUSTOM = 'custom';  // the rule-set choice that takes the typed text form

function render() {
  drawBoard();
  showStatus();
  showMoves((ply) => run(() => goto(ply)));
  if (ui.mode === 'play') showTruth();
  $('position-text').value = ui.game.position;
  // The back end's id of the game shown, for a program driving the page.
  document.body.dataset.game = String(ui.game.id);
  $('undo').disabled = ui.game.moves.length === 0;
  $('redo').disabled = ui.game.redo === 0;
}

async function update(view) {
  const before = ui.game;
  ui.game = view;
  ui.selected = null;
  say('');
  // A new position: the analysis of the last one (lines, arrows, a
  // preview, the value) goes.
  clearAnalysis();
  if (!before || before.rules !== view.rules) showRules(view.rules);
  // Keep the line ahead for the move list: the redo stack's moves.
  if (!before || view.redo === 0) ui.future = [];
  else {
    const line = before.moves.concat(ui.future || []);
    ui.future = line.slice(view.moves.length, view.moves.length + view.redo);
  }
  ui.truth = null;
  render();
  // The address keeps the game (persist.js), while the tables are asked.
  saveGame().catch(() => {});
  if (ui.mode === 'play') {
    const id = view.id;
    const truth = await ui.backend.truth(id).catch((e) => ({ available: false, reason: e.message }));
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
    const banned = bannedMoves().find((b) => b.move.slice(0, 2) === ui.selected && b.move.slice(-2) === point);
    if (banned) { say(bannedWords(banned)); return; }
  }
  // A piece whose only moves are banned can be chosen too: its moves then
  // say why they are refused.
  const bannedHere = bannedMoves().filter((b) => b.move.slice(0, 2) === point);
  if (piece === side && (movesFrom(point).length || bannedHere.length)) {
    ui.selected = ui.selected === point ? null : point;
    drawBoard();
    if (ui.selected && !movesFrom(point).length) say(bannedWords(bannedHere[0]));
    return;
  }
  if (piece === side) say(`The ${sideName(side)} on ${point} cannot move.`);
  else if (piece) say(`${point} holds a ${piece}: it is the ${sideName(side, false)}s' turn.`);
  else say(`Choose a ${sideName(side)} to move first.`);
  ui.selected = null;
  drawBoard();
}

// The moves the repetition policy bans here, each with bagh-core's reason
// (the back end's view lists them).
const bannedMoves = () => ui.game.banned || [];
const bannedWords = (banned) => `${banned.move} is banned: ${banned.reason}.`;

async function playMove(move) {
  if (ui.mode === 'train') return answerPuzzle(move, update);
  stopAnalysis();
  await update(await ui.backend.play(ui.game.id, move));
  await engineTurn();
}

// The engine's turn, its move shown as every other change of the board.
const engineTurn = () => engineTurnWith(update);

// Shows the position after `ply` moves of the line, then lets the engine
// move if it is its turn.
async function goto(ply) {
  stopAnalysis();
  await settleEngine();
  await update(await ui.backend.goto(ui.game.id, ply));
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

// ---- tabs ----

async function setMode(mode) {
  if (mode === ui.mode) return;
  stopAnalysis();
  await settleEngine();
  ui.mode = mode;
  $('mode-play').classList.toggle('active', mode === 'play');
  $('mode-train').classList.toggle('active', mode === 'train');
  $('play-panel').hidden = mode !== 'play';
  document.body.dataset.mode = mode;
  $('train-panel').hidden = mode !== 'train';
  if (mode === 'train') {
    // With no puzzles, or back on the Play tab already, its game stays.
    if (await hasPuzzles() && ui.mode === 'train') {
      // The Play tab's game is kept while the puzzles use the board.
      ui.playRecord = (await ui.backend.record(ui.game.id)).record;
      await showPuzzle(ui.puzzle, update);
    }
  } else {
    await leavePuzzles();
    const record = ui.playRecord;
    ui.playRecord = null;
    await update(record ? await ui.backend.load(ui.game.id, { record }) : ui.game);
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
  await update(await ui.backend.load(ui.game.id, { rules: chosenRules() }));
  await engineTurn();
}

async function importText() {
  stopAnalysis();
  const text = $('record').value.trim();
  if (!text) { say('Paste a record or a position first.'); return; }
  const looksLikeRecord = /^[[{]/.test(text) || /(^|\s)1\./.test(text);
  const body = looksLikeRecord ? { record: text } : { rules: ui.game.rules, position: text };
  await settleEngine();
  await update(await ui.backend.load(ui.game.id, body));
  await engineTurn();
}

// The record alone, which Import reads back; the position's text has its
// own box.
async function exportText() {
  $('record').value = (await ui.backend.record(ui.game.id)).record;
}

function fillPresets(presets) {
  ui.presets = presets;
  const select = $('rules-preset');
  for (const preset of presets) {
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
}

function wireControls() {
  onPointClick(clickPoint);
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
    const banned = bannedMoves().find((b) => b.move === text);
    if (banned) { say(bannedWords(banned)); return; }
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
  wireTrainer(update);
  document.addEventListener('keydown', (event) => {
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'TEXTAREA') return;
    if (event.key === 'ArrowLeft' && ui.game.moves.length) run(() => goto(undoTarget()));
    if (event.key === 'ArrowRight' && ui.game.redo) run(() => goto(redoTarget()));
  });
  // Closing the page stops its searches.
  window.addEventListener('pagehide', () => {
    if (ui.game) ui.backend.closing(ui.game.id).catch(() => {});
  });
}

// Starts the page over `backend`: a new game, of the tables' rule set where
// the back end has tables.
export async function startGame(backend) {
  ui.backend = backend;
  const info = await backend.info();
  fillPresets(info.presets);
  setupEngine(info, () => { if (!ui.thinking) run(engineTurn); });
  // The game the address keeps (a reload), else a new one.
  const record = restoreSettings();
  let kept = null;
  let refusal = null;
  if (record) kept = await backend.createGame({ record }).catch((error) => { refusal = error; return null; });
  await update(kept || await backend.createGame(info.tables ? { rules: info.tables } : {}));
  if (refusal) say(`The game kept in the address could not be read: ${refusal.message}`);
  wireControls();
  watchSettings();
  // A game kept on the engine's turn goes on.
  await engineTurn();
}
