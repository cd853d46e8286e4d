'use strict';
// One set of assertions run against the Node addon and the wasm package in
// turn: code written for one runs on the other. The expected values come
// from the rules (docs/rules.md) and the published perft figures; the examples of
// docs/node.md (its ```js blocks, in order, as bagh-node's docs test runs
// them) run against both too.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { root, wasm, addon, needs } = require('./helpers');

function assertions(bagh) {
  // The start of bagh-chal: four tigers in the corners, 20 goats in hand.
  const start = new bagh.Position();
  assert.equal(start.toString(), 'T3T/5/5/5/T3T g 20 0');
  assert.deepEqual(start.tigers, ['a1', 'e1', 'a5', 'e5']);
  assert.equal(start.legalMoves().length, 21);
  assert.deepEqual([1, 2, 3, 4].map((d) => start.perft(d)), [21, 252, 5052, 68204]);
  assert.equal(start.pieceAt('a1'), 'tiger');
  assert.equal(start.pieceAt('c3'), null);
  assert.equal(start.outcome(), null);

  // Rule sets.
  assert.deepEqual(bagh.Ruleset.presetIds(), ['bagh-chal', 'bagh-chal-blocked-loses', 'two-tigers']);
  const twoTigers = bagh.Ruleset.preset('two-tigers');
  assert.equal(twoTigers.tigerMoves, 'slide');
  assert.equal(twoTigers.presetId, 'two-tigers');
  const custom = new bagh.Ruleset({ goats: 15, captureTarget: 3, noProgressLimit: 50 });
  assert.equal(custom.presetId, null);
  assert.equal(custom.noProgressLimit, 50);
  assert.equal(bagh.Ruleset.preset('bagh-chal').noProgressLimit, null);
  assert.ok(bagh.Ruleset.fromText(custom.toString()).equals(custom));
  assert.equal(new bagh.Position(null, custom).goatsInHand, 15);

  // Moves.
  const capture = new bagh.Move('a1xa3');
  assert.equal(capture.kind, 'capture');
  assert.equal(capture.fromPoint, 'a1');
  assert.equal(capture.overPoint, 'a2');
  assert.equal(new bagh.Move('c3').fromPoint, null);
  assert.ok(capture.equals('a1xa3') && !capture.equals('a1a3') && !capture.equals('nonsense'));
  assert.equal(JSON.stringify(start.legalMoves().slice(0, 3)), '["b1","c1","d1"]');
  assert.equal(start.legalMoves()[0], start.legalMoves()[0], 'the same move is the same object');

  // A game: a goat on c3, then each tiger has three steps (docs/rules.md).
  const game = new bagh.Game('bagh-chal');
  const played = game.push('c3');
  assert.ok(played instanceof bagh.Move);
  assert.equal(game.legalMoves().length, 12);
  game.push(game.legalMoves()[0]);
  assert.deepEqual([...game].map(String), ['c3', 'a1a2']);
  assert.equal(game.positions.length, 3);
  assert.equal(game.pop().toString(), 'a1a2');
  assert.equal(game.peek().toString(), 'c3');
  assert.ok(game.copy().equals(game));
  assert.ok(new bagh.Game(null, game.start, game.moves).equals(game));
  assert.ok(new bagh.Game('bagh-chal', 'T3T/5/5/5/T3T g 20 0', ['c3']).equals(game));
  const empty = new bagh.Game();
  assert.equal(empty.pop(), null);
  assert.equal(empty.peek(), null);

  // A capture: the goat on b1 jumped from a1 to c1.
  const position = bagh.Position.fromParts(['a1', 'e1', 'a5', 'e5'], ['b1'], { side: 'tiger', goatsInHand: 19 });
  assert.deepEqual(position.legalCaptures().map(String), ['a1xc1']);
  const after = position.play('a1xc1');
  assert.equal(after.goatsCaptured, 1);
  assert.deepEqual(after.goats, []);

  // Outcomes.
  const outcome = new bagh.Outcome('tiger', 'captures');
  assert.equal(outcome.result(), '0-1');
  assert.equal(outcome.toString(), '0-1 (captures)');
  assert.ok(new bagh.Outcome(null, 'repetition').isDraw());

  // Records and SVG.
  const record = new bagh.Record(game, { Event: 'Both' }, { 1: 'the centre' });
  assert.equal(bagh.Record.fromText(record.toText()).comment(1), 'the centre');
  assert.ok(game.svg({ size: 240, highlight: ['c3'] }).startsWith('<svg'));

  // Errors.
  assert.throws(() => game.push('c4'), (e) => e instanceof bagh.IllegalMoveError && e.code === 'ERR_BAGH_ILLEGAL_MOVE');
  assert.throws(() => game.push(5), (e) => e instanceof bagh.ArgumentError && /Game\.push: expected a Move or a string/.test(e.message));
  assert.throws(() => new bagh.Ruleset({ goat: 10 }), bagh.ArgumentError);
  assert.equal(game.length, 1);
  assert.equal(typeof bagh.version, 'string');
}

const modules = [['the addon', addon], ['the wasm package', wasm]];

for (const [name, loaded] of modules) {
  test(`${name}: the shared assertions`, needs(loaded), () => assertions(loaded.module));

  test(`${name}: the examples of docs/node.md`, needs(loaded), () => {
    const file = path.join(root, 'docs', 'node.md');
    const text = fs.readFileSync(file, 'utf8');
    const blocks = [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)];
    assert.ok(blocks.length >= 5);
    const lines = text.split('\n').map(() => '');
    for (const block of blocks) {
      const first = text.slice(0, block.index).split('\n').length;
      block[1].split('\n').forEach((line, i) => {
        lines[first + i] = line;
      });
    }
    const run = vm.runInThisContext(`(function (assert, require, console) {${lines.join('\n')}\n})`, { filename: file });
    run(assert, (id) => (/^(\.\/)?bagh-node$/.test(id) ? loaded.module : require(id)), { log() {} });
  });
}
