/* The rules through the C ABI: presets, positions, moves, perft, games and
 * records, and every error convention. Expected figures come from the
 * rules' reference (perft from the bagh-chal start, 21 first moves). */
#include <stdint.h>
#include <string.h>

#include "check.h"

static bagh_ruleset *preset(const char *id) {
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_preset(id, &rules));
    return rules;
}

static void check_position_text(const bagh_position *position, const char *expected) {
    char text[64];
    size_t length = 0;
    CHECK_OK(bagh_position_to_text(position, text, sizeof text, &length));
    CHECK(strcmp(text, expected) == 0);
    CHECK(length == strlen(expected));
}

static void check_last_error_mentions(const char *needle) {
    char message[512];
    size_t length = 0;
    CHECK_OK(bagh_last_error_message(message, sizeof message, &length));
    CHECK(length > 0 && length == strlen(message));
    CHECK(strstr(message, needle) != NULL);
}

static void presets_and_start_strings(void) {
    bagh_ruleset *bagh_chal = preset("bagh-chal");
    bagh_position *start = NULL;
    CHECK_OK(bagh_position_new(bagh_chal, &start));
    check_position_text(start, "T3T/5/5/5/T3T g 20 0");
    bagh_side side;
    uint8_t in_hand = 0, captured = 9;
    CHECK_OK(bagh_position_side_to_move(start, &side));
    CHECK(side == BAGH_SIDE_GOAT);
    CHECK_OK(bagh_position_goats(start, &in_hand, &captured));
    CHECK(in_hand == 20 && captured == 0);
    bagh_position_free(start);

    bagh_ruleset *two_tigers = preset("two-tigers");
    CHECK_OK(bagh_position_new(two_tigers, &start));
    check_position_text(start, "5/5/1T1T1/5/5 g 18 0");
    bagh_position_free(start);

    char text[128];
    size_t length = 0;
    CHECK_OK(bagh_ruleset_to_text(two_tigers, text, sizeof text, &length));
    CHECK(strcmp(text, "two-tigers") == 0);
    CHECK_OK(bagh_ruleset_preset_ids(text, sizeof text, &length));
    CHECK(strstr(text, "bagh-chal") && strstr(text, "two-tigers") && strstr(text, "bagh-chal-blocked-loses"));

    bagh_ruleset *unknown = NULL;
    CHECK_RESULT(bagh_ruleset_preset("no-such-game", &unknown), BAGH_INVALID_RULES);
    CHECK(unknown == NULL);
    check_last_error_mentions("no-such-game");
    bagh_ruleset_free(two_tigers);
    bagh_ruleset_free(bagh_chal);
}

static void builder_fields(void) {
    bagh_ruleset_builder *builder = NULL;
    CHECK_OK(bagh_ruleset_builder_new(NULL, &builder));
    CHECK_OK(bagh_ruleset_builder_set_tigers(builder, "c3"));
    CHECK_OK(bagh_ruleset_builder_set_goats(builder, 12));
    CHECK_OK(bagh_ruleset_builder_set_capture_target(builder, 3));
    CHECK_OK(bagh_ruleset_builder_set_tiger_moves(builder, BAGH_TIGER_MOVES_SLIDE));
    CHECK_OK(bagh_ruleset_builder_set_mandatory_capture(builder, true));
    CHECK_OK(bagh_ruleset_builder_set_blocked_side_loses(builder, true));
    CHECK_OK(bagh_ruleset_builder_set_repetition(builder, BAGH_REPETITION_DRAW, 3));
    CHECK_OK(bagh_ruleset_builder_set_no_progress_limit(builder, 40));
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_builder_build(builder, &rules));

    /* The text form round-trips to an equal rule set. */
    char text[256], again[256];
    size_t length = 0;
    CHECK_OK(bagh_ruleset_to_text(rules, text, sizeof text, &length));
    CHECK(strstr(text, "goats=12") != NULL);
    bagh_ruleset *read = NULL;
    CHECK_OK(bagh_ruleset_from_text(text, &read));
    CHECK_OK(bagh_ruleset_to_text(read, again, sizeof again, &length));
    CHECK(strcmp(text, again) == 0);

    bagh_position *start = NULL;
    CHECK_OK(bagh_position_new(rules, &start));
    check_position_text(start, "5/5/2T2/5/5 g 12 0");
    bagh_position_free(start);

    /* A bad field fails at build time and is named. */
    CHECK_OK(bagh_ruleset_builder_set_capture_target(builder, 0));
    bagh_ruleset *bad = NULL;
    CHECK_RESULT(bagh_ruleset_builder_build(builder, &bad), BAGH_INVALID_RULES);
    CHECK(bad == NULL);
    check_last_error_mentions("capture");
    CHECK_OK(bagh_ruleset_builder_set_tigers(builder, "a1 z9"));
    CHECK_RESULT(bagh_ruleset_builder_build(builder, &bad), BAGH_INVALID_RULES);
    CHECK_RESULT(bagh_ruleset_builder_set_tiger_moves(builder, 7), BAGH_INVALID_ARGUMENT);
    CHECK_RESULT(bagh_ruleset_builder_set_repetition(builder, 9, 0), BAGH_INVALID_ARGUMENT);
    bagh_ruleset_builder_free(builder);
    bagh_ruleset_free(read);
    bagh_ruleset_free(rules);
}

static void legal_moves_and_perft(void) {
    bagh_ruleset *rules = preset("bagh-chal");
    bagh_position *start = NULL;
    CHECK_OK(bagh_position_new(rules, &start));
    bagh_move moves[BAGH_MAX_MOVES];
    size_t count = 0;
    CHECK_OK(bagh_position_legal_moves(start, moves, BAGH_MAX_MOVES, &count));
    CHECK(count == 21);
    for (size_t i = 0; i < count; i++) CHECK(moves[i].kind == BAGH_MOVE_PLACE);

    /* Too small an array: only the count is written. */
    bagh_move few[4];
    memset(few, 0xAB, sizeof few);
    size_t needed = 0;
    CHECK_RESULT(bagh_position_legal_moves(start, few, 4, &needed), BAGH_BUFFER_TOO_SMALL);
    CHECK(needed == 21);
    CHECK(few[0].kind == 0xAB);

    uint64_t nodes = 0;
    CHECK_OK(bagh_perft(start, 1, &nodes));
    CHECK(nodes == 21);
    CHECK_OK(bagh_perft(start, 4, &nodes));
    CHECK(nodes == 68204);
    CHECK_OK(bagh_perft(start, 5, &nodes));
    CHECK(nodes == 1304788);
    CHECK_RESULT(bagh_perft(start, 1000, &nodes), BAGH_INVALID_ARGUMENT);

    /* Split by first move: 21 placements whose paths add up to perft(4). */
    uint64_t split[BAGH_MAX_MOVES];
    CHECK_OK(bagh_perft_divide(start, 4, moves, split, BAGH_MAX_MOVES, &count));
    CHECK(count == 21);
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++) total += split[i];
    CHECK(total == 68204);
    CHECK_RESULT(bagh_perft_divide(start, 4, few, split, 4, &needed), BAGH_BUFFER_TOO_SMALL);
    CHECK(needed == 21);
    CHECK_RESULT(bagh_perft_divide(start, 0, moves, split, BAGH_MAX_MOVES, &count), BAGH_INVALID_ARGUMENT);
    bagh_position_free(start);
    bagh_ruleset_free(rules);
}

static void moves_as_text_and_values(void) {
    bagh_move move;
    CHECK_OK(bagh_move_from_text("a1xa3", &move));
    CHECK(move.kind == BAGH_MOVE_CAPTURE && move.from == 0 && move.over == 5 && move.to == 10);
    char text[8];
    size_t length = 0;
    CHECK_OK(bagh_move_to_text(move, text, sizeof text, &length));
    CHECK(strcmp(text, "a1xa3") == 0 && length == 5);
    CHECK_OK(bagh_move_from_text("e5", &move));
    CHECK(move.kind == BAGH_MOVE_PLACE && move.to == 24 && move.from == BAGH_NO_POINT);

    bagh_move untouched = {7, 7, 7, 7};
    CHECK_RESULT(bagh_move_from_text("z9", &untouched), BAGH_INVALID_MOVE);
    CHECK(untouched.kind == 7);
    check_last_error_mentions("z9");
    bagh_move nonsense = {BAGH_MOVE_STEP, 0, BAGH_NO_POINT, 99};
    CHECK_RESULT(bagh_move_to_text(nonsense, text, sizeof text, &length), BAGH_INVALID_MOVE);
}

static void illegal_move_changes_nothing(void) {
    bagh_ruleset *rules = preset("bagh-chal");
    bagh_position *start = NULL, *next = NULL;
    CHECK_OK(bagh_position_new(rules, &start));
    /* a1 holds a tiger: no goat can be placed there. */
    CHECK_RESULT(bagh_position_play_text(start, "a1", &next), BAGH_ILLEGAL_MOVE);
    CHECK(next == NULL);
    check_last_error_mentions("a1");
    check_position_text(start, "T3T/5/5/5/T3T g 20 0");
    CHECK_OK(bagh_position_play_text(start, "c3", &next));
    check_position_text(next, "T3T/5/2G2/5/T3T t 19 0");
    bagh_position_free(next);

    bagh_game *game = NULL;
    CHECK_OK(bagh_game_new(rules, &game));
    CHECK_OK(bagh_game_push_text(game, "c3"));
    bagh_move step;
    CHECK_OK(bagh_move_from_text("a1a3", &step));
    CHECK_RESULT(bagh_game_push(game, step), BAGH_ILLEGAL_MOVE);
    size_t plies = 0;
    CHECK_OK(bagh_game_len(game, &plies));
    CHECK(plies == 1);
    bagh_game_free(game);
    bagh_position_free(start);
    bagh_ruleset_free(rules);
}

static void null_utf8_and_buffers(void) {
    bagh_ruleset *rules = NULL;
    CHECK_RESULT(bagh_ruleset_preset(NULL, &rules), BAGH_NULL_POINTER);
    CHECK_RESULT(bagh_ruleset_preset("bagh-chal", NULL), BAGH_NULL_POINTER);
    CHECK_RESULT(bagh_position_new(NULL, NULL), BAGH_NULL_POINTER);
    CHECK_RESULT(bagh_game_push_text(NULL, "c3"), BAGH_NULL_POINTER);
    check_last_error_mentions("NULL");
    /* Freeing NULL does nothing. */
    bagh_ruleset_free(NULL);
    bagh_position_free(NULL);
    bagh_game_free(NULL);
    bagh_tablebase_free(NULL);
    bagh_engine_free(NULL);
    bagh_ruleset_builder_free(NULL);

    const char not_utf8[] = {'b', 'a', (char)0xff, 'h', 0};
    CHECK_RESULT(bagh_ruleset_preset(not_utf8, &rules), BAGH_INVALID_UTF8);
    CHECK(rules == NULL);

    rules = preset("bagh-chal");
    bagh_position *start = NULL;
    CHECK_OK(bagh_position_new(rules, &start));
    /* "T3T/5/5/5/T3T g 20 0" is 20 bytes: 20 do not hold its NUL. */
    char small[20];
    memset(small, 'x', sizeof small);
    size_t length = 0;
    CHECK_RESULT(bagh_position_to_text(start, small, sizeof small, &length), BAGH_BUFFER_TOO_SMALL);
    CHECK(length == 20);
    CHECK(small[0] == 'x');
    check_last_error_mentions("21");
    /* Asking for the length alone, then retrying with length + 1 bytes. */
    CHECK_RESULT(bagh_position_to_text(start, NULL, 0, &length), BAGH_BUFFER_TOO_SMALL);
    char *text = malloc(length + 1);
    CHECK_OK(bagh_position_to_text(start, text, length + 1, &length));
    CHECK(strcmp(text, "T3T/5/5/5/T3T g 20 0") == 0);
    free(text);

    bagh_position *bad = NULL;
    CHECK_RESULT(bagh_position_from_text(rules, "T3T/5/5/5/T3T g 21 0", &bad), BAGH_INVALID_POSITION);
    CHECK(bad == NULL);
    check_last_error_mentions("T3T/5/5/5/T3T g 21 0");
    CHECK(strcmp(bagh_result_name(BAGH_ILLEGAL_MOVE), "BAGH_ILLEGAL_MOVE") == 0);
    CHECK(strcmp(bagh_result_name(-1), "BAGH_UNKNOWN") == 0);
    bagh_position_free(start);
    bagh_ruleset_free(rules);
}

/* A small deterministic generator, so the game is the same on every run. */
static uint64_t next_random(uint64_t *state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 33;
}

static void games_records_and_pop(void) {
    bagh_ruleset *rules = preset("bagh-chal");
    bagh_game *game = NULL;
    CHECK_OK(bagh_game_new(rules, &game));
    bagh_move popped;
    CHECK_RESULT(bagh_game_pop(game, &popped), BAGH_NOTHING_TO_POP);

    uint64_t state = 7;
    bagh_move moves[BAGH_MAX_MOVES];
    size_t count = 0, plies = 0;
    bagh_outcome outcome;
    for (;;) {
        CHECK_OK(bagh_game_legal_moves(game, moves, BAGH_MAX_MOVES, &count));
        CHECK_OK(bagh_game_outcome(game, &outcome));
        if (count == 0) break;
        CHECK(!outcome.is_over);
        CHECK_OK(bagh_game_push(game, moves[next_random(&state) % count]));
        plies++;
    }
    CHECK(outcome.is_over);
    CHECK(outcome.termination != BAGH_TERMINATION_NONE);
    size_t length = 0;
    CHECK_OK(bagh_game_len(game, &length));
    CHECK(length == plies);
    CHECK_RESULT(bagh_game_push_text(game, "c3"), BAGH_GAME_OVER);

    /* The record reads back to the same game. */
    size_t record_length = 0;
    CHECK_RESULT(bagh_game_to_record_text(game, NULL, 0, &record_length), BAGH_BUFFER_TOO_SMALL);
    char *record = malloc(record_length + 1);
    CHECK_OK(bagh_game_to_record_text(game, record, record_length + 1, &record_length));
    CHECK(strstr(record, "[Rules \"bagh-chal\"]") != NULL);
    bagh_game *read = NULL;
    CHECK_OK(bagh_game_from_record_text(record, &read));
    bagh_outcome read_outcome;
    CHECK_OK(bagh_game_outcome(read, &read_outcome));
    CHECK(read_outcome.winner == outcome.winner && read_outcome.termination == outcome.termination);
    CHECK_OK(bagh_game_len(read, &length));
    CHECK(length == plies);
    char *again = malloc(record_length + 1);
    CHECK_OK(bagh_game_to_record_text(read, again, record_length + 1, &length));
    CHECK(strcmp(record, again) == 0);
    free(again);
    free(record);
    bagh_game *broken = NULL;
    CHECK_RESULT(bagh_game_from_record_text("1. c3 a1xa3 *", &broken), BAGH_INVALID_RECORD);
    CHECK(broken == NULL);

    /* Pop restores the position before the move. */
    bagh_position *before = NULL, *after_pop = NULL;
    char before_text[64], after_text[64];
    CHECK_OK(bagh_game_pop(read, &popped));
    CHECK_OK(bagh_game_position(read, &before));
    CHECK_OK(bagh_position_to_text(before, before_text, sizeof before_text, &length));
    CHECK_OK(bagh_game_push(read, popped));
    CHECK_OK(bagh_game_pop(read, NULL));
    CHECK_OK(bagh_game_position(read, &after_pop));
    CHECK_OK(bagh_position_to_text(after_pop, after_text, sizeof after_text, &length));
    CHECK(strcmp(before_text, after_text) == 0);
    CHECK_OK(bagh_game_len(read, &length));
    CHECK(length == plies - 1);

    bagh_position_free(after_pop);
    bagh_position_free(before);
    bagh_game_free(read);
    bagh_game_free(game);
    bagh_ruleset_free(rules);
}

static void games_from_positions(void) {
    bagh_ruleset *rules = preset("two-tigers");
    /* Nine goats captured: the tigers have won, by the position alone. */
    bagh_position *over = NULL, *copy = NULL;
    CHECK_OK(bagh_position_from_text(rules, "GGGGG/GGGG1/5/5/TT3 g 0 9", &over));
    bagh_outcome outcome;
    CHECK_OK(bagh_position_outcome(over, &outcome));
    CHECK(outcome.is_over && outcome.winner == BAGH_WINNER_TIGERS);
    CHECK(outcome.termination == BAGH_TERMINATION_CAPTURES);
    bagh_move none[1];
    size_t count = 99;
    CHECK_OK(bagh_position_legal_moves(over, none, 0, &count));
    CHECK(count == 0);
    bagh_position_free(over);

    bagh_position *start = NULL;
    CHECK_OK(bagh_position_new(rules, &start));
    CHECK_OK(bagh_position_clone(start, &copy));
    bagh_position_free(start);
    check_position_text(copy, "5/5/1T1T1/5/5 g 18 0");
    bagh_ruleset *of_position = NULL;
    CHECK_OK(bagh_position_ruleset(copy, &of_position));
    char text[64];
    size_t length = 0;
    CHECK_OK(bagh_ruleset_to_text(of_position, text, sizeof text, &length));
    CHECK(strcmp(text, "two-tigers") == 0);

    bagh_game *game = NULL;
    CHECK_OK(bagh_game_from_position(copy, &game));
    CHECK_OK(bagh_game_outcome(game, &outcome));
    CHECK(!outcome.is_over && outcome.winner == BAGH_WINNER_NONE);
    CHECK_OK(bagh_game_push_text(game, "c3"));
    bagh_position *now = NULL;
    CHECK_OK(bagh_game_position(game, &now));
    bagh_side side;
    CHECK_OK(bagh_position_side_to_move(now, &side));
    CHECK(side == BAGH_SIDE_TIGER);
    bagh_position_free(now);
    bagh_game_free(game);
    bagh_ruleset_free(of_position);
    bagh_position_free(copy);
    bagh_ruleset_free(rules);
}

/* Many records in one text: the good games are read, a broken one is its
 * error with its line, and the reader goes on to the next. */
static void many_records(void) {
    const char *text =
        "[Rules \"bagh-chal\"]\n\n1. c3 a1a2 *\n\n"
        "[Rules \"bagh-chal\"]\n\n1. c3 c3 *\n\n"
        "[Rules \"two-tigers\"]\n\n1. a1 *\n";
    bagh_record_reader *reader = NULL;
    CHECK_OK(bagh_record_reader_from_text(text, &reader));
    bagh_game *game = NULL;
    CHECK_OK(bagh_record_reader_next(reader, &game));
    CHECK(game != NULL);
    size_t plies = 0;
    CHECK_OK(bagh_game_len(game, &plies));
    CHECK(plies == 2);
    bagh_game_free(game);
    CHECK_RESULT(bagh_record_reader_next(reader, &game), BAGH_INVALID_RECORD);
    CHECK(game == NULL);
    char message[256];
    size_t length = 0;
    CHECK_OK(bagh_last_error_message(message, sizeof message, &length));
    CHECK(strstr(message, "line 7") != NULL);
    CHECK_OK(bagh_record_reader_next(reader, &game));
    CHECK(game != NULL);
    bagh_game_free(game);
    CHECK_OK(bagh_record_reader_next(reader, &game));
    CHECK(game == NULL); /* the end */
    bagh_record_reader_free(reader);
    CHECK_RESULT(bagh_record_reader_open("/nonexistent/games.txt", &reader), BAGH_IO_ERROR);
    bagh_record_reader_free(NULL);
}

int main(void) {
    many_records();
    games_from_positions();
    presets_and_start_strings();
    builder_fields();
    legal_moves_and_perft();
    moves_as_text_and_values();
    illegal_move_changes_nothing();
    null_utf8_and_buffers();
    games_records_and_pop();
    puts("test_rules: ok");
    return 0;
}
