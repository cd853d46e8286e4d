'use strict';
// The error classes: one base, codes that tell them apart, and messages
// that say what and where.
const test = require('node:test');
const assert = require('node:assert/strict');
const bagh = require('..');

const CLASSES = {
  BaghError: 'ERR_BAGH',
  ParseError: 'ERR_BAGH_PARSE',
  IllegalMoveError: 'ERR_BAGH_ILLEGAL_MOVE',
  RulesetError: 'ERR_BAGH_RULESET',
  SetupError: 'ERR_BAGH_SETUP',
  RecordContentError: 'ERR_BAGH_RECORD_CONTENT',
};

test('every error class is an Error and a BaghError, with its own code', () => {
  for (const [name, code] of Object.entries(CLASSES)) {
    const Class = bagh[name];
    const error = new Class('a message');
    assert.ok(error instanceof Error, name);
    assert.ok(error instanceof bagh.BaghError, name);
    assert.equal(error.name, name);
    assert.equal(error.code, code);
    assert.equal(error.message, 'a message');
    assert.match(String(error), new RegExp(`^${name}: a message`));
  }
  assert.ok(!(new bagh.ParseError('x') instanceof bagh.IllegalMoveError));
});

test('errors from the addon are instances of their class and of the base', () => {
  const thrown = [
    [() => new bagh.Move('z9'), bagh.ParseError],
    [() => bagh.Ruleset.preset('chess'), bagh.ParseError],
    [() => new bagh.Game().push('a1a2'), bagh.IllegalMoveError],
    [() => new bagh.Ruleset({ goats: 0 }), bagh.RulesetError],
    [() => new bagh.Game().toRecord({ Position: 'x' }), bagh.RecordContentError],
    [() => bagh.Record.fromText('1. c3 1-0'), bagh.BaghError],
  ];
  for (const [fn, Class] of thrown) {
    assert.throws(fn, (error) => {
      assert.ok(error instanceof Class, `${error.name}: ${error.message}`);
      assert.ok(error instanceof bagh.BaghError);
      assert.ok(error instanceof Error);
      assert.equal(error.code, CLASSES[error.name]);
      assert.ok(error.message.length > 0);
      // The stack starts at the caller, not inside the addon's helper.
      assert.match(error.stack.split('\n')[1], /errors\.test\.js/);
      return true;
    });
  }
});

test('a bad rule-set option names the field', () => {
  const cases = [
    [{ goats: 30 }, 'goats'],
    [{ goats: 2.5 }, 'goats'],
    [{ captureTarget: 21 }, 'captureTarget'],
    [{ tigerMoves: 'jump' }, 'tigerMoves'],
    [{ repetition: 'draw(1)' }, 'repetition'],
    [{ noProgressLimit: 0 }, 'noProgressLimit'],
    [{ tigers: ['a1', 'a1'] }, 'tigers'],
    // Checked by the core's builder, and named as the option here.
    [{ goats: 3, captureTarget: 5 }, 'captureTarget'],
  ];
  for (const [options, field] of cases) {
    assert.throws(() => new bagh.Ruleset(options), (error) => {
      assert.ok(error instanceof bagh.RulesetError, JSON.stringify(options));
      assert.equal(error.field, field, JSON.stringify(options));
      return true;
    });
  }
});

test('a rule set built from options', () => {
  const rules = new bagh.Ruleset({ tigers: ['b3', 'd3'], goats: 18, captureTarget: 9, tigerMoves: 'slide', blockedSideLoses: true, repetition: 'draw(3)' });
  assert.ok(rules.equals(bagh.Ruleset.preset('two-tigers')));
  assert.equal(rules.presetId, 'two-tigers');
  assert.equal(new bagh.Ruleset().presetId, 'bagh-chal');
  assert.deepEqual(bagh.Ruleset.presetIds(), ['bagh-chal', 'bagh-chal-blocked-loses', 'two-tigers']);
  const custom = new bagh.Ruleset({ goats: 15, captureTarget: 3, noProgressLimit: 50 });
  assert.equal(custom.presetId, null);
  assert.ok(bagh.Ruleset.fromText(custom.toString()).equals(custom));
  assert.equal(custom.noProgressLimit, 50);
});

test('Position.fromParts checks the parts and names the option at fault', () => {
  const tigers = ['a1', 'e1', 'a5', 'e5'];
  const position = bagh.Position.fromParts(tigers, ['c3'], { side: 'tiger', goatsInHand: 19 });
  assert.equal(position.toString(), 'T3T/5/2G2/5/T3T t 19 0');
  const cases = [
    [['a1'], [], {}, 'tigers'],
    [tigers, ['c3'], { goatsInHand: 20 }, 'goatsInHand'],
    [tigers, ['a1'], { goatsInHand: 19 }, 'goats'],
    [tigers, ['c3', 'c3'], { goatsInHand: 18 }, 'goats'],
    [tigers, [], { goatsInHand: 20, goatsCaptured: -1 }, 'goatsCaptured'],
  ];
  for (const [t, g, options, field] of cases) {
    assert.throws(() => bagh.Position.fromParts(t, g, options), (error) => {
      assert.ok(error instanceof bagh.SetupError, `${error.name}: ${error.message}`);
      assert.equal(error.code, 'ERR_BAGH_SETUP');
      assert.equal(error.field, field);
      assert.match(error.message, new RegExp(`^${field}: `));
      return true;
    });
  }
  assert.throws(() => bagh.Position.fromParts(['z9'], []), bagh.ParseError);
  assert.throws(() => bagh.Position.fromParts(tigers, [], { side: 'tigers' }), bagh.ParseError);
});

test('a worker thread loads the addon with its own error classes', async () => {
  const { Worker } = require('node:worker_threads');
  const addon = require('node:path').join(__dirname, '..');
  const worker = new Worker(
    `const bagh = require(${JSON.stringify(addon)});
     const { parentPort } = require('node:worker_threads');
     try { new bagh.Game().push('a1a2'); parentPort.postMessage('no error'); }
     catch (error) { parentPort.postMessage([error instanceof bagh.IllegalMoveError, error.code, new bagh.Game().legalMoves().length]); }`,
    { eval: true },
  );
  const [message] = await require('node:events').once(worker, 'message');
  await worker.terminate();
  assert.deepEqual(message, [true, 'ERR_BAGH_ILLEGAL_MOVE', 21]);
  // The main thread's classes still work after the worker has gone.
  assert.throws(() => new bagh.Game().push('a1a2'), bagh.IllegalMoveError);
  assert.equal(new bagh.Game().legalMoves().length, 21);
});

test('arguments of the wrong type are ArgumentErrors that name the call', () => {
  const cases = [
    [() => new bagh.Position(5), /^new Position: expected a string, found number/],
    [() => new bagh.Game().push(5), /^Game\.push: expected a Move or a string/],
    [() => bagh.Position.fromParts(5), /^Position\.fromParts: expected an array/],
    [() => bagh.Game.fromRecord(5), /^Game\.fromRecord: expected a string/],
    [() => bagh.Ruleset.preset(3), /^Ruleset\.preset: expected a string/],
    [() => bagh.rl.encode(5), /^rl\.encode: expected a Move or a string/],
    [() => new bagh.Position().perft('x'), /^Position\.perft: expected a number/],
  ];
  for (const [fn, message] of cases) {
    assert.throws(fn, (error) => {
      assert.ok(error instanceof bagh.ArgumentError, `${error.name}: ${error.message}`);
      assert.equal(error.code, 'ERR_BAGH_ARGUMENT');
      assert.match(error.message, message);
      assert.match(error.stack.split('\n')[1], /errors\.test\.js/);
      return true;
    });
  }
  // Classes keep their identity through the translation.
  assert.ok(bagh.Game.fromRecord(new bagh.Game().toRecord()) instanceof bagh.Game);
  assert.equal(bagh.Position.name, 'Position');
});
