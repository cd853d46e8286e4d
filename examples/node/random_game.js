'use strict';
// A seeded random game of bagh-chal printed as a game record, and the
// perft(5) figure of the start checked against the reference 1,304,788.
//
//     make node && node examples/node/random_game.js [seed]

const bagh = require('../../bagh-node');
const { seededRandom } = require('./seeded-random');

const seed = Number(process.argv[2] ?? 1);
const random = seededRandom(seed);
const game = new bagh.Game('bagh-chal');
for (;;) {
  const moves = game.legalMoves();
  if (moves.length === 0) break;
  game.push(moves[Math.floor(random() * moves.length)]);
}
console.log(game.toRecord({ Event: 'Random game', Seed: seed }));
console.log(`${game.outcome()} after ${game.length} plies`);

const nodes = bagh.perft(new bagh.Position(), 5);
console.log(`perft(5) from the start: ${nodes}`);
if (nodes !== 1304788) {
  console.error('expected 1304788');
  process.exit(1);
}
