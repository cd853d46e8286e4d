// The static board's puzzles (bagh-web/assets/wasm-puzzles.js) over the
// WebAssembly package for Node, on the committed puzzle file
// (bagh-web/puzzles/bagh-chal.json): each posed without its answer with a
// record that leads to its position, a hint that names where the file's
// solution starts, and answers checked against the file. Run by make
// test-browser after make wasm; skipped where bagh-wasm/pkg/node is missing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const PKG = new URL('../../../bagh-wasm/pkg/node/index.js', import.meta.url);
const FILE = new URL('../../puzzles/bagh-chal.json', import.meta.url);
const skip = existsSync(PKG) ? false : 'bagh-wasm/pkg/node is missing: make wasm builds it';
const file = () => JSON.parse(readFileSync(FILE, 'utf8'));

async function setUp() {
  const bagh = createRequire(import.meta.url)(PKG.pathname);
  const { Puzzles } = await import('../../assets/wasm-puzzles.js');
  const { Games } = await import('../../assets/wasm-games.js');
  return { puzzles: new Puzzles(bagh, file()), games: new Games(bagh) };
}

test("each puzzle's record loads the file's moves and position, without the answer", { skip }, async () => {
  const { puzzles, games } = await setUp();
  const list = file();
  const questions = puzzles.questions();
  assert.equal(questions.length, list.length);
  questions.forEach((question, index) => {
    assert.equal(question.index, index);
    assert.equal(question.solution, undefined);
    assert.equal(question.refutations, undefined);
    const view = games.create({ record: question.record });
    assert.deepEqual(view.moves, list[index].moves, `puzzle ${index}`);
    assert.equal(view.position, list[index].position, `puzzle ${index}`);
  });
});

test("a hint names the point the file's solution starts from", { skip }, async () => {
  const { puzzles } = await setUp();
  file().forEach((puzzle, index) => {
    // In the notation (docs/notation.md) a placement is its point (`c3`);
    // a step or a capture starts with the point it leaves (`a1a2`, `a1xa3`).
    const hint = puzzles.hint(index);
    assert.deepEqual(hint, { point: puzzle.solution.slice(0, 2), placement: puzzle.solution.length === 2 },
      `puzzle ${index}: ${puzzle.solution}`);
  });
  assert.throws(() => puzzles.hint(puzzles.count), /no puzzle 300: there are 300/);
});

test('answers are checked against the file', { skip }, async () => {
  const { puzzles, games } = await setUp();
  const list = file();
  const index = list.findIndex((p) => p.refutations.length > 0);
  const puzzle = list[index];
  assert.deepEqual(puzzles.answer(index, puzzle.solution.toUpperCase()),
    { correct: true, solution: puzzle.solution, refutation: [], outcome: null });
  const refuted = puzzle.refutations[0];
  assert.deepEqual(puzzles.answer(index, refuted.move),
    { correct: false, solution: puzzle.solution, refutation: refuted.line, outcome: refuted.outcome });
  // A move that is not legal in the puzzle (a placement on a piece), or
  // not a move, is refused.
  const occupied = Object.keys(games.create({ record: puzzles.question(index).record }).pieces)[0];
  assert.throws(() => puzzles.answer(index, occupied), new RegExp(`${occupied} is not a legal move in the puzzle`));
  assert.throws(() => puzzles.answer(index, 'zz'), /zz/);
  assert.throws(() => puzzles.answer(-1, puzzle.solution), /no puzzle -1/);
});
