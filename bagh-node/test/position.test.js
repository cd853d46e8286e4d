'use strict';
// Positions: the start strings and perft figures of docs/rules.md
// ("Counting moves: perft"), confirmed by two independent implementations.
const test = require('node:test');
const assert = require('node:assert/strict');
const bagh = require('..');

test('the start of bagh-chal is T3T/5/5/5/T3T g 20 0 with 21 legal moves', () => {
  const start = new bagh.Position();
  assert.equal(start.toString(), 'T3T/5/5/5/T3T g 20 0');
  assert.equal(start.toText(), 'T3T/5/5/5/T3T g 20 0');
  assert.equal(start.legalMoves().length, 21);
  assert.equal(start.sideToMove, 'goat');
  assert.equal(start.goatsInHand, 20);
  assert.equal(start.goatsCaptured, 0);
  assert.deepEqual(start.tigers, ['a1', 'e1', 'a5', 'e5']);
  assert.deepEqual(start.goats, []);
  assert.equal(start.rules.presetId, 'bagh-chal');
  assert.equal(start.outcome(), null);
  assert.equal(start.result(), '*');
});

test('the start of two-tigers is 5/5/1T1T1/5/5 g 18 0', () => {
  const start = new bagh.Position(null, 'two-tigers');
  assert.equal(start.toString(), '5/5/1T1T1/5/5 g 18 0');
  assert.deepEqual(start.tigers, ['b3', 'd3']);
  // Goats place on any of the 23 empty points.
  assert.equal(start.legalMoves().length, 23);
  const read = new bagh.Position('5/5/1T1T1/5/5 g 18 0', bagh.Ruleset.preset('two-tigers'));
  assert.ok(read.equals(start));
});

test('perft from the start: 21, 252, 5052, 68204 and 1304788', () => {
  const start = new bagh.Position();
  assert.deepEqual([1, 2, 3, 4].map((depth) => start.perft(depth)), [21, 252, 5052, 68204]);
  assert.equal(bagh.perft(start, 5), 1304788);
  assert.equal(start.perft(0), 1);
});

test('play returns a new position and leaves the old one as it was', () => {
  const start = new bagh.Position();
  const next = start.play('c3');
  assert.equal(next.toString(), 'T3T/5/2G2/5/T3T t 19 0');
  assert.equal(next.pieceAt('c3'), 'goat');
  assert.equal(next.pieceAt('a1'), 'tiger');
  assert.equal(next.pieceAt('b2'), null);
  assert.equal(start.toString(), 'T3T/5/5/5/T3T g 20 0');
  assert.ok(start.isLegal('c3'));
  assert.ok(!next.isLegal('c3'));
});

test('an illegal move throws IllegalMoveError and the position is unchanged', () => {
  const start = new bagh.Position();
  assert.throws(() => start.play('a1a2'), (error) => {
    assert.ok(error instanceof bagh.IllegalMoveError);
    assert.equal(error.code, 'ERR_BAGH_ILLEGAL_MOVE');
    assert.equal(error.move, 'a1a2');
    assert.equal(error.position, 'T3T/5/5/5/T3T g 20 0');
    assert.match(error.message, /a1a2/);
    return true;
  });
  assert.equal(start.toString(), 'T3T/5/5/5/T3T g 20 0');
});

test('a bad position string throws ParseError naming the field at fault', () => {
  const cases = [
    ['T3T/5/5/5/T3T g 21 0', /goats in hand/],
    ['T3T/5/5/5/T3T g 20', /goats captured/],
    ['T3T/5/5/5/T3T x 20 0', /expected g or t/],
    ['T3T/5/5/5/T3 g 20 0', /rank 1/],
  ];
  for (const [text, field] of cases) {
    assert.throws(() => new bagh.Position(text), (error) => {
      assert.ok(error instanceof bagh.ParseError, text);
      assert.equal(error.code, 'ERR_BAGH_PARSE');
      assert.equal(error.text, text);
      assert.equal(error.what, 'position');
      assert.equal(typeof error.column, 'number');
      assert.match(error.message, field);
      return true;
    });
  }
});

test('a finished position has no legal moves and an outcome', () => {
  // Five goats captured: the tigers have won.
  const won = new bagh.Position('T3T/5/5/5/T3T g 15 5');
  assert.deepEqual(won.legalMoves(), []);
  assert.ok(won.isGameOver());
  const outcome = won.outcome();
  assert.equal(outcome.winner, 'tiger');
  assert.equal(outcome.reason, 'captures');
  assert.equal(outcome.result(), '0-1');
  assert.ok(outcome.equals(new bagh.Outcome('tiger', 'captures')));
});

test('util.inspect shows what to type to make the value again', () => {
  const { inspect } = require('node:util');
  assert.equal(inspect(new bagh.Position()), 'Position("T3T/5/5/5/T3T g 20 0", "bagh-chal")');
  assert.equal(inspect(new bagh.Move('a1xa3')), 'Move("a1xa3")');
  assert.equal(inspect(bagh.Ruleset.preset('two-tigers')), 'Ruleset.preset("two-tigers")');
  assert.equal(inspect(new bagh.Game(null, null, ['c3'])), 'Game("bagh-chal", "T3T/5/5/5/T3T g 20 0", ["c3"])');
  assert.equal(inspect(new bagh.Outcome(null, 'repetition')), 'Outcome(null, "repetition")');
});

test('a perft depth out of range throws instead of running away', () => {
  const start = new bagh.Position();
  for (const depth of [-1, 1.5, 33, Number.NaN]) {
    assert.throws(() => start.perft(depth), (error) => {
      assert.ok(error instanceof bagh.ArgumentError);
      assert.match(error.message, /^depth: expected a whole number from 0 to 32/);
      return true;
    }, String(depth));
    assert.throws(() => bagh.perft(start, depth), /depth/);
  }
});

test('perftDivide splits perft by the first move', () => {
  const start = new bagh.Position();
  const divided = start.perftDivide(3);
  assert.equal(divided.length, 21);
  assert.equal(divided.reduce((sum, [, nodes]) => sum + nodes, 0), 5052);
  for (const [move, nodes] of divided) {
    assert.ok(move instanceof bagh.Move);
    assert.equal(nodes, start.play(move).perft(2));
  }
  assert.deepEqual(start.perftDivide(0), []);
});

test('the board as SVG and as lines, with the marks asked for', () => {
  const start = new bagh.Position();
  const svg = start.svg();
  assert.match(svg, /^<svg [^>]*width="360"/);
  assert.equal((svg.match(/class="piece tiger"/g) || []).length, 4);
  assert.equal((svg.match(/class="piece goat"/g) || []).length, 0);
  const marked = start.svg({ size: 200, highlight: ['c3', 'b2'] });
  assert.match(marked, /width="200"/);
  assert.equal((marked.match(/class="highlight"/g) || []).length, 2);
  assert.match(marked, /class="highlight" data-point="c3"/);
  const game = new bagh.Game();
  game.push('c3');
  const drawn = game.svg();
  assert.equal((drawn.match(/class="last-move"/g) || []).length, 1);
  assert.match(drawn, /class="piece goat" data-point="c3"/);
  assert.match(drawn, /tigers to move/);
  assert.throws(() => start.svg({ size: 10 }), bagh.ArgumentError);
  assert.throws(() => start.svg({ highlight: ['z9'] }), bagh.ParseError);
  assert.throws(() => start.svg({ colour: 'red' }), bagh.ArgumentError);
  assert.ok(start.lineBoard().includes('a'));
  assert.equal(game.lineBoard(), game.position.lineBoard());
});
