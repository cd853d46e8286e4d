// The back end of the static page: the rules, the engine and the analysis
// in WebAssembly (bagh-wasm), in Web Workers so that the page never
// freezes. Nothing here asks a server for more than the page's own files.
//
// A search in WebAssembly runs to its end on its worker's one thread, which
// reads no message meanwhile; so searches have workers of their own (one
// for the engine's moves, one for the analysis), and Stop ends them at
// once (a new one is started for the next search). The games live in
// another worker, which is never ended.

import { checked } from './backend.js';
import { puzzles as puzzleFile } from './config.js';

const WORKER = new URL('./wasm-worker.js', import.meta.url);

// A worker answering requests by id; ending it fails what it had not
// answered.
class Channel {
  constructor() {
    this.worker = new Worker(WORKER, { type: 'module' });
    this.pending = new Map();
    this.next = 1;
    this.worker.onmessage = (event) => {
      const { id, result, error, line } = event.data;
      const request = this.pending.get(id);
      if (!request) return;
      if (line) { request.onLine?.(line); return; }
      this.pending.delete(id);
      if (error !== undefined) request.reject(new Error(error));
      else request.resolve(result);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(`the WebAssembly worker failed: ${event.message || 'it could not load'}`));
    };
  }

  ask(op, args, onLine) {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject, onLine });
      this.worker.postMessage({ id, op, args });
    });
  }

  fail(error) {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }

  end() {
    this.worker.terminate();
    this.fail(new Error('stopped'));
  }

  get busy() { return this.pending.size > 0; }
}

// The puzzles of the static build (a file of `bagh puzzles`), read once.
async function loadPuzzles() {
  if (!puzzleFile) return [];
  const response = await fetch(new URL(puzzleFile, import.meta.url));
  if (!response.ok) throw new Error(`${puzzleFile}: ${response.status} ${response.statusText}`);
  return response.json();
}

// The verdict on `move` in a puzzle, from the file: its solution, and for a
// wrong move the refutation written there. Exactly one move keeps the
// value, so any other move of a held draw loses; a move that lets a win go
// may draw or lose, which only the tables could tell.
function verdict(puzzle, move) {
  if (move === puzzle.solution) return { correct: true, solution: move, refutation: [], outcome: null };
  const known = (puzzle.refutations || []).find((r) => r.move === move);
  return {
    correct: false,
    solution: puzzle.solution,
    refutation: known ? known.line : [],
    outcome: known ? known.outcome : (puzzle.keeps === 'draw' ? 'loss' : null),
  };
}

// A kind of search (the engine's move, or the analysis) with a worker of
// its own, started when first asked and ended to stop the search.
class Searches {
  constructor() { this.channel = null; }

  ask(args, onLine) {
    this.channel ??= new Channel();
    return this.channel.ask('search', args, onLine);
  }

  // Ends the running search, if any; the next one starts a new worker.
  stop() {
    if (!this.channel || !this.channel.busy) return 0;
    this.channel.end();
    this.channel = null;
    return 1;
  }
}

export function wasmBackend() {
  const games = new Channel();
  const moves = new Searches();
  const analyses = new Searches();
  let puzzles = null;
  const allPuzzles = () => (puzzles ??= loadPuzzles());

  // As on the server, any change of the game stops its searches.
  function stopSearches() {
    return moves.stop() + analyses.stop();
  }

  async function engineMove(id, options) {
    const snapshot = await games.ask('snapshot', { id });
    let move;
    try {
      move = await moves.ask({ snapshot, level: options.level, time_ms: options.time_ms });
    } catch (error) {
      // Stopped: the engine gives up its move, and the game is as it was.
      if (error.message === 'stopped') return games.ask('view', { id });
      throw error;
    }
    return games.ask('engineMove', { id, snapshot, move });
  }

  async function analyse(id, options, on) {
    analyses.stop();
    const snapshot = await games.ask('snapshot', { id });
    if ((await games.ask('view', { id })).outcome) throw new Error('the game is over');
    let open = true;
    analyses.ask({ snapshot, multipv: options.multipv, time_ms: options.time_ms },
      (line) => { if (open) on.line(line); })
      .then((done) => { if (open) { open = false; on.done(done); } })
      .catch((error) => { if (open) { open = false; on.error(error.message); } });
    return {
      close() {
        if (!open) return;
        open = false;
        analyses.stop();
      },
    };
  }

  return checked({
    name: 'wasm',
    noPuzzles: 'No puzzles in this build: make web-static copies them from bagh-web/puzzles/.',
    info: async () => {
      const info = await games.ask('info');
      return { ...info, tables: null, puzzles: puzzleFile ? (await allPuzzles()).length : 0, searches: 0 };
    },
    createGame: (body) => games.ask('create', { body }),
    play: (id, move) => { stopSearches(); return games.ask('play', { id, move }); },
    goto: (id, ply) => { stopSearches(); return games.ask('goto', { id, ply }); },
    load: (id, body) => { stopSearches(); return games.ask('load', { id, body }); },
    record: (id) => games.ask('record', { id }),
    engineMove,
    analyse,
    stop: async () => ({ stopped: stopSearches() }),
    truth: async () => ({
      available: false,
      reason: 'The tables need a server: run bagh serve --tables DIR for the value of every move.',
    }),
    puzzles: async () => (await allPuzzles()).map((p, index) => ({
      index, rules: p.rules, moves: p.moves, position: p.position, keeps: p.keeps,
      difficulty: p.difficulty, tags: p.tags,
    })),
    answer: async (index, move) => {
      const puzzle = (await allPuzzles())[index];
      if (!puzzle) throw new Error(`no puzzle ${index}`);
      return verdict(puzzle, move);
    },
    closing: async () => { stopSearches(); },
  });
}
