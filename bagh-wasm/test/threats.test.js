'use strict';
// The goats en prise and the moves the repetition policy bans, the same on
// the addon and the wasm package. Expected values are read off the boards
// with the rules (docs/rules.md): a tiger jumps along a line over an
// adjacent goat to the empty point just beyond; under `forbidden` a move
// that recreates a position of the game is refused.
const test = require('node:test');
const assert = require('node:assert/strict');
const { wasm, addon, needs } = require('./helpers');

function assertions(bagh) {
  // Tigers a1 e1 a5 e5, goats b2 c3 d1: e1 can jump d1 to the empty c1;
  // beyond b2 on a1's diagonal stands c3, and no tiger is next to c3.
  for (const side of ['g', 't']) {
    const position = new bagh.Position(`T3T/5/2G2/1G3/T2GT ${side} 17 0`);
    assert.deepEqual(position.threatenedGoats(), ['d1']);
    assert.deepEqual(new bagh.Game(null, position).threatenedGoats(), ['d1']);
  }
  // Five goats captured: the tigers have won, though a1 could still jump b1.
  const over = new bagh.Position('T3T/5/5/5/TG2T g 14 5');
  assert.deepEqual(over.threatenedGoats(), []);
  assert.deepEqual(new bagh.Game(null, over).threatenedGoats(), []);

  // bagh-chal's `forbidden` policy with three goats: the tiger goes a1a2, a
  // goat c3c4, the tiger a2a1; c4c3 would recreate the start (ply 0).
  const game = new bagh.Game('goats=3 capture_target=3', 'T3T/5/1GGG1/5/T3T t 0 0');
  assert.deepEqual(game.bannedMoves(), []);
  for (const move of ['a1a2', 'c3c4', 'a2a1']) game.push(move);
  const banned = game.bannedMoves();
  assert.deepEqual(Object.keys(banned[0]), ['move', 'reason']);
  assert.deepEqual(banned.map((b) => b.move), ['c4c3']);
  assert.match(banned[0].reason, /ply 0/);
  assert.throws(
    () => game.push('c4c3'),
    (error) => error instanceof bagh.IllegalMoveError && error.message.endsWith(banned[0].reason),
  );
}

for (const [name, loaded] of [['the addon', addon], ['the wasm package', wasm]]) {
  test(`${name}: threatened goats and banned moves`, needs(loaded), () => assertions(loaded.module));
}
