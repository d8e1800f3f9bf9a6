"""Glicko-2 ratings for learners and puzzles (Glickman, "Example of the Glicko-2 system", 2012).

A learner's answer to a puzzle is a game between the two: right first time, the learner
wins. :func:`answered` updates both ratings from it; :func:`update` is the rating period
of the paper, for any number of games; :func:`choose` picks the next puzzle near a
learner's rating, of a theme if asked; :func:`by_theme` sums a learner's answers by theme,
the weakest first.

    from hearts_widget.puzzles import load_puzzles
    from hearts_widget.puzzles.rating import PUZZLE_DEVIATION, Rating, answered, by_theme, choose

    me = Rating()                        # 1500, deviation 350, volatility 0.06
    puzzle = choose(load_puzzles(), me)  # one of the five puzzles rated nearest mine
    me, its = answered(me, Rating(puzzle.rating, PUZZLE_DEVIATION), right=True)
    by_theme(load_puzzles(), [(puzzle.id, True)])   # [ThemeResult(theme, tried=1, right=1), ...]
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import Puzzle

SCALE = 173.7178  # Glicko-2's scale: (rating - 1500) / SCALE
TAU = 0.5  # how much the volatility may change (the paper's example; 0.3 to 1.2)
EPSILON = 0.000001  # the volatility iteration's tolerance
# A puzzle's first deviation: its rating is a guess from its margin (see initial_rating).
PUZZLE_DEVIATION = 200.0


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (the uncertainty: 350 for a newcomer) and its volatility."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        for name, least in (("rating", -10_000.0), ("deviation", 0.0), ("volatility", 0.0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or value < least or (name != "rating" and value == 0) or value > 10_000:
                raise ValueError(f"Rating.{name} must be a finite number"
                                 f"{' above 0' if name != 'rating' else ''} up to 10,000, not {value!r}")


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` wins against ``opponent`` (a learner getting a puzzle right)."""
    mu, mu_j, phi_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``results``: each opponent and the
    score against it (1 a win, 0 a loss, 0.5 a draw). No games: only the deviation grows."""
    games = list(results)
    if any(not isinstance(o, Rating) or s not in (0, 0.5, 1) for o, s in games):
        raise ValueError("results must be (Rating, score) pairs with a score of 1, 0.5 or 0")
    if isinstance(tau, bool) or not isinstance(tau, (int, float)) or not 0 < tau <= 2:
        raise ValueError(f"tau must be a number above 0 and at most 2, not {tau!r}")
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    v_inverse = 0.0
    total = 0.0
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        e = expected(player, opponent)
        v_inverse += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / v_inverse
    delta = v * total
    sigma = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu += phi * phi * total
    return Rating(mu * SCALE + 1500, min(350.0, phi * SCALE), sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """The new volatility (step 5 of the paper: the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def answered(learner: Rating, puzzle: Rating, right: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one answer (``right``: right first time)."""
    if not isinstance(right, bool):
        raise ValueError(f"right must be True or False, not {right!r}")
    score = 1.0 if right else 0.0
    return update(learner, [(puzzle, score)]), update(puzzle, [(learner, 1 - score)])


def choose(puzzles: Sequence[Puzzle], learner: Rating, theme: str | None = None, tried: Collection[str] = (),
           rng: random.Random | None = None) -> Puzzle:
    """The next puzzle for ``learner``: of those of ``theme`` (all when None) not in ``tried``
    (puzzle ids; all again once every one is tried), one of the five rated nearest the
    learner's rating, at random (``rng``)."""
    if not isinstance(learner, Rating):
        raise ValueError(f"learner must be a Rating, not {learner!r}")
    pool = [p for p in puzzles if theme is None or theme in p.themes]
    if not pool:
        raise ValueError(f"no puzzle has the theme {theme!r}" if theme is not None else "there are no puzzles")
    fresh = [p for p in pool if p.id not in tried] or pool
    nearest = sorted(fresh, key=lambda p: (abs(p.rating - learner.rating), p.id))[:5]
    return (rng or random.Random()).choice(nearest)


@dataclass(frozen=True)
class ThemeResult:
    """A learner's puzzles of one theme: how many were tried and how many right first time."""

    theme: str
    tried: int
    right: int

    @property
    def share(self) -> float:
        """The share right first time (0 when none was tried)."""
        return self.right / self.tried if self.tried else 0.0


def by_theme(puzzles: Sequence[Puzzle], answers: Iterable[tuple[str, bool]]) -> list[ThemeResult]:
    """Each theme's results from ``answers`` (a puzzle id and whether it was right first
    time; a puzzle answered again counts once, its first answer), for the dashboard; the
    themes with no puzzle tried are left out, the weakest (lowest share right, then the
    most tried) first: the themes to practise next."""
    known = {p.id: p for p in puzzles}
    first: dict[str, bool] = {}
    for puzzle_id, right in answers:
        if puzzle_id not in known:
            raise ValueError(f"no puzzle has the id {puzzle_id!r}")
        if not isinstance(right, bool):
            raise ValueError(f"an answer is right (True) or not (False), not {right!r}")
        first.setdefault(puzzle_id, right)
    tried: dict[str, list[bool]] = {}
    for puzzle_id, right in first.items():
        for theme in known[puzzle_id].themes:
            tried.setdefault(theme, []).append(right)
    results = [ThemeResult(theme, len(rights), sum(rights)) for theme, rights in tried.items()]
    return sorted(results, key=lambda r: (r.share, -r.tried, r.theme))
