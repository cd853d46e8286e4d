/**
 * The engine, the tables, the perfect player and the RL codes of
 * `bagh-node`, re-exported by `index.d.ts`.
 */

import type { Game, Move, MoveLike, Position, Ruleset, RulesLike, Side } from './index';

/**
 * A score for one side: `value` in thousandths of a result for `cp` (1000 a
 * sure win; with the network, 1000 times the win probability less the loss
 * probability), or a proven result's plies (`value` null when the distance
 * is unknown).
 */
export interface Score {
  readonly kind: 'cp' | 'win' | 'loss' | 'draw';
  readonly value: number | null;
  /**
   * As people read it. A `goatsScore`'s text is the one display of a score,
   * from the goats' side: `+0.30` (the expected result for the goats, in
   * [-1, 1]), `goats win in 12 plies`, `tigers win`, `draw`. A `score`'s,
   * for the side to move: `+0.30`, `win in 7 plies`, `loss`, `draw`.
   */
  readonly text: string;
}

/** One root move's score and principal variation. */
export interface Line {
  /** For the side to move. */
  readonly score: Score;
  /** The same score from the goats' side, whoever is to move. */
  readonly goatsScore: Score;
  readonly pv: Move[];
}

/** What `Engine.analyse` answers. */
export interface Analysis {
  readonly bestMove: Move;
  /** For the side to move. */
  readonly score: Score;
  /** The same score from the goats' side, whoever is to move. */
  readonly goatsScore: Score;
  /** The side to move. */
  readonly turn: Side;
  readonly pv: Move[];
  readonly depth: number;
  readonly seldepth: number;
  readonly nodes: number;
  readonly timeMs: number;
  /** The `multipv` best lines, best first. */
  readonly lines: Line[];
}

/** The limits of a search; without `time`, `depth` or `nodes` it runs for 1 second. */
export interface SearchOptions {
  /** Seconds. */
  time?: number;
  /** Plies, 1 to 100. */
  depth?: number;
  nodes?: number;
  /** Lines of `analyse`, at least 1. */
  multipv?: number;
  /** Aborting it ends the search; the Promise then holds the best answer so far. */
  signal?: AbortSignal;
  /** Hears each line of every completed iteration, on the main thread, while the search goes on. */
  onProgress?: (line: SearchProgress) => void;
}

/** A line of a completed iteration, as `onProgress` hears it. */
export interface SearchProgress {
  readonly depth: number;
  readonly seldepth: number;
  readonly multipv: number;
  /** The score as people read it, from the goats' side (`+0.30`, `goats win in 7 plies`, `draw`). */
  readonly score: string;
  readonly nodes: number;
  readonly nps: number;
  /** Seconds since the search began. */
  readonly time: number;
  readonly pv: string[];
}

/** What `Tablebase.build`'s `onProgress` hears now and then. */
export interface BuildProgress {
  readonly stage: 'movement' | 'placement';
  /** Goats captured (movement) or goats placed (placement). */
  readonly layer: number;
  readonly done: number;
  readonly total: number;
}

/** The options of `new Engine`; an unknown key throws `ArgumentError`. */
export interface EngineOptions {
  /** 1 to 20 for human opponents (without tables); full strength when left out. */
  level?: number;
  seed?: number;
  threads?: number;
  hashMb?: number;
  /** Tables of the rule set: perfect play where they answer. */
  tablebase?: Tablebase;
}

/**
 * A search engine for one rule set. Searches run off the main thread and
 * answer Promises.
 *
 * @example
 * const engine = new bagh.Engine('bagh-chal', { level: 5 });
 * const move = await engine.bestMove(game, { time: 0.5 });
 */
export class Engine {
  constructor(rules?: RulesLike | null, options?: EngineOptions | null);
  /** The searches' rule set. */
  get rules(): Ruleset;
  /** The `multipv` best lines of `board` (a Game, whose history counts, a Position or a position string). */
  analyse(board: Game | Position | string, options?: SearchOptions | null): Promise<Analysis>;
  /** The move to play in `board` (at a level, the level's seeded choice). */
  bestMove(board: Game | Position | string, options?: SearchOptions | null): Promise<Move>;
  /** Stops the running search, which answers with what it has. */
  stop(): void;
}

/** A probe's answer for the side to move. */
export interface Probe {
  readonly value: 'win' | 'draw' | 'loss';
  /** Plies to the end under perfect play, where the tables know it. */
  readonly distance: number | null;
}

/** The tables of one rule set (full table files or a compressed `tables.btz`). */
export class Tablebase {
  /** Opens the tables of a directory; `TablebaseError` names what is missing or damaged. */
  static open(dir: string): Tablebase;
  /** Builds the tables of `rules` into `dir` off the main thread (a stopped build resumes). */
  static build(
    rules: RulesLike,
    dir: string,
    options?: { onProgress?: (progress: BuildProgress) => void } | null,
  ): Promise<Tablebase>;
  /** The rule set the tables solve. */
  get rules(): Ruleset;
  /** The value of a position for the side to move. */
  probe(position: Position | string): Probe;
  /** Each legal move with the value of the position after it (for the opponent). */
  probeMoves(position: Position | string): Array<Probe & { readonly move: Move }>;
  /** The moves that keep the value (the fastest win, the slowest loss where known). */
  bestMoves(position: Position | string): Move[];
  /**
   * The value of `game` with its history, where a search of the game itself
   * (bans included, at most `maxNodes` positions, 100000 unless given)
   * proves it. `tables` values the position as if new; `proven` is null when
   * the search ran out of nodes.
   */
  probeGame(game: Game, maxNodes?: number): GameProbe;
}

/** What `Tablebase.probeGame` answers. */
export interface GameProbe {
  readonly tables: Probe;
  readonly proven: 'win' | 'draw' | 'loss' | null;
  /** The proven value, or else the tables'. */
  readonly value: 'win' | 'draw' | 'loss';
  readonly nodes: number;
}

/**
 * The reinforcement-learning codes of the Python package's `bagh.rl`: the
 * fixed action space (289 actions: 25 placements, then the ordered pairs of
 * points on one line), legal-action masks and observation planes.
 */
export const rl: {
  /** The action code of a move. */
  encode(move: MoveLike): number;
  /** The legal move of `board` that `action` names; `ArgumentError` when none. */
  decode(action: number, board: Game | Position): Move;
  /** 289 bytes, 1 for each legal action (a Game's history counts). */
  legalMask(board: Game | Position): Uint8Array;
  /** 275 floats: 11 planes of the 25 points `a1`, `b1`, ..., `e5`. */
  observation(board: Game | Position): Float32Array;
};

/** The options of `new PerfectPlayer`. */
export interface PerfectPlayerOptions {
  /** `"random"` (uniform among the best moves) or `"narrowing"`. */
  style?: 'random' | 'narrowing';
  seed?: number;
  /**
   * Under `forbidden`, the nodes a move's search of the game's history may
   * take (the engine's, with the same tables): 20000 unless given; 0 plays
   * by the tables alone.
   */
  historyNodes?: number;
}

/**
 * Perfect play by the tables, among the moves the game's history allows;
 * under `forbidden` the bans ahead are searched first.
 */
export class PerfectPlayer {
  constructor(tablebase: Tablebase, options?: PerfectPlayerOptions | null);
  /** The move it plays in `game`. */
  bestMove(game: Game): Move;
}

/** A player of `playMatch`: an engine, a perfect player or a level (1 to 20). */
export type MatchPlayer = Engine | PerfectPlayer | number;

/** The options of `playMatch`. */
export interface MatchOptions {
  /** Games, in pairs from one opening (2). */
  games?: number;
  /** The random opening's plies (4). */
  openings?: number;
  /** The rule set, when no player names one (bagh-chal). */
  rules?: string;
  /** Seconds a move for engines and levels (0.1 when no limit is given). */
  time?: number;
  depth?: number;
  nodes?: number;
  seed?: number;
  /** A game longer than this is stopped and counted as a draw (1000). */
  maxPlies?: number;
}

/** What `playMatch` resolves to: the first player's tally and every game's record. */
export interface MatchResult {
  readonly players: [string, string];
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** (wins + draws / 2) / games. */
  readonly score: number;
  /** Each game as record text (`Game.fromRecord` reads it back). */
  readonly records: string[];
}

/**
 * A match between `a` and `b` off the main thread, as Python's
 * `bagh.play_match`: games go in pairs from one opening, `a` taking the
 * goats first.
 */
export function playMatch(a: MatchPlayer, b: MatchPlayer, options?: MatchOptions | null): Promise<MatchResult>;
