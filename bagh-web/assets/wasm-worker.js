// The worker of the WebAssembly back end (wasm.js). One instance keeps the
// games; another runs the searches and is ended to stop one, since a
// search in WebAssembly runs to its end without reading messages.
//
// Requests are {id, op, args}; answers {id, result} or {id, error}, and an
// analysis sends {id, line} for each line of each completed depth.

import init from './pkg/web/index.js';
import { Games } from './wasm-games.js';
import { Puzzles } from './wasm-puzzles.js';

const ready = init();
let games = null;
let puzzles = null;  // the puzzle file's Puzzles, read once (a promise)

// The puzzles of the file at `url`: the solutions stay in this worker.
function puzzlesOf(bagh, url) {
  puzzles ??= (async () => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    return new Puzzles(bagh, await response.json());
  })();
  return puzzles;
}

async function search(bagh, { snapshot, level, time_ms, multipv }, lines) {
  const game = new bagh.Game(snapshot.rules, snapshot.start, snapshot.moves);
  const options = level == null ? {} : { level, seed: snapshot.moves.length };
  const engine = new bagh.Engine(snapshot.rules, options);
  try {
    if (!lines) return String(await engine.bestMove(game, { time: time_ms / 1000 }));
    // The server's fields: `expected` is bagh-wasm's goats' expected result
    // that the score rounds; the end's is its best line's, when that line
    // was heard with the same score.
    let first = null;
    const analysis = await engine.analyse(game, {
      time: time_ms / 1000,
      multipv,
      onProgress: (p) => {
        const line = { depth: p.depth, multipv: p.multipv, score: p.score, expected: p.expected, nodes: p.nodes, pv: p.pv };
        if (line.multipv === 1) first = line;
        lines(line);
      },
    });
    const score = analysis.goatsScore.text;
    return {
      best: String(analysis.bestMove),
      depth: analysis.depth,
      score,
      expected: first && first.score === score ? first.expected : null,
      pv: analysis.pv.map(String),
    };
  } finally {
    engine.free?.();
  }
}

async function answer(bagh, op, args, lines) {
  if (op === 'info') {
    const presets = bagh.Ruleset.presetIds().map((id) => ({ id, rules: bagh.Ruleset.preset(id).toString() }));
    return { presets, version: bagh.version };
  }
  if (op === 'search') return search(bagh, args, lines);
  if (op === 'puzzleCount') return (await puzzlesOf(bagh, args.url)).count;
  if (op === 'puzzles') return (await puzzlesOf(bagh, args.url)).questions();
  if (op === 'puzzleAnswer') return (await puzzlesOf(bagh, args.url)).answer(args.index, args.move);
  if (op === 'puzzleHint') return (await puzzlesOf(bagh, args.url)).hint(args.index);
  games ??= new Games(bagh);
  if (op === 'create') return games.create(args.body);
  if (op === 'load') return games.load(args.id, args.body);
  if (op === 'play') return games.play(args.id, args.move);
  if (op === 'goto') return games.goto(args.id, args.ply);
  if (op === 'record') return games.record(args.id);
  if (op === 'snapshot') return games.snapshot(args.id);
  if (op === 'view') return games.view(args.id);
  if (op === 'engineMove') return games.engineMove(args.id, args.snapshot, args.move);
  throw new Error(`unknown request ${op}`);
}

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    const bagh = await ready;
    const lines = args && args.multipv ? (line) => self.postMessage({ id, line }) : null;
    self.postMessage({ id, result: await answer(bagh, op, args || {}, lines) });
  } catch (error) {
    self.postMessage({ id, error: error && error.message ? error.message : String(error) });
  }
};
