'use strict';
// Bad input: each throws the addon's BaghError subclass with its code and
// details, the same error as the addon throws (class, code and message),
// and a refused call changes nothing.
const test = require('node:test');
const assert = require('node:assert/strict');
const { wasm, addon, needs } = require('./helpers');

// [what, call, class]: the class from docs/node.md's table of errors.
const CASES = [
  ['an unknown preset', (b) => b.Ruleset.preset('bagh-chall'), 'ParseError'],
  ['a rule-set text with a bad key', (b) => b.Ruleset.fromText('goats=20 tigerz=a1'), 'ParseError'],
  ['too many goats', (b) => new b.Ruleset({ goats: 30 }), 'RulesetError'],
  ['a capture target above the goats', (b) => new b.Ruleset({ goats: 5, captureTarget: 6 }), 'RulesetError'],
  ['an unknown tiger move', (b) => new b.Ruleset({ tigerMoves: 'jump' }), 'RulesetError'],
  ['a bad repetition', (b) => new b.Ruleset({ repetition: 'draw(1)' }), 'RulesetError'],
  ['an unknown option', (b) => new b.Ruleset({ goat: 10 }), 'ArgumentError'],
  ['a string for options', (b) => new b.Ruleset('goats=10'), 'ArgumentError'],
  ['a number for a preset id', (b) => b.Ruleset.preset(5), 'ArgumentError'],
  ['a position with 21 goats in hand', (b) => new b.Position('T3T/5/5/5/T3T g 21 0'), 'ParseError'],
  ['a position with a bad board', (b) => new b.Position('T3T/5/5/5 g 20 0'), 'ParseError'],
  ['a position under an unknown rule set', (b) => new b.Position(null, 'no-such-rules'), 'ParseError'],
  ['a move that is no move', (b) => new b.Move('z9'), 'ParseError'],
  ['a number for a move', (b) => new b.Game().push(5), 'ArgumentError'],
  ['an illegal placement', (b) => new b.Position().play('a1'), 'IllegalMoveError'],
  ['a tiger step with goats to move', (b) => new b.Position().play('a1a2'), 'IllegalMoveError'],
  ['a point that is no point', (b) => new b.Position().pieceAt('f6'), 'ParseError'],
  ['a depth of -1', (b) => new b.Position().perft(-1), 'ArgumentError'],
  ['a depth of 1.5', (b) => b.perft(new b.Position(), 1.5), 'ArgumentError'],
  ['a goat on a tiger', (b) => b.Position.fromParts(['a1', 'e1', 'a5', 'e5'], ['a1']), 'SetupError'],
  ['a repeated tiger', (b) => b.Position.fromParts(['a1', 'a1', 'a5', 'e5'], []), 'SetupError'],
  ['goats in hand of -1', (b) => b.Position.fromParts(['a1', 'e1', 'a5', 'e5'], [], { goatsInHand: -1 }), 'SetupError'],
  ['an unknown side', (b) => b.Position.fromParts(['a1', 'e1', 'a5', 'e5'], [], { side: 'goats' }), 'ParseError'],
  ['an unknown outcome reason', (b) => new b.Outcome('tiger', 'resigned'), 'ParseError'],
  ['a Position under other rules than given', (b) => new b.Game('two-tigers', new b.Position()), 'RulesetError'],
  ['an SVG size of 10', (b) => new b.Position().svg({ size: 10 }), 'ArgumentError'],
  ['an unknown SVG option', (b) => new b.Position().svg({ width: 100 }), 'ArgumentError'],
  ['a record tag with a space', (b) => new b.Game().toRecord({ 'Bad Tag': 'x' }), 'RecordContentError'],
  ['a comment past the end', (b) => new b.Record(new b.Game(), null, { 3: 'late' }), 'RecordContentError'],
  ['a record with an illegal move', (b) => b.Game.fromRecord('[Rules "bagh-chal"]\n\n1. c3 a1a3 *\n'), 'IllegalMoveError'],
  ['an unknown errors mode', (b) => b.readRecordsText('', { errors: 'ignore' }), 'ParseError'],
];

const CODES = {
  ParseError: 'ERR_BAGH_PARSE',
  IllegalMoveError: 'ERR_BAGH_ILLEGAL_MOVE',
  RulesetError: 'ERR_BAGH_RULESET',
  SetupError: 'ERR_BAGH_SETUP',
  RecordContentError: 'ERR_BAGH_RECORD_CONTENT',
  ArgumentError: 'ERR_BAGH_ARGUMENT',
};

function caught(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
}

for (const [what, call, cls] of CASES) {
  test(`${what}: ${cls}`, needs(wasm), () => {
    const bagh = wasm.module;
    const error = caught(() => call(bagh));
    assert.ok(error, 'no error was thrown');
    assert.ok(error instanceof bagh[cls], `${error && error.name}: ${error && error.message}`);
    assert.ok(error instanceof bagh.BaghError && error instanceof Error);
    assert.equal(error.code, CODES[cls]);
    assert.equal(error.name, cls);
    assert.ok(error.message.length > 0);
    assert.equal(error.baghClass, undefined);
  });
}

test('each bad input is the error the addon throws', needs(wasm, addon), () => {
  for (const [what, call] of CASES) {
    const ours = caught(() => call(wasm.module));
    const theirs = caught(() => call(addon.module));
    assert.ok(theirs, `${what}: the addon throws nothing`);
    assert.equal(ours.name, theirs.name, what);
    assert.equal(ours.code, theirs.code, what);
    // The addon's ArgumentError words come from Node-API's conversions.
    if (ours.code === 'ERR_BAGH_ARGUMENT') continue;
    assert.equal(ours.message, theirs.message, what);
    for (const key of ['field', 'reason', 'move', 'position', 'line', 'column', 'cause', 'tag', 'ply', 'text', 'what']) {
      assert.deepEqual(ours[key], theirs[key], `${what}: ${key}`);
    }
  }
});

test('a refused move changes nothing', needs(wasm), () => {
  const bagh = wasm.module;
  const game = new bagh.Game();
  game.push('c3');
  const before = [game.length, game.position.toString(), game.toRecord()];
  for (const bad of ['c4', 'a1a3', 'c3', 'zz', 5, null, {}]) {
    assert.throws(() => game.push(bad), bagh.BaghError);
    assert.deepEqual([game.length, game.position.toString(), game.toRecord()], before);
  }
  // The details of the refusal: docs/rules.md, goats place only on their turn.
  assert.throws(() => game.push('c4'), (error) => {
    assert.equal(error.reason, 'wrong-side');
    assert.equal(error.move, 'c4');
    assert.equal(error.position, 'T3T/5/2G2/5/T3T t 19 0');
    return true;
  });
  const position = new bagh.Position();
  assert.throws(() => position.play('a1'), bagh.IllegalMoveError);
  assert.equal(position.toString(), 'T3T/5/5/5/T3T g 20 0');
});

test('a bad field is named as the option is spelt', needs(wasm), () => {
  const bagh = wasm.module;
  assert.throws(() => new bagh.Ruleset({ goats: 30 }), (e) => e.field === 'goats');
  assert.throws(() => new bagh.Ruleset({ noProgressLimit: 0 }), (e) => e.field === 'noProgressLimit');
  assert.throws(
    () => bagh.Position.fromParts(['a1', 'e1', 'a5', 'e5'], [], { goatsCaptured: 300 }),
    (e) => e.field === 'goatsCaptured',
  );
});

test('the names of the addon are all here; what needs files or threads throws why', needs(wasm, addon), () => {
  const bagh = wasm.module;
  assert.deepEqual(Object.keys(bagh).sort(), Object.keys(addon.module).sort());
  const refused = [
    [() => bagh.Tablebase.open('/tables'), bagh.TablebaseError, /files on disk/],
    [() => bagh.Tablebase.build('bagh-chal', '/tables'), bagh.TablebaseError, /files on disk/],
    [() => new bagh.PerfectPlayer(null), bagh.TablebaseError, /files on disk/],
    [() => bagh.playMatch(1, 2), bagh.EngineError, /threads/],
    [() => bagh.rl.encode('c3'), bagh.BaghError, /not in the WebAssembly package/],
  ];
  for (const [call, cls, words] of refused) assert.throws(call, (e) => e instanceof cls && words.test(e.message));
});
