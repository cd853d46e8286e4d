// bagh.hpp: C++17 wrappers over bagh.h. Each class owns one handle (move-only,
// freed by its destructor); a failed call throws bagh::error with its code and
// the library's message; strings are std::string, move lists std::vector.
//
//     bagh::Game game(bagh::Ruleset::preset("bagh-chal"));
//     game.push("c3");
//     for (const bagh::Move &move : game.legal_moves()) std::cout << bagh::to_text(move) << ' ';
#ifndef BAGH_HPP
#define BAGH_HPP

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bagh.h"

namespace bagh {

using Move = bagh_move;
using Outcome = bagh_outcome;
using Probe = bagh_probe;
using Limits = bagh_limits;

// A failed call: the bagh_result and the message of bagh_last_error_message.
class error : public std::runtime_error {
public:
    error(bagh_result code, const std::string &message)
        : std::runtime_error(message), code_(code) {}
    bagh_result code() const noexcept { return code_; }
    const char *code_name() const noexcept { return bagh_result_name(code_); }

private:
    bagh_result code_;
};

namespace detail {

// This thread's last error message.
inline std::string last_error() {
    size_t length = 0;
    bagh_last_error_message(nullptr, 0, &length);
    std::string message(length + 1, '\0');
    if (bagh_last_error_message(message.data(), message.size(), &length) != BAGH_OK) return {};
    message.resize(length);
    return message;
}

inline void check(bagh_result code) {
    if (code != BAGH_OK) throw error(code, last_error());
}

// Calls write(buf, capacity, &length) twice if needed: once to learn the length.
template <typename Write>
std::string text(Write write) {
    std::string text(64, '\0');
    size_t length = 0;
    bagh_result code = write(text.data(), text.size(), &length);
    if (code == BAGH_BUFFER_TOO_SMALL) {
        text.assign(length + 1, '\0');
        code = write(text.data(), text.size(), &length);
    }
    check(code);
    text.resize(length);
    return text;
}

// Owns a handle of type T freed by Free.
template <typename T, void (*Free)(T *)>
class Handle {
public:
    explicit Handle(T *raw = nullptr) noexcept : raw_(raw) {}
    Handle(Handle &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    Handle &operator=(Handle &&other) noexcept {
        if (this != &other) Free(std::exchange(raw_, std::exchange(other.raw_, nullptr)));
        return *this;
    }
    Handle(const Handle &) = delete;
    Handle &operator=(const Handle &) = delete;
    ~Handle() { Free(raw_); }
    T *get() const noexcept { return raw_; }

private:
    T *raw_;
};

}  // namespace detail

inline Move parse_move(const std::string &text) {
    Move move;
    detail::check(bagh_move_from_text(text.c_str(), &move));
    return move;
}

inline std::string to_text(const Move &move) {
    return detail::text([&](char *buf, size_t capacity, size_t *length) {
        return bagh_move_to_text(move, buf, capacity, length);
    });
}

inline bool operator==(const Move &a, const Move &b) {
    return a.kind == b.kind && a.from == b.from && a.over == b.over && a.to == b.to;
}

class Ruleset : public detail::Handle<bagh_ruleset, bagh_ruleset_free> {
public:
    using Handle::Handle;
    static Ruleset preset(const std::string &id) {
        bagh_ruleset *raw = nullptr;
        detail::check(bagh_ruleset_preset(id.c_str(), &raw));
        return Ruleset(raw);
    }
    static Ruleset from_text(const std::string &text) {
        bagh_ruleset *raw = nullptr;
        detail::check(bagh_ruleset_from_text(text.c_str(), &raw));
        return Ruleset(raw);
    }
    std::string text() const {
        return detail::text([&](char *buf, size_t capacity, size_t *length) {
            return bagh_ruleset_to_text(get(), buf, capacity, length);
        });
    }
};

class Position : public detail::Handle<bagh_position, bagh_position_free> {
public:
    using Handle::Handle;
    explicit Position(const Ruleset &rules) : Handle(nullptr) {
        bagh_position *raw = nullptr;
        detail::check(bagh_position_new(rules.get(), &raw));
        *this = Position(raw);
    }
    static Position from_text(const Ruleset &rules, const std::string &text) {
        bagh_position *raw = nullptr;
        detail::check(bagh_position_from_text(rules.get(), text.c_str(), &raw));
        return Position(raw);
    }
    std::string text() const {
        return detail::text([&](char *buf, size_t capacity, size_t *length) {
            return bagh_position_to_text(get(), buf, capacity, length);
        });
    }
    std::vector<Move> legal_moves() const {
        std::vector<Move> moves(BAGH_MAX_MOVES);
        size_t count = 0;
        detail::check(bagh_position_legal_moves(get(), moves.data(), moves.size(), &count));
        moves.resize(count);
        return moves;
    }
    Position play(const Move &move) const {
        bagh_position *raw = nullptr;
        detail::check(bagh_position_play(get(), move, &raw));
        return Position(raw);
    }
    Position play(const std::string &move) const { return play(parse_move(move)); }
    Outcome outcome() const {
        Outcome outcome;
        detail::check(bagh_position_outcome(get(), &outcome));
        return outcome;
    }
    std::uint64_t perft(std::uint32_t depth) const {
        std::uint64_t nodes = 0;
        detail::check(bagh_perft(get(), depth, &nodes));
        return nodes;
    }
};

class Game : public detail::Handle<bagh_game, bagh_game_free> {
public:
    using Handle::Handle;
    explicit Game(const Ruleset &rules) : Handle(nullptr) {
        bagh_game *raw = nullptr;
        detail::check(bagh_game_new(rules.get(), &raw));
        *this = Game(raw);
    }
    static Game from_record(const std::string &record) {
        bagh_game *raw = nullptr;
        detail::check(bagh_game_from_record_text(record.c_str(), &raw));
        return Game(raw);
    }
    void push(const Move &move) { detail::check(bagh_game_push(get(), move)); }
    void push(const std::string &move) { detail::check(bagh_game_push_text(get(), move.c_str())); }
    Move pop() {
        Move move;
        detail::check(bagh_game_pop(get(), &move));
        return move;
    }
    std::vector<Move> legal_moves() const {
        std::vector<Move> moves(BAGH_MAX_MOVES);
        size_t count = 0;
        detail::check(bagh_game_legal_moves(get(), moves.data(), moves.size(), &count));
        moves.resize(count);
        return moves;
    }
    Outcome outcome() const {
        Outcome outcome;
        detail::check(bagh_game_outcome(get(), &outcome));
        return outcome;
    }
    size_t size() const {
        size_t plies = 0;
        detail::check(bagh_game_len(get(), &plies));
        return plies;
    }
    Position position() const {
        bagh_position *raw = nullptr;
        detail::check(bagh_game_position(get(), &raw));
        return Position(raw);
    }
    std::string record() const {
        return detail::text([&](char *buf, size_t capacity, size_t *length) {
            return bagh_game_to_record_text(get(), buf, capacity, length);
        });
    }
};

class Tablebase : public detail::Handle<bagh_tablebase, bagh_tablebase_free> {
public:
    using Handle::Handle;
    static Tablebase open(const std::string &dir) {
        bagh_tablebase *raw = nullptr;
        detail::check(bagh_tablebase_open(dir.c_str(), &raw));
        return Tablebase(raw);
    }
    Probe probe(const Position &position) const {
        Probe probe;
        detail::check(bagh_tablebase_probe(get(), position.get(), &probe));
        return probe;
    }
};

class Engine : public detail::Handle<bagh_engine, bagh_engine_free> {
public:
    using Handle::Handle;
    explicit Engine(const bagh_engine_options &options = bagh_engine_options_default())
        : Handle(nullptr) {
        bagh_engine *raw = nullptr;
        detail::check(bagh_engine_new(&options, &raw));
        *this = Engine(raw);
    }
    Move best_move(const Game &game, const Limits &limits) {
        Move move;
        detail::check(bagh_engine_best_move(get(), game.get(), &limits, &move));
        return move;
    }
};

}  // namespace bagh

#endif
