"""The evaluation network from Python: the `evaluation` option, the static
`Engine.evaluate`, and the errors of a network that does not fit.

Expected values come from the tables of a small rule set built here: the
network's probabilities are compared with nothing the network itself
computed, only with their own laws (they add up to 1, the score follows
them) and with the classic evaluation's absence of probabilities.
"""

from __future__ import annotations

from pathlib import Path

import bagh
import pytest


def test_the_default_evaluation_is_the_network_where_one_ships() -> None:
    for rules in ["bagh-chal", "bagh-chal-blocked-loses", "two-tigers"]:
        assert bagh.Engine(rules).evaluation == "network"
        assert bagh.Engine(rules, evaluation="classic").evaluation == "classic"
        assert bagh.Engine(rules, evaluation="network").evaluation == "network"
    own = bagh.Ruleset(tigers=["c3"], goats=5, capture_target=2)
    assert bagh.Engine(own).evaluation == "classic"


def test_evaluate_gives_probabilities_with_the_network_only() -> None:
    start = bagh.Position(None, "bagh-chal")
    network = bagh.Engine("bagh-chal").evaluate(start)
    assert network.win is not None and network.draw is not None and network.loss is not None
    assert abs(network.win + network.draw + network.loss - 1) < 1e-4
    assert network.score == round(1000 * (network.win - network.loss))
    assert "win=" in repr(network)
    classic = bagh.Engine("bagh-chal", evaluation="classic").evaluate(start)
    assert (classic.win, classic.draw, classic.loss) == (None, None, None)
    assert isinstance(classic.score, int)
    # A game and a position string are read like a position.
    game = bagh.Game("bagh-chal")
    assert bagh.Engine("bagh-chal").evaluate(game).score == network.score
    assert bagh.Engine("bagh-chal").evaluate(start.to_text()).score == network.score


def without_the_distance_output(data: bytes) -> bytes:
    """The same network with its distance output left out, by the file format
    of docs/network.md: the output layer of each bucket loses its fourth row
    and bias, the header says 3 outputs, and the checksum is made again."""
    import struct
    import zlib

    version, inputs, width, hidden_2, hidden_3, outputs, buckets = struct.unpack_from("<7I", data, 8)
    assert (version, outputs, buckets) == (1, 4, 2)
    (rules_len,) = struct.unpack_from("<I", data, 36)
    at = 40 + rules_len + 2 * (inputs * width + width)
    body = bytearray(data[:at])
    struct.pack_into("<I", body, 28, 3)
    for _ in range(buckets):
        hidden = 2 * hidden_2 * width + 4 * hidden_2 + 2 * hidden_3 * hidden_2 + 4 * hidden_3
        body += data[at : at + hidden]
        at += hidden
        body += data[at : at + 2 * 3 * hidden_3]  # the rows of loss, draw and win
        at += 2 * 4 * hidden_3
        body += data[at : at + 4 * 3]
        at += 4 * 4
    assert at == len(data) - 4
    return bytes(body) + struct.pack("<I", zlib.crc32(bytes(body)))


def test_only_a_network_with_the_distance_estimates_the_plies_to_the_end(tmp_path: Path) -> None:
    # The shipped networks are trained with the tables' distances.
    game = bagh.Game("two-tigers")
    while game.position.goats_in_hand:
        game.push(game.legal_moves()[0])
    estimate = bagh.Engine("two-tigers").evaluate(game)
    assert estimate.plies_to_end is not None and 0 <= estimate.plies_to_end <= 255
    assert "plies_to_end=" in repr(estimate)
    assert bagh.Engine("two-tigers", evaluation="classic").evaluate(game).plies_to_end is None
    # The same network without its distance output answers as before, but
    # for the estimate of the plies to the end.
    shipped = Path(__file__).parents[2] / "bagh-engine" / "networks" / "bagh-chal.bnn"
    without = tmp_path / "without-distance.bnn"
    without.write_bytes(without_the_distance_output(shipped.read_bytes()))
    # Four goats captured and a fifth capture for the tigers to play: a
    # decided position (the start, a draw, has no end to count to).
    decided = bagh.Position("TGGGT/GGGGG/GG1GG/GGGG1/T3T t 0 4")
    full = bagh.Engine("bagh-chal").evaluate(decided)
    cut = bagh.Engine("bagh-chal", evaluation=without).evaluate(decided)
    assert full.plies_to_end is not None
    assert cut.plies_to_end is None and "plies_to_end" not in repr(cut)
    assert (cut.win, cut.draw, cut.loss) == (full.win, full.draw, full.loss)
    # The scores differ only by the progress term of a sure network, which
    # comes from the distance when there is one: up to 400 on top of 1000.
    assert 1000 <= min(cut.score, full.score) and max(cut.score, full.score) <= 1400


def test_searches_with_either_evaluation_find_legal_moves() -> None:
    game = bagh.Game("bagh-chal")
    for evaluation in ["network", "classic"]:
        engine = bagh.Engine("bagh-chal", evaluation=evaluation)
        analysis = engine.analyse(game, depth=4)
        assert analysis.best_move in game.legal_moves()


def test_a_network_that_does_not_fit_is_an_engine_error(tmp_path: Path) -> None:
    own = bagh.Ruleset(tigers=["c3"], goats=5, capture_target=2)
    with pytest.raises(bagh.EngineError, match="no network ships"):
        bagh.Engine(own, evaluation="network")
    with pytest.raises(bagh.EngineError, match="expected"):
        bagh.Engine("bagh-chal", evaluation=3)  # type: ignore[arg-type]
    damaged = tmp_path / "damaged.bnn"
    damaged.write_bytes(b"BAGHNET\0" + bytes(20))
    with pytest.raises(bagh.EngineError, match="damaged.bnn"):
        bagh.Engine("bagh-chal", evaluation=damaged)
    with pytest.raises(bagh.EngineError, match="missing.bnn"):
        bagh.Engine("bagh-chal", evaluation=str(tmp_path / "missing.bnn"))


def test_a_network_file_is_checked_against_the_engine_rules(tmp_path: Path) -> None:
    import struct
    import zlib

    shipped = Path(__file__).parents[2] / "bagh-engine" / "networks" / "bagh-chal.bnn"
    data = shipped.read_bytes()
    (rules_len,) = struct.unpack_from("<I", data, 36)
    assert data[40 : 40 + rules_len] == b"bagh-chal"
    text = b"two-tigers"
    body = data[:36] + struct.pack("<I", len(text)) + text + data[40 + rules_len : -4]
    other = tmp_path / "two-tigers.bnn"
    other.write_bytes(body + struct.pack("<I", zlib.crc32(body)))
    with pytest.raises(bagh.EngineError, match="trained for rule set"):
        bagh.Engine("bagh-chal", evaluation=other)
    engine = bagh.Engine("two-tigers", evaluation=other)
    assert engine.evaluation == "network"
    assert engine.evaluate(bagh.Position(None, "two-tigers")).win is not None


def test_the_network_evaluator_drives_mcts() -> None:
    import numpy as np
    import bagh.rl

    evaluator = bagh.rl.NetworkEvaluator("bagh-chal")
    game = bagh.Game("bagh-chal")
    for mv in game.legal_moves()[:1]:
        game.push(mv)
    positions = [bagh.Position(None, "bagh-chal"), game.position]
    observations = bagh.rl.observations(positions)
    masks = bagh.rl.legal_masks(positions)
    logits, values = evaluator(observations, masks)
    assert logits.shape == (2, bagh.rl.NUM_ACTIONS) and not logits.any()
    engine = bagh.Engine("bagh-chal")
    for position, value in zip(positions, values):
        e = engine.evaluate(position)
        assert e.win is not None and e.loss is not None
        assert abs(float(value) - (e.win - e.loss)) < 1e-6
    mcts = bagh.rl.MCTS("bagh-chal", simulations=64, batch_size=16)
    _, _, actions = mcts.search([game], evaluator)
    assert bagh.rl.decode(int(actions[0]), game.position) in game.legal_moves()
    with pytest.raises(bagh.rl.RLError, match="masks"):
        evaluator(observations, np.zeros((3, bagh.rl.NUM_ACTIONS), dtype=bool))
    with pytest.raises(bagh.rl.RLError, match="no network ships"):
        bagh.rl.NetworkEvaluator(bagh.Ruleset(tigers=["c3"], goats=5, capture_target=2))
