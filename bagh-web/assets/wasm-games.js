// The games of the WebAssembly back end, kept in its worker: each game's
// moves, the moves to redo and its record's tags and comments, and its view
// as the server gives it (docs/web.md). The rules are bagh-wasm's: this
// file only keeps the games and translates.

export class Games {
  constructor(bagh) {
    this.bagh = bagh;
    this.games = new Map();
    this.next = 1;
  }

  // A game from the body of a new game or a load: a record, or a rule set
  // (a preset or a text form, bagh-chal when left out) and a position.
  gameOf(body) {
    const { Game, Record, Ruleset, Position } = this.bagh;
    if (body.record != null) {
      if (body.position != null) throw new Error('give a record or a position, not both');
      const record = prefixed('record', () => Record.fromText(body.record));
      return { game: record.game, notes: { tags: record.tags, comments: { ...record.comments } }, redo: [] };
    }
    const rules = prefixed('rules', () => (body.rules != null ? Ruleset.fromText(body.rules) : Ruleset.preset('bagh-chal')));
    const start = body.position != null
      ? prefixed('position', () => new Position(body.position, rules))
      : new Position(null, rules);
    return { game: new Game(rules, start), notes: { tags: [], comments: {} }, redo: [] };
  }

  entry(id) {
    const entry = this.games.get(id);
    if (!entry) throw new Error(`no game ${id}`);
    return entry;
  }

  create(body) {
    const id = this.next++;
    this.games.set(id, this.gameOf(body || {}));
    return this.view(id);
  }

  load(id, body) {
    this.entry(id);
    this.games.set(id, this.gameOf(body || {}));
    return this.view(id);
  }

  // A move played: the line to redo goes on when it is its next move;
  // otherwise that line, and its moves' comments, are gone.
  play(id, text) {
    const entry = this.entry(id);
    const move = String(entry.game.push(String(text).trim().toLowerCase()));
    if (entry.redo.length && entry.redo[entry.redo.length - 1] === move) {
      entry.redo.pop();
    } else {
      entry.redo = [];
      const plies = entry.game.length;
      for (const ply of Object.keys(entry.notes.comments)) {
        if (Number(ply) >= plies) delete entry.notes.comments[ply];
      }
    }
    return this.view(id);
  }

  // The position after `ply` moves of the line (played and to redo).
  goto(id, ply) {
    const entry = this.entry(id);
    const line = entry.game.length + entry.redo.length;
    if (!Number.isInteger(ply) || ply < 0 || ply > line) throw new Error(`ply ${ply}: the line has ${line} moves`);
    while (entry.game.length > ply) entry.redo.push(String(entry.game.pop()));
    while (entry.game.length < ply) entry.game.push(entry.redo.pop());
    return this.view(id);
  }

  // The record, with the tags and comments of the record the game was
  // loaded from (a comment after a move taken back is left out).
  record(id) {
    const { game, notes } = this.entry(id);
    const comments = {};
    for (const [ply, text] of Object.entries(notes.comments)) {
      if (Number(ply) <= game.length) comments[ply] = text;
    }
    const record = new this.bagh.Record(game, Object.fromEntries(notes.tags), comments);
    return { record: record.toText(), position: game.position.toText() };
  }

  // What a search needs to rebuild the game in another worker.
  snapshot(id) {
    const { game } = this.entry(id);
    return { rules: game.rules.toString(), start: game.start.toText(), moves: game.moves.map(String) };
  }

  // The engine's move, played unless the game changed while it searched.
  engineMove(id, snapshot, move) {
    const now = this.snapshot(id);
    if (now.rules !== snapshot.rules || now.moves.join(' ') !== snapshot.moves.join(' ')) {
      throw new Error('the game changed during the search; ask again');
    }
    return this.play(id, move);
  }

  view(id) {
    const { game, redo } = this.entry(id);
    const position = game.position;
    const pieces = {};
    for (const point of position.tigers) pieces[point] = 'tiger';
    for (const point of position.goats) pieces[point] = 'goat';
    const outcome = game.outcome();
    return {
      id,
      rules: game.rules.toString(),
      position: position.toText(),
      side: game.sideToMove,
      in_hand: position.goatsInHand,
      captured: position.goatsCaptured,
      capture_target: game.rules.captureTarget,
      pieces,
      legal: game.legalMoves().map(String),
      banned: game.bannedMoves(),
      moves: game.moves.map(String),
      redo: redo.length,
      outcome: outcome && { result: outcome.result(), winner: outcome.winner, reason: outcome.reason },
      threats: game.threatenedGoats(),
      taken: game.peek()?.overPoint ?? null,
    };
  }
}

// Runs `read`, its error's message prefixed by what was read.
function prefixed(what, read) {
  try {
    return read();
  } catch (error) {
    throw new Error(`${what}: ${error.message}`);
  }
}
