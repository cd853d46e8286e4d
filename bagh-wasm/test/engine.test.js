'use strict';
// The engine of the wasm package: the addon's names, options, answers and
// errors (bagh-node/test/engine.test.js asks the same of the addon), with
// what WebAssembly changes: one thread, no tables, a search that runs
// before its Promise is returned, stopped only from its own callbacks.
const test = require('node:test');
const assert = require('node:assert/strict');
const bagh = require('../pkg/node');

// The engine cases the addon's tests ask too, on a rule set of one tiger
// and four goats where one capture wins.
const { finishedGameRejects, winningCapture } = require('../../bagh-node/test/engine_cases');

test('analyse answers a Promise with legal lines, MultiPV best first', async () => {
  const engine = new bagh.Engine();
  const game = new bagh.Game();
  const pending = engine.analyse(game, { depth: 4, multipv: 3 });
  assert.ok(pending instanceof Promise);
  const analysis = await pending;
  const legal = game.legalMoves().map(String);
  assert.equal(analysis.depth, 4);
  assert.equal(analysis.lines.length, 3);
  const firsts = analysis.lines.map((line) => String(line.pv[0]));
  assert.equal(new Set(firsts).size, 3, 'three different first moves');
  for (const first of firsts) assert.ok(legal.includes(first));
  assert.equal(String(analysis.bestMove), firsts[0]);
  assert.deepEqual(analysis.pv.map(String), analysis.lines[0].pv.map(String));
  // Best first: each line's score no better for the goats than the one before.
  const values = analysis.lines.map((line) => line.score.value);
  assert.deepEqual([...values].sort((a, b) => b - a), values);
  assert.equal(analysis.turn, 'goat');
  assert.deepEqual(analysis.goatsScore, analysis.score);
  assert.equal(analysis.score.kind, 'cp');
  // The expected result for the goats with two decimals, signed unless 0.
  assert.match(analysis.goatsScore.text, /^([+-]\d\.\d\d|0\.00)$/);
  assert.ok(analysis.nodes > 0 && analysis.timeMs >= 0);
  // The caller's game is untouched.
  assert.equal(game.length, 0);
  assert.equal(game.legalMoves().length, 21);
});

test('the engine finds the winning capture, and scores it for both sides', async () => {
  const { engine, game } = await winningCapture(bagh);
  // What onProgress hears: the same display, and the goats' expected
  // result of a sure loss for them, -1 (what a bar draws).
  const heard = [];
  await engine.analyse(game, { depth: 3, onProgress: (line) => heard.push(line) });
  assert.equal(heard[heard.length - 1].score, 'tigers win in 1 ply');
  assert.equal(heard[heard.length - 1].expected, -1);
  // A Position and a position string are boards too.
  assert.equal(String(await engine.bestMove(game.position, { depth: 3 })), 'c3xa3');
  assert.equal(String(await engine.bestMove(String(game.position), { depth: 3 })), 'c3xa3');
});

test('bestMove with a time plays a legal move within its time', async () => {
  const engine = new bagh.Engine();
  const game = new bagh.Game();
  for (const move of ['c3', 'a1b1', 'b3']) game.push(move);
  for (const seconds of [0.1, 0.4]) {
    const started = process.hrtime.bigint();
    const move = await engine.bestMove(game, { time: seconds });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    assert.ok(game.isLegal(move), String(move));
    // The search stops at its deadline; a little over it for the last node
    // and the answer.
    assert.ok(elapsed < seconds + 0.15, `${elapsed.toFixed(3)} s for ${seconds} s`);
    assert.ok(elapsed > seconds / 4, `${elapsed.toFixed(3)} s: it searched`);
  }
});

test('every level plays a legal move, the same one again with the same seed', async () => {
  const game = new bagh.Game();
  game.push('c3');
  for (let level = 1; level <= 20; level += 1) {
    const engine = new bagh.Engine('bagh-chal', { level, seed: 11 });
    const move = await engine.bestMove(game, { nodes: 3000 });
    assert.ok(game.isLegal(move), `level ${level}: ${move}`);
    const again = await new bagh.Engine('bagh-chal', { level, seed: 11 }).bestMove(game, { nodes: 3000 });
    assert.equal(String(again), String(move), `level ${level}`);
  }
});

test('onProgress hears each completed line during the search, and can stop it', async () => {
  const engine = new bagh.Engine();
  const heard = [];
  const analysis = await engine.analyse(new bagh.Game(), {
    depth: 3,
    multipv: 2,
    onProgress: (line) => heard.push(line),
  });
  // Depths 1 to 3, two lines each, all heard before the Promise settled.
  assert.deepEqual(heard.map((l) => [l.depth, l.multipv]), [[1, 1], [1, 2], [2, 1], [2, 2], [3, 1], [3, 2]]);
  const last = heard[heard.length - 2];
  assert.deepEqual(last.pv, analysis.lines[0].pv.map(String));
  assert.equal(last.score, analysis.goatsScore.text);
  for (const key of ['seldepth', 'nodes', 'nps', 'time']) assert.equal(typeof last[key], 'number', key);

  // stop() from a callback ends a search of a minute at once.
  let started = Date.now();
  const stopped = await engine.analyse(new bagh.Game(), {
    time: 60,
    onProgress: (line) => line.depth >= 2 && engine.stop(),
  });
  assert.ok(Date.now() - started < 20000, 'stopped long before its minute');
  assert.ok(stopped.depth >= 2);
  // So does an AbortSignal aborted there; a callback that throws is ignored.
  const controller = new AbortController();
  started = Date.now();
  const aborted = await engine.bestMove(new bagh.Game(), {
    time: 60,
    signal: controller.signal,
    onProgress: () => {
      controller.abort();
      throw new Error('ignored');
    },
  });
  assert.ok(Date.now() - started < 20000);
  assert.equal(aborted.kind, 'place');
  // A search started inside another's callback is refused, not nested.
  await engine.analyse(new bagh.Game(), {
    depth: 1,
    onProgress: () => {
      assert.throws(() => engine.analyse(new bagh.Game(), { depth: 1 }), (error) => {
        assert.ok(error instanceof bagh.EngineError);
        assert.match(error.message, /searching/);
        return true;
      });
    },
  });
});

test('options are strict, limits are checked, and errors are the addon\'s', async () => {
  assert.throws(() => new bagh.Engine(undefined, { levl: 3 }), (error) => {
    assert.ok(error instanceof bagh.ArgumentError);
    assert.equal(error.code, 'ERR_BAGH_ARGUMENT');
    assert.match(error.message, /unknown option "levl"/);
    return true;
  });
  assert.throws(() => new bagh.Engine(undefined, { level: 21 }), bagh.ArgumentError);
  assert.throws(() => new bagh.Engine(undefined, { level: 2.5 }), bagh.ArgumentError);
  assert.throws(() => new bagh.Engine(undefined, { threads: 0 }), bagh.ArgumentError);
  assert.throws(() => new bagh.Engine('no-such-rules'), bagh.ParseError);
  const engine = new bagh.Engine();
  assert.equal(String(engine.rules), 'bagh-chal');
  assert.equal(String(new bagh.Engine(bagh.Ruleset.preset('two-tigers')).rules), 'two-tigers');
  assert.throws(() => engine.analyse(new bagh.Game(), { depth: 1000 }), /depth/);
  assert.throws(() => engine.analyse(new bagh.Game(), { dept: 3 }), bagh.ArgumentError);
  assert.throws(() => engine.analyse(new bagh.Game(), { time: -1 }), bagh.ArgumentError);
  assert.throws(() => engine.analyse(new bagh.Game(), { multipv: 0 }), bagh.ArgumentError);
  assert.throws(() => engine.analyse(new bagh.Game(), { onProgress: 3 }), bagh.ArgumentError);
  assert.throws(() => engine.analyse(42, { depth: 1 }), bagh.ArgumentError);
  assert.throws(() => engine.analyse('not a position', { depth: 1 }), bagh.ParseError);
  assert.throws(() => engine.analyse(new bagh.Game('two-tigers'), { depth: 2 }), (error) => {
    assert.ok(error instanceof bagh.EngineError);
    assert.equal(error.code, 'ERR_BAGH_ENGINE');
    return true;
  });
  await finishedGameRejects(bagh);
});

test('threads and tables, which WebAssembly has not, are refused with a reason', () => {
  assert.throws(() => new bagh.Engine('bagh-chal', { threads: 2 }), (error) => {
    assert.ok(error instanceof bagh.EngineError);
    assert.match(error.message, /one thread/);
    return true;
  });
  assert.ok(new bagh.Engine('bagh-chal', { threads: 1 }));
  assert.throws(() => new bagh.Engine('bagh-chal', { tablebase: {} }), (error) => {
    assert.ok(error instanceof bagh.EngineError);
    assert.match(error.message, /tables/);
    return true;
  });
});

test('the static evaluation: the network where the rule set has one, the classic one elsewhere', () => {
  const start = new bagh.Engine().evaluate(new bagh.Game());
  assert.equal(start.turn, 'goat');
  assert.equal(start.score.kind, 'cp');
  assert.deepEqual(start.goatsScore, start.score);
  // The network's probabilities for the side to move.
  assert.ok(Math.abs(start.win + start.draw + start.loss - 1) < 1e-5);
  // The tigers to move: the goats' score is the other side's.
  const game = new bagh.Game();
  game.push('c3');
  const after = new bagh.Engine().evaluate(game.position);
  assert.equal(after.turn, 'tiger');
  assert.equal(after.goatsScore.value, after.score.value === 0 ? 0 : -after.score.value);
  // A rule set of one's own has no network.
  const own = 'goats=16';
  const classic = new bagh.Engine(own).evaluate(new bagh.Game(own));
  assert.deepEqual([classic.win, classic.draw, classic.loss, classic.pliesToEnd], [null, null, null, null]);
  assert.throws(() => new bagh.Engine().evaluate(new bagh.Game('two-tigers')), bagh.EngineError);
});
