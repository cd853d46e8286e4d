'use strict';
// Games: push and pop, what a refused move leaves behind, and a whole game.
const test = require('node:test');
const assert = require('node:assert/strict');
const bagh = require('..');
const { seededRandom, playRandomGame } = require('../../examples/node/seeded-random');

test('a new game starts at the rule set start', () => {
  const game = new bagh.Game();
  assert.equal(game.length, 0);
  assert.equal(game.position.toString(), 'T3T/5/5/5/T3T g 20 0');
  assert.equal(game.legalMoves().length, 21);
  assert.equal(game.peek(), null);
  assert.equal(game.pop(), null);
  assert.equal(new bagh.Game('two-tigers').position.toString(), '5/5/1T1T1/5/5 g 18 0');
});

test('push then pop restores the game', () => {
  const game = new bagh.Game();
  const before = game.position.toString();
  const moves = ['c3', 'a1a2', 'b2', 'a2a3'];
  for (const text of moves) {
    const played = game.push(text);
    assert.ok(played instanceof bagh.Move);
    assert.equal(played.toString(), text);
  }
  assert.equal(game.length, 4);
  assert.deepEqual(game.moves.map(String), moves);
  assert.deepEqual([...game].map(String), moves);
  assert.equal(game.positions.length, 5);
  for (const text of [...moves].reverse()) {
    assert.equal(game.pop().toString(), text);
  }
  assert.equal(game.length, 0);
  assert.equal(game.position.toString(), before);
  assert.ok(game.equals(new bagh.Game()));
});

test('push accepts a Move as well as its text', () => {
  const game = new bagh.Game();
  const move = game.legalMoves().find((mv) => mv.toString() === 'c3');
  assert.equal(move.kind, 'place');
  assert.equal(move.fromPoint, null);
  assert.equal(move.toPoint, 'c3');
  game.push(move);
  assert.ok(game.peek().equals('c3'));
});

test('an illegal move throws IllegalMoveError with its code, and nothing changes', () => {
  const game = new bagh.Game(null, null, ['c3']);
  const record = game.toRecord();
  const cases = [
    ['c3', 'wrong-side'],
    ['a1a2a', null],
    ['a1xa3', null],
  ];
  assert.throws(() => game.push('c4'), (error) => {
    assert.ok(error instanceof bagh.IllegalMoveError);
    assert.ok(error instanceof bagh.BaghError);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'IllegalMoveError');
    assert.equal(error.code, 'ERR_BAGH_ILLEGAL_MOVE');
    assert.equal(error.move, 'c4');
    assert.equal(error.reason, 'wrong-side');
    assert.equal(error.position, 'T3T/5/2G2/5/T3T t 19 0');
    return true;
  });
  // Not a move at all: a ParseError, not an illegal move.
  assert.throws(() => game.push(cases[1][0]), bagh.ParseError);
  // A capture with no goat to capture.
  assert.throws(() => game.push('a1xa3'), bagh.IllegalMoveError);
  assert.equal(game.toRecord(), record);
  assert.equal(game.length, 1);
});

test('a seeded random game played to its end has an outcome', () => {
  for (const [seed, rules] of [[1, 'bagh-chal'], [2, 'bagh-chal-blocked-loses'], [3, 'two-tigers']]) {
    const game = playRandomGame(bagh, new bagh.Game(rules), seededRandom(seed));
    const outcome = game.outcome();
    assert.ok(outcome instanceof bagh.Outcome, `${rules}: ${game.length} plies and no outcome`);
    assert.ok(game.isGameOver());
    assert.deepEqual(game.legalMoves(), []);
    assert.equal(game.result(), outcome.result());
    assert.ok(['1-0', '0-1', '1/2-1/2'].includes(game.result()));
    // Every move of the game replays from the start.
    const replayed = new bagh.Game(rules, null, game.moves);
    assert.ok(replayed.equals(game));
  }
});

test('a game from a position string under another rule set', () => {
  const game = new bagh.Game('two-tigers', '5/5/1T1T1/5/5 g 18 0');
  assert.equal(game.rules.tigerMoves, 'slide');
  assert.throws(() => new bagh.Game('bagh-chal', new bagh.Position(null, 'two-tigers')), bagh.RulesetError);
});

test('copy is independent of the original', () => {
  const game = new bagh.Game(null, null, ['c3']);
  const copy = game.copy();
  copy.push('a1a2');
  assert.equal(game.length, 1);
  assert.equal(copy.length, 2);
});

test('the moves handed out are frozen and shared, one object per move', () => {
  const game = new bagh.Game();
  const [first] = game.legalMoves();
  assert.ok(Object.isFrozen(first));
  assert.equal(game.legalMoves()[0], first);
  assert.equal(game.push(first), first);
  assert.equal(game.peek(), first);
  assert.equal(game.pop(), first);
  // A move made from text is a Move all the same, and equal to the shared one.
  assert.ok(new bagh.Move(first.toString()).equals(first));
});
