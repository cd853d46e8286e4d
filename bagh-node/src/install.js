// Run once when the addon loads: defines the error classes, adds the
// niceties that Node-API cannot declare (util.inspect, iteration), and
// returns the function the addon calls to build an error.
(function install(exports) {
  'use strict';
  const codes = new Map();

  /** The base of every bagh error; `code` says which kind it is. */
  class BaghError extends Error {
    constructor(message, details) {
      super(message);
      this.code = codes.get(new.target) ?? 'ERR_BAGH';
      if (details) Object.assign(this, details);
    }
  }
  /** A point, move, position string, rule-set text or record that cannot be read. */
  class ParseError extends BaghError {}
  /** A move that cannot be played in the position (or game) at hand. */
  class IllegalMoveError extends BaghError {}
  /** Rule-set fields that do not make a valid rule set. */
  class RulesetError extends BaghError {}
  /** The parts of a position that do not make a position under the rule set. */
  class SetupError extends BaghError {}
  /** A tag or a comment that a record cannot hold. */
  class RecordContentError extends BaghError {}
  /** An argument of the wrong kind, or an options object with an unknown key. */
  class ArgumentError extends BaghError {}
  /** A search that cannot start (no limit, a finished game, tables of another rule set), or bad engine options. */
  class EngineError extends BaghError {}
  /** Tables that cannot be opened, are damaged, or cannot answer a position. */
  class TablebaseError extends BaghError {}

  const classes = {
    BaghError: [BaghError, 'ERR_BAGH'],
    ParseError: [ParseError, 'ERR_BAGH_PARSE'],
    IllegalMoveError: [IllegalMoveError, 'ERR_BAGH_ILLEGAL_MOVE'],
    RulesetError: [RulesetError, 'ERR_BAGH_RULESET'],
    SetupError: [SetupError, 'ERR_BAGH_SETUP'],
    RecordContentError: [RecordContentError, 'ERR_BAGH_RECORD_CONTENT'],
    ArgumentError: [ArgumentError, 'ERR_BAGH_ARGUMENT'],
    EngineError: [EngineError, 'ERR_BAGH_ENGINE'],
    TablebaseError: [TablebaseError, 'ERR_BAGH_TABLEBASE'],
  };
  for (const [name, [cls, code]] of Object.entries(classes)) {
    codes.set(cls, code);
    Object.defineProperty(cls.prototype, 'name', {
      value: name, writable: true, configurable: true, enumerable: false,
    });
    exports[name] = cls;
  }

  // `console.log(position)` shows what to type to make it again.
  const inspect = Symbol.for('nodejs.util.inspect.custom');
  const quote = (text) => JSON.stringify(String(text));
  const reprs = {
    Ruleset: (r) => (r.presetId !== null ? `Ruleset.preset(${quote(r.presetId)})` : `Ruleset.fromText(${quote(r)})`),
    Move: (m) => `Move(${quote(m)})`,
    Outcome: (o) => `Outcome(${o.winner === null ? 'null' : quote(o.winner)}, ${quote(o.reason)})`,
    Position: (p) => `Position(${quote(p)}, ${quote(p.rules)})`,
    Game: (g) => `Game(${quote(g.rules)}, ${quote(g.start)}, [${g.moves.map(quote).join(', ')}])`,
    Record: (r) => `Record.fromText(${quote(r)})`,
  };
  for (const [name, repr] of Object.entries(reprs)) {
    Object.defineProperty(exports[name].prototype, inspect, {
      value() { return repr(this); }, configurable: true, writable: true,
    });
  }
  // `for (const move of game)` goes through the moves played.
  Object.defineProperty(exports.Game.prototype, Symbol.iterator, {
    value() { return this.moves[Symbol.iterator](); }, configurable: true, writable: true,
  });

  // The stack starts where the addon was called, not in this function.
  return function makeError(name, message) {
    const error = new classes[name][0](message);
    Error.captureStackTrace(error, makeError);
    return error;
  };
})
