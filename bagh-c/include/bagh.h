/*
 * bagh.h: the C ABI of bagh, the Bagh-Chal rules library.
 *
 * Generated from the bagh-c crate by cbindgen (`make c-header`); do not edit.
 *
 * Conventions (docs/c.md):
 * - Every call returns a bagh_result; BAGH_OK means it wrote its
 *   out-parameters, anything else that it wrote and changed nothing
 *   (except *length or *count on BAGH_BUFFER_TOO_SMALL).
 * - Handles (bagh_ruleset, bagh_position, ...) are owned by the caller and
 *   freed with bagh_<type>_free, which accepts NULL.
 * - Strings in: NUL-terminated UTF-8. Strings out: into buf of capacity
 *   bytes, *length set to the text's length without the NUL; on
 *   BAGH_BUFFER_TOO_SMALL retry with *length + 1 bytes.
 * - bagh_last_error_message: the message of this thread's last failure.
 */

#ifndef BAGH_H
#define BAGH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * The movement table, by retrograde analysis.
 */
#define BAGH_STAGE_MOVEMENT 0

/**
 * The placement layers, by backward induction.
 */
#define BAGH_STAGE_PLACEMENT 1

/**
 * Another stage (compression, comparison).
 */
#define BAGH_STAGE_OTHER 2

/**
 * The most legal moves a position can have: a `bagh_move` array of this
 * length always holds them all.
 * (A literal, so that cbindgen can write it; the core's figure is checked.)
 */
#define BAGH_MAX_MOVES 264

/**
 * `bagh_move.kind` of a goat placed from the hand (`c3`).
 */
#define BAGH_MOVE_PLACE 0

/**
 * `bagh_move.kind` of a step or a slide along a line (`a1a2`).
 */
#define BAGH_MOVE_STEP 1

/**
 * `bagh_move.kind` of a tiger jumping over a goat (`a1xa3`).
 */
#define BAGH_MOVE_CAPTURE 2

/**
 * The point field a move does not use (`from` of a placement, `over` of
 * anything but a capture).
 */
#define BAGH_NO_POINT 255

/**
 * The deepest perft this call accepts: depth 12 from the start already
 * runs for hours.
 */
#define BAGH_MAX_PERFT_DEPTH 32

/**
 * The actions of every rule set: 25 placements, then the 264 ordered
 * pairs of points on one line.
 */
#define BAGH_NUM_ACTIONS 289

/**
 * The floats of one observation: 11 planes of 25 points (`a1`, `b1`, ...).
 */
#define BAGH_OBSERVATION_SIZE 275

/**
 * Tigers move one point along a line (`bagh_ruleset_builder_set_tiger_moves`).
 */
#define BAGH_TIGER_MOVES_STEP 0

/**
 * Tigers slide any distance along a line over empty points.
 */
#define BAGH_TIGER_MOVES_SLIDE 1

/**
 * A move that recreates an earlier position is illegal
 * (`bagh_ruleset_builder_set_repetition`).
 */
#define BAGH_REPETITION_FORBIDDEN 0

/**
 * Repetition has no effect.
 */
#define BAGH_REPETITION_ALLOWED 1

/**
 * The game is drawn when a position occurs for the `count`-th time.
 */
#define BAGH_REPETITION_DRAW 2

/**
 * The most moves of a line's principal variation kept in a `bagh_line`.
 */
#define BAGH_MAX_PV 64

/**
 * The score of a line is a heuristic value for the side to move, in
 * thousandths of a result (1000 a sure win, -1000 a sure loss). People
 * read it from the goats' side, `value / 1000` with two decimals and a
 * sign (`+0.30`), as every front end shows it.
 */
#define BAGH_SCORE_CP 0

/**
 * The side to move wins, in `value` plies (-1: the distance is unknown).
 */
#define BAGH_SCORE_WIN 1

/**
 * The side to move loses, in `value` plies (-1: unknown).
 */
#define BAGH_SCORE_LOSS 2

/**
 * A draw (`value` is 0).
 */
#define BAGH_SCORE_DRAW 3

/**
 * What a call did: `BAGH_OK`, or why it failed. The failure's message is
 * in `bagh_last_error_message`.
 */
typedef enum bagh_result {
  /**
   * The call succeeded and wrote its out-parameters.
   */
  BAGH_OK = 0,
  /**
   * A pointer argument was NULL.
   */
  BAGH_NULL_POINTER = 1,
  /**
   * A string argument is not UTF-8.
   */
  BAGH_INVALID_UTF8 = 2,
  /**
   * The caller's buffer is too small; the length needed was written.
   */
  BAGH_BUFFER_TOO_SMALL = 3,
  /**
   * A point or move text, or a `bagh_move` value, that is not a move.
   */
  BAGH_INVALID_MOVE = 4,
  /**
   * A position string that cannot be read under the rule set.
   */
  BAGH_INVALID_POSITION = 5,
  /**
   * A rule-set text, preset id or rule-set field that is not valid.
   */
  BAGH_INVALID_RULES = 6,
  /**
   * A game record that cannot be read or replayed.
   */
  BAGH_INVALID_RECORD = 7,
  /**
   * A move that cannot be played here; nothing was changed.
   */
  BAGH_ILLEGAL_MOVE = 8,
  /**
   * A move was given to a finished game; nothing was changed.
   */
  BAGH_GAME_OVER = 9,
  /**
   * `bagh_game_pop` on a game with no moves.
   */
  BAGH_NOTHING_TO_POP = 10,
  /**
   * An argument out of range (an enum value, a depth, a count).
   */
  BAGH_INVALID_ARGUMENT = 11,
  /**
   * A file could not be read or written.
   */
  BAGH_IO_ERROR = 12,
  /**
   * The tables refused: damaged, of another rule set, or no answer.
   */
  BAGH_TABLEBASE_ERROR = 13,
  /**
   * The engine refused: an option out of range, no limit, a finished game.
   */
  BAGH_ENGINE_ERROR = 14,
  /**
   * A bug inside the library was caught before it crossed into C.
   */
  BAGH_PANIC = 15,
} bagh_result;

/**
 * Who won: nobody yet (or a draw), the goats or the tigers.
 */
typedef enum bagh_winner {
  /**
   * The game goes on, or ended in a draw.
   */
  BAGH_WINNER_NONE = 0,
  /**
   * The goats won.
   */
  BAGH_WINNER_GOATS = 1,
  /**
   * The tigers won.
   */
  BAGH_WINNER_TIGERS = 2,
} bagh_winner;

/**
 * Why a game ended (`docs/rules.md`, the end of the game).
 */
typedef enum bagh_termination {
  /**
   * The game goes on.
   */
  BAGH_TERMINATION_NONE = 0,
  /**
   * The tigers captured the rule set's capture target.
   */
  BAGH_TERMINATION_CAPTURES = 1,
  /**
   * The tigers, to move, have no legal move.
   */
  BAGH_TERMINATION_TIGERS_TRAPPED = 2,
  /**
   * The goats, to move, have no legal move.
   */
  BAGH_TERMINATION_GOATS_BLOCKED = 3,
  /**
   * A position occurred as often as the repetition policy draws.
   */
  BAGH_TERMINATION_REPETITION = 4,
  /**
   * The no-progress limit was reached.
   */
  BAGH_TERMINATION_NO_PROGRESS = 5,
} bagh_termination;

/**
 * The value of a position for the side to move, under perfect play.
 */
typedef enum bagh_value {
  /**
   * The side to move loses.
   */
  BAGH_VALUE_LOSS = 0,
  /**
   * Neither side can force a win.
   */
  BAGH_VALUE_DRAW = 1,
  /**
   * The side to move wins.
   */
  BAGH_VALUE_WIN = 2,
} bagh_value;

/**
 * A side: the goats or the tigers.
 */
typedef enum bagh_side {
  /**
   * The goats, who move first.
   */
  BAGH_SIDE_GOAT = 0,
  /**
   * The tigers.
   */
  BAGH_SIDE_TIGER = 1,
} bagh_side;

/**
 * What stands on a point.
 */
typedef enum bagh_piece {
  /**
   * Nothing: the point is empty.
   */
  BAGH_PIECE_NONE = 0,
  /**
   * A goat.
   */
  BAGH_PIECE_GOAT = 1,
  /**
   * A tiger.
   */
  BAGH_PIECE_TIGER = 2,
} bagh_piece;

/**
 * A search engine; it keeps its transposition table between the searches
 * of one game. Use it from one thread at a time. Free with
 * `bagh_engine_free`.
 */
typedef struct bagh_engine bagh_engine;

/**
 * A game in progress or finished. Free with `bagh_game_free`.
 */
typedef struct bagh_game bagh_game;

/**
 * A position under a rule set: the board, the side to move, the goats in
 * hand and captured. Positions are values: playing a move makes a new one.
 * Free with `bagh_position_free`.
 */
typedef struct bagh_position bagh_position;

/**
 * A reader of many game records. Free with `bagh_record_reader_free`.
 */
typedef struct bagh_record_reader bagh_record_reader;

/**
 * A validated rule set. Make one with `bagh_ruleset_preset`,
 * `bagh_ruleset_from_text` or `bagh_ruleset_builder_build`; free it with
 * `bagh_ruleset_free`. Positions and games copy it: it may be freed while
 * they live.
 */
typedef struct bagh_ruleset bagh_ruleset;

/**
 * The fields of a rule set being put together. Setters only record a
 * value; `bagh_ruleset_builder_build` checks them all and says which field
 * is wrong. Free it with `bagh_ruleset_builder_free`.
 */
typedef struct bagh_ruleset_builder bagh_ruleset_builder;

/**
 * Stops an engine's search from any thread. Made by
 * `bagh_engine_stop_handle`; it stays valid after the engine is freed
 * (raising it then does nothing). Free with `bagh_stop_free`.
 */
typedef struct bagh_stop bagh_stop;

/**
 * Open tables (`docs/tablebase.md`). Free with `bagh_tablebase_free`; an
 * engine given them keeps its own reference, so the order does not matter.
 */
typedef struct bagh_tablebase bagh_tablebase;

/**
 * How far a build is.
 */
typedef struct bagh_build_progress {
  /**
   * `BAGH_STAGE_MOVEMENT`, `BAGH_STAGE_PLACEMENT` or `BAGH_STAGE_OTHER`.
   */
  uint8_t stage;
  /**
   * The layer being solved: goats captured (movement) or placed (placement).
   */
  uint8_t layer;
  /**
   * Work units done in this stage (those a resume skipped included).
   */
  uint64_t done;
  /**
   * Work units of the whole stage (for the movement table an estimate).
   */
  uint64_t total;
} bagh_build_progress;

/**
 * Called now and then during a build, possibly from the build's worker
 * threads, with `user_data`; returning false stops the build.
 */
typedef bool (*bagh_build_progress_fn)(const struct bagh_build_progress *progress, void *user_data);

/**
 * How an engine plays. Start from `bagh_engine_options_default()` and
 * change the fields wanted.
 */
typedef struct bagh_engine_options {
  /**
   * Search threads, 1 to 256.
   */
  uint32_t threads;
  /**
   * The transposition table's size in megabytes (at least 1).
   */
  uint32_t hash_mb;
  /**
   * A playing level from 1 to 20 for human opponents, or 0 for full
   * strength. Levels choose among good moves at random, seeded by `seed`.
   */
  uint8_t level;
  /**
   * The seed of a level's choices.
   */
  uint64_t seed;
  /**
   * Tables of the games' rule set, or NULL: with them the engine plays
   * perfectly where they answer. The engine keeps its own reference.
   */
  const struct bagh_tablebase *tablebase;
} bagh_engine_options;

/**
 * When a search stops: each field that is not 0 is a limit, and the first
 * one reached ends the search. At least one must be set, or `infinite`:
 * then the search runs until a `bagh_stop` handle of the engine is raised
 * from another thread (or a result is proven). A depth above 100 is
 * refused (`BAGH_ENGINE_ERROR`).
 */
typedef struct bagh_limits {
  /**
   * The deepest iteration in plies (1 to 100), or 0.
   */
  uint32_t depth;
  /**
   * About this many nodes, or 0.
   */
  uint64_t nodes;
  /**
   * Wall-clock milliseconds, or 0.
   */
  uint64_t time_ms;
  /**
   * Search until stopped (`bagh_stop_raise`); the other limits still apply.
   */
  bool infinite;
} bagh_limits;

/**
 * A move as four bytes, copied by value. Points are indices
 * `rank * 5 + file`: `a1` is 0, `e1` 4, `a2` 5, `e5` 24.
 *
 * Moves come from `bagh_position_legal_moves`, `bagh_game_legal_moves` or
 * `bagh_move_from_text`; one filled in by hand is checked when it is
 * played (`BAGH_INVALID_MOVE` if it is no move at all).
 *
 * ```c
 * bagh_move move;
 * bagh_move_from_text("a1xa3", &move);
 * // move.kind == BAGH_MOVE_CAPTURE, move.from == 0, move.over == 5, move.to == 10
 * ```
 */
typedef struct bagh_move {
  /**
   * `BAGH_MOVE_PLACE`, `BAGH_MOVE_STEP` or `BAGH_MOVE_CAPTURE`.
   */
  uint8_t kind;
  /**
   * Where the piece starts; `BAGH_NO_POINT` for a placement.
   */
  uint8_t from;
  /**
   * The captured goat's point; `BAGH_NO_POINT` unless a capture.
   */
  uint8_t over;
  /**
   * Where the piece ends (or the goat is placed).
   */
  uint8_t to;
} bagh_move;

/**
 * How a game stands: over or not, the winner, and why it ended.
 *
 * ```c
 * bagh_outcome outcome;
 * bagh_game_outcome(game, &outcome);
 * if (outcome.is_over && outcome.winner == BAGH_WINNER_NONE) puts("drawn");
 * ```
 */
typedef struct bagh_outcome {
  /**
   * Whether the game is over.
   */
  bool is_over;
  /**
   * The winner; `BAGH_WINNER_NONE` for a draw or a game that goes on.
   */
  enum bagh_winner winner;
  /**
   * Why it ended; `BAGH_TERMINATION_NONE` while it goes on.
   */
  enum bagh_termination termination;
} bagh_outcome;

/**
 * What a probe answers: the value and, where the tables know it, the
 * plies to the end of the game under perfect play (the movement table
 * knows every win's and loss's; positions with goats in hand have none).
 */
typedef struct bagh_probe {
  /**
   * Win, draw or loss for the side to move.
   */
  enum bagh_value value;
  /**
   * Whether `distance` is known.
   */
  bool has_distance;
  /**
   * Plies to the end of the game; 0 when `has_distance` is false.
   */
  uint16_t distance;
} bagh_probe;

/**
 * What `bagh_tablebase_probe_game` answers.
 */
typedef struct bagh_game_probe {
  /**
   * The tables' probe of the game's position, as if it were new.
   */
  struct bagh_probe tables;
  /**
   * Whether `proven` holds the value with the game's history (false: the
   * search ran out of nodes, and only the tables' value is known).
   */
  bool has_proven;
  /**
   * The value for the side to move with the history, where proven
   * (`tables.value` otherwise).
   */
  enum bagh_value proven;
  /**
   * Positions the search visited.
   */
  uint64_t nodes;
} bagh_game_probe;

/**
 * One line of an analysis: its depth, its score and its moves.
 */
typedef struct bagh_line {
  /**
   * The iteration's depth in plies (0 when the tables answered alone).
   */
  uint32_t depth;
  /**
   * 1 for the best line, 2 for the second, ...
   */
  uint32_t multipv;
  /**
   * `BAGH_SCORE_CP`, `BAGH_SCORE_WIN`, `BAGH_SCORE_LOSS` or `BAGH_SCORE_DRAW`.
   */
  uint8_t score_kind;
  /**
   * Thousandths of a result, or plies to the end (-1 when unknown), for
   * the side to move.
   */
  int32_t score_value;
  /**
   * Nodes searched so far.
   */
  uint64_t nodes;
  /**
   * The moves of `pv` that are set, at most `BAGH_MAX_PV`.
   */
  uint32_t pv_len;
  /**
   * The principal variation, the root move first.
   */
  struct bagh_move pv[BAGH_MAX_PV];
} bagh_line;

/**
 * Called with each line of each completed iteration; `user_data` is the
 * pointer given to the search. Runs on the searching thread.
 */
typedef void (*bagh_progress_fn)(const struct bagh_line *line, void *user_data);

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * As `bagh_tablebase_build`, with `on_progress` (or NULL) hearing the
 * build's progress; a build its callback stopped is `BAGH_TABLEBASE_ERROR`
 * ("interrupted"), and what it finished is kept for a later build to
 * resume.
 *
 * # Safety
 *
 * As `bagh_tablebase_build`; `on_progress`, when set, may be called with
 * `user_data` from any of the build's threads until this call returns.
 */
enum bagh_result bagh_tablebase_build_with_progress(const struct bagh_ruleset *rules,
                                                    const char *dir,
                                                    uint32_t threads,
                                                    bagh_build_progress_fn on_progress,
                                                    void *user_data,
                                                    struct bagh_tablebase **tablebase_out);

/**
 * One thread, 16 MB, full strength, seed 0, no tables.
 */
struct bagh_engine_options bagh_engine_options_default(void);

/**
 * A new engine with `options` (NULL for the defaults), checked:
 * `BAGH_ENGINE_ERROR` names an option out of range.
 *
 * # Safety
 *
 * `options` is NULL or points to a `bagh_engine_options` whose
 * `tablebase` is NULL or a live handle; `engine_out` points to a
 * `bagh_engine*`.
 */
enum bagh_result bagh_engine_new(const struct bagh_engine_options *options,
                                 struct bagh_engine **engine_out);

/**
 * Searches `game` within `limits` and writes the move to play.
 * `BAGH_ENGINE_ERROR` when the game is over, no limit is set, or the depth
 * is above 100.
 *
 * # Safety
 *
 * `engine` and `game` are live handles; `limits` points to a
 * `bagh_limits`; `move_out` to a `bagh_move`.
 */
enum bagh_result bagh_engine_best_move(struct bagh_engine *engine,
                                       const struct bagh_game *game,
                                       const struct bagh_limits *limits,
                                       struct bagh_move *move_out);

/**
 * As `bagh_engine_best_move`, for `position` as the start of a game.
 *
 * # Safety
 *
 * As `bagh_engine_best_move`, with `position` a live handle.
 */
enum bagh_result bagh_engine_best_move_position(struct bagh_engine *engine,
                                                const struct bagh_position *position,
                                                const struct bagh_limits *limits,
                                                struct bagh_move *move_out);

/**
 * Frees an engine; NULL does nothing.
 *
 * # Safety
 *
 * `engine` is NULL or a handle not freed before.
 */
void bagh_engine_free(struct bagh_engine *engine);

/**
 * Copies the message of the last call that failed on this thread into
 * `buf` (see "Strings out" in `bagh.h`); an empty string before any
 * failure. Each thread has its own. This call does not change it, even
 * when it fails.
 *
 * # Safety
 *
 * `buf` points to `capacity` writable bytes (or is NULL with capacity 0)
 * and `length` to a `size_t`.
 */
enum bagh_result bagh_last_error_message(char *buf, size_t capacity, size_t *length);

/**
 * A new game from the start of `rules`.
 *
 * # Safety
 *
 * `rules` is a live handle; `game_out` points to a `bagh_game*`.
 */
enum bagh_result bagh_game_new(const struct bagh_ruleset *rules, struct bagh_game **game_out);

/**
 * A new game starting from `start` (its rule set included).
 *
 * # Safety
 *
 * `start` is a live handle; `game_out` points to a `bagh_game*`.
 */
enum bagh_result bagh_game_from_position(const struct bagh_position *start,
                                         struct bagh_game **game_out);

/**
 * Reads a game record (`docs/records.md`) and replays its moves;
 * `BAGH_INVALID_RECORD` gives the line and column of what is wrong.
 *
 * # Safety
 *
 * `text` is a NUL-terminated string; `game_out` points to a `bagh_game*`.
 */
enum bagh_result bagh_game_from_record_text(const char *text, struct bagh_game **game_out);

/**
 * Writes the game's record: tag pairs, then the numbered moves and the
 * result; `bagh_game_from_record_text` reads it back.
 *
 * # Safety
 *
 * `game` is a live handle; `buf` points to `capacity` writable bytes;
 * `length` to a `size_t`.
 */
enum bagh_result bagh_game_to_record_text(const struct bagh_game *game,
                                          char *buf,
                                          size_t capacity,
                                          size_t *length);

/**
 * Plays `mv`. An illegal move (`BAGH_ILLEGAL_MOVE`, or `BAGH_GAME_OVER`
 * once the game has ended) changes nothing.
 *
 * # Safety
 *
 * `game` is a live handle.
 */
enum bagh_result bagh_game_push(struct bagh_game *game, struct bagh_move mv);

/**
 * As `bagh_game_push`, the move given as text (`"c3"`, `"a1a2"`, `"a1xa3"`).
 *
 * # Safety
 *
 * `game` is a live handle; `text` a NUL-terminated string.
 */
enum bagh_result bagh_game_push_text(struct bagh_game *game, const char *text);

/**
 * Takes back the last move and writes it into `move_out` (which may be
 * NULL when it is not wanted); `BAGH_NOTHING_TO_POP` at the start.
 *
 * # Safety
 *
 * `game` is a live handle; `move_out` is NULL or points to a `bagh_move`.
 */
enum bagh_result bagh_game_pop(struct bagh_game *game, struct bagh_move *move_out);

/**
 * The legal moves now, as `bagh_position_legal_moves` (a move that would
 * repeat a position under a `forbidden` policy is left out).
 *
 * # Safety
 *
 * `game` is a live handle; `moves` points to `capacity` writable
 * `bagh_move`s; `count` to a `size_t`.
 */
enum bagh_result bagh_game_legal_moves(const struct bagh_game *game,
                                       struct bagh_move *moves,
                                       size_t capacity,
                                       size_t *count);

/**
 * How the game stands, repetition and the no-progress limit included.
 *
 * # Safety
 *
 * `game` is a live handle; `outcome_out` points to a `bagh_outcome`.
 */
enum bagh_result bagh_game_outcome(const struct bagh_game *game, struct bagh_outcome *outcome_out);

/**
 * The number of moves played (plies).
 *
 * # Safety
 *
 * `game` is a live handle; `length_out` points to a `size_t`.
 */
enum bagh_result bagh_game_len(const struct bagh_game *game, size_t *length_out);

/**
 * A new handle to the current position.
 *
 * # Safety
 *
 * `game` is a live handle; `position_out` points to a `bagh_position*`.
 */
enum bagh_result bagh_game_position(const struct bagh_game *game,
                                    struct bagh_position **position_out);

/**
 * Frees a game; NULL does nothing.
 *
 * # Safety
 *
 * `game` is NULL or a handle not freed before.
 */
void bagh_game_free(struct bagh_game *game);

/**
 * The value of `game` for its side to move with its history: a search of
 * the game itself, bans included, for at most `max_nodes` positions,
 * trusting the tables only where the history cannot change them. The
 * tables value a position as if it were new, which the `forbidden`
 * repetition policy can make wrong.
 *
 * # Safety
 *
 * `tablebase` and `game` are live handles; `probe_out` points to a
 * `bagh_game_probe`.
 */
enum bagh_result bagh_tablebase_probe_game(const struct bagh_tablebase *tablebase,
                                           const struct bagh_game *game,
                                           uint64_t max_nodes,
                                           struct bagh_game_probe *probe_out);

/**
 * Reads a move in the project's notation: `c3`, `a1a2` (a step or a
 * slide) or `a1xa3` (a capture). Whether it is legal is checked when it
 * is played.
 *
 * # Safety
 *
 * `text` is a NUL-terminated string; `move_out` points to a `bagh_move`.
 */
enum bagh_result bagh_move_from_text(const char *text, struct bagh_move *move_out);

/**
 * Writes a move's text (`c3`, `a1a2`, `a1xa3`; at most 6 bytes with the
 * NUL) into `buf`, as every string out.
 *
 * # Safety
 *
 * `buf` points to `capacity` writable bytes; `length` to a `size_t`.
 */
enum bagh_result bagh_move_to_text(struct bagh_move mv, char *buf, size_t capacity, size_t *length);

/**
 * The number of legal move sequences of `depth` plies from `position`
 * (a finished game has none), counted on this thread.
 *
 * ```c
 * uint64_t nodes;
 * bagh_perft(start, 5, &nodes);  // 1304788 from the bagh-chal start
 * ```
 *
 * # Safety
 *
 * `position` is a live handle; `nodes_out` points to a `uint64_t`.
 */
enum bagh_result bagh_perft(const struct bagh_position *position,
                            uint32_t depth,
                            uint64_t *nodes_out);

/**
 * Perft split by first move: each legal move into `moves` and the paths
 * of `depth` plies that start with it into `nodes` (same index), their
 * number into `count`, as `bagh_position_legal_moves` (both arrays of
 * `capacity`; `BAGH_MAX_MOVES` always suffices). `depth` is at least 1.
 *
 * # Safety
 *
 * `position` is a live handle; `moves` and `nodes` point to `capacity`
 * writable elements; `count` to a `size_t`.
 */
enum bagh_result bagh_perft_divide(const struct bagh_position *position,
                                   uint32_t depth,
                                   struct bagh_move *moves,
                                   uint64_t *nodes,
                                   size_t capacity,
                                   size_t *count);

/**
 * The start position of `rules`.
 *
 * # Safety
 *
 * `rules` is a live handle; `position_out` points to a `bagh_position*`.
 */
enum bagh_result bagh_position_new(const struct bagh_ruleset *rules,
                                   struct bagh_position **position_out);

/**
 * Reads a position string (`"T3T/5/5/5/T3T g 20 0"`) under `rules`,
 * which checks it; `BAGH_INVALID_POSITION` names the field that is wrong.
 *
 * # Safety
 *
 * `rules` is a live handle; `text` a NUL-terminated string;
 * `position_out` points to a `bagh_position*`.
 */
enum bagh_result bagh_position_from_text(const struct bagh_ruleset *rules,
                                         const char *text,
                                         struct bagh_position **position_out);

/**
 * Writes the position string.
 *
 * # Safety
 *
 * `position` is a live handle; `buf` points to `capacity` writable bytes;
 * `length` to a `size_t`.
 */
enum bagh_result bagh_position_to_text(const struct bagh_position *position,
                                       char *buf,
                                       size_t capacity,
                                       size_t *length);

/**
 * A new handle to the position's rule set.
 *
 * # Safety
 *
 * `position` is a live handle; `rules_out` points to a `bagh_ruleset*`.
 */
enum bagh_result bagh_position_ruleset(const struct bagh_position *position,
                                       struct bagh_ruleset **rules_out);

/**
 * A copy of the position, freed on its own.
 *
 * # Safety
 *
 * `position` is a live handle; `copy_out` points to a `bagh_position*`.
 */
enum bagh_result bagh_position_clone(const struct bagh_position *position,
                                     struct bagh_position **copy_out);

/**
 * The legal moves into `moves` (capacity `capacity`, `BAGH_MAX_MOVES`
 * always suffices) and their number into `count`; none once the game is
 * over.
 *
 * # Safety
 *
 * `position` is a live handle; `moves` points to `capacity` writable
 * `bagh_move`s; `count` to a `size_t`.
 */
enum bagh_result bagh_position_legal_moves(const struct bagh_position *position,
                                           struct bagh_move *moves,
                                           size_t capacity,
                                           size_t *count);

/**
 * Plays `mv` and hands out the position after it; the position given is
 * unchanged. `BAGH_ILLEGAL_MOVE` (or `BAGH_GAME_OVER`) says why a move
 * cannot be played.
 *
 * # Safety
 *
 * `position` is a live handle; `next_out` points to a `bagh_position*`.
 */
enum bagh_result bagh_position_play(const struct bagh_position *position,
                                    struct bagh_move mv,
                                    struct bagh_position **next_out);

/**
 * As `bagh_position_play`, the move given as text (`"c3"`, `"a1xa3"`).
 *
 * # Safety
 *
 * `position` is a live handle; `text` a NUL-terminated string; `next_out`
 * points to a `bagh_position*`.
 */
enum bagh_result bagh_position_play_text(const struct bagh_position *position,
                                         const char *text,
                                         struct bagh_position **next_out);

/**
 * How the game stands in this position alone (the capture target, a side
 * with no move); repetition and the no-progress limit need a `bagh_game`.
 *
 * # Safety
 *
 * `position` is a live handle; `outcome_out` points to a `bagh_outcome`.
 */
enum bagh_result bagh_position_outcome(const struct bagh_position *position,
                                       struct bagh_outcome *outcome_out);

/**
 * The side to move.
 *
 * # Safety
 *
 * `position` is a live handle; `side_out` points to a `bagh_side`.
 */
enum bagh_result bagh_position_side_to_move(const struct bagh_position *position,
                                            enum bagh_side *side_out);

/**
 * The goats still to be placed, and the goats captured so far.
 *
 * # Safety
 *
 * `position` is a live handle; `in_hand_out` and `captured_out` point to
 * `uint8_t`s.
 */
enum bagh_result bagh_position_goats(const struct bagh_position *position,
                                     uint8_t *in_hand_out,
                                     uint8_t *captured_out);

/**
 * Frees a position; NULL does nothing.
 *
 * # Safety
 *
 * `position` is NULL or a handle not freed before.
 */
void bagh_position_free(struct bagh_position *position);

/**
 * The piece on `point` (0 `a1`, 1 `b1`, ..., 24 `e5`);
 * `BAGH_INVALID_ARGUMENT` for a point above 24.
 *
 * # Safety
 *
 * `position` is a live handle; `piece_out` points to a `bagh_piece`.
 */
enum bagh_result bagh_position_piece_at(const struct bagh_position *position,
                                        uint8_t point,
                                        enum bagh_piece *piece_out);

/**
 * A reader of the records of the file at `path`; `BAGH_IO_ERROR` names
 * the file when it cannot be opened.
 *
 * # Safety
 *
 * `path` is a NUL-terminated string; `reader_out` points to a
 * `bagh_record_reader*`.
 */
enum bagh_result bagh_record_reader_open(const char *path, struct bagh_record_reader **reader_out);

/**
 * A reader of the records of `text` (copied: the text may be freed).
 *
 * # Safety
 *
 * `text` is a NUL-terminated string; `reader_out` points to a
 * `bagh_record_reader*`.
 */
enum bagh_result bagh_record_reader_from_text(const char *text,
                                              struct bagh_record_reader **reader_out);

/**
 * The next game: `*game_out` a new game handle, or NULL after the last
 * one. A game that cannot be read is its error (`BAGH_INVALID_RECORD`,
 * with the line and column of the whole text) and `*game_out` NULL; the
 * next call goes on with the game after it.
 *
 * # Safety
 *
 * `reader` is a live handle; `game_out` points to a `bagh_game*`.
 */
enum bagh_result bagh_record_reader_next(struct bagh_record_reader *reader,
                                         struct bagh_game **game_out);

/**
 * Frees a reader; NULL does nothing.
 *
 * # Safety
 *
 * `reader` is NULL or a handle not freed before.
 */
void bagh_record_reader_free(struct bagh_record_reader *reader);

/**
 * The name of a result code, such as `"BAGH_ILLEGAL_MOVE"`: a static
 * string the caller must not free; `"BAGH_UNKNOWN"` for a value that is
 * no code. Takes an `int` so that any value a C caller holds is safe.
 */
const char *bagh_result_name(int32_t code);

/**
 * The action code of `mv` (below `BAGH_NUM_ACTIONS`);
 * `BAGH_INVALID_MOVE` when the four bytes are no move.
 *
 * # Safety
 *
 * `action_out` points to a `uint32_t`.
 */
enum bagh_result bagh_rl_encode(struct bagh_move mv, uint32_t *action_out);

/**
 * The legal move of `game` that `action` names; `BAGH_INVALID_ARGUMENT`
 * (with the reason) when it names none.
 *
 * # Safety
 *
 * `game` is a live handle; `move_out` points to a `bagh_move`.
 */
enum bagh_result bagh_rl_decode(const struct bagh_game *game,
                                uint32_t action,
                                struct bagh_move *move_out);

/**
 * The legal-action mask of `game` (its history counted) into
 * `mask_out[BAGH_NUM_ACTIONS]`: true for each legal action.
 *
 * # Safety
 *
 * `game` is a live handle; `mask_out` points to `BAGH_NUM_ACTIONS` bools.
 */
enum bagh_result bagh_rl_mask(const struct bagh_game *game, bool *mask_out);

/**
 * The observation planes of `game` into `observation_out[BAGH_OBSERVATION_SIZE]`
 * (the planes of `bagh.rl.observation`: tigers, goats, empty points, the
 * side to move, goats in hand and captured, the rule set's switches, the
 * no-progress count and repetitions).
 *
 * # Safety
 *
 * `game` is a live handle; `observation_out` points to
 * `BAGH_OBSERVATION_SIZE` floats.
 */
enum bagh_result bagh_rl_observation(const struct bagh_game *game, float *observation_out);

/**
 * The preset with id `id` (`"bagh-chal"`, `"two-tigers"`, ... see
 * `bagh_ruleset_preset_ids`).
 *
 * # Safety
 *
 * `id` is a NUL-terminated string; `rules_out` points to a `bagh_ruleset*`.
 */
enum bagh_result bagh_ruleset_preset(const char *id, struct bagh_ruleset **rules_out);

/**
 * Reads a rule set's text form: a preset id, optionally followed by
 * `key=value` fields (`"bagh-chal mandatory_capture=yes"`), as
 * `docs/rules.md` describes.
 *
 * # Safety
 *
 * `text` is a NUL-terminated string; `rules_out` points to a `bagh_ruleset*`.
 */
enum bagh_result bagh_ruleset_from_text(const char *text, struct bagh_ruleset **rules_out);

/**
 * Writes the rule set's text form: its preset id, or its `key=value`
 * fields; `bagh_ruleset_from_text` reads it back.
 *
 * # Safety
 *
 * `rules` is a live handle; `buf` points to `capacity` writable bytes;
 * `length` to a `size_t`.
 */
enum bagh_result bagh_ruleset_to_text(const struct bagh_ruleset *rules,
                                      char *buf,
                                      size_t capacity,
                                      size_t *length);

/**
 * Writes the preset ids, separated by single spaces.
 *
 * # Safety
 *
 * `buf` points to `capacity` writable bytes; `length` to a `size_t`.
 */
enum bagh_result bagh_ruleset_preset_ids(char *buf, size_t capacity, size_t *length);

/**
 * Frees a rule set; NULL does nothing.
 *
 * # Safety
 *
 * `rules` is NULL or a handle not freed before.
 */
void bagh_ruleset_free(struct bagh_ruleset *rules);

/**
 * A builder holding the fields of `base`, or of `bagh-chal` when `base`
 * is NULL.
 *
 * # Safety
 *
 * `base` is NULL or a live handle; `builder_out` points to a
 * `bagh_ruleset_builder*`.
 */
enum bagh_result bagh_ruleset_builder_new(const struct bagh_ruleset *base,
                                          struct bagh_ruleset_builder **builder_out);

/**
 * The tigers' start points, as point names separated by spaces or commas
 * (`"a1 e1 a5 e5"`); their number is the tiger count.
 *
 * # Safety
 *
 * `builder` is a live handle; `points` a NUL-terminated string.
 */
enum bagh_result bagh_ruleset_builder_set_tigers(struct bagh_ruleset_builder *builder,
                                                 const char *points);

/**
 * The number of goats, all in hand at the start.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_goats(struct bagh_ruleset_builder *builder,
                                                uint8_t goats);

/**
 * The captures that win the game for the tigers.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_capture_target(struct bagh_ruleset_builder *builder,
                                                         uint8_t target);

/**
 * `BAGH_TIGER_MOVES_STEP` or `BAGH_TIGER_MOVES_SLIDE`.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_tiger_moves(struct bagh_ruleset_builder *builder,
                                                      uint32_t tiger_moves);

/**
 * Whether a tiger that can capture must.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_mandatory_capture(struct bagh_ruleset_builder *builder,
                                                            bool mandatory);

/**
 * Whether goats to move with no legal move lose rather than draw.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_blocked_side_loses(struct bagh_ruleset_builder *builder,
                                                             bool loses);

/**
 * `BAGH_REPETITION_FORBIDDEN`, `BAGH_REPETITION_ALLOWED`, or
 * `BAGH_REPETITION_DRAW` with the occurrence `count` that draws (2 to
 * 255, checked when built); `count` is ignored otherwise.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_repetition(struct bagh_ruleset_builder *builder,
                                                     uint32_t policy,
                                                     uint8_t count);

/**
 * Plies without progress after which the game is drawn
 * (`docs/rules.md`); 0 for no limit.
 *
 * # Safety
 *
 * `builder` is a live handle.
 */
enum bagh_result bagh_ruleset_builder_set_no_progress_limit(struct bagh_ruleset_builder *builder,
                                                            uint16_t limit);

/**
 * Checks the fields and makes the rule set; `BAGH_INVALID_RULES` names
 * the field that is wrong. The builder stays usable.
 *
 * # Safety
 *
 * `builder` is a live handle; `rules_out` points to a `bagh_ruleset*`.
 */
enum bagh_result bagh_ruleset_builder_build(const struct bagh_ruleset_builder *builder,
                                            struct bagh_ruleset **rules_out);

/**
 * Frees a builder; NULL does nothing.
 *
 * # Safety
 *
 * `builder` is NULL or a handle not freed before.
 */
void bagh_ruleset_builder_free(struct bagh_ruleset_builder *builder);

/**
 * A handle that stops `engine`'s searches, now and later: raise it from
 * another thread while `bagh_engine_best_move` or `bagh_engine_analyse`
 * runs (a search of `infinite` limits ends only so), and the search
 * returns its best move so far.
 *
 * # Safety
 *
 * `engine` is a live handle; `stop_out` points to a `bagh_stop*`.
 */
enum bagh_result bagh_engine_stop_handle(const struct bagh_engine *engine,
                                         struct bagh_stop **stop_out);

/**
 * Stops the search running on the handle's engine (from any thread; a
 * search started later clears it). NULL does nothing.
 *
 * # Safety
 *
 * `stop` is NULL or a live handle.
 */
void bagh_stop_raise(const struct bagh_stop *stop);

/**
 * Frees a stop handle; NULL does nothing.
 *
 * # Safety
 *
 * `stop` is NULL or a handle not freed before.
 */
void bagh_stop_free(struct bagh_stop *stop);

/**
 * Analyses `game` within `limits` for its `multipv` best moves (1 to
 * `BAGH_MAX_MOVES`): `on_progress` (or NULL) hears each line of each
 * completed iteration, and the final lines, best first, go to
 * `lines_out` (room for `capacity`; `count_out` gets how many, at most
 * `multipv`). `BAGH_ENGINE_ERROR` when the game is over, no limit is set,
 * or the depth is above 100; `BAGH_INVALID_ARGUMENT` when `multipv` is 0
 * or `capacity` is below the lines to write.
 *
 * # Safety
 *
 * `engine` and `game` are live handles, `limits` points to a
 * `bagh_limits`, `lines_out` to `capacity` `bagh_line`s, `count_out` to a
 * `size_t`; `on_progress`, when set, may be called with `user_data`.
 */
enum bagh_result bagh_engine_analyse(struct bagh_engine *engine,
                                     const struct bagh_game *game,
                                     const struct bagh_limits *limits,
                                     uint32_t multipv,
                                     bagh_progress_fn on_progress,
                                     void *user_data,
                                     struct bagh_line *lines_out,
                                     size_t capacity,
                                     size_t *count_out);

/**
 * Opens the tables in directory `dir` (the rule set is read from them):
 * the full table files, or the compressed file `tables.btz` that
 * `bagh_tablebase_compress` and `bagh compress` write (`dir` may also name
 * that file). A missing or unreadable file is `BAGH_IO_ERROR`, a damaged
 * or foreign one `BAGH_TABLEBASE_ERROR`; the message names the file.
 *
 * # Safety
 *
 * `dir` is a NUL-terminated string; `tablebase_out` points to a
 * `bagh_tablebase*`.
 */
enum bagh_result bagh_tablebase_open(const char *dir, struct bagh_tablebase **tablebase_out);

/**
 * Builds the complete tables of `rules` into directory `dir` (created if
 * needed; a finished or interrupted build there is kept and resumed) with
 * `threads` threads (0: one per core), then opens them. Small rule sets
 * take moments; `bagh-chal` takes tens of minutes and over a gigabyte.
 *
 * # Safety
 *
 * `rules` is a live handle; `dir` a NUL-terminated string;
 * `tablebase_out` points to a `bagh_tablebase*`.
 */
enum bagh_result bagh_tablebase_build(const struct bagh_ruleset *rules,
                                      const char *dir,
                                      uint32_t threads,
                                      struct bagh_tablebase **tablebase_out);

/**
 * Compresses the full tables `tablebase` (the movement table and every
 * placement layer) into directory `out_dir` (created if needed; its file
 * `tables.btz` is written atomically) with `threads` threads (0: one per
 * core), then opens the compressed tables, which answer every probe as
 * the full ones do. Compressed tables of this version are copied section
 * by section. Tables without their placement layers, or an `out_dir`
 * that holds `tablebase`'s own file, are `BAGH_TABLEBASE_ERROR`.
 *
 * # Safety
 *
 * `tablebase` is a live handle; `out_dir` a NUL-terminated string;
 * `tablebase_out` points to a `bagh_tablebase*`.
 */
enum bagh_result bagh_tablebase_compress(const struct bagh_tablebase *tablebase,
                                         const char *out_dir,
                                         uint32_t threads,
                                         struct bagh_tablebase **tablebase_out);

/**
 * As `bagh_tablebase_compress`, leaving out the placement layers of the
 * `count` counts of goats placed in `placed` (never two adjacent ones;
 * `count` 0 leaves none out): a probe recovers them by searching one ply
 * more. From a compressed file (`bagh_tablebase_compress` of the full
 * tables), the sections of the layers kept are copied, in seconds:
 *
 * ```c
 * const uint8_t late[] = {16, 19};
 * bagh_tablebase_compress_leaving_out(compressed, "bagh-chal-without-16-19", late, 2, 0, &smaller);
 * ```
 *
 * Layers that cannot be left out, or that the source lacks, are
 * `BAGH_TABLEBASE_ERROR`.
 *
 * # Safety
 *
 * As `bagh_tablebase_compress`; `placed` points to `count` bytes (it may
 * be NULL when `count` is 0).
 */
enum bagh_result bagh_tablebase_compress_leaving_out(const struct bagh_tablebase *tablebase,
                                                     const char *out_dir,
                                                     const uint8_t *placed,
                                                     size_t count,
                                                     uint32_t threads,
                                                     struct bagh_tablebase **tablebase_out);

/**
 * As `bagh_tablebase_compress`, the file written in parts of at most
 * `part_bytes` bytes each, cut where sections end: `tables.btz`, then
 * `tables.btz.1`, `tables.btz.2`, ... beside it, which
 * `bagh_tablebase_open` reads as one file (for a data package larger
 * than a registry takes in one file):
 *
 * ```c
 * bagh_tablebase_compress_in_parts(compressed, "bagh-chal-in-parts", 95000000, 0, &parts);
 * ```
 *
 * A `part_bytes` of 0 is `BAGH_INVALID_ARGUMENT`; a section longer than
 * `part_bytes` is `BAGH_TABLEBASE_ERROR`.
 *
 * # Safety
 *
 * As `bagh_tablebase_compress`.
 */
enum bagh_result bagh_tablebase_compress_in_parts(const struct bagh_tablebase *tablebase,
                                                  const char *out_dir,
                                                  uint64_t part_bytes,
                                                  uint32_t threads,
                                                  struct bagh_tablebase **tablebase_out);

/**
 * The value of `position` (of the tables' rule set) and its distance.
 *
 * # Safety
 *
 * `tablebase` and `position` are live handles; `probe_out` points to a
 * `bagh_probe`.
 */
enum bagh_result bagh_tablebase_probe(const struct bagh_tablebase *tablebase,
                                      const struct bagh_position *position,
                                      struct bagh_probe *probe_out);

/**
 * Frees the handle; NULL does nothing. Engines given the tables keep them
 * open until they are freed too.
 *
 * # Safety
 *
 * `tablebase` is NULL or a handle not freed before.
 */
void bagh_tablebase_free(struct bagh_tablebase *tablebase);

/**
 * The moves that keep `position`'s value (the fastest win, the slowest
 * loss where distances are known), into `moves_out` (room for
 * `capacity`; `BAGH_MAX_MOVES` always fits). `count_out` gets how many,
 * even when the array is too small (`BAGH_BUFFER_TOO_SMALL`).
 *
 * # Safety
 *
 * `tablebase` and `position` are live handles; `moves_out` points to
 * `capacity` `bagh_move`s (or is NULL with capacity 0); `count_out` to a
 * `size_t`.
 */
enum bagh_result bagh_tablebase_best_moves(const struct bagh_tablebase *tablebase,
                                           const struct bagh_position *position,
                                           struct bagh_move *moves_out,
                                           size_t capacity,
                                           size_t *count_out);

/**
 * Each legal move of `position` with the probe of the position after it
 * (for the opponent, who moves next): `moves_out[i]` and `probes_out[i]`
 * go together, `capacity` of each; `count_out` as in
 * `bagh_tablebase_best_moves`.
 *
 * # Safety
 *
 * As `bagh_tablebase_best_moves`, and `probes_out` points to `capacity`
 * `bagh_probe`s (or is NULL with capacity 0).
 */
enum bagh_result bagh_tablebase_probe_moves(const struct bagh_tablebase *tablebase,
                                            const struct bagh_position *position,
                                            struct bagh_move *moves_out,
                                            struct bagh_probe *probes_out,
                                            size_t capacity,
                                            size_t *count_out);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* BAGH_H */
