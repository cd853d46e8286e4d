// The static board's games (bagh-web/assets/wasm-games.js) over the
// WebAssembly package for Node: the views the page reads, records that keep
// their tags and comments, and bad input refused with nothing changed.
// Expected values come from the rules (docs/rules.md) and from what
// docs/web.md says `bagh serve` does. Run by make test-browser after make
// wasm; skipped where bagh-wasm/pkg/node is missing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const PKG = new URL('../../../bagh-wasm/pkg/node/index.js', import.meta.url);
const skip = existsSync(PKG) ? false : 'bagh-wasm/pkg/node is missing: make wasm builds it';
const games = async () => {
  const bagh = createRequire(import.meta.url)(PKG.pathname);
  const { Games } = await import('../../assets/wasm-games.js');
  return new Games(bagh);
};

const RECORD = '[Rules "bagh-chal"]\n[Result "*"]\n[Event "Club night"]\n\n1. c3 {the centre} a1a2 {a tiger steps} 2. b3 *\n';

test('a new game is the start of bagh-chal', { skip }, async () => {
  const view = (await games()).create({});
  assert.equal(view.rules, 'bagh-chal');
  assert.equal(view.side, 'goat');
  assert.equal(view.in_hand, 20);
  assert.equal(view.captured, 0);
  assert.equal(view.capture_target, 5);
  // Four tigers in the corners, and a goat may go on any of the 21 others.
  assert.deepEqual(view.pieces, { a1: 'tiger', e1: 'tiger', a5: 'tiger', e5: 'tiger' });
  assert.equal(view.legal.length, 21);
  assert.deepEqual(view.moves, []);
  assert.equal(view.outcome, null);
});

test('moves, a walk back through the line, and a move that replaces it', { skip }, async () => {
  const store = await games();
  const { id } = store.create({});
  store.play(id, 'C3');
  let view = store.play(id, 'a1a2');
  assert.deepEqual(view.moves, ['c3', 'a1a2']);
  assert.equal(view.pieces.c3, 'goat');
  assert.equal(view.pieces.a2, 'tiger');
  view = store.goto(id, 0);
  assert.equal(view.redo, 2);
  view = store.play(id, 'c3');  // the line's next move: the rest stays
  assert.equal(view.redo, 1);
  view = store.play(id, 'e1d1');  // another: the line is gone
  assert.equal(view.redo, 0);
  assert.deepEqual(view.moves, ['c3', 'e1d1']);
  assert.throws(() => store.goto(id, 3), /the line has 2 moves/);
});

test('a record comes back with its tags and comments; a replaced move loses its comment', { skip }, async () => {
  const store = await games();
  const { id } = store.create({});
  assert.deepEqual(store.load(id, { record: RECORD }).moves, ['c3', 'a1a2', 'b3']);
  let text = store.record(id).record;
  assert.match(text, /\[Event "Club night"\]/);
  assert.match(text, /\{the centre\}/);
  assert.match(text, /\{a tiger steps\}/);
  store.goto(id, 1);
  store.play(id, 'e1d1');
  text = store.record(id).record;
  assert.match(text, /\{the centre\}/);
  assert.doesNotMatch(text, /a tiger steps/);
  // The record reads back as the same game.
  const other = store.create({ record: text });
  assert.deepEqual(other.moves, ['c3', 'e1d1']);
});

test('bad input is refused with the reason, and nothing changes', { skip }, async () => {
  const store = await games();
  const { id } = store.create({});
  store.play(id, 'c3');
  const before = store.view(id);
  assert.throws(() => store.play(id, 'zz'), /zz/);
  assert.throws(() => store.play(id, 'c3'));  // the tigers are to move
  assert.throws(() => store.load(id, { rules: 'nonsense' }), /^Error: rules: /);
  assert.throws(() => store.load(id, { position: 'T3T/5' }), /^Error: position: /);
  assert.throws(() => store.load(id, { record: RECORD, position: 'T3T/5/5/5/T3T g 20 0' }), /not both/);
  assert.deepEqual(store.view(id), before);
  assert.throws(() => store.view(99), /no game 99/);
});

test("the engine's move is refused when the game changed during its search", { skip }, async () => {
  const store = await games();
  const { id } = store.create({});
  const snapshot = store.snapshot(id);
  store.play(id, 'c3');
  assert.throws(() => store.engineMove(id, snapshot, 'b2'), /changed during the search/);
  assert.deepEqual(store.view(id).moves, ['c3']);
  const now = store.snapshot(id);
  assert.deepEqual(store.engineMove(id, now, 'a1a2').moves, ['c3', 'a1a2']);
});

test('the goats a tiger could jump are those bagh serve names', { skip }, async () => {
  const store = await games();
  // docs/rules.md: the tiger on a1 jumps the goat on b1 to the empty c1.
  let view = store.create({ rules: 'bagh-chal', position: 'T3T/5/5/5/TG2T g 19 0' });
  assert.deepEqual(view.threats, ['b1']);
  // A goat on c1 fills the point behind it: nothing can be jumped.
  view = store.play(view.id, 'c1');
  assert.deepEqual(view.threats, []);
  // Four captured, b1 and b2 en prise from a1: the fifth capture ends the
  // game, and a finished game marks nothing.
  view = store.create({ rules: 'bagh-chal', position: 'T3T/5/5/1G3/TG2T t 14 4' });
  assert.deepEqual(view.threats, ['b1', 'b2']);
  assert.equal(view.taken, null);
  view = store.play(view.id, 'a1xc1');
  assert.equal(view.taken, 'b1');
  assert.equal(view.outcome.winner, 'tiger');
  assert.deepEqual(view.threats, []);
});

test('the moves a repetition bans are listed with their reason, as bagh serve lists them', { skip }, async () => {
  const store = await games();
  // docs/rules.md, repetition=forbidden: a move that would recreate an
  // earlier position is illegal. The tiger goes to b1 and back, the goat to
  // c4: c4c3 would make the start again.
  const rules = 'tigers=a1 goats=1 capture_target=1 repetition=forbidden';
  let view = store.create({ rules, position: '5/5/2G2/5/T4 t 0 0' });
  assert.deepEqual(view.banned, []);
  for (const move of ['a1b1', 'c3c4', 'b1a1']) view = store.play(view.id, move);
  assert.deepEqual(view.banned.map((b) => b.move), ['c4c3']);
  assert.match(view.banned[0].reason, /repeats an earlier position, that of ply 0/);
  assert.ok(!view.legal.includes('c4c3'));
  // c4 lies on no diagonal: b4, d4 and c5 stay.
  assert.deepEqual([...view.legal].sort(), ['c4b4', 'c4c5', 'c4d4']);
});
