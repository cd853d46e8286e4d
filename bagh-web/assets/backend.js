// The one interface between the page and what runs the game: the server of
// `bagh serve` (server.js) or WebAssembly in a worker (wasm.js). Every
// method answers a Promise, or throws an Error whose message the page shows.
//
// A game's view is the server's (docs/web.md): id, rules, position, side,
// in_hand, captured, capture_target, pieces, legal, moves, redo, outcome,
// threats (the goats a tiger could jump) and taken (the goat the last
// move captured, or null).
//
//   info()                      presets, tables (their rule set or null),
//                               puzzles (how many), version
//   createGame(body)            a new game's view; body: rules?, position?, record?
//   play(id, move)              the view after the move
//   goto(id, ply)               the view after `ply` moves of the line
//   load(id, body)              the game replaced, as createGame
//   record(id)                  { record, position }
//   engineMove(id, options)     the view after the engine's move; options:
//                               level (1..20) or perfect (true: the tables'
//                               best move, where info() names tables),
//                               time_ms (1..10000); out of range, refused
//   analyse(id, options, on)    starts an analysis (options: multipv,
//                               time_ms) and answers a handle with close();
//                               `on.line(line)` hears each line of each
//                               completed depth ({depth, multipv, score,
//                               expected, nodes, pv}: the score as shown,
//                               expected the goats' expected result in
//                               [-1, 1]), `on.done(done)` ({best, depth,
//                               score, expected, pv}) or `on.error(message)`
//                               the end
//   stop(id)                    stops the game's searches; an engine move
//                               asked for answers at once (or fails)
//   truth(id)                   the tables' values (the position's also as
//                               score and expected, as the analysis gives
//                               them), or {available: false, reason}
//   puzzles()                   every puzzle without its answer, with the
//                               record of the moves before it (asked only
//                               when info() counts some puzzles)
//   answer(index, move)         { correct, solution, outcome, refutation }
//   hint(index)                 { point, placement }: the point of the piece
//                               the solution moves, or the point a placement
//                               fills
//   closing(id)                 the page goes: its searches stop
//
// and two strings: `name` ('server' or 'wasm') and `noPuzzles`, what the
// Puzzles tab says when there are none (commands between backquotes).

const METHODS = ['info', 'createGame', 'play', 'goto', 'load', 'record', 'engineMove', 'analyse',
  'stop', 'truth', 'puzzles', 'answer', 'hint', 'closing'];

// The back end, checked to have every method of the interface.
export function checked(backend) {
  const missing = METHODS.filter((name) => typeof backend[name] !== 'function');
  if (missing.length) throw new Error(`the back end lacks ${missing.join(', ')}`);
  return backend;
}
