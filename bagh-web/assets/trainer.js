// The Puzzles tab: a puzzle on the board, the player's answer checked by
// the back end, the refutation of a wrong one.

import { $, say, sideName, ui } from './state.js';
import { drawBoard } from './board.js';

// Shows puzzle `index` (counted round), its game loaded through `update`.
export async function showPuzzle(index, update) {
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
  const view = await ui.backend.load(ui.game.id, { rules: puzzle.rules, position: puzzle.position });
  await update(view);
}

// What a wrong move gives away: the outcome where the back end knows it.
function givenAway(move, outcome) {
  if (outcome === 'loss') return `${move} loses`;
  if (outcome === 'draw') return `${move} only draws`;
  return `${move} does not keep the ${ui.puzzles[ui.puzzle].keeps}`;
}

export async function answerPuzzle(move, update) {
  if (ui.solved) { say('Solved: go to the next puzzle.'); return; }
  const verdict = await ui.backend.answer(ui.puzzle, move);
  const result = $('puzzle-result');
  if (verdict.correct) {
    ui.solved = true;
    result.className = 'correct';
    result.textContent = `Correct: ${verdict.solution} is the only move that keeps the value.`;
    await update(await ui.backend.play(ui.game.id, move));
    say('Correct!');
  } else {
    result.className = 'wrong';
    result.textContent = givenAway(move, verdict.outcome) +
      (verdict.refutation.length ? `: ${verdict.refutation.join(' ')}` : '') + '. Try again.';
    say(`Wrong: ${move} gives the value away.`);
    ui.selected = null;
    drawBoard();
  }
}
