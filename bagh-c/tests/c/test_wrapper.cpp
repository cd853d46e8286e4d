// The C++ wrappers: RAII handles, exceptions with codes, strings and vectors.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bagh.hpp"

#define CHECK(condition)                                                              \
    do {                                                                              \
        if (!(condition)) {                                                           \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            std::exit(1);                                                             \
        }                                                                             \
    } while (0)

int main() {
    bagh::Ruleset rules = bagh::Ruleset::preset("bagh-chal");
    CHECK(rules.text() == "bagh-chal");
    bagh::Position start(rules);
    CHECK(start.text() == "T3T/5/5/5/T3T g 20 0");
    CHECK(start.legal_moves().size() == 21);
    CHECK(start.perft(4) == 68204);
    CHECK(start.play("c3").text() == "T3T/5/2G2/5/T3T t 19 0");

    try {
        start.play("a1");
        CHECK(false);
    } catch (const bagh::error &e) {
        CHECK(e.code() == BAGH_ILLEGAL_MOVE);
        CHECK(std::string(e.what()).find("a1") != std::string::npos);
        CHECK(std::string(e.code_name()) == "BAGH_ILLEGAL_MOVE");
    }
    try {
        bagh::Ruleset::preset("no-such-game");
        CHECK(false);
    } catch (const std::runtime_error &e) {
        CHECK(std::string(e.what()).find("no-such-game") != std::string::npos);
    }

    bagh::Game game(rules);
    bagh::Engine engine;
    bagh::Limits limits{3, 0, 0, false};
    while (!game.outcome().is_over && game.size() < 30) game.push(engine.best_move(game, limits));
    size_t plies = game.size();
    bagh::Game read = bagh::Game::from_record(game.record());
    CHECK(read.size() == plies);
    CHECK(read.record() == game.record());
    bagh::Move last = read.pop();
    CHECK(read.size() == plies - 1);
    read.push(last);
    CHECK(read.position().text() == game.position().text());

    bagh::Game moved = std::move(read);  // ownership moves; one free
    CHECK(moved.size() == plies);
    CHECK(bagh::to_text(bagh::parse_move("a1xa3")) == "a1xa3");
    try {
        bagh::Tablebase::open("/nonexistent/bagh-tables");
        CHECK(false);
    } catch (const bagh::error &e) {
        CHECK(e.code() == BAGH_IO_ERROR);
    }
    std::puts("test_wrapper: ok");
    return 0;
}
