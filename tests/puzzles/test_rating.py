"""Glicko-2 ratings of learners and puzzles (hearts_widget.puzzles.rating)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hearts_widget.puzzles import load_puzzles
from hearts_widget.puzzles.rating import PUZZLE_DEVIATION, Rating, answered, by_theme, choose, expected, update


def test_the_papers_example_rating_period() -> None:
    """Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_without_games_only_the_deviation_grows() -> None:
    after = update(Rating(1700, 100, 0.06), [])
    assert after.rating == 1700 and 100 < after.deviation < 101 and after.volatility == 0.06
    assert update(Rating(1500, 350), []).deviation == 350


def test_an_answer_moves_the_learner_and_the_puzzle_apart() -> None:
    learner, puzzle = Rating(), Rating(1600, PUZZLE_DEVIATION)
    up, beaten = answered(learner, puzzle, right=True)
    down, held = answered(learner, puzzle, right=False)
    assert up.rating > 1500 > down.rating and beaten.rating < 1600 < held.rating
    assert up.deviation < learner.deviation and expected(up, puzzle) > expected(learner, puzzle)


@pytest.mark.parametrize(("call", "named"), [
    (lambda: Rating(deviation=0), "deviation"), (lambda: Rating(float("nan")), "rating"),
    (lambda: Rating(volatility=True), "volatility"), (lambda: update(Rating(), [(Rating(), 2)]), "score"),
    (lambda: update(Rating(), [], tau=0), "tau"),
    (lambda: answered(Rating(), Rating(), right=1), "right"),  # type: ignore[arg-type]
    (lambda: choose([], Rating()), "no puzzles"),
    (lambda: choose(load_puzzles(), 1500), "Rating"),  # type: ignore[arg-type]
    (lambda: choose(load_puzzles(), Rating(), theme="luck"), "theme"),
])
def test_bad_input_is_named(call: Any, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        call()


def test_the_next_puzzle_is_near_the_learners_rating_of_the_theme_and_untried() -> None:
    puzzles = load_puzzles()
    rng = random.Random(1)
    low, high = choose(puzzles, Rating(900), rng=rng), choose(puzzles, Rating(2200), rng=rng)
    assert low.rating < high.rating
    duck = choose(puzzles, Rating(), theme="duck-queen", rng=rng)
    assert "duck-queen" in duck.themes
    tried = {p.id for p in puzzles if p.rating != duck.rating}
    assert choose(puzzles, Rating(duck.rating), tried=tried, rng=rng).rating == duck.rating


def test_simulated_learners_of_known_skill_are_ordered_by_their_ratings_after_30_puzzles() -> None:
    """A learner finds the answer with its skill's chance, else plays a legal card at random
    (which may be right too); the puzzles come near its rating, as the trainer would give them."""
    puzzles = load_puzzles(kind="play")
    ratings = []
    for number, skill in enumerate((0.15, 0.5, 0.9)):
        rng = random.Random(number)
        learner, tried = Rating(), set[str]()
        puzzle_ratings = {p.id: Rating(p.rating, PUZZLE_DEVIATION) for p in puzzles}
        for _ in range(30):
            puzzle = choose(puzzles, learner, tried=tried, rng=rng)
            tried.add(puzzle.id)
            card = puzzle.answers[0][0] if rng.random() < skill else rng.choice(puzzle.view.legal)
            learner, puzzle_ratings[puzzle.id] = answered(learner, puzzle_ratings[puzzle.id], puzzle.is_answer(card))
        ratings.append(learner.rating)
    assert ratings == sorted(ratings) and ratings[2] - ratings[0] > 200, ratings


def test_the_dashboard_counts_first_answers_by_theme_weakest_first() -> None:
    puzzles = load_puzzles()
    duck = next(p for p in puzzles if "duck-queen" in p.themes)
    moon = next(p for p in puzzles if "stop-moon" in p.themes and "duck-queen" not in p.themes)
    results = by_theme(puzzles, [(duck.id, True), (moon.id, False), (moon.id, True)])
    named = {r.theme: r for r in results}
    assert (named["duck-queen"].tried, named["duck-queen"].right) == (1, 1)
    assert (named["stop-moon"].tried, named["stop-moon"].right) == (1, 0)  # its first answer counts
    assert results[0].share == 0.0 and results[-1].share == 1.0
    assert "twins" not in named
    with pytest.raises(ValueError, match="no puzzle has the id"):
        by_theme(puzzles, [("nope", True)])
    with pytest.raises(ValueError, match="right"):
        by_theme(puzzles, [(duck.id, 1)])  # type: ignore[list-item]
