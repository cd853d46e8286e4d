'use strict';
// Random games per second through the Node addon: the loop of
// benchmarks/random_games.py's bagh line. A new `bagh-chal` game; list the
// legal moves, pick one uniformly, push it, until there is no legal move;
// count the plies; repeat for N seconds.
//
//     make bench-node                      # 3 seconds
//     node benchmarks/random_games.js 10   # after `make node`
//
// Prints one line: `node <games> <plies> <seconds>`.

const bagh = require('../bagh-node');
const { seededRandom } = require('../examples/node/seeded-random');

function playOne(random) {
  const game = new bagh.Game('bagh-chal');
  for (;;) {
    const moves = game.legalMoves();
    if (moves.length === 0) return game.length;
    game.push(moves[Math.floor(random() * moves.length)]);
  }
}

const seconds = Number(process.argv[2] ?? 3);
if (!(seconds > 0)) {
  console.error('usage: node benchmarks/random_games.js [seconds > 0]');
  process.exit(2);
}
const random = seededRandom(1);
let games = 0;
let plies = 0;
const began = process.hrtime.bigint();
let elapsed = 0;
do {
  plies += playOne(random);
  games += 1;
  elapsed = Number(process.hrtime.bigint() - began) / 1e9;
} while (elapsed < seconds);
console.log(`node ${games} ${plies} ${elapsed.toFixed(3)}`);
