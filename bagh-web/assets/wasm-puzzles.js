// The puzzles of the static board, kept in the games' worker
// (wasm-worker.js) as `bagh serve` keeps its own: posed without their
// answers, an answer checked against the file, a hint given only when
// asked. The file is a list of `bagh puzzles` (docs/web.md); the rules are
// bagh-wasm's: this file only keeps the list and translates.

export class Puzzles {
  constructor(bagh, list) {
    if (!Array.isArray(list)) throw new Error('the puzzle file is not a list of puzzles');
    this.bagh = bagh;
    this.list = list;
  }

  get count() { return this.list.length; }

  puzzle(index) {
    const puzzle = Number.isInteger(index) ? this.list[index] : undefined;
    if (!puzzle) throw new Error(`no puzzle ${index}: there are ${this.list.length}`);
    return puzzle;
  }

  // The game that leads to a puzzle: its moves from the rule set's start.
  game(puzzle) {
    return new this.bagh.Game(puzzle.rules, null, puzzle.moves);
  }

  // A puzzle as the trainer poses it, with the record of the moves before
  // it (which a game's `load` reads), and no solution.
  question(index) {
    const puzzle = this.puzzle(index);
    const record = new this.bagh.Record(this.game(puzzle), {}, {}).toText();
    const { rules, moves, position, keeps, difficulty, tags } = puzzle;
    return { index, rules, moves, record, position, keeps, difficulty, tags };
  }

  questions() {
    return this.list.map((_, index) => this.question(index));
  }

  // The verdict on `text`, from the file: its solution, and for a wrong
  // move the refutation written there. Exactly one move keeps the value, so
  // any other move of a held draw loses; a move that lets a win go may draw
  // or lose, which only the tables could tell.
  answer(index, text) {
    const puzzle = this.puzzle(index);
    const move = String(this.bagh.Move.fromText(String(text).trim().toLowerCase()));
    if (!this.game(puzzle).isLegal(move)) throw new Error(`${move} is not a legal move in the puzzle`);
    if (move === puzzle.solution) return { correct: true, solution: move, refutation: [], outcome: null };
    const known = (puzzle.refutations || []).find((r) => r.move === move);
    return {
      correct: false,
      solution: puzzle.solution,
      refutation: known ? known.line : [],
      outcome: known ? known.outcome : (puzzle.keeps === 'draw' ? 'loss' : null),
    };
  }

  // The point of the piece the solution moves, or for a placement the
  // point the goat goes on.
  hint(index) {
    const solution = this.bagh.Move.fromText(this.puzzle(index).solution);
    return { point: solution.fromPoint ?? solution.toPoint, placement: solution.kind === 'place' };
  }
}
