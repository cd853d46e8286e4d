// The engine's workload of the WebAssembly benchmarks, one plain ES module
// for Node (benchmarks/wasm.js, benchmarks/wasm_chromium.py's native side)
// and for browsers (benchmarks/wasm_chromium.py's page), so that both run
// the very same searches. `lib` is a bagh package: the native addon, the
// wasm package for Node, or the exports of the web package's `init()`.

/** The nodes of each analysis. */
export const NODES = 200000;

/** The rule sets searched: bagh-chal (with its network), and bagh-chal
 * with a capture target of 6, which has no network: the classic
 * evaluation, so the search's own cost without the network's. */
export const RULES = { network: 'bagh-chal', classic: 'capture_target=6' };

/** The plies of the seeded random game whose positions the benchmark
 * searches: the start, a placement position and a movement position. */
export const PLIES = [0, 22, 50];

/** The positions after `plies` plies of a seeded random game of bagh-chal
 * (a linear congruential generator, so that every package and every
 * runtime reaches the same ones), as position strings. A game that ends
 * before the last of `plies` is dropped for the next seed's: the first
 * seed's game ends in the placement, before any movement position. */
export function positions(lib, plies = PLIES) {
  const last = Math.max(...plies);
  for (let seed = 7; ; seed++) {
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const game = new lib.Game('bagh-chal');
    const found = plies.includes(0) ? [String(game.position)] : [];
    for (let ply = 1; ply <= last && game.legalMoves().length > 0; ply++) {
      const moves = game.legalMoves();
      game.push(moves[Math.floor(random() * moves.length)]);
      if (plies.includes(ply)) found.push(String(game.position));
    }
    if (found.length === plies.length && game.legalMoves().length > 0) return found;
  }
}

/** One analysis by nodes of each of `boards` under `rules`, one thread, a
 * new engine for each, so that every package searches the same tree from an
 * empty table. `clock()` reads seconds (CPU time in Node, the wall clock in
 * a browser); only the searches are timed. Answers the nodes searched, the
 * seconds they took, and each board's best move, score and nodes. */
export async function search(lib, boards, rules, nodes, clock) {
  let total = 0;
  let seconds = 0;
  const answers = [];
  for (const board of boards) {
    const engine = new lib.Engine(rules, { threads: 1 });
    const start = clock();
    const analysis = await engine.analyse(board, { nodes });
    seconds += clock() - start;
    total += analysis.nodes;
    answers.push({
      bestMove: String(analysis.bestMove),
      score: analysis.score.text,
      nodes: analysis.nodes,
      depth: analysis.depth,
    });
  }
  return { nodes: total, seconds, answers };
}
