'use strict';
// The engine and the tables from Node: Promises that resolve off the main
// thread, an AbortSignal that ends a long search, strict options, and the
// tables' answers checked against positions solved by hand.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const bagh = require('..');

const { TINY, finishedGameRejects, winningCapture } = require('./engine_cases');

test('analyse answers a Promise with legal lines', async () => {
  const engine = new bagh.Engine();
  const game = new bagh.Game();
  const analysis = await engine.analyse(game, { depth: 4, multipv: 2 });
  const legal = game.legalMoves().map(String);
  assert.equal(analysis.depth, 4);
  assert.equal(analysis.lines.length, 2);
  assert.ok(legal.includes(String(analysis.bestMove)));
  assert.notEqual(String(analysis.lines[0].pv[0]), String(analysis.lines[1].pv[0]));
  assert.equal(analysis.turn, 'goat');
  assert.deepEqual(analysis.goatsScore, analysis.score);
});

test('the engine finds the winning capture, and scores it for both sides', async () => {
  await winningCapture(bagh);
});

test('an AbortSignal ends a long search, which answers what it has', async () => {
  const engine = new bagh.Engine();
  const controller = new AbortController();
  const started = Date.now();
  const pending = engine.analyse(new bagh.Game(), { time: 60, signal: controller.signal });
  setTimeout(() => controller.abort(), 200);
  const analysis = await pending;
  assert.ok(Date.now() - started < 20000, 'stopped long before its minute');
  assert.ok(analysis.depth >= 1);
  // stop() does the same.
  const again = engine.analyse(new bagh.Game(), { time: 60 });
  setTimeout(() => engine.stop(), 200);
  assert.ok((await again).depth >= 1);
});

test('options are strict and limits are checked', async () => {
  assert.throws(() => new bagh.Engine(undefined, { levl: 3 }), (error) => {
    assert.ok(error instanceof bagh.ArgumentError);
    assert.match(error.message, /unknown option "levl"/);
    return true;
  });
  assert.throws(() => new bagh.Engine(undefined, { level: 21 }), /level/);
  const engine = new bagh.Engine();
  assert.throws(() => engine.analyse(new bagh.Game(), { depth: 1000 }), /depth/);
  assert.throws(() => engine.analyse(new bagh.Game(), { dept: 3 }), bagh.ArgumentError);
  assert.throws(() => engine.analyse(new bagh.Game('two-tigers'), { depth: 2 }), bagh.EngineError);
  await finishedGameRejects(bagh);
});

test('tables built from Node answer as the rules say', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagh-node-tables-'));
  try {
    const tables = await bagh.Tablebase.build(TINY, dir);
    assert.equal(String(tables.rules), String(bagh.Ruleset.fromText(TINY)));
    const game = new bagh.Game(TINY);
    game.push('b3');
    // Goats still in hand: the placement layers hold values, not distances.
    assert.deepEqual(tables.probe(game.position), { value: 'win', distance: null });
    const replies = tables.probeMoves(game.position);
    assert.equal(replies.length, game.legalMoves().length);
    // The best moves are those that leave the goats lost, the capture among them.
    const best = tables.bestMoves(game.position).map(String);
    assert.ok(best.includes('c3xa3'));
    assert.deepEqual(best.sort(), replies.filter((r) => r.value === 'loss').map((r) => String(r.move)).sort());
    const capture = replies.find((r) => String(r.move) === 'c3xa3');
    assert.deepEqual({ value: capture.value, distance: capture.distance }, { value: 'loss', distance: 0 });
    const reopened = bagh.Tablebase.open(dir);
    assert.deepEqual(reopened.probe(String(game.position)), tables.probe(game.position));
    // With the tables the engine plays perfectly; tables of another rule set are refused.
    const perfect = new bagh.Engine(TINY, { tablebase: tables });
    assert.equal(String(await perfect.bestMove(game, { depth: 1 })), 'c3xa3');
    assert.throws(() => new bagh.Engine('bagh-chal', { tablebase: tables }), bagh.EngineError);
    assert.throws(() => bagh.Tablebase.open(path.join(dir, 'missing')), bagh.TablebaseError);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a Ruleset option that does not exist is refused, not ignored', () => {
  assert.throws(() => new bagh.Ruleset({ goat: 10 }), (error) => {
    assert.ok(error instanceof bagh.ArgumentError);
    assert.match(error.message, /unknown option "goat"/);
    assert.match(error.message, /goats/);
    return true;
  });
  assert.equal(new bagh.Ruleset({ goats: 10 }).goats, 10);
});

test('the RL codes are bagh.rl\'s', () => {
  const game = new bagh.Game();
  // docs/rules.md: 21 empty points at the start; a placement's action is its point's index.
  const mask = bagh.rl.legalMask(game);
  assert.ok(mask instanceof Uint8Array && mask.length === 289);
  assert.equal(mask.reduce((sum, bit) => sum + bit, 0), 21);
  assert.equal(bagh.rl.encode('c3'), 12);
  assert.equal(String(bagh.rl.decode(12, game)), 'c3');
  assert.throws(() => bagh.rl.decode(0, game), bagh.ArgumentError); // a tiger on a1
  const planes = bagh.rl.observation(game.position);
  assert.ok(planes instanceof Float32Array && planes.length === 275);
  assert.equal(planes.slice(0, 25).reduce((sum, x) => sum + x, 0), 4); // four tigers
  for (const move of game.legalMoves()) {
    assert.equal(String(bagh.rl.decode(bagh.rl.encode(move), game)), String(move));
  }
});

test('a perfect player keeps the value', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagh-node-perfect-'));
  try {
    const tables = await bagh.Tablebase.build(TINY, dir);
    const game = new bagh.Game(TINY);
    game.push('b3');
    for (const style of ['random', 'narrowing']) {
      const player = new bagh.PerfectPlayer(tables, { style, seed: 3 });
      const move = player.bestMove(game);
      assert.ok(tables.bestMoves(game.position).map(String).includes(String(move)), style);
    }
    assert.throws(() => new bagh.PerfectPlayer(tables, { style: 'best' }), bagh.ArgumentError);
    assert.throws(() => new bagh.PerfectPlayer(tables, { seeds: 1 }), bagh.ArgumentError);
    assert.throws(() => new bagh.PerfectPlayer(tables, { historyNodes: -1 }), bagh.ArgumentError);
    const answer = tables.probeGame(game, 50);
    assert.deepStrictEqual(answer.tables, tables.probe(game.position));
    assert.ok(answer.nodes <= 50);
    assert.ok(answer.proven === null || answer.proven === answer.value);
    assert.throws(() => tables.probeGame(game, -1), bagh.ArgumentError);
    const trusting = new bagh.PerfectPlayer(tables, { historyNodes: 0 });
    assert.ok(tables.bestMoves(game.position).map(String).includes(String(trusting.bestMove(game))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('builds and searches report their progress on the main thread', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagh-node-progress-'));
  try {
    const heard = [];
    const tables = await bagh.Tablebase.build(TINY, dir, { onProgress: (p) => heard.push(p) });
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(heard.length > 0);
    assert.deepEqual([...new Set(heard.map((p) => p.stage))].sort(), ['movement', 'placement']);
    for (const p of heard) assert.ok(p.done <= p.total && p.total > 0, JSON.stringify(p));
    assert.throws(() => bagh.Tablebase.build(TINY, dir, { progress: true }), bagh.ArgumentError);
    assert.ok(['win', 'draw', 'loss'].includes(tables.probe(new bagh.Game(TINY).position).value));

    const engine = new bagh.Engine('bagh-chal');
    const lines = [];
    const analysis = await engine.analyse(new bagh.Game(), {
      depth: 4,
      multipv: 2,
      onProgress: (line) => lines.push(line),
    });
    // Reports are queued for the main thread: the last may come just after.
    await new Promise((resolve) => setImmediate(resolve));
    // Each completed depth reports both lines, in order; the last depth's
    // first line is the answer.
    assert.deepEqual(
      lines.map((l) => l.depth),
      [1, 1, 2, 2, 3, 3, 4, 4],
    );
    assert.deepEqual(lines.map((l) => l.multipv), [1, 2, 1, 2, 1, 2, 1, 2]);
    const last = lines[lines.length - 2];
    assert.equal(last.pv[0], String(analysis.bestMove));
    assert.equal(last.score, analysis.goatsScore.text);
    const moves = [];
    await engine.bestMove(new bagh.Game(), { depth: 2, onProgress: (l) => moves.push(l.depth) });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(moves, [1, 2]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a match between a level and a perfect player, its records read back', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagh-node-match-'));
  try {
    const tables = await bagh.Tablebase.build(TINY, dir);
    const perfect = new bagh.PerfectPlayer(tables, { seed: 1, historyNodes: 1000 });
    const result = await bagh.playMatch(perfect, 2, { games: 4, depth: 2, seed: 3, maxPlies: 200 });
    assert.deepEqual(result.players, ['perfect (random)', 'bagh level 2']);
    assert.equal(result.wins + result.draws + result.losses, 4);
    assert.equal(result.score, (result.wins + result.draws / 2) / 4);
    assert.equal(result.records.length, 4);
    // The tally is the records' own results, the perfect player's side
    // alternating (goats first).
    let wins = 0;
    result.records.forEach((text, i) => {
      const game = bagh.Game.fromRecord(text);
      const outcome = game.outcome();
      const perfectSide = i % 2 === 0 ? 'goat' : 'tiger';
      if (outcome && outcome.winner === perfectSide) wins += 1;
    });
    assert.equal(wins, result.wins);
    // The tables never lose: the perfect player loses no game.
    assert.equal(result.losses, 0);
    const engine = new bagh.Engine(TINY);
    const played = await bagh.playMatch(engine, perfect, { games: 2, nodes: 2000, maxPlies: 200 });
    assert.equal(played.records.length, 2);
    assert.throws(() => bagh.playMatch(perfect, 2, { rules: 'bagh-chal' }), bagh.ArgumentError);
    assert.throws(() => bagh.playMatch(perfect, 21), bagh.ArgumentError);
    assert.throws(() => bagh.playMatch(perfect, 2, { game: 2 }), bagh.ArgumentError);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
