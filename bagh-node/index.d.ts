/**
 * Bagh-Chal (tigers and goats) and its relatives: the rules of bagh-core
 * for Node.js, with the shape of the Python package (`import bagh`) and its
 * names in camelCase.
 *
 * @example
 * const bagh = require('bagh-node');
 * const game = new bagh.Game();
 * game.push('c3');
 * game.legalMoves().length; // 12: three steps for each of the four tigers
 */

/** `"goat"` or `"tiger"`. */
export type Side = 'goat' | 'tiger';
/** Why a game ended. */
export type Reason = 'captures' | 'tigers-trapped' | 'goats-blocked' | 'repetition' | 'no-progress';
/** `"1-0"` goats win, `"0-1"` tigers win, `"1/2-1/2"` drawn, `"*"` unfinished. */
export type Result = '1-0' | '0-1' | '1/2-1/2' | '*';
/** A `Move` or a move's text (`"c3"`, `"a1a2"`, `"a1xa3"`). */
export type MoveLike = Move | string;
/** A `Ruleset`, a preset id or a rule set's text form. */
export type RulesLike = Ruleset | string;

/** The addon's version, the crate's. */
export const version: string;

/** The fields of a rule set; a field left out takes the value of `bagh-chal`. */
export interface RulesetOptions {
  /** The tigers' start points, e.g. `["a1", "e1", "a5", "e5"]`. */
  tigers?: string[] | null;
  /** The number of goats, all in hand at the start (20). */
  goats?: number | null;
  /** The number of captures with which the tigers win (5). */
  captureTarget?: number | null;
  /** `"step"` (the default) or `"slide"`. */
  tigerMoves?: 'step' | 'slide' | null;
  /** Whether a tiger side that can capture must capture. */
  mandatoryCapture?: boolean | null;
  /** Whether goats without a legal move lose rather than draw. */
  blockedSideLoses?: boolean | null;
  /** `"forbidden"` (the default), `"allowed"` or `"draw(n)"`. */
  repetition?: string | null;
  /** Plies without progress after which the game is drawn; none by default. */
  noProgressLimit?: number | null;
}

/**
 * A validated rule set: a preset or any sensible combination of fields.
 *
 * @example
 * bagh.Ruleset.preset('two-tigers').tigerMoves; // 'slide'
 * new bagh.Ruleset({ goats: 18, captureTarget: 4 }).toString();
 */
export class Ruleset {
  /** A rule set from its fields; a bad field is a `RulesetError` whose `field` names it. */
  constructor(options?: RulesetOptions | null);
  /** The preset with this id; a `ParseError` for an unknown id. */
  static preset(id: string): Ruleset;
  /** The ids of the presets: `bagh-chal`, `bagh-chal-blocked-loses`, `two-tigers`. */
  static presetIds(): string[];
  /** Reads a preset id or the `key=value` text form. */
  static fromText(text: string): Ruleset;
  /** The preset id of this rule set, or `null`. */
  get presetId(): string | null;
  /** The tigers' start points, in board order (a1, b1, ..., e5). */
  get tigers(): string[];
  /** The number of tigers. */
  get tigerCount(): number;
  /** The number of goats. */
  get goats(): number;
  /** The number of captures with which the tigers win. */
  get captureTarget(): number;
  /** `"step"` or `"slide"`. */
  get tigerMoves(): 'step' | 'slide';
  /** Whether a tiger side that can capture must capture. */
  get mandatoryCapture(): boolean;
  /** Whether goats without a legal move lose rather than draw. */
  get blockedSideLoses(): boolean;
  /** `"forbidden"`, `"allowed"` or `"draw(n)"`. */
  get repetition(): string;
  /** Plies without progress after which the game is drawn, or `null`. */
  get noProgressLimit(): number | null;
  /** Whether `other` is the same rule set. */
  equals(other: Ruleset): boolean;
  /** The preset id, or the `key=value` text form. */
  toString(): string;
}

/**
 * A move: a placement `c3`, a step or slide `a1a2`, or a capture `a1xa3`.
 *
 * @example
 * new bagh.Move('a1xa3').overPoint; // 'a2'
 */
export class Move {
  /** Reads a move's text; a `ParseError` otherwise. */
  constructor(text: string);
  /** The same as `new Move(text)`. */
  static fromText(text: string): Move;
  /** `"place"`, `"step"` (a slide too) or `"capture"`. */
  get kind(): 'place' | 'step' | 'capture';
  /** The point the piece leaves; `null` for a placement. */
  get fromPoint(): string | null;
  /** The point the piece ends on. */
  get toPoint(): string;
  /** The captured goat's point; `null` unless a capture. */
  get overPoint(): string | null;
  /** Whether `other` (a `Move` or a move's text) is this move. */
  equals(other: MoveLike): boolean;
  /** The move's text. */
  toString(): string;
  /** The move's text, so that `JSON.stringify` writes moves as text. */
  toJSON(): string;
}

/** How a game ended: the winner (`null` for a draw) and the reason. */
export class Outcome {
  /** An outcome from its parts, e.g. `new Outcome('tiger', 'captures')`. */
  constructor(winner: Side | null, reason: Reason);
  /** `"goat"`, `"tiger"`, or `null` for a draw. */
  get winner(): Side | null;
  /** Why the game ended. */
  get reason(): Reason;
  /** Whether the game was drawn. */
  isDraw(): boolean;
  /** `"1-0"` (goats win), `"0-1"` (tigers win) or `"1/2-1/2"`. */
  result(): '1-0' | '0-1' | '1/2-1/2';
  /** Whether `other` is the same outcome. */
  equals(other: Outcome): boolean;
  /** The result and the reason, e.g. `0-1 (captures)`. */
  toString(): string;
}

/** A move the game refuses because it would repeat a position (`Game.bannedMoves`). */
export interface BannedMove {
  /** The move's text. */
  move: string;
  /** Why it is refused, as an `IllegalMoveError` says it after its colon. */
  reason: string;
}

/** The options of `Position.fromParts`. */
export interface PartsOptions {
  /** The side to move: `"goat"` (the default) or `"tiger"`. */
  side?: Side | null;
  /** The goats still to be placed (0). */
  goatsInHand?: number | null;
  /** The goats captured so far (0). */
  goatsCaptured?: number | null;
  /** A preset id or a rule set's text form (`bagh-chal`). */
  rules?: string | null;
}

/**
 * A history-free position: the board, the side to move, the goats in hand
 * and captured, and the rule set. Immutable: `play` returns a new one.
 *
 * @example
 * const start = new bagh.Position();
 * start.toString();          // 'T3T/5/5/5/T3T g 20 0'
 * start.legalMoves().length; // 21
 * start.play('c3').sideToMove; // 'tiger'
 */
export class Position {
  /**
   * The position string `text` read against `rules` (`bagh-chal` if left
   * out); no text is the rule set's start. A string that is no position is
   * a `ParseError` whose message names the field at fault.
   */
  constructor(text?: string | null, rules?: RulesLike | null);
  /**
   * The position with these parts (point names), checked as a position
   * string is: parts that do not fit the rule set are a `SetupError` whose
   * `field` names the part (`tigers`, `goats`, `goatsInHand`,
   * `goatsCaptured`); a bad point name or side is a `ParseError`.
   *
   * @example
   * bagh.Position.fromParts(['a1', 'e1', 'a5', 'e5'], ['c3'], { side: 'tiger', goatsInHand: 19 });
   */
  static fromParts(tigers: string[], goats: string[], options?: PartsOptions | null): Position;
  /** The position string, as `toString()`. */
  toText(): string;
  /** The legal moves (history-free: no repetition rule applies here). */
  legalMoves(): Move[];
  /** The captures among the legal moves. */
  legalCaptures(): Move[];
  /** The goats a tiger could jump at once on its move, whoever is to move, in board order; none once over. */
  threatenedGoats(): string[];
  /** Whether `move` is legal here. */
  isLegal(move: MoveLike): boolean;
  /** The position after `move`; an `IllegalMoveError` if it is not legal here. */
  play(move: MoveLike): Position;
  /** How the game ends here, judged from the position alone, or `null`. */
  outcome(): Outcome | null;
  /** The result, `"*"` while the game goes on. */
  result(): Result;
  /** Whether the game is over here. */
  isGameOver(): boolean;
  /** The board as an ASCII grid with coordinates, and the counters below. */
  asciiBoard(): string;
  /** The board drawn with its lines and diagonals, for a terminal. */
  lineBoard(): string;
  /** The board as SVG: `size` pixels wide (60 to 10000, 360 unless given), `highlight` points in green. */
  svg(options?: SvgOptions | null): string;
  /**
   * The number of move sequences of exactly `depth` plies from here. A
   * depth that is not a whole number from 0 to 32 throws an `Error` with
   * the code `InvalidArg` (a position knows no history, so a deeper count
   * would not end in the movement phase).
   */
  perft(depth: number): number;
  /** The perft figure of each legal move at `depth - 1` after it, as `[move, count]` pairs in move order; their sum is `perft(depth)`. */
  perftDivide(depth: number): Array<[Move, number]>;
  /** Whose turn it is. */
  get sideToMove(): Side;
  /** The goats still to be placed. */
  get goatsInHand(): number;
  /** The goats captured so far. */
  get goatsCaptured(): number;
  /** The points holding a tiger, in board order (a1, b1, ..., e5). */
  get tigers(): string[];
  /** The points holding a goat, in board order. */
  get goats(): string[];
  /** The rule set the position is read against. */
  get rules(): Ruleset;
  /** `"goat"`, `"tiger"` or `null` for the piece on `point`. */
  pieceAt(point: string): Side | null;
  /** Whether `other` is the same position under the same rule set. */
  equals(other: Position): boolean;
  /** The position string, e.g. `T3T/5/5/5/T3T g 20 0`. */
  toString(): string;
}

/**
 * A start position and the moves played; it owns what needs the history:
 * repetition, the no-progress limit, undo and records. Iterating a game
 * gives the moves played.
 *
 * @example
 * const game = new bagh.Game('bagh-chal');
 * game.push('c3');
 * game.pop().toString(); // 'c3'
 */
export class Game {
  /**
   * A game under `rules` (the position's own rule set if left out) from
   * `position` (a `Position`, a position string, or nothing for the
   * start), with `moves` played.
   */
  constructor(rules?: RulesLike | null, position?: Position | string | null, moves?: MoveLike[] | null);
  /** Reads a game record; the moves are replayed and checked. */
  static fromRecord(text: string): Game;
  /** The game record; `tags` adds tag pairs after Rules, Position and Result. */
  toRecord(tags?: { [name: string]: string | number | boolean } | null): string;
  /** The rule set. */
  get rules(): Ruleset;
  /** The current position. */
  get position(): Position;
  /** The start position. */
  get start(): Position;
  /** Every position of the game, the start first and the current last. */
  get positions(): Position[];
  /** Whose turn it is. */
  get sideToMove(): Side;
  /** The moves played, in order. */
  get moves(): Move[];
  /** The number of moves played. */
  get length(): number;
  /** The legal moves: none once the game is over, and none that the repetition policy forbids. */
  legalMoves(): Move[];
  /** The captures among the legal moves. */
  legalCaptures(): Move[];
  /** The goats a tiger could jump at once on its move, whoever is to move, in board order; none once over. */
  threatenedGoats(): string[];
  /** The moves legal on the board that the repetition policy refuses, each with why; none once over. */
  bannedMoves(): BannedMove[];
  /** Whether `move` can be played now. */
  isLegal(move: MoveLike): boolean;
  /** Plays `move` and returns it; an `IllegalMoveError` (and nothing changed) if it is not legal now. */
  push(move: MoveLike): Move;
  /** Takes back the last move and returns it; `null` at the start. */
  pop(): Move | null;
  /** The last move, or `null` at the start. */
  peek(): Move | null;
  /** How the game ended (repetition and no-progress included), or `null`. */
  outcome(): Outcome | null;
  /** Whether the game is over. */
  isGameOver(): boolean;
  /** The result, `"*"` while the game goes on. */
  result(): Result;
  /** The current board as an ASCII grid, with the result once over. */
  asciiBoard(): string;
  /** The current board drawn with its lines and diagonals, for a terminal. */
  lineBoard(): string;
  /** The current board as SVG, its last move marked and its outcome written once over. */
  svg(options?: SvgOptions | null): string;
  /** How many times the current position has occurred, itself included. */
  repetitionCount(): number;
  /** Plies since the last placement or capture. */
  noProgressPlies(): number;
  /** An independent copy. */
  copy(): Game;
  /** Whether `other` has the same start and moves. */
  equals(other: Game): boolean;
  /** The game record, as `toRecord()`. */
  toString(): string;
  [Symbol.iterator](): Iterator<Move>;
}

/**
 * A game with the tag pairs and comments of its record (comment 0 stands
 * before the first move, comment n after the n-th).
 *
 * @example
 * const record = new bagh.Record(game, { Event: 'Club night' }, { 1: 'the centre' });
 * bagh.Record.fromText(record.toText()).tag('Event'); // 'Club night'
 */
export class Record {
  /** A record of `game`; a tag or comment it cannot hold is a `RecordContentError`. */
  constructor(game: Game, tags?: { [name: string]: string | number | boolean } | null, comments?: { [ply: number]: string } | null);
  /** Reads one game record; the moves are replayed and checked. */
  static fromText(text: string): Record;
  /** The record's text. */
  toText(): string;
  /** The game. */
  get game(): Game;
  /** The tags other than Rules, Position and Result, as `[name, value]` pairs in order. */
  get tags(): Array<[string, string]>;
  /** The comments by ply (0: before the first move). */
  get comments(): { [ply: string]: string };
  /** The result written in the record. */
  get result(): Result;
  /** A tag's value, or `null`. */
  tag(name: string): string | null;
  /** The comment after the ply-th move (0: before the first), or `null`. */
  comment(ply: number): string | null;
  /** Whether `other` has the same game, tags and comments. */
  equals(other: Record): boolean;
  /** The record's text, as `toText()`. */
  toString(): string;
}

/** The options of `readRecordsText`. */
export interface ReadOptions {
  /** What a game that cannot be read does: throw (`"raise"`, the default), left out (`"skip"`), or its error in its place (`"collect"`). */
  errors?: 'raise' | 'skip' | 'collect' | null;
}

/**
 * The records of `text`, one or many games, in order. A game that cannot
 * be read is an error with `game` (its 1-based number), `line` (counted
 * over the whole text) and `column`.
 */
export function readRecordsText(text: string, options?: ReadOptions & { errors?: 'raise' | 'skip' | null }): Record[];
export function readRecordsText(text: string, options: { errors: 'collect' }): Array<Record | BaghError>;

/** The number of move sequences of exactly `depth` plies from `position` (21, 252, 5052, ... from the start of `bagh-chal`), as `position.perft(depth)`. */
export function perft(position: Position, depth: number): number;

/**
 * The base of every bagh error. `code` names the class
 * (`ERR_BAGH_PARSE`, `ERR_BAGH_ILLEGAL_MOVE`, ...); the message is the
 * rules library's, and says what was wrong and where.
 */
export class BaghError extends Error {
  constructor(message?: string);
  /** `ERR_BAGH` here; each subclass has its own. */
  readonly code: string;
}

/**
 * A point, move, position string, rule-set text or record that cannot be
 * read (`code` `ERR_BAGH_PARSE`). Read from a text, it carries `text`,
 * `column` (1-based) and `what`; from a record, `line` and `column` (and
 * `game` from `readRecordsText`).
 */
export class ParseError extends BaghError {
  readonly text?: string;
  readonly column?: number;
  readonly what?: string;
  readonly line?: number;
  readonly game?: number;
}

/**
 * A move that cannot be played in the position or game at hand (`code`
 * `ERR_BAGH_ILLEGAL_MOVE`). It carries `move`, `position` (the position
 * string) and `reason` (such as `"occupied"` or `"wrong-side"`), and where
 * they apply `suggestion`, `captures` (the mandatory captures) and
 * `repeatedPly`; from a record, `line`, `column` and `game` too.
 */
export class IllegalMoveError extends BaghError {
  readonly move?: string;
  readonly position?: string;
  readonly reason?: string;
  readonly suggestion?: string;
  readonly captures?: string[];
  readonly repeatedPly?: number;
  readonly line?: number;
  readonly column?: number;
  readonly game?: number;
}

/**
 * Rule-set fields that do not make a valid rule set (`code`
 * `ERR_BAGH_RULESET`); `field` names the field at fault (an option of
 * `new Ruleset`, or a key of the text form).
 */
export class RulesetError extends BaghError {
  readonly field?: string;
  readonly text?: string;
  readonly column?: number;
  readonly what?: string;
  readonly line?: number;
  readonly game?: number;
}

/**
 * The parts given to `Position.fromParts` that do not make a position
 * under its rule set (`code` `ERR_BAGH_SETUP`); `field` names the option
 * at fault.
 */
export class SetupError extends BaghError {
  readonly field?: string;
}

/**
 * A tag or comment that a record cannot hold (`code`
 * `ERR_BAGH_RECORD_CONTENT`): `cause` says why (`"tag-name"`,
 * `"reserved-tag"`, ...), `tag` or `ply` says where.
 */
export class RecordContentError extends BaghError {
  readonly cause?: string;
  readonly tag?: string;
  readonly ply?: number;
}

/** An argument of the wrong kind, or an options object with an unknown key (`code` `ERR_BAGH_ARGUMENT`). */
export class ArgumentError extends BaghError {}

/**
 * A search that cannot start (a finished game, tables of another rule set),
 * or engine options out of range (`code` `ERR_BAGH_ENGINE`).
 */
export class EngineError extends BaghError {}

/** Tables that cannot be opened, are damaged, or cannot answer (`code` `ERR_BAGH_TABLEBASE`). */
export class TablebaseError extends BaghError {}

// The engine, the tables, the perfect player and the RL codes.
/** The options of `Position.svg` and `Game.svg`. */
export interface SvgOptions {
  /** The width in pixels, 60 to 10000 (360 unless given). */
  size?: number;
  /** Point names (`"c3"`) marked in green. */
  highlight?: string[];
}

export * from './engine';
