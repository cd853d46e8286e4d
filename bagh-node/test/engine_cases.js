'use strict';
// Engine assertions that hold for the addon and for the wasm package alike:
// this file's tests ask them of the addon, bagh-wasm/test/engine.test.js of
// the wasm package.
const assert = require('node:assert/strict');

// One tiger on c3, four goats, one capture wins (docs/rules.md's capture):
// after b3 the tiger jumps it to a3 and wins at once.
const TINY = 'tigers=c3 goats=4 capture_target=1';

/**
 * The engine of `bagh` finds the winning capture after b3 and scores it for
 * both sides; resolves to the engine and the game, for more questions.
 */
async function winningCapture(bagh) {
  const engine = new bagh.Engine(TINY);
  const game = new bagh.Game(TINY);
  game.push('b3');
  assert.equal(String(await engine.bestMove(game, { depth: 3 })), 'c3xa3');
  const analysis = await engine.analyse(game, { depth: 3 });
  assert.deepEqual({ kind: analysis.score.kind, value: analysis.score.value }, { kind: 'win', value: 1 });
  assert.equal(analysis.turn, 'tiger');
  assert.equal(analysis.goatsScore.kind, 'loss');
  assert.equal(analysis.score.text, 'win in 1 ply');
  // The display names the winner, whoever is to move.
  assert.equal(analysis.goatsScore.text, 'tigers win in 1 ply');
  assert.equal(analysis.lines[0].goatsScore.text, 'tigers win in 1 ply');
  return { engine, game };
}

/** A search of a finished game rejects with an `EngineError` that says so. */
async function finishedGameRejects(bagh) {
  const over = new bagh.Game(TINY);
  over.push('b3');
  over.push('c3xa3');
  await assert.rejects(new bagh.Engine(TINY).analyse(over, { depth: 2 }), (error) => {
    assert.ok(error instanceof bagh.EngineError, String(error));
    assert.match(error.message, /game is over/);
    return true;
  });
}

module.exports = { TINY, finishedGameRejects, winningCapture };
