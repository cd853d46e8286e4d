'use strict';
// index.d.ts against the addon: every name it declares exists at run time,
// and every name the addon exports is declared. A small reader of the
// declarations (the file's own layout: one member a line, classes closed by
// a `}` in the first column) is enough; no TypeScript compiler is needed.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const bagh = require('..');

/** The declared names: top-level values, and each class's members. */
function readDeclarations(text) {
  const values = new Map(); // name -> 'class' | 'function' | 'const'
  const classes = new Map(); // name -> { base, members: Set, statics: Set }
  const objects = new Map(); // name -> { members: Set } for consts of an object type
  let current = null;
  for (const line of text.split('\n')) {
    if (current) {
      if (line.startsWith('}')) {
        current = null;
        continue;
      }
      const member = line.match(/^ {2}(static\s+)?(?:get\s+)?(\[Symbol\.\w+\]|[A-Za-z_$][\w$]*)\s*\(/);
      if (member && member[2] !== 'constructor') {
        const name = member[2].replace(/^\[(.*)\]$/, '$1');
        (member[1] ? current.statics : current.members).add(name);
      }
      continue;
    }
    const declared = line.match(/^export\s+(class|function|const)\s+([A-Za-z_$][\w$]*)(?:\s+extends\s+(\w+))?/);
    if (!declared) continue;
    const [, kind, name, base] = declared;
    values.set(name, kind);
    if (kind === 'class' && !line.trimEnd().endsWith('}')) {
      current = { base: base ?? null, members: new Set(), statics: new Set() };
      classes.set(name, current);
    }
    // A const of an object type (`export const rl: {`): its functions.
    if (kind === 'const' && line.trimEnd().endsWith('{')) {
      current = { base: null, members: new Set(), statics: new Set() };
      objects.set(name, current);
    }
  }
  return { values, classes, objects };
}

/** A class's members at run time: prototype names, well-known symbols, and statics. */
function runtimeMembers(Class) {
  const isError = Class.prototype instanceof Error;
  const members = new Set(
    Object.getOwnPropertyNames(Class.prototype)
      // Every error class sets its `name` on its prototype, as Node's do.
      .filter((name) => name !== 'constructor' && !(isError && name === 'name')),
  );
  for (const symbol of Object.getOwnPropertySymbols(Class.prototype)) {
    // Well-known symbols are part of the declared shape; `util.inspect`'s
    // registered symbol is a display nicety, declared nowhere.
    const wellKnown = Object.getOwnPropertyNames(Symbol).find((key) => Symbol[key] === symbol);
    if (wellKnown) members.add(`Symbol.${wellKnown}`);
  }
  // What every function has: native (non-strict) functions add `arguments`
  // and `caller`.
  const own = new Set(['length', 'name', 'prototype', 'arguments', 'caller']);
  const statics = new Set(Object.getOwnPropertyNames(Class).filter((name) => !own.has(name)));
  return { members, statics };
}

function assertSameNames(what, declared, actual) {
  const missing = [...declared].filter((name) => !actual.has(name));
  const extra = [...actual].filter((name) => !declared.has(name));
  assert.deepEqual(missing, [], `index.d.ts declares ${what} that the addon lacks: ${missing.join(', ')}`);
  assert.deepEqual(extra, [], `the addon has ${what} that index.d.ts does not declare: ${extra.join(', ')}`);
}

// index.d.ts and the files it re-exports with `export * from './name'`.
const readTypes = (name) => fs.readFileSync(path.join(__dirname, '..', name), 'utf8');
const indexTypes = readTypes('index.d.ts');
const reexported = [...indexTypes.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)].map((m) => readTypes(`${m[1]}.d.ts`));
const declarations = readDeclarations([indexTypes, ...reexported].join('\n'));

test('the reader finds the declarations', () => {
  for (const name of ['Game', 'Position', 'Move', 'Ruleset', 'Outcome', 'Record', 'BaghError']) {
    assert.equal(declarations.values.get(name), 'class', name);
  }
  assert.equal(declarations.values.get('perft'), 'function');
  assert.ok(declarations.classes.get('Game').members.has('legalMoves'));
  assert.ok(declarations.classes.get('Ruleset').statics.has('preset'));
  // A made-up name is reported, so the comparison below can fail.
  assert.throws(() => assertSameNames('values', new Set(['a', 'b']), new Set(['a'])), /lacks: b/);
  assert.throws(() => assertSameNames('values', new Set(['a']), new Set(['a', 'c'])), /not declare: c/);
});

test('the exports are the declared values', () => {
  assertSameNames('exports', new Set(declarations.values.keys()), new Set(Object.keys(bagh)));
  for (const [name, kind] of declarations.values) {
    const object = declarations.objects.get(name);
    const type = kind === 'const' ? (object ? 'object' : 'string') : 'function';
    assert.equal(typeof bagh[name], type, `${name} is declared as a ${kind}`);
    if (object) assertSameNames(`functions of ${name}`, object.members, new Set(Object.keys(bagh[name])));
  }
});

test('each class has the declared methods, getters and static methods', () => {
  for (const [name, declared] of declarations.classes) {
    const actual = runtimeMembers(bagh[name]);
    assertSameNames(`members of ${name}`, declared.members, actual.members);
    assertSameNames(`static members of ${name}`, declared.statics, actual.statics);
  }
});

test('each error class extends the declared base', () => {
  for (const [name, declared] of declarations.classes) {
    if (!declared.base) continue;
    const base = declared.base === 'Error' ? Error : bagh[declared.base];
    assert.equal(Object.getPrototypeOf(bagh[name]), base, `${name} extends ${declared.base}`);
  }
});
