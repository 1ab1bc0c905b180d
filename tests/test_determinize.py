"""`Game.determinize`: a copy that agrees with everything one seat knows, the
unseen tiles dealt anew; its record replays, and the seat's view is unchanged."""

import copy
import pickle
import random

import numpy as np
import pytest

import riichi


def positions(rules=None, games=3, every=23):
    """Every `every`-th decision of a few games of random legal choices (calls,
    riichi and kans included): (game copy, deciding seat)."""
    for k in range(games):
        rng = random.Random(k)
        g = riichi.Game(rules=rules, seed=100 + k)
        n = 0
        while not g.is_over:
            seat = next(s for s in g.current_decision if g.legal_actions(s))
            if n % every == 0:
                yield copy.copy(g), seat
            n += 1
            g.apply(seat, rng.choice(g.legal_actions(seat)))


@pytest.mark.parametrize("preset", ["tenhou", "tenhou_sanma"])
def test_the_seat_sees_the_same_game_and_the_record_replays(preset):
    rules = riichi.Rules.preset(preset)
    checked = differ = replayed = 0
    for n, (game, seat) in enumerate(positions(rules)):
        d = game.determinize(seat, n)
        assert d.observation(seat) == game.observation(seat)
        assert d.legal_actions(seat) == game.legal_actions(seat)
        np.testing.assert_array_equal(d.tokens(seat), game.tokens(seat))
        np.testing.assert_array_equal(d.legal_mask(seat), game.legal_mask(seat))
        # Its events agree with its new hands: the record replays as exactly as
        # the game's own (a record cut at a claim cannot say who would draw next).
        report = riichi.replay(d.record())
        assert report.ok == riichi.replay(game.record()).ok, report.mismatches[:1]
        replayed += report.ok
        others = [s for s in range(rules.to_dict()["players"]) if s != seat]
        if any(d.observation(s).hand != game.observation(s).hand for s in others):
            differ += 1
        # Every other seat keeps its hand's size.
        for s in others:
            assert len(d.observation(s).hand) == len(game.observation(s).hand)
        # The same seed deals the same.
        assert game.determinize(seat, n).observation(others[0]) == d.observation(others[0])
        checked += 1
    assert checked > 50 and differ > checked * 0.9, (checked, differ)
    assert replayed > checked * 0.7, (replayed, checked)


def test_seeds_deal_differently_and_the_game_is_left_alone():
    game, seat = next(positions(every=40))
    before = copy.copy(game)
    hands = {
        str(game.determinize(seat, seed).observation((seat + 1) % 4).hand) for seed in range(20)
    }
    assert len(hands) == 20
    assert game.observation(0) == before.observation(0) and game.events == before.events


def test_a_determinized_game_plays_on_to_its_end():
    game, seat = next(positions(every=30))
    d = game.determinize(seat, 5)
    rng = random.Random(5)
    while not d.is_over:
        s = next(s for s in d.current_decision if d.legal_actions(s))
        d.apply(s, rng.choice(d.legal_actions(s)))
    # The game ends with its points all there.
    assert sum(d.result["points"]) == 100_000


def test_bad_seats_seeds_and_moments_are_refused():
    g = riichi.Game(seed=1)
    with pytest.raises(riichi.InvalidInputError, match="seats are 0-3, got 4"):
        g.determinize(4, 0)
    with pytest.raises(riichi.InvalidInputError, match="a seed is an integer from 0"):
        g.determinize(0, -1)
    with pytest.raises(TypeError):
        g.determinize(0, "1")
    sanma = riichi.Game(rules=riichi.Rules.preset("tenhou_sanma"), seed=1)
    with pytest.raises(riichi.InvalidInputError, match="seat 3 is not at a table of 3"):
        sanma.determinize(3, 0)
    while not g.is_over:  # a hand's end starts the next one: only the game's end has no hand
        s = next(s for s in g.current_decision if g.legal_actions(s))
        g.apply(s, g.legal_actions(s)[0])
    with pytest.raises(riichi.InvalidInputError, match="no hand is in play"):
        g.determinize(0, 0)
    d = riichi.Game(seed=2).determinize(0, 1)
    with pytest.raises(Exception, match="pickle"):
        pickle.dumps(d)
