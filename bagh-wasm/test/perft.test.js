'use strict';
// The perft suites of tests/perft (one file per preset): every count that
// the wasm package can reach in a few seconds, against the figures of the
// files, which come from the reference generator and the rules' published
// figures, not from the code under test.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, wasm, needs } = require('./helpers');

// Above this many nodes a count is left to the native suites: wasm counts
// some millions of nodes a second.
const MOST_NODES = 3_000_000;

function suites() {
  const dir = path.join(root, 'tests', 'perft');
  return fs.readdirSync(dir).filter((name) => name.endsWith('.perft')).sort().map((name) => {
    const blocks = fs.readFileSync(path.join(dir, name), 'utf8').split(/\n\s*\n/).map((block) => {
      const entry = { counts: [] };
      for (const line of block.split('\n')) {
        const [key, ...rest] = line.trim().split(/\s+/);
        if (key === 'id' || key === 'rules') entry[key] = rest.join(' ');
        else if (key === 'position') entry.position = rest.join(' ');
        else if (key === 'perft') entry.counts.push({ depth: Number(rest[0]), nodes: Number(rest[1]), slow: rest[2] === 'slow' });
      }
      return entry;
    }).filter((entry) => entry.id && entry.position);
    return { preset: name.replace(/\.perft$/, ''), blocks };
  });
}

test('there is a suite for every preset', needs(wasm), () => {
  const presets = suites().map((suite) => suite.preset).sort();
  assert.deepEqual(presets, [...wasm.module.Ruleset.presetIds()].sort());
});

for (const suite of suites()) {
  test(`perft suite of ${suite.preset}`, needs(wasm), () => {
    const bagh = wasm.module;
    let checked = 0;
    for (const entry of suite.blocks) {
      const position = new bagh.Position(entry.position, entry.rules);
      for (const { depth, nodes, slow } of entry.counts) {
        if (slow || nodes > MOST_NODES) continue;
        assert.equal(position.perft(depth), nodes, `${suite.preset} ${entry.id} perft(${depth})`);
        assert.equal(bagh.perft(position, depth), nodes);
        checked += 1;
      }
      // perftDivide splits the first count that is checked.
      const first = entry.counts.find((c) => c.nodes <= 100_000 && c.depth >= 1);
      if (first) {
        const parts = position.perftDivide(first.depth);
        assert.equal(parts.reduce((sum, [, n]) => sum + n, 0), first.nodes);
        assert.equal(parts.length, position.legalMoves().length);
      }
    }
    assert.ok(checked >= suite.blocks.length, `${suite.preset}: ${checked} counts checked`);
  });
}
