/* random_game.c: a seeded random game of bagh-chal through the C ABI, its
 * record, and perft(5) from the start checked against the rules' figure.
 *
 *     make c PREFIX=/tmp/bagh
 *     cc random_game.c $(PKG_CONFIG_PATH=/tmp/bagh/lib/pkgconfig pkg-config --cflags --libs bagh)
 *     ./a.out 42
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "bagh.h"

/* Prints the failed call's code and message, and stops. */
static void ensure(bagh_result result, const char *call) {
    if (result == BAGH_OK) return;
    char message[512];
    size_t length = 0;
    bagh_last_error_message(message, sizeof message, &length);
    fprintf(stderr, "%s: %s: %s\n", call, bagh_result_name(result), message);
    exit(1);
}

/* xorshift64*: small, seeded, and the same everywhere. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

int main(int argc, char **argv) {
    uint64_t state = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    if (state == 0) state = 1;

    bagh_ruleset *rules = NULL;
    ensure(bagh_ruleset_preset("bagh-chal", &rules), "bagh_ruleset_preset");
    bagh_game *game = NULL;
    ensure(bagh_game_new(rules, &game), "bagh_game_new");
    bagh_move moves[BAGH_MAX_MOVES];
    size_t count = 0;
    for (;;) {
        ensure(bagh_game_legal_moves(game, moves, BAGH_MAX_MOVES, &count), "bagh_game_legal_moves");
        if (count == 0) break;
        ensure(bagh_game_push(game, moves[next_random(&state) % count]), "bagh_game_push");
    }

    size_t length = 0;
    bagh_game_to_record_text(game, NULL, 0, &length); /* BAGH_BUFFER_TOO_SMALL: the length */
    char *record = malloc(length + 1);
    ensure(bagh_game_to_record_text(game, record, length + 1, &length), "bagh_game_to_record_text");
    fputs(record, stdout);
    free(record);

    bagh_position *start = NULL;
    ensure(bagh_position_new(rules, &start), "bagh_position_new");
    uint64_t nodes = 0;
    ensure(bagh_perft(start, 5, &nodes), "bagh_perft");
    printf("perft(5) = %" PRIu64 "\n", nodes);

    bagh_position_free(start);
    bagh_game_free(game);
    bagh_ruleset_free(rules);
    return nodes == 1304788 ? 0 : 1;
}
