'use strict';
// The wasm engine against the native one, which shares its code but not its
// compiler's target: the same analyses by depth and by nodes as the Node
// addon (one thread, a new engine each), and the same static evaluation of
// 1,000 seeded positions as the Python package. A difference would be a
// portability fault: a clock, a float, a width that is not the same.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { seededRandom } = require('../../examples/node/seeded-random');
const wasm = require('../pkg/node');

const root = path.join(__dirname, '..', '..');
const addonBuilt = fs.existsSync(path.join(root, 'bagh-node', 'bagh.node'));
const native = addonBuilt ? require('../../bagh-node') : null;
const python = path.join(root, '.venv', 'bin', 'python');

// The positions after a seeded random number of random plies, each from a
// new game of `rules` (played in the wasm package; the native side reads
// the position strings).
function seededPositions(rules, count, seed) {
  const random = seededRandom(seed);
  const found = [];
  while (found.length < count) {
    const game = new wasm.Game(rules);
    const plies = Math.floor(random() * 80);
    for (let ply = 0; ply < plies; ply++) {
      const moves = game.legalMoves();
      if (moves.length === 0) break;
      game.push(moves[Math.floor(random() * moves.length)]);
    }
    if (!game.isGameOver()) found.push(String(game.position));
  }
  return found;
}

// The parts of an analysis that must agree to the bit (not its time).
function summary(analysis) {
  return {
    bestMove: String(analysis.bestMove),
    score: analysis.score,
    goatsScore: analysis.goatsScore,
    depth: analysis.depth,
    seldepth: analysis.seldepth,
    nodes: analysis.nodes,
    pv: analysis.pv.map(String),
    lines: analysis.lines.map((line) => ({
      score: line.score,
      goatsScore: line.goatsScore,
      pv: line.pv.map(String),
    })),
  };
}

const skipAddon = addonBuilt ? false : 'the Node addon is not built (make node)';

test('analyses by depth and by nodes are the addon\'s, MultiPV lines included', { skip: skipAddon }, async () => {
  const boards = [
    ['bagh-chal', 5, 1],
    ['two-tigers', 2, 2],
    ['goats=16', 2, 3],
  ].flatMap(([rules, count, seed]) => seededPositions(rules, count, seed).map((board) => [rules, board]));
  for (const [rules, board] of boards) {
    for (const options of [{ depth: 5 }, { nodes: 20000 }, { depth: 4, multipv: 3 }]) {
      const mine = await new wasm.Engine(rules, { threads: 1 }).analyse(board, options);
      const theirs = await new native.Engine(rules, { threads: 1 }).analyse(board, options);
      assert.deepEqual(summary(mine), summary(theirs), `${rules} ${board} ${JSON.stringify(options)}`);
    }
  }
});

test('a level plays the addon\'s move with the same seed and node limit', { skip: skipAddon }, async () => {
  for (const board of seededPositions('bagh-chal', 4, 4)) {
    for (const level of [3, 12, 20]) {
      const options = { level, seed: 5 };
      const mine = await new wasm.Engine('bagh-chal', options).bestMove(board, { nodes: 5000 });
      const theirs = await new native.Engine('bagh-chal', options).bestMove(board, { nodes: 5000 });
      assert.equal(String(mine), String(theirs), `level ${level}, ${board}`);
    }
  }
});

const skipPython = fs.existsSync(python) ? false : 'the Python package is not installed (make .venv)';

test('the static evaluation of 1,000 seeded positions is the native one, to the bit', { skip: skipPython }, () => {
  // Three rule sets with a network, one without (the classic evaluation).
  const sets = [
    ['bagh-chal', 400],
    ['bagh-chal-blocked-loses', 200],
    ['two-tigers', 200],
    ['goats=16 capture_target=4', 200],
  ];
  const cases = sets.flatMap(([rules, count], i) => seededPositions(rules, count, 100 + i).map((p) => [rules, p]));
  assert.equal(cases.length, 1000);
  const script = [
    'import json, sys, bagh',
    'engines = {}',
    'out = []',
    'for rules, text in json.load(sys.stdin):',
    '    if rules not in engines:',
    '        engines[rules] = bagh.Engine(rules=rules)',
    '    engine = engines[rules]',
    '    e = engine.evaluate(text)',
    '    out.append([e.score, e.win, e.draw, e.loss, e.plies_to_end, e.turn])',
    'json.dump(out, sys.stdout)',
  ].join('\n');
  const run = spawnSync(python, ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, run.stderr);
  const expected = JSON.parse(run.stdout);
  const engines = new Map();
  let networked = 0;
  cases.forEach(([rules, text], i) => {
    if (!engines.has(rules)) engines.set(rules, new wasm.Engine(rules));
    const e = engines.get(rules).evaluate(text);
    const got = [e.score.value, e.win, e.draw, e.loss, e.pliesToEnd, e.turn];
    assert.deepEqual(got, expected[i], `${rules} ${text}`);
    if (e.win !== null) networked += 1;
  });
  assert.equal(networked, 800);
});
