'use strict';
// Nothing panics across the boundary: every method and function of the
// rules, called thousands of times with arguments of every kind, either
// answers or throws a BaghError. A Rust panic would abort inside the
// module (a WebAssembly.RuntimeError, after which the module is unusable).
const test = require('node:test');
const assert = require('node:assert/strict');
const { wasm, needs } = require('./helpers');
const { seededRandom } = require('../../examples/node/seeded-random');

// No whole number above 5, so that a count that is accepted ends quickly.
const VALUES = [
  undefined, null, true, 0, 1, 3, 5, -1, 1.5, NaN, Infinity, -0, 2 ** 40, '', 'x', 'c3', 'a1', 'z9', 'a1a2', 'a1xa3',
  'two-tigers', 'bagh-chal', 'goats=3 capture_target=1', 'T3T/5/5/5/T3T g 20 0', '5/5/1T1T1/5/5 g 18 0',
  '[Rules "bagh-chal"]\n\n1. c3 *\n', '\u0000', 'é'.repeat(1000), {}, [], ['a1'], ['a1', 'a1'], [5], { goats: 'x' },
  { goats: 3 }, { size: 60 }, { errors: 'collect' }, { 1: 'x' }, { Event: 'x' }, () => 1, Symbol.iterator,
];

function sample(random) {
  return VALUES[Math.floor(random() * VALUES.length)];
}

test('every rules call answers or throws a BaghError, and the module lives on', needs(wasm), () => {
  const bagh = wasm.module;
  const random = seededRandom(2024);
  const instances = () => {
    const game = new bagh.Game();
    game.push('c3');
    return {
      Ruleset: bagh.Ruleset.preset('two-tigers'),
      Position: new bagh.Position('T3T/5/2G2/5/T3T t 19 0'),
      Move: new bagh.Move('a1xa3'),
      Game: game,
      Outcome: new bagh.Outcome('tiger', 'captures'),
      Record: new bagh.Record(game, { Event: 'x' }),
    };
  };
  const calls = [];
  for (const name of ['Ruleset', 'Position', 'Move', 'Game', 'Outcome', 'Record']) {
    const cls = bagh[name];
    calls.push([`new ${name}`, (args) => new cls(...args)]);
    for (const key of Object.getOwnPropertyNames(cls)) {
      if (typeof cls[key] === 'function' && !['length', 'name', 'prototype'].includes(key)) {
        calls.push([`${name}.${key}`, (args) => cls[key](...args)]);
      }
    }
    for (const key of Object.getOwnPropertyNames(cls.prototype)) {
      if (['constructor', 'free'].includes(key) || key.startsWith('__')) continue;
      const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, key);
      if (typeof descriptor.value === 'function') {
        calls.push([`${name}.prototype.${key}`, (args) => { const self = instances()[name]; return self[key](...args); }]);
      }
    }
  }
  calls.push(['perft', (args) => bagh.perft(...args)], ['readRecordsText', (args) => bagh.readRecordsText(...args)]);
  let answered = 0;
  let refused = 0;
  for (let i = 0; i < 4000; i++) {
    const [what, call] = calls[i % calls.length];
    const args = Array.from({ length: Math.floor(random() * 4) }, () => sample(random));
    try {
      call(args);
      answered += 1;
    } catch (error) {
      assert.ok(error instanceof bagh.BaghError, `${what}(${args.map((a) => typeof a).join(', ')}): ${error && error.stack}`);
      refused += 1;
    }
  }
  assert.ok(answered > 100 && refused > 100, `${answered} answered, ${refused} refused`);
  // The module still plays.
  const game = new bagh.Game();
  game.push('c3');
  assert.equal(game.legalMoves().length, 12);
  assert.equal(new bagh.Position().perft(3), 5052);
});
