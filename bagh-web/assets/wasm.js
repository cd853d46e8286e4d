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

// The puzzles of the static build (a file of `bagh puzzles`), read and kept
// by the games' worker (wasm-puzzles.js), which gives a solution only to
// check an answer or as a hint.
const PUZZLES = puzzleFile ? new URL(puzzleFile, import.meta.url).href : null;

// Why the engine's move cannot be asked with `options`, in the server's
// words (bagh-web/src/engine_player.rs), or null. Perfect play needs the
// tables, which a page without a server has not.
function refusal({ level, perfect, time_ms: ms = 500 }) {
  if (level != null && !(Number.isInteger(level) && level >= 1 && level <= 20)) {
    return `level: ${level} is not in 1..=20`;
  }
  if (perfect && level != null) return 'perfect: perfect play has no level; ask for one or the other';
  if (perfect) return 'perfect: this page has no tables (they need a server: bagh serve --tables DIR)';
  if (!(Number.isInteger(ms) && ms >= 1 && ms <= 10000)) return `time_ms: ${ms} is not in 1..=10000`;
  return null;
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
  // A request about the puzzles; with no puzzle file, none is asked.
  const puzzles = async (op, args, none) => {
    if (PUZZLES) return games.ask(op, { ...args, url: PUZZLES });
    if (none === undefined) throw new Error(`no puzzle ${args.index}: there are 0`);
    return none;
  };

  // As on the server, any change of the game stops its searches.
  function stopSearches() {
    return moves.stop() + analyses.stop();
  }

  async function engineMove(id, options) {
    const refused = refusal(options);
    if (refused) throw new Error(refused);
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
    noPuzzles: 'No puzzles in this build. `make web-static` bundles the puzzle file ' +
      '`bagh-web/puzzles/bagh-chal.json` as `puzzles.json`: build the board again with it.',
    info: async () => {
      const info = await games.ask('info');
      return { ...info, tables: null, puzzles: await puzzles('puzzleCount', {}, 0), searches: 0 };
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
    puzzles: () => puzzles('puzzles', {}, []),
    answer: (index, move) => puzzles('puzzleAnswer', { index, move }),
    hint: (index) => puzzles('puzzleHint', { index }),
    closing: async () => { stopSearches(); },
  });
}
