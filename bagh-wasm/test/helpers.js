'use strict';
// What the tests load: the wasm package that `make wasm` writes
// (bagh-wasm/pkg/node) and, to compare with, the Node addon that
// `make node` builds (bagh-node). A test that needs one that is missing
// is skipped with the reason (`make test-wasm` builds both first).
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

function load(dir, built, how) {
  if (!fs.existsSync(path.join(root, built))) return { module: null, skip: `${built} is missing: run ${how}` };
  return { module: require(path.join(root, dir)), skip: false };
}

const wasm = load('bagh-wasm/pkg/node', 'bagh-wasm/pkg/node/index.js', '`make wasm`');
const addon = load('bagh-node', 'bagh-node/bagh.node', '`make node`');

/** The test options that skip a test when a module it needs is missing. */
function needs(...modules) {
  const missing = modules.find((m) => m.skip);
  return missing ? { skip: missing.skip } : {};
}

module.exports = { root, wasm, addon, needs };
