/* Tablebases and the engine through the C ABI: a missing directory is a
 * typed error; the tables of a tiny rule set (one tiger, four goats) are
 * built in a temporary directory and probed; the engine's move at a fixed
 * depth is one of the legal moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static void missing_directory(void) {
    bagh_tablebase *tables = NULL;
    CHECK_RESULT(bagh_tablebase_open("/nonexistent/bagh-tables", &tables), BAGH_IO_ERROR);
    CHECK(tables == NULL);
    char message[512];
    size_t length = 0;
    CHECK_OK(bagh_last_error_message(message, sizeof message, &length));
    CHECK(strstr(message, "/nonexistent/bagh-tables") != NULL);
}

/* Probes compared field by field (a struct's padding is not compared). */
static int same_probe(bagh_probe a, bagh_probe b) {
    return a.value == b.value && a.has_distance == b.has_distance && a.distance == b.distance;
}

/* Whether `other` answers as `tables` after each of the `count` moves from
 * `start`. */
static void same_replies(const bagh_tablebase *tables, const bagh_tablebase *other,
                         const bagh_position *start, const bagh_move *moves, size_t count) {
    for (size_t i = 0; i < count; i++) {
        bagh_position *next = NULL;
        bagh_probe reply, other_reply;
        CHECK_OK(bagh_position_play(start, moves[i], &next));
        CHECK_OK(bagh_tablebase_probe(tables, next, &reply));
        CHECK_OK(bagh_tablebase_probe(other, next, &other_reply));
        CHECK(same_probe(reply, other_reply));
        bagh_position_free(next);
    }
}

static void tiny_tables(void) {
    char dir[] = "/tmp/bagh-c-tables-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_from_text("tigers=c3 goats=4 capture_target=2", &rules));
    bagh_tablebase *tables = NULL;
    CHECK_OK(bagh_tablebase_build(rules, dir, 1, &tables));

    /* A finished game: the tigers have captured two goats, goats to move
     * have lost in 0 plies. */
    bagh_position *over = NULL;
    CHECK_OK(bagh_position_from_text(rules, "G4/5/2T2/5/4G g 0 2", &over));
    bagh_probe probe;
    CHECK_OK(bagh_tablebase_probe(tables, over, &probe));
    CHECK(probe.value == BAGH_VALUE_LOSS);
    CHECK(probe.has_distance && probe.distance == 0);

    /* Every position's value agrees with its best move's: the side to
     * move wins if a move leaves the opponent lost. */
    bagh_position *start = NULL;
    CHECK_OK(bagh_position_new(rules, &start));
    bagh_probe start_probe;
    CHECK_OK(bagh_tablebase_probe(tables, start, &start_probe));
    bagh_move moves[BAGH_MAX_MOVES];
    size_t count = 0;
    CHECK_OK(bagh_position_legal_moves(start, moves, BAGH_MAX_MOVES, &count));
    int best = -1; /* -1 loss, 0 draw, 1 win for the side to move */
    for (size_t i = 0; i < count; i++) {
        bagh_position *next = NULL;
        bagh_probe reply;
        CHECK_OK(bagh_position_play(start, moves[i], &next));
        CHECK_OK(bagh_tablebase_probe(tables, next, &reply));
        int value = reply.value == BAGH_VALUE_LOSS ? 1 : reply.value == BAGH_VALUE_DRAW ? 0 : -1;
        if (value > best) best = value;
        bagh_position_free(next);
    }
    CHECK((int)start_probe.value - 1 == best);

    /* probe_moves pairs each legal move with the probe after it, as the
     * probes one by one do; best_moves are those that leave the opponent
     * the worst. */
    bagh_move replied[BAGH_MAX_MOVES];
    bagh_probe replies[BAGH_MAX_MOVES];
    size_t replied_count = 0;
    CHECK_OK(bagh_tablebase_probe_moves(tables, start, replied, replies, BAGH_MAX_MOVES, &replied_count));
    CHECK(replied_count == count);
    size_t keeping = 0;
    for (size_t i = 0; i < replied_count; i++) {
        bagh_position *next = NULL;
        bagh_probe one;
        CHECK_OK(bagh_position_play(start, replied[i], &next));
        CHECK_OK(bagh_tablebase_probe(tables, next, &one));
        CHECK(same_probe(one, replies[i]));
        int value = one.value == BAGH_VALUE_LOSS ? 1 : one.value == BAGH_VALUE_DRAW ? 0 : -1;
        keeping += value == best;
        bagh_position_free(next);
    }
    bagh_move kept[BAGH_MAX_MOVES];
    size_t kept_count = 0;
    CHECK_OK(bagh_tablebase_best_moves(tables, start, kept, BAGH_MAX_MOVES, &kept_count));
    CHECK(kept_count >= 1 && kept_count <= keeping);
    CHECK_RESULT(bagh_tablebase_best_moves(tables, start, kept, 0, &kept_count), BAGH_BUFFER_TOO_SMALL);
    CHECK_RESULT(bagh_tablebase_probe_moves(tables, start, replied, NULL, 4, &replied_count), BAGH_NULL_POINTER);

    /* The pieces: the tiger on c3 (point 12), nothing on a1. */
    bagh_piece piece;
    CHECK_OK(bagh_position_piece_at(start, 12, &piece));
    CHECK(piece == BAGH_PIECE_TIGER);
    CHECK_OK(bagh_position_piece_at(start, 0, &piece));
    CHECK(piece == BAGH_PIECE_NONE);
    CHECK_RESULT(bagh_position_piece_at(start, 25, &piece), BAGH_INVALID_ARGUMENT);

    /* Tables of another rule set refuse a bagh-chal position. */
    bagh_ruleset *bagh_chal = NULL;
    bagh_position *foreign = NULL;
    CHECK_OK(bagh_ruleset_preset("bagh-chal", &bagh_chal));
    CHECK_OK(bagh_position_new(bagh_chal, &foreign));
    CHECK_RESULT(bagh_tablebase_probe(tables, foreign, &probe), BAGH_TABLEBASE_ERROR);

    /* Reopened from the directory, the tables answer the same. */
    bagh_tablebase *reopened = NULL;
    CHECK_OK(bagh_tablebase_open(dir, &reopened));
    bagh_probe again;
    CHECK_OK(bagh_tablebase_probe(reopened, start, &again));
    CHECK(again.value == start_probe.value);

    /* Compressed into a directory of its own, the tables answer the same
     * for the start and every move from it, and open again from there. */
    char small[sizeof dir + 12];
    snprintf(small, sizeof small, "%s/compressed", dir);
    bagh_tablebase *compressed = NULL;
    CHECK_OK(bagh_tablebase_compress(tables, small, 1, &compressed));
    /* Never written over itself. */
    CHECK_RESULT(bagh_tablebase_compress(compressed, small, 1, &reopened), BAGH_TABLEBASE_ERROR);
    bagh_tablebase_free(compressed);
    CHECK_OK(bagh_tablebase_open(small, &compressed));
    bagh_probe small_probe;
    CHECK_OK(bagh_tablebase_probe(compressed, start, &small_probe));
    CHECK(same_probe(small_probe, start_probe));
    same_replies(tables, compressed, start, moves, count);

    /* Without the layer of two goats placed, copied from the compressed
     * file: the same answers, a search one ply deeper there. */
    char fewer[sizeof dir + 12];
    snprintf(fewer, sizeof fewer, "%s/fewer", dir);
    const uint8_t second[] = {2};
    const uint8_t adjacent[] = {2, 3};
    bagh_tablebase *without = NULL;
    CHECK_OK(bagh_tablebase_compress_leaving_out(compressed, fewer, second, 1, 1, &without));
    same_replies(tables, without, start, moves, count);
    bagh_tablebase *refused = NULL;
    CHECK_RESULT(bagh_tablebase_compress_leaving_out(compressed, fewer, adjacent, 2, 1, &refused),
                 BAGH_TABLEBASE_ERROR);
    CHECK_RESULT(bagh_tablebase_compress_leaving_out(compressed, fewer, NULL, 1, 1, &refused),
                 BAGH_NULL_POINTER);
    CHECK(refused == NULL);
    bagh_tablebase_free(without);

    /* In parts of one byte less than the whole file: the last section in
     * a second file beside the first, the same answers. */
    char whole[sizeof dir + 32];
    snprintf(whole, sizeof whole, "%s/tables.btz", small);
    FILE *file = fopen(whole, "rb");
    CHECK(file != NULL);
    CHECK(fseek(file, 0, SEEK_END) == 0);
    long size = ftell(file);
    fclose(file);
    char parts[sizeof dir + 12];
    snprintf(parts, sizeof parts, "%s/parts", dir);
    bagh_tablebase *in_parts = NULL;
    CHECK_OK(bagh_tablebase_compress_in_parts(compressed, parts, (uint64_t)size - 1, 1, &in_parts));
    char second_part[sizeof dir + 32];
    snprintf(second_part, sizeof second_part, "%s/tables.btz.1", parts);
    file = fopen(second_part, "rb");
    CHECK(file != NULL);
    fclose(file);
    same_replies(tables, in_parts, start, moves, count);
    bagh_tablebase_free(in_parts);
    CHECK_RESULT(bagh_tablebase_compress_in_parts(compressed, parts, 10, 1, &refused),
                 BAGH_TABLEBASE_ERROR);
    CHECK_RESULT(bagh_tablebase_compress_in_parts(compressed, parts, 0, 1, &refused),
                 BAGH_INVALID_ARGUMENT);
    CHECK(refused == NULL);
    bagh_tablebase_free(compressed);

    /* An engine given the tables plays a legal move; freeing the tables
     * first is allowed. */
    bagh_engine_options options = bagh_engine_options_default();
    options.tablebase = reopened;
    bagh_engine *engine = NULL;
    CHECK_OK(bagh_engine_new(&options, &engine));
    bagh_tablebase_free(reopened);
    bagh_limits limits = {.depth = 4, .nodes = 0, .time_ms = 0};
    bagh_move chosen;
    CHECK_OK(bagh_engine_best_move_position(engine, start, &limits, &chosen));
    int found = 0;
    for (size_t i = 0; i < count; i++) found |= memcmp(&moves[i], &chosen, sizeof chosen) == 0;
    CHECK(found);
    bagh_engine_free(engine);

    bagh_position_free(foreign);
    bagh_ruleset_free(bagh_chal);
    bagh_position_free(start);
    bagh_position_free(over);
    bagh_tablebase_free(tables);
    bagh_ruleset_free(rules);
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    CHECK(system(command) == 0);
}

static void engine_best_move(void) {
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_preset("bagh-chal", &rules));
    bagh_game *game = NULL;
    CHECK_OK(bagh_game_new(rules, &game));
    CHECK_OK(bagh_game_push_text(game, "c3"));
    bagh_engine *engine = NULL;
    CHECK_OK(bagh_engine_new(NULL, &engine));
    bagh_limits limits = {.depth = 4, .nodes = 0, .time_ms = 0};
    bagh_move chosen;
    CHECK_OK(bagh_engine_best_move(engine, game, &limits, &chosen));
    bagh_move moves[BAGH_MAX_MOVES];
    size_t count = 0;
    CHECK_OK(bagh_game_legal_moves(game, moves, BAGH_MAX_MOVES, &count));
    int found = 0;
    for (size_t i = 0; i < count; i++) found |= memcmp(&moves[i], &chosen, sizeof chosen) == 0;
    CHECK(found);
    CHECK_OK(bagh_game_push(game, chosen));

    bagh_limits none = {0, 0, 0, false};
    CHECK_RESULT(bagh_engine_best_move(engine, game, &none, &chosen), BAGH_ENGINE_ERROR);
    /* Deeper than the header's 100 plies: refused at once, not searched forever. */
    bagh_limits too_deep = {.depth = 1000, .nodes = 0, .time_ms = 0};
    CHECK_RESULT(bagh_engine_best_move(engine, game, &too_deep, &chosen), BAGH_ENGINE_ERROR);
    char message[512];
    size_t length = 0;
    CHECK_OK(bagh_last_error_message(message, sizeof message, &length));
    CHECK(strstr(message, "1000") != NULL);
    bagh_engine_options options = bagh_engine_options_default();
    options.threads = 0;
    bagh_engine *refused = NULL;
    CHECK_RESULT(bagh_engine_new(&options, &refused), BAGH_ENGINE_ERROR);
    CHECK(refused == NULL);
    options = bagh_engine_options_default();
    options.level = 21;
    CHECK_RESULT(bagh_engine_new(&options, &refused), BAGH_ENGINE_ERROR);
    bagh_engine_free(engine);
    bagh_game_free(game);
    bagh_ruleset_free(rules);
}

struct heard {
    size_t calls;
    uint64_t last_total;
    bool stop;
};

static bool on_build_progress(const bagh_build_progress *progress, void *user_data) {
    struct heard *heard = user_data;
    heard->calls++;
    heard->last_total = progress->total;
    CHECK(progress->done <= progress->total || progress->stage == BAGH_STAGE_MOVEMENT);
    return !heard->stop;
}

/* A build reports its progress, and a callback that answers false stops it. */
static void build_progress(void) {
    char dir[] = "/tmp/bagh-c-progress-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_from_text("tigers=c3 goats=4 capture_target=2", &rules));
    struct heard stopped = {0, 0, true};
    bagh_tablebase *tables = NULL;
    CHECK_RESULT(bagh_tablebase_build_with_progress(rules, dir, 1, on_build_progress, &stopped, &tables), BAGH_TABLEBASE_ERROR);
    CHECK(tables == NULL && stopped.calls >= 1);
    char message[256];
    size_t length = 0;
    CHECK_OK(bagh_last_error_message(message, sizeof message, &length));
    CHECK(strstr(message, "interrupt") != NULL || strstr(message, "stopped") != NULL);
    struct heard heard = {0, 0, false};
    CHECK_OK(bagh_tablebase_build_with_progress(rules, dir, 1, on_build_progress, &heard, &tables));
    CHECK(heard.calls >= 1 && heard.last_total > 0);
    bagh_tablebase_free(tables);
    CHECK_OK(bagh_tablebase_build_with_progress(rules, dir, 1, NULL, NULL, &tables));
    bagh_tablebase_free(tables);
    bagh_ruleset_free(rules);
}

/* The value of a game with its history: under draw(3) the tables' answer
 * is proven at once; under forbidden a draw is searched, and a budget of a
 * few nodes proves nothing. */
static void game_probe(void) {
    const char *texts[] = {"tigers=c3 goats=1 capture_target=1 repetition=draw(3)",
                           "tigers=c3 goats=1 capture_target=1"};
    for (int i = 0; i < 2; i++) {
        char dir[] = "/tmp/bagh-c-history-XXXXXX";
        CHECK(mkdtemp(dir) != NULL);
        bagh_ruleset *rules = NULL;
        CHECK_OK(bagh_ruleset_from_text(texts[i], &rules));
        bagh_tablebase *tables = NULL;
        CHECK_OK(bagh_tablebase_build(rules, dir, 1, &tables));
        bagh_game *game = NULL;
        CHECK_OK(bagh_game_new(rules, &game));
        CHECK_OK(bagh_game_push_text(game, "a1"));
        bagh_game_probe answer;
        CHECK_OK(bagh_tablebase_probe_game(tables, game, 20, &answer));
        CHECK(answer.tables.value == BAGH_VALUE_DRAW);
        CHECK(answer.nodes >= 1 && answer.nodes <= 20);
        if (i == 0) {
            CHECK(answer.has_proven && answer.proven == BAGH_VALUE_DRAW);
        } else {
            CHECK(!answer.has_proven && answer.proven == answer.tables.value);
        }
        CHECK_RESULT(bagh_tablebase_probe_game(tables, game, 20, NULL), BAGH_NULL_POINTER);
        bagh_game_free(game);
        bagh_tablebase_free(tables);
        bagh_ruleset_free(rules);
    }
}

int main(void) {
    game_probe();
    build_progress();
    missing_directory();
    tiny_tables();
    engine_best_move();
    puts("test_tables_engine: ok");
    return 0;
}
