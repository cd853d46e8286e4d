'use strict';
// Records: written and read back, with tags and comments; many games in one
// text; the three error modes with each error's game, line and column.
const test = require('node:test');
const assert = require('node:assert/strict');
const { wasm, addon, needs } = require('./helpers');
const { seededRandom, playRandomGame } = require('../../examples/node/seeded-random');

test('a record round-trips with its tags and comments', needs(wasm), () => {
  const bagh = wasm.module;
  const game = playRandomGame(bagh, new bagh.Game(), seededRandom(7));
  const record = new bagh.Record(game, { Event: 'Club night', Round: 3, Rated: false }, { 0: 'from the start', 1: 'the centre' });
  const back = bagh.Record.fromText(record.toText());
  assert.ok(back.equals(record));
  assert.ok(back.game.equals(game));
  assert.deepEqual(back.tags, [['Event', 'Club night'], ['Round', '3'], ['Rated', 'false']]);
  assert.equal(back.tag('Event'), 'Club night');
  assert.equal(back.tag('Missing'), null);
  assert.deepEqual(back.comments, { 0: 'from the start', 1: 'the centre' });
  assert.equal(back.comment(2), null);
  assert.equal(back.result, game.result());
  assert.equal(String(back), record.toText());
  assert.ok(bagh.Game.fromRecord(game.toRecord()).equals(game));
});

test('many games in one text, in order', needs(wasm), () => {
  const bagh = wasm.module;
  const games = [1, 2, 3].map((seed) => playRandomGame(bagh, new bagh.Game(), seededRandom(seed)));
  const text = games.map((g, i) => g.toRecord({ Round: i + 1 })).join('\n');
  const records = bagh.readRecordsText(text);
  assert.equal(records.length, 3);
  records.forEach((record, i) => {
    assert.ok(record instanceof bagh.Record);
    assert.ok(record.game.equals(games[i]));
    assert.equal(record.tag('Round'), String(i + 1));
  });
  assert.deepEqual(bagh.readRecordsText(''), []);
});

// Three games, the second with a tiger move onto a goat (a2 is taken).
const BROKEN = [
  '[Rules "bagh-chal"]\n\n1. c3 a1a2 *\n',
  '[Rules "bagh-chal"]\n\n1. a2 a1a2 *\n',
  '[Rules "two-tigers"]\n\n1. c3 *\n',
].join('\n');

test('the error modes: raise, skip, collect', needs(wasm), () => {
  const bagh = wasm.module;
  assert.throws(() => bagh.readRecordsText(BROKEN), (error) => {
    assert.ok(error instanceof bagh.IllegalMoveError);
    assert.equal(error.game, 2);
    assert.equal(error.line, 7);
    assert.equal(error.move, 'a1a2');
    assert.equal(typeof error.column, 'number');
    return true;
  });
  assert.throws(() => bagh.readRecordsText(BROKEN, { errors: 'raise' }), bagh.IllegalMoveError);
  const skipped = bagh.readRecordsText(BROKEN, { errors: 'skip' });
  assert.equal(skipped.length, 2);
  assert.equal(skipped[1].game.rules.presetId, 'two-tigers');
  const collected = bagh.readRecordsText(BROKEN, { errors: 'collect' });
  assert.equal(collected.length, 3);
  assert.ok(collected[0] instanceof bagh.Record);
  assert.ok(collected[1] instanceof bagh.IllegalMoveError);
  assert.equal(collected[1].code, 'ERR_BAGH_ILLEGAL_MOVE');
  assert.equal(collected[1].game, 2);
  assert.ok(collected[2] instanceof bagh.Record);
  assert.throws(() => bagh.readRecordsText(BROKEN, { error: 'skip' }), bagh.ArgumentError);
});

test('the same records and errors as the addon', needs(wasm, addon), () => {
  const mode = (b, errors) =>
    b.readRecordsText(BROKEN, { errors }).map((r) => (r instanceof b.Record ? r.toText() : [r.name, r.message, r.game, r.line, r.column]));
  for (const errors of ['skip', 'collect']) {
    assert.deepEqual(mode(wasm.module, errors), mode(addon.module, errors));
  }
});
