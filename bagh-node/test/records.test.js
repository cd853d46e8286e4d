'use strict';
// Records: written then read back, one game or many.
const test = require('node:test');
const assert = require('node:assert/strict');
const bagh = require('..');
const { seededRandom, playRandomGame } = require('../../examples/node/seeded-random');

test('a record written then read gives the same moves and tags', () => {
  const game = playRandomGame(bagh, new bagh.Game(), seededRandom(7));
  const text = game.toRecord({ Event: 'Node test', Round: 3 });
  assert.match(text, /^\[Rules "bagh-chal"\]/);
  const record = bagh.Record.fromText(text);
  assert.deepEqual(record.game.moves.map(String), game.moves.map(String));
  assert.deepEqual(record.tags, [['Event', 'Node test'], ['Round', '3']]);
  assert.equal(record.tag('Event'), 'Node test');
  assert.equal(record.tag('Site'), null);
  assert.equal(record.result, game.result());
  assert.ok(bagh.Game.fromRecord(text).equals(game));
});

test('a Record keeps its comments', () => {
  const game = new bagh.Game(null, null, ['c3', 'a1a2']);
  const record = new bagh.Record(game, { White: 'Goats' }, { 0: 'from the start', 1: 'the centre' });
  const read = bagh.Record.fromText(record.toText());
  assert.equal(read.comment(0), 'from the start');
  assert.equal(read.comment(1), 'the centre');
  assert.equal(read.comment(2), null);
  assert.deepEqual(read.comments, { 0: 'from the start', 1: 'the centre' });
  assert.ok(read.equals(record));
});

test('a tag the record cannot hold throws RecordContentError', () => {
  assert.throws(() => new bagh.Game().toRecord({ 'two words': 'x' }), (error) => {
    assert.ok(error instanceof bagh.RecordContentError);
    assert.equal(error.code, 'ERR_BAGH_RECORD_CONTENT');
    assert.equal(error.cause, 'tag-name');
    assert.equal(error.tag, 'two words');
    return true;
  });
  assert.throws(() => new bagh.Game().toRecord({ Result: '1-0' }), bagh.RecordContentError);
});

test('readRecordsText reads many games, and raises, skips or collects a bad one', () => {
  const games = [1, 2, 3].map((seed) => playRandomGame(bagh, new bagh.Game(), seededRandom(seed)));
  const good = games.map((game) => game.toRecord());
  const bad = '[Rules "bagh-chal"]\n[Result "*"]\n\n1. c3 c4 *\n';
  const text = [good[0], bad, good[1], good[2]].join('\n');

  const skipped = bagh.readRecordsText(text, { errors: 'skip' });
  assert.equal(skipped.length, 3);
  skipped.forEach((record, i) => assert.ok(record.game.equals(games[i])));

  const collected = bagh.readRecordsText(text, { errors: 'collect' });
  assert.equal(collected.length, 4);
  assert.ok(collected[1] instanceof bagh.IllegalMoveError);
  assert.equal(collected[1].game, 2);
  assert.ok(collected[3] instanceof bagh.Record);

  assert.throws(() => bagh.readRecordsText(text), (error) => {
    assert.ok(error instanceof bagh.IllegalMoveError);
    assert.equal(error.game, 2);
    assert.equal(error.move, 'c4');
    assert.equal(typeof error.line, 'number');
    assert.ok(error.line > good[0].split('\n').length);
    return true;
  });
  assert.equal(bagh.readRecordsText(good.join('\n')).length, 3);
  assert.throws(() => bagh.readRecordsText(text, { errors: 'ignore' }), bagh.BaghError);
});
