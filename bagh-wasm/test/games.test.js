'use strict';
// Seeded random games played in the wasm package and in the Node addon side
// by side, move by move: the same legal moves, positions, outcomes and
// counters at every ply, and the same record at the end. The addon is the
// native build of the same core: agreement shows that the WebAssembly build
// (a 32-bit target, another compiler) computes what the native one does.
const test = require('node:test');
const assert = require('node:assert/strict');
const { wasm, addon, needs } = require('./helpers');
const { seededRandom } = require('../../examples/node/seeded-random');

const RULES = [
  'bagh-chal',
  'bagh-chal-blocked-loses',
  'two-tigers',
  // Repetition drawn at the third occurrence and a no-progress limit, so
  // that games end for every reason the history gives.
  'bagh-chal repetition=draw(3) no_progress_limit=40',
  'tigers=a1,e1,c3 goats=12 capture_target=3 mandatory_capture=true',
];

function state(game) {
  return {
    position: game.position.toString(),
    legal: game.legalMoves().map(String),
    captures: game.legalCaptures().map(String),
    outcome: game.outcome() === null ? null : game.outcome().toString(),
    result: game.result(),
    repetitions: game.repetitionCount(),
    noProgress: game.noProgressPlies(),
    side: game.sideToMove,
  };
}

for (const rules of RULES) {
  test(`seeded random games agree with the addon: ${rules}`, needs(wasm, addon), () => {
    const ours = wasm.module;
    const native = addon.module;
    const seen = new Set();
    for (let seed = 1; seed <= 12; seed++) {
      const random = seededRandom(seed);
      const a = new ours.Game(rules);
      const b = new native.Game(rules);
      for (let ply = 0; ply < 400; ply++) {
        const left = state(a);
        assert.deepEqual(left, state(b), `${rules} seed ${seed} ply ${ply}`);
        if (left.legal.length === 0) break;
        const text = left.legal[Math.floor(random() * left.legal.length)];
        assert.equal(String(a.push(text)), text);
        b.push(text);
      }
      if (a.outcome() !== null) seen.add(a.outcome().reason);
      assert.equal(a.toRecord({ Seed: seed }), b.toRecord({ Seed: seed }));
      assert.equal(a.svg({ size: 300 }), b.svg({ size: 300 }));
      assert.equal(a.lineBoard(), b.lineBoard());
      assert.equal(a.asciiBoard(), b.asciiBoard());
      assert.ok(ours.Game.fromRecord(a.toRecord()).equals(a));
    }
    assert.ok(seen.size >= 1, `${rules}: the games ended (${[...seen]})`);
  });
}
