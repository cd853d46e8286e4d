/* random_games.c: random games of bagh-chal per second through the C ABI,
 * the loop of benchmarks/random_games.py's bagh line: a new game; legal
 * moves, one picked uniformly, pushed, until none is left.
 *
 * Usage: random_games [seconds]   (default 3)
 * Prints one line: c <games> <plies> <seconds>
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bagh.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* xorshift64*, seeded. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 3.0;
    bagh_ruleset *rules = NULL;
    if (bagh_ruleset_preset("bagh-chal", &rules) != BAGH_OK) return 1;
    uint64_t state = 0x9E3779B97F4A7C15ULL, games = 0, plies = 0;
    bagh_move moves[BAGH_MAX_MOVES];
    double began = now(), elapsed = 0.0;
    do {
        bagh_game *game = NULL;
        if (bagh_game_new(rules, &game) != BAGH_OK) return 1;
        size_t count = 0;
        for (;;) {
            if (bagh_game_legal_moves(game, moves, BAGH_MAX_MOVES, &count) != BAGH_OK) return 1;
            if (count == 0) break;
            if (bagh_game_push(game, moves[next_random(&state) % count]) != BAGH_OK) return 1;
            plies++;
        }
        bagh_game_free(game);
        games++;
        elapsed = now() - began;
    } while (elapsed < seconds);
    printf("c %llu %llu %.3f\n", (unsigned long long)games, (unsigned long long)plies, elapsed);
    bagh_ruleset_free(rules);
    return 0;
}
