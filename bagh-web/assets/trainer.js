// The Puzzles tab: a puzzle on the board with the moves that led to it, the
// player's answer checked by the back end, a wrong answer's refutation
// played out on the board, a hint when asked, and the score while the page
// is open. The back end decides everything: the verdict, the refutation,
// the hint's point; this module shows them.

import { $, run, say, sideName, ui } from './state.js';
import { drawBoard } from './board.js';

// A refutation's moves are played this far apart, then the board holds its
// end twice as long before the puzzle comes back.
const STEP_MS = 700;

// The score since the page was opened: puzzles solved, those solved at the
// first try (no wrong move, no hint), and the first tries in a row (a wrong
// move or a hint ends the streak). A puzzle counts once.
const score = { firstTry: 0, solved: 0, streak: 0 };
const counted = new Set();

// The puzzle shown: whether a wrong move or a hint came before its answer.
let missed = false;
let hinted = false;

// The refutation being played: { stopped, done (a promise that settles
// when its last request has), wake (ends its pause) }, or null.
let replay = null;

function current() { return ui.puzzles[ui.puzzle]; }

// Whether the board shows the puzzle's own position, with its moves.
function atPuzzle() {
  const puzzle = current();
  return Boolean(puzzle && ui.game && ui.game.position === puzzle.position &&
    ui.game.moves.length === puzzle.moves.length);
}

function showScore() {
  $('score-first').textContent = String(score.firstTry);
  $('score-solved').textContent = String(score.solved);
  $('score-streak').textContent = String(score.streak);
}

// With no puzzles the tab says how to get them (the back end's words, its
// commands between backquotes); nothing else is asked.
function showNone() {
  const words = ui.backend.noPuzzles.split('`').map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  });
  $('puzzle-info').replaceChildren(...words);
  $('puzzle-goal').textContent = '';
  $('puzzle-controls').hidden = true;
}

// Whether the back end has puzzles (its info counts them first, so that a
// back end without any is asked for nothing more); their list is read once.
export async function hasPuzzles() {
  if (!ui.puzzles.length) {
    const info = await ui.backend.info();
    if (info.puzzles > 0) ui.puzzles = await ui.backend.puzzles();
  }
  if (!ui.puzzles.length) { showNone(); return false; }
  $('puzzle-controls').hidden = false;
  showScore();
  return true;
}

function clearVerdict() {
  $('puzzle-result').textContent = '';
  $('puzzle-result').className = '';
  $('puzzle-line').replaceChildren();
  $('puzzle-retry').hidden = true;
}

// Stops the refutation being played, once its request in flight has its
// answer (a load sent meanwhile could come first and be played over).
async function stopReplay() {
  if (!replay) return;
  const running = replay;
  running.stopped = true;
  replay = null;
  running.wake();
  await running.done;
}

// Leaving the tab: the refutation stops where it is.
export async function leavePuzzles() {
  await stopReplay();
}

// The puzzle's game on the board: its record, so that the move list shows
// the moves before it and the board its last move.
async function loadPuzzle(update) {
  await update(await ui.backend.load(ui.game.id, { record: current().record }));
}

// Shows puzzle `index` (counted round), its game loaded through `update`.
export async function showPuzzle(index, update) {
  if (!ui.puzzles.length) return;
  await stopReplay();
  ui.puzzle = (index + ui.puzzles.length) % ui.puzzles.length;
  const puzzle = current();
  ui.solved = false;
  ui.hint = null;
  missed = false;
  hinted = false;
  clearVerdict();
  await loadPuzzle(update);
  const goal = puzzle.keeps === 'win' ? 'win' : 'hold the draw';
  $('puzzle-goal').textContent = `${sideName(ui.game.side, true)} to move: ${goal}`;
  $('puzzle-info').textContent = `Puzzle ${ui.puzzle + 1} of ${ui.puzzles.length} · ` +
    `difficulty ${puzzle.difficulty} of 5` + (puzzle.tags.length ? ` · ${puzzle.tags.join(', ')}` : '');
}

// Back to the puzzle after a wrong move: the refutation stops, the board
// shows the puzzle again (with its hint, if one was asked).
export async function retryPuzzle(update) {
  if (!ui.puzzles.length) return;
  await stopReplay();
  if (ui.solved) { await showPuzzle(ui.puzzle, update); return; }
  if (!atPuzzle()) await loadPuzzle(update);
  $('puzzle-line').querySelectorAll('li').forEach((li) => li.classList.remove('current'));
  say('Your move again.');
}

// Marks the piece the solution moves, or the point a placement fills: the
// back end gives the point, and only when asked.
export async function showHint(update) {
  if (!ui.puzzles.length) return;
  if (ui.solved) { say('Solved: go to the next puzzle.'); return; }
  await stopReplay();
  if (!atPuzzle()) await loadPuzzle(update);
  const hint = await ui.backend.hint(ui.puzzle);
  hinted = true;
  score.streak = 0;
  showScore();
  // Drawn by board.js in this position only: any other position clears it.
  ui.hint = { point: hint.point, position: ui.game.position };
  drawBoard();
  say(hint.placement ? `Hint: place a goat on ${hint.point}.`
    : `Hint: move the ${sideName(ui.game.side)} on ${hint.point}.`);
}

// What a wrong move gives away: the outcome where the back end knows it.
function givenAway(move, outcome) {
  if (outcome === 'loss') return `${move} loses`;
  if (outcome === 'draw') return `${move} only draws`;
  return `${move} does not keep the ${current().keeps}`;
}

// The wrong move and its refutation, in the notation: the move on the
// board is highlighted while they are played.
function listLine(moves) {
  const items = moves.map((move, i) => {
    const item = document.createElement('li');
    item.textContent = move;
    item.dataset.step = String(i);
    if (i === 0) item.classList.add('tried');
    return item;
  });
  $('puzzle-line').replaceChildren(...items);
}

function markStep(step) {
  $('puzzle-line').querySelectorAll('li').forEach((li) => {
    li.classList.toggle('current', Number(li.dataset.step) === step);
  });
}

// Plays `moves` (the wrong move, then the refutation) on the board one by
// one, then brings the puzzle back, unless stopped (Retry, another puzzle,
// the other tab) or the board was moved meanwhile.
function playLine(moves, update) {
  const start = ui.game.moves.slice();
  const running = { stopped: false, done: null, wake: () => {} };
  const pause = (ms) => new Promise((resolve) => {
    running.wake = resolve;
    setTimeout(resolve, ms);
  });
  const live = () => !running.stopped && ui.mode === 'train';
  running.done = (async () => {
    for (let step = 0; step < moves.length; step++) {
      const expected = start.concat(moves.slice(0, step));
      if (!live() || ui.game.moves.join(' ') !== expected.join(' ')) return;
      markStep(step);
      await update(await ui.backend.play(ui.game.id, moves[step]));
      await pause(step === moves.length - 1 ? 2 * STEP_MS : STEP_MS);
    }
    if (!live()) return;
    replay = null;
    markStep(-1);
    await loadPuzzle(update);
    say('Your move again.');
  })().catch((error) => { if (live()) say(error.message); });
  return running;
}

function countSolved() {
  if (counted.has(ui.puzzle)) return;
  counted.add(ui.puzzle);
  score.solved += 1;
  if (!missed && !hinted) {
    score.firstTry += 1;
    score.streak += 1;
  } else {
    score.streak = 0;
  }
  showScore();
}

export async function answerPuzzle(move, update) {
  if (!ui.puzzles.length) { say(ui.backend.noPuzzles.replaceAll('`', '')); return; }
  if (replay) { say('The refutation is being shown: press Retry to try again now.'); return; }
  if (ui.solved) { say('Solved: go to the next puzzle.'); return; }
  if (!atPuzzle()) { say("This is not the puzzle's position: press Retry to go back to it."); return; }
  const verdict = await ui.backend.answer(ui.puzzle, move);
  const result = $('puzzle-result');
  $('puzzle-retry').hidden = false;
  if (verdict.correct) {
    ui.solved = true;
    countSolved();
    await update(await ui.backend.play(ui.game.id, move));
    $('puzzle-line').replaceChildren();
    result.className = 'correct';
    result.textContent = `Correct: ${verdict.solution} is the only move that keeps the ${current().keeps}.`;
    say('Correct!');
    return;
  }
  missed = true;
  score.streak = 0;
  showScore();
  result.className = 'wrong';
  result.textContent = givenAway(move, verdict.outcome) +
    (verdict.refutation.length ? '. The refutation:' : '. Try again.');
  listLine([move, ...verdict.refutation]);
  ui.selected = null;
  replay = playLine([move, ...verdict.refutation], update);
}

// The panel's buttons; `update` shows a new view of the game.
export function wireTrainer(update) {
  $('puzzle-prev').addEventListener('click', () => run(() => showPuzzle(ui.puzzle - 1, update)));
  $('puzzle-next').addEventListener('click', () => run(() => showPuzzle(ui.puzzle + 1, update)));
  $('puzzle-hint').addEventListener('click', () => run(() => showHint(update)));
  $('puzzle-retry').addEventListener('click', () => run(() => retryPuzzle(update)));
}
