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

const page = path.join(__dirname, '..', '..', 'docs', 'node.md');
const text = fs.readFileSync(page, 'utf8');
const blocks = [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => ({
  line: text.slice(0, match.index).split('\n').length,
  code: match[1],
}));

test('docs/node.md has examples', () => {
  assert.ok(blocks.length >= 5, `${blocks.length} blocks`);
});

test('the examples of docs/node.md run', () => {
  // One script of the page's blocks, every other line left blank, so that
  // a failure points to the page's own line; run in this realm, where the
  // addon's arrays and the examples' literals share their prototypes.
  const lines = text.split('\n').map(() => '');
  for (const block of blocks) {
    block.code.split('\n').forEach((line, i) => {
      lines[block.line + i] = line;
    });
  }
  const run = vm.runInThisContext(`(function (assert, require) {${lines.join('\n')}\n})`, {
    filename: page,
  });
  // `require('bagh-node')` on the page is this folder's package.
  run(assert, (name) => (name === 'bagh-node' ? bagh : require(name)));
});
