/* Searches that can be stopped and followed: an infinite analysis stopped
 * from another thread, MultiPV lines with scores, progress callbacks, and
 * the checks on limits and arguments. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check.h"

struct progress {
    size_t lines;
    uint32_t deepest;
};

static void on_progress(const bagh_line *line, void *user_data) {
    struct progress *seen = user_data;
    seen->lines++;
    if (line->depth > seen->deepest) seen->deepest = line->depth;
    CHECK(line->pv_len >= 1 && line->pv_len <= BAGH_MAX_PV);
    CHECK(line->multipv >= 1);
}

static void *stop_soon(void *stop) {
    struct timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, NULL);
    bagh_stop_raise(stop);
    return NULL;
}

static void infinite_search_stopped_from_another_thread(void) {
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_preset("bagh-chal", &rules));
    bagh_game *game = NULL;
    CHECK_OK(bagh_game_new(rules, &game));
    bagh_engine *engine = NULL;
    CHECK_OK(bagh_engine_new(NULL, &engine));
    bagh_stop *stop = NULL;
    CHECK_OK(bagh_engine_stop_handle(engine, &stop));
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, stop_soon, stop) == 0);
    bagh_limits forever = {.depth = 0, .nodes = 0, .time_ms = 0, .infinite = true};
    struct progress seen = {0, 0};
    bagh_line lines[2];
    size_t count = 0;
    time_t started = time(NULL);
    CHECK_OK(bagh_engine_analyse(engine, game, &forever, 2, on_progress, &seen, lines, 2, &count));
    CHECK(pthread_join(thread, NULL) == 0);
    /* Stopped after about 0.2 s, not searched forever. */
    CHECK(time(NULL) - started < 30);
    CHECK(count == 2);
    CHECK(lines[0].multipv == 1 && lines[1].multipv == 2);
    CHECK(lines[0].score_kind <= BAGH_SCORE_DRAW);
    CHECK(seen.lines > 0 && seen.deepest >= 1);
    /* The root moves of the two lines differ, and both are legal. */
    CHECK(memcmp(&lines[0].pv[0], &lines[1].pv[0], sizeof(bagh_move)) != 0);
    bagh_move moves[BAGH_MAX_MOVES];
    size_t legal = 0;
    CHECK_OK(bagh_game_legal_moves(game, moves, BAGH_MAX_MOVES, &legal));
    for (int l = 0; l < 2; l++) {
        int found = 0;
        for (size_t i = 0; i < legal; i++) found |= memcmp(&moves[i], &lines[l].pv[0], sizeof(bagh_move)) == 0;
        CHECK(found);
    }
    /* The handle outlives the engine; raising it then does nothing. */
    bagh_engine_free(engine);
    bagh_stop_raise(stop);
    bagh_stop_free(stop);
    bagh_stop_raise(NULL);
    bagh_game_free(game);
    bagh_ruleset_free(rules);
}

static void analysis_scores_and_checks(void) {
    /* One tiger, one goat, one capture wins: the tigers to move win at once. */
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_from_text("tigers=c3 goats=4 capture_target=1", &rules));
    bagh_game *game = NULL;
    CHECK_OK(bagh_game_new(rules, &game));
    CHECK_OK(bagh_game_push_text(game, "b3"));
    bagh_engine *engine = NULL;
    CHECK_OK(bagh_engine_new(NULL, &engine));
    bagh_limits depth = {.depth = 4};
    bagh_line lines[8];
    size_t count = 0;
    CHECK_OK(bagh_engine_analyse(engine, game, &depth, 1, NULL, NULL, lines, 8, &count));
    CHECK(count == 1);
    CHECK(lines[0].score_kind == BAGH_SCORE_WIN && lines[0].score_value == 1);
    CHECK(lines[0].pv[0].kind == BAGH_MOVE_CAPTURE);
    /* Bad arguments: no line asked, too little room, too deep, NULL. */
    CHECK_RESULT(bagh_engine_analyse(engine, game, &depth, 0, NULL, NULL, lines, 8, &count), BAGH_INVALID_ARGUMENT);
    CHECK_RESULT(bagh_engine_analyse(engine, game, &depth, 3, NULL, NULL, lines, 1, &count), BAGH_INVALID_ARGUMENT);
    bagh_limits deep = {.depth = 101};
    CHECK_RESULT(bagh_engine_analyse(engine, game, &deep, 1, NULL, NULL, lines, 8, &count), BAGH_ENGINE_ERROR);
    CHECK_RESULT(bagh_engine_analyse(engine, game, &depth, 1, NULL, NULL, NULL, 8, &count), BAGH_NULL_POINTER);
    bagh_stop *stop = NULL;
    CHECK_RESULT(bagh_engine_stop_handle(NULL, &stop), BAGH_NULL_POINTER);
    bagh_engine_free(engine);
    bagh_game_free(game);
    bagh_ruleset_free(rules);
}

static void rl_codes(void) {
    /* docs/rules.md: 21 empty points at bagh-chal's start, so 21 placements;
     * placement actions are the point's index (c3 is 12). */
    bagh_ruleset *rules = NULL;
    CHECK_OK(bagh_ruleset_preset("bagh-chal", &rules));
    bagh_game *game = NULL;
    CHECK_OK(bagh_game_new(rules, &game));
    bool mask[BAGH_NUM_ACTIONS];
    CHECK_OK(bagh_rl_mask(game, mask));
    size_t legal = 0;
    for (size_t a = 0; a < BAGH_NUM_ACTIONS; a++) legal += mask[a];
    CHECK(legal == 21);
    CHECK(!mask[0] && mask[12]); /* a tiger on a1; c3 empty */
    bagh_move c3;
    CHECK_OK(bagh_rl_decode(game, 12, &c3));
    CHECK(c3.kind == BAGH_MOVE_PLACE && c3.to == 12);
    uint32_t action = 0;
    CHECK_OK(bagh_rl_encode(c3, &action));
    CHECK(action == 12);
    CHECK_RESULT(bagh_rl_decode(game, 0, &c3), BAGH_INVALID_ARGUMENT);
    CHECK_RESULT(bagh_rl_decode(game, BAGH_NUM_ACTIONS, &c3), BAGH_INVALID_ARGUMENT);
    float obs[BAGH_OBSERVATION_SIZE];
    CHECK_OK(bagh_rl_observation(game, obs));
    float tigers = 0;
    for (int i = 0; i < 25; i++) tigers += obs[i];
    CHECK(tigers == 4.0f && obs[0] == 1.0f);
    CHECK_RESULT(bagh_rl_mask(game, NULL), BAGH_NULL_POINTER);
    bagh_game_free(game);
    bagh_ruleset_free(rules);
}

int main(void) {
    rl_codes();
    infinite_search_stopped_from_another_thread();
    analysis_scores_and_checks();
    return 0;
}
