'use strict';
// A small seeded generator (mulberry32), so that a "random" game is the
// same game on every run and a failure can be replayed.

/** A function returning floats in [0, 1), the same sequence for the same seed. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays uniformly random legal moves until the game has none; returns the game. */
function playRandomGame(bagh, game, random, maxPlies = 10000) {
  for (let ply = 0; ply < maxPlies; ply++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    game.push(moves[Math.floor(random() * moves.length)]);
  }
  return game;
}

module.exports = { seededRandom, playRandomGame };
