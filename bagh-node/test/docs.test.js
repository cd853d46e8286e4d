'use strict';
// The JavaScript examples of docs/node.md run, in order, in one context,
// the way a reader goes down the page: a block may use the names of the
// blocks above it.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const bagh = require('..');

// The pages with JavaScript examples: docs/node.md, the README's Node
// quick start and the addon's own README.
const root = path.join(__dirname, '..', '..');
const pages = ['docs/node.md', 'README.md', 'bagh-node/README.md'].map((name) => {
  const file = path.join(root, name);
  const text = fs.readFileSync(file, 'utf8');
  const blocks = [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    code: match[1],
  }));
  return { name, file, text, blocks };
});

test('docs/node.md has examples, and each README one', () => {
  const counts = Object.fromEntries(pages.map((page) => [page.name, page.blocks.length]));
  assert.ok(counts['docs/node.md'] >= 5, JSON.stringify(counts));
  assert.ok(pages.every((page) => page.blocks.length >= 1), JSON.stringify(counts));
});

for (const page of pages) {
  test(`the examples of ${page.name} run`, () => {
    // One script of the page's blocks, every other line left blank, so that
    // a failure points to the page's own line; run in this realm, where the
    // addon's arrays and the examples' literals share their prototypes.
    const lines = page.text.split('\n').map(() => '');
    for (const block of page.blocks) {
      block.code.split('\n').forEach((line, i) => {
        lines[block.line + i] = line;
      });
    }
    const run = vm.runInThisContext(
      `(function (assert, require, console) {${lines.join('\n')}\n})`,
      { filename: page.file },
    );
    // `require('bagh-node')` or `require('./bagh-node')` on a page is this
    // folder's package; what the examples print is not shown.
    const quiet = { log() {} };
    run(assert, (name) => (/^(\.\/)?bagh-node$/.test(name) ? bagh : require(name)), quiet);
  });
}
