'use strict';
// The ES module package (bagh-wasm/pkg/web), loaded as a browser would
// load it but with the .wasm's bytes given to `init`, as Node's fetch
// cannot read files: the exports are set once `init` resolves, and they
// are the Node package's.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { root, wasm, needs } = require('./helpers');

const dir = path.join(root, 'bagh-wasm', 'pkg', 'web');

test('the ES module loads and plays', needs(wasm), async () => {
  const web = await import(pathToFileURL(path.join(dir, 'index.js')).href);
  assert.equal(web.Game, undefined, 'nothing is set before init');
  const bagh = await web.default(fs.readFileSync(path.join(dir, 'bagh_wasm_bg.wasm')));
  assert.equal(await web.default(), bagh, 'init loads once');
  assert.deepEqual(Object.keys(bagh).sort(), Object.keys(wasm.module).sort());
  const game = new web.Game();
  game.push('c3');
  assert.equal(game.position.toString(), 'T3T/5/2G2/5/T3T t 19 0');
  assert.equal(new web.Position().perft(3), 5052);
  assert.throws(() => game.push('c4'), web.IllegalMoveError);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  assert.equal(manifest.type, 'module');
  assert.ok(fs.existsSync(path.join(dir, manifest.types)));
});

test('the CommonJS package has its manifest and types', needs(wasm), () => {
  const nodeDir = path.join(root, 'bagh-wasm', 'pkg', 'node');
  const manifest = JSON.parse(fs.readFileSync(path.join(nodeDir, 'package.json'), 'utf8'));
  assert.equal(manifest.main, 'index.js');
  for (const file of manifest.files) assert.ok(fs.existsSync(path.join(nodeDir, file)), file);
  assert.equal(manifest.version, wasm.module.version);
  // Both packages carry the licences, plain copies that npm packs.
  for (const pkg of [nodeDir, dir]) {
    const { files } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
    for (const licence of ['LICENSE-MIT', 'LICENSE-APACHE']) {
      assert.ok(files.includes(licence), `${pkg}: ${licence}`);
      assert.ok(!fs.lstatSync(path.join(pkg, licence)).isSymbolicLink(), licence);
      assert.equal(fs.readFileSync(path.join(pkg, licence), 'utf8'), fs.readFileSync(path.join(root, licence), 'utf8'));
    }
  }
});

test('the Node example of docs/wasm.md runs', needs(wasm), () => {
  const vm = require('node:vm');
  const file = path.join(root, 'docs', 'wasm.md');
  const text = fs.readFileSync(file, 'utf8');
  const blocks = [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.ok(blocks.length >= 1);
  const run = vm.runInThisContext(`(function (assert, require) {${blocks.join('\n')}\n})`, { filename: file });
  run(assert, (id) => (id === './bagh-wasm/pkg/node' ? wasm.module : require(id)));
});
