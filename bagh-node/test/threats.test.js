'use strict';
// The goats en prise and the moves the repetition policy bans. Expected
// values are read off the boards with the rules (docs/rules.md): a tiger
// jumps along a line over an adjacent goat to the empty point just beyond;
// under `forbidden` a move that recreates a position of the game is refused.
const test = require('node:test');
const assert = require('node:assert/strict');
const bagh = require('..');

// Tigers a1 e1 a5 e5, goats b2 c3 d1, the goats to move. e1 can jump d1 to
// the empty c1. a1's diagonal runs b2 then c3: the point beyond b2 is taken,
// so b2 is safe; no tiger stands next to c3.
const GUARDED = 'T3T/5/2G2/1G3/T2GT g 17 0';

test('the goat a tiger can jump is threatened, whoever is to move', () => {
  const position = new bagh.Position(GUARDED);
  assert.deepEqual(position.threatenedGoats(), ['d1']);
  assert.deepEqual(new bagh.Game(null, position).threatenedGoats(), ['d1']);
  const tigersToMove = new bagh.Position(GUARDED.replace(' g ', ' t '));
  assert.deepEqual(tigersToMove.threatenedGoats(), ['d1']);
  assert.deepEqual(tigersToMove.legalCaptures().map(String), ['e1xc1']);
});

test('threats come in board order, and none once the game is over', () => {
  // a1 jumps b1 to c1 and a2 to a3; e5 jumps d4 to c3.
  assert.deepEqual(new bagh.Position('T3T/3G1/5/G4/TG2T g 17 0').threatenedGoats(), ['b1', 'a2', 'd4']);
  // Five goats captured: the tigers have won, though a1 could still jump b1.
  const over = new bagh.Position('T3T/5/5/5/TG2T g 14 5');
  assert.ok(over.isGameOver());
  assert.deepEqual(over.threatenedGoats(), []);
  assert.deepEqual(new bagh.Game(null, over).threatenedGoats(), []);
});

test('a move back to the start is banned, with the reason a push gives', () => {
  // bagh-chal's `forbidden` policy with three goats: the tiger goes a1a2, a
  // goat c3c4, the tiger a2a1; c4c3 would recreate the start (ply 0). No
  // goat move can remake ply 2, whose tiger stood on a2.
  const game = new bagh.Game('goats=3 capture_target=3', 'T3T/5/1GGG1/5/T3T t 0 0');
  assert.deepEqual(game.bannedMoves(), []);
  for (const move of ['a1a2', 'c3c4', 'a2a1']) game.push(move);
  const banned = game.bannedMoves();
  assert.deepEqual(banned.map((b) => b.move), ['c4c3']);
  assert.match(banned[0].reason, /ply 0/);
  assert.ok(game.position.legalMoves().map(String).includes('c4c3'));
  assert.ok(!game.legalMoves().map(String).includes('c4c3'));
  assert.throws(
    () => game.push('c4c3'),
    (error) => error instanceof bagh.IllegalMoveError && error.message.endsWith(banned[0].reason),
  );
  const allowed = new bagh.Game('goats=3 capture_target=3 repetition=allowed', 'T3T/5/1GGG1/5/T3T t 0 0', [
    'a1a2',
    'c3c4',
    'a2a1',
  ]);
  assert.deepEqual(allowed.bannedMoves(), []);
});
