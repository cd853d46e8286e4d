"""bagh.rl's actions, masks, observations and symmetries against a second,
pure-Python implementation written here from the rules (the board's lines,
the legal moves of ``Game`` and ``Position``, and ``Position.from_parts``)."""

from __future__ import annotations

import random

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
import pytest

from conftest import RULE_SETS, play_random

FILES = "abcde"


def name(index: int) -> str:
    return f"{FILES[index % 5]}{index // 5 + 1}"


def index_of(point: str) -> int:
    return FILES.index(point[0]) + 5 * (int(point[1]) - 1)


def on_one_line(a: int, b: int) -> bool:
    """Rows, files, and the diagonals through points whose file + rank is even."""
    (fa, ra), (fb, rb) = (a % 5, a // 5), (b % 5, b // 5)
    if a == b:
        return False
    if fa == fb or ra == rb:
        return True
    return abs(fa - fb) == abs(ra - rb) and (fa + ra) % 2 == 0


#: The encoding of docs/rl.md: placements 0-24, then (from, to) pairs in
#: order of the from point, then of the to point.
PAIRS = [(a, b) for a in range(25) for b in range(25) if on_one_line(a, b)]
PAIR_ACTION = {pair: 25 + i for i, pair in enumerate(PAIRS)}


def py_encode(move: bagh.Move) -> int:
    if move.from_point is None:
        return index_of(move.to_point)
    return PAIR_ACTION[(index_of(move.from_point), index_of(move.to_point))]


def py_mask(moves: list[bagh.Move]) -> npt.NDArray[np.bool_]:
    mask = np.zeros(bagh.rl.NUM_ACTIONS, dtype=bool)
    for move in moves:
        mask[py_encode(move)] = True
    return mask


def sample_games(seed: int, count: int) -> list[bagh.Game]:
    rng = random.Random(seed)
    return [
        play_random(bagh.Game(rules), rng, rng.randrange(0, 120)) for rules in RULE_SETS for _ in range(count)
    ]


def test_the_action_space() -> None:
    assert bagh.rl.NUM_ACTIONS == 25 + len(PAIRS) == 289
    assert bagh.rl.OBSERVATION_SHAPE == (11, 5, 5)
    assert bagh.rl.encode("c3") == 12
    assert bagh.rl.encode("a1b1") == 25  # the first pair: a1 to b1
    assert bagh.rl.encode("e5d5") == 288  # the last: e5 to d5
    assert bagh.rl.encode(bagh.Move("a1xa3")) == bagh.rl.encode("a1a3") == PAIR_ACTION[(0, 10)]


def test_masks_and_actions_match_the_legal_moves() -> None:
    for game in sample_games(1, 15):
        for position in game.positions:
            moves = position.legal_moves()
            mask = bagh.rl.legal_mask(position)
            assert mask.dtype == np.bool_ and mask.shape == (bagh.rl.NUM_ACTIONS,)
            assert np.array_equal(mask, py_mask(moves))
            for move in moves:
                assert bagh.rl.encode(move) == py_encode(move)
                assert bagh.rl.decode(py_encode(move), position) == move
        # A game's mask honours its repetition policy and its end.
        assert np.array_equal(bagh.rl.legal_mask(game), py_mask(game.legal_moves()))
        if game.is_game_over():
            assert not bagh.rl.legal_mask(game).any()


def test_decode_raises_typed_errors() -> None:
    start = bagh.Position()
    with pytest.raises(bagh.rl.ActionError) as info:
        bagh.rl.decode(0, start)  # a tiger stands on a1
    assert info.value.action == 0 and info.value.position == "T3T/5/5/5/T3T g 20 0" and info.value.env is None
    assert "a1" in str(info.value)
    for action in (-1, bagh.rl.NUM_ACTIONS):
        with pytest.raises(bagh.rl.ActionError, match="out of range"):
            bagh.rl.decode(action, start)
    assert issubclass(bagh.rl.ActionError, bagh.rl.RLError)
    assert issubclass(bagh.rl.RLError, bagh.BaghError) and issubclass(bagh.rl.RLError, ValueError)
    # In a finished game no action names a move.
    finished = next(g for g in sample_games(9, 10) if g.is_game_over())
    for action in range(bagh.rl.NUM_ACTIONS):
        with pytest.raises(bagh.rl.ActionError):
            bagh.rl.decode(action, finished)
    with pytest.raises(TypeError):
        bagh.rl.decode(12, "T3T/5/5/5/T3T g 20 0")  # type: ignore[arg-type]


def test_observation_planes() -> None:
    for game in sample_games(2, 8):
        position, rules = game.position, game.rules
        obs = bagh.rl.observation(game)
        assert obs.dtype == np.float32 and obs.shape == bagh.rl.OBSERVATION_SHAPE
        planes = obs.reshape(11, 25)
        tigers = {index_of(p) for p in position.tigers}
        goats = {index_of(p) for p in position.goats}
        for point in range(25):
            assert planes[0, point] == (point in tigers)
            assert planes[1, point] == (point in goats)
            assert planes[2, point] == (point not in tigers | goats)
        assert np.all(planes[3] == (position.side_to_move == "goat"))
        assert np.allclose(planes[4], position.goats_in_hand / rules.goats)
        assert np.allclose(planes[5], position.goats_captured / rules.capture_target)
        assert np.all(planes[6] == (rules.tiger_moves == "slide"))
        assert np.all(planes[7] == rules.mandatory_capture)
        assert np.all(planes[8] == rules.blocked_side_loses)
        # The board reads as printed upside down: row 0 is rank 1.
        assert obs[0, 0, 4] == (position.piece_at("e1") == "tiger")


def test_batched_forms_write_into_the_callers_arrays() -> None:
    games = sample_games(3, 2)
    masks = np.ones((len(games), bagh.rl.NUM_ACTIONS), dtype=bool)
    obs = np.full((len(games), *bagh.rl.OBSERVATION_SHAPE), 7.0, dtype=np.float32)
    assert bagh.rl.legal_masks(games, out=masks) is masks
    assert bagh.rl.observations(games, out=obs) is obs
    for i, game in enumerate(games):
        assert np.array_equal(masks[i], py_mask(game.legal_moves()))
        assert np.array_equal(obs[i], bagh.rl.observation(game))
    fresh = bagh.rl.legal_masks([g.position for g in games])
    assert fresh.shape == masks.shape
    with pytest.raises(bagh.rl.RLError, match="dtype"):
        bagh.rl.legal_masks(games, out=np.zeros((len(games), bagh.rl.NUM_ACTIONS), dtype=np.int8))
    with pytest.raises(bagh.rl.RLError, match="shape"):
        bagh.rl.observations(games, out=np.zeros((1, 11, 5, 5), dtype=np.float32))
    with pytest.raises(bagh.rl.RLError, match="contiguous"):
        bagh.rl.observations(games, out=np.zeros((len(games), 11, 5, 10), dtype=np.float32)[..., ::2])


def transformed(position: bagh.Position, points: npt.NDArray[np.int64]) -> bagh.Position:
    """The image of a position under a symmetry whose point map is `points`
    (image point i comes from point points[i]), built from its parts."""
    image_of = {int(src): dst for dst, src in enumerate(points)}
    return bagh.Position.from_parts(
        [name(image_of[index_of(p)]) for p in position.tigers],
        [name(image_of[index_of(p)]) for p in position.goats],
        side=position.side_to_move,
        goats_in_hand=position.goats_in_hand,
        goats_captured=position.goats_captured,
        rules=position.rules,
    )


def test_symmetries_map_masks_to_the_masks_of_transformed_positions() -> None:
    symmetries = bagh.rl.symmetries()
    assert [s.name for s in symmetries][0] == "identity" and len(symmetries) == 8
    # Each point map is one of the board's 8 symmetries: it keeps lines.
    for s in symmetries:
        assert sorted(s.points.tolist()) == list(range(25))
        for a, b in PAIRS:
            assert on_one_line(int(s.points[a]), int(s.points[b]))
    for game in sample_games(4, 4):
        position = game.position
        mask, obs = bagh.rl.legal_mask(position), bagh.rl.observation(position)
        for s in symmetries:
            image = transformed(position, s.points)
            assert np.array_equal(bagh.rl.legal_mask(image), mask[s.actions])
            assert np.array_equal(bagh.rl.observation(image).reshape(-1), obs.reshape(-1)[s.observation])
    # Batched augmentation by fancy indexing, as the docstring shows.
    positions = [g.position for g in sample_games(5, 1)]
    batch = bagh.rl.observations(positions)
    policies = bagh.rl.legal_masks(positions).astype(np.float32)
    for s in symmetries:
        images = [transformed(p, s.points) for p in positions]
        augmented = batch.reshape(len(batch), -1)[:, s.observation].reshape(batch.shape)
        assert np.array_equal(augmented, bagh.rl.observations(images))
        assert np.array_equal(policies[:, s.actions], bagh.rl.legal_masks(images))


def test_sample_positions() -> None:
    for phase in ("placement", "movement", "any"):
        positions = bagh.rl.sample_positions("bagh-chal", 30, phase=phase, seed=3)
        assert len(positions) == 30
        assert all(not p.is_game_over() for p in positions)
        if phase == "placement":
            assert all(p.goats_in_hand > 0 for p in positions)
        if phase == "movement":
            assert all(p.goats_in_hand == 0 for p in positions)
        assert positions == bagh.rl.sample_positions("bagh-chal", 30, phase=phase, seed=3)
    assert bagh.rl.sample_positions("two-tigers", 5, seed=1) != bagh.rl.sample_positions("two-tigers", 5, seed=2)
    with pytest.raises(bagh.rl.RLError, match="phase"):
        bagh.rl.sample_positions("bagh-chal", 1, phase="endgame")  # type: ignore[arg-type]
