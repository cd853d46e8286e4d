'use strict';
// WebAssembly against native, side by side in one run of one Node process:
// the same calls on the wasm package (bagh-wasm/pkg/node) and on the native
// addon (bagh-node), each timed several times, medians reported.
//
//     make bench-wasm                   # builds both packages first
//     node benchmarks/wasm.js [runs]    # after `make wasm` and
//                                       # `make node NODE_PROFILE=release`; 5 runs
//
// - perft(6) from the bagh-chal start, one thread (the addon's perft is
//   single-threaded, as the wasm one is);
// - the engine's nodes per second: an analysis by nodes of a few positions,
//   one thread, a new engine each run, so that both search the same tree
//   from an empty table (and the test files check that they do); with the
//   network (bagh-chal), then with the classic evaluation, which tells the
//   network's share of the difference;
// - the .wasm's size, raw and gzipped (level 9), as the packages ship it.
//
// Prints a Markdown table: the times and rates, and wasm's speed as a share
// of native's.

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const root = path.join(__dirname, '..');
const load = (dir, make) => {
  try {
    return require(path.join(root, dir));
  } catch (error) {
    console.error(`benchmarks/wasm.js: cannot load ${dir} (${error.message}); run \`${make}\` first`);
    process.exit(2);
  }
};
const wasm = load('bagh-wasm/pkg/node', 'make wasm');
const native = load('bagh-node', 'make node');

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node benchmarks/wasm.js [runs >= 1]');
  process.exit(2);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
// Times are the process's CPU time (user and system, all its threads), not
// the wall clock: on a machine shared with other work, time spent waiting
// for a core does not count. Both searches run on one thread (the addon's
// on a worker, which the process's CPU time includes).
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const seconds = (fn) => {
  const start = cpuSeconds();
  const result = fn();
  return [cpuSeconds() - start, result];
};

// perft(6): the two alternate run by run, so that a slower stretch of a
// shared machine falls on both.
function perftTimes(depth) {
  const times = { wasm: [], native: [] };
  let counts = {};
  for (let run = 0; run < runs; run++) {
    for (const [name, lib] of [['wasm', wasm], ['native', native]]) {
      const [time, count] = seconds(() => lib.perft(new lib.Position(), depth));
      times[name].push(time);
      counts[name] = count;
    }
  }
  if (counts.wasm !== counts.native) {
    throw new Error(`perft(${depth}) differs: wasm ${counts.wasm}, native ${counts.native}`);
  }
  return { count: counts.native, wasm: median(times.wasm), native: median(times.native) };
}

// The engine's workload (its positions, node budget and rule sets) is
// benchmarks/wasm_workload.mjs, an ES module that the browser's benchmark
// (benchmarks/wasm_chromium.py) loads too, so that both run the same searches.
let workload;

// The engine of `rules` over the workload's positions (of bagh-chal, which
// a rule set with another capture target reads too).
async function searchRate(nodes, rules) {
  const boards = workload.positions(native);
  const wasmBoards = workload.positions(wasm);
  if (JSON.stringify(boards) !== JSON.stringify(wasmBoards)) {
    throw new Error('the seeded positions differ between wasm and native');
  }
  const rates = { wasm: [], native: [] };
  const searched = { wasm: 0, native: 0 };
  for (let run = 0; run < runs; run++) {
    for (const [name, lib] of [['wasm', wasm], ['native', native]]) {
      const result = await workload.search(lib, boards, rules, nodes, cpuSeconds);
      rates[name].push(result.nodes / result.seconds);
      searched[name] = result.nodes;
    }
  }
  return { nodes: searched, wasm: median(rates.wasm), native: median(rates.native) };
}

function wasmSize() {
  const dir = path.join(root, 'bagh-wasm/pkg/node');
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.wasm'));
  const bytes = fs.readFileSync(path.join(dir, file));
  return { file, raw: bytes.length, gzipped: zlib.gzipSync(bytes, { level: 9 }).length };
}

(async () => {
  workload = await import('./wasm_workload.mjs');
  const perft = perftTimes(6);
  const nodes = workload.NODES;
  const search = await searchRate(nodes, workload.RULES.network);
  const classic = await searchRate(nodes, workload.RULES.classic);
  const size = wasmSize();
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const pct = (x) => `${(100 * x).toFixed(0)}%`;
  const rate = (x) => `${(x / 1e6).toFixed(2)} M/s`;
  console.log(`node ${process.version}, ${runs} runs, medians`);
  console.log('');
  console.log("| what | wasm | native | wasm's speed, of native's |");
  console.log('|---|---|---|---|');
  console.log(
    `| perft(6), bagh-chal start, ${perft.count} leaves | ${perft.wasm.toFixed(3)} s | ${perft.native.toFixed(3)} s | ${pct(perft.native / perft.wasm)} |`,
  );
  console.log(
    `| engine, ${workload.PLIES.length} positions x ${nodes} nodes, one thread | ${rate(search.wasm)} | ${rate(search.native)} | ${pct(search.wasm / search.native)} |`,
  );
  console.log(
    `| engine, the same, classic evaluation (no network) | ${rate(classic.wasm)} | ${rate(classic.native)} | ${pct(classic.wasm / classic.native)} |`,
  );
  console.log(`| ${size.file} | ${kb(size.raw)} raw, ${kb(size.gzipped)} gzipped | | |`);
  for (const [name, counted] of [['network', search.nodes], ['classic', classic.nodes]]) {
    if (counted.wasm !== counted.native) {
      console.log(`\nnote (${name}): the searches counted ${counted.wasm} nodes in wasm, ${counted.native} native`);
    }
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
