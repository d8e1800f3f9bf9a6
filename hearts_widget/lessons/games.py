"""Whole games for the scoring lessons, played by fixed, simple strategies.

The scoring rules (the sheet, the moon, the target and the winners) are
shown on real ``Game`` objects, so the numbers the learner sees are the
engine's. The games are made by plain deterministic strategies (not the
bots, which may change), from seeds chosen because they show the rule:
a moon in the third hand, a game that ends in a shared win, and a hand in
which a player who is not the learner takes the Omnibus bonus card.
"""

from __future__ import annotations

from ..engine import Card, Game, Hand, Rules
from ..engine.same_deal import SameDeal, same_deal

MOON_SEED = 41
MOON_HANDS_BEFORE = 2
MOON_SHOOTER = 0
TIE_SEED = 114
TIE_TARGET = 50
OMNIBUS_SEED = 8


def _point_card(card: Card) -> bool:
    return card.is_heart or card.is_black_maria


def _first_legal(game: Game) -> Game:
    """One move of the plainest strategy: pass the first three cards, play the first legal card
    (and, having shot the moon, take 26 off)."""
    if game.pending_moon is not None:
        return game.choose_moon("self")
    hand = game.hand
    if hand.phase == "pass":
        seat = hand.waiting_to_pass[0]
        return game.pass_cards(seat, hand.held(seat)[:3])
    return game.play(hand.legal_moves()[0])


def _moon_move(hand: Hand, shooter: int) -> Card:
    """The other seats help ``shooter`` take every point card: it plays high, they play low
    and throw their points onto its tricks."""
    legal = hand.legal_moves()
    if hand.to_move == shooter:
        return max(legal, key=lambda c: (c.rank, c.suit))
    led = hand.trick.led_suit
    if led is None:
        return min(legal, key=lambda c: (_point_card(c), c.rank))
    following = [c for c in legal if c.suit is led]
    if following:
        return min(following, key=lambda c: c.rank)
    return max(legal, key=lambda c: (_point_card(c), c.rank))


def moon_game() -> Game:
    """A game stopped where seat 0 has just shot the moon and must choose (score.moon)."""
    game = Game.new(Rules(players=4), MOON_SEED)
    while len(game.sheet) < MOON_HANDS_BEFORE:
        game = _first_legal(game)
    hand = game.hand
    for seat in range(hand.players):
        by_rank = sorted(hand.held(seat), key=lambda c: c.rank)
        game = game.pass_cards(seat, by_rank[:3] if seat == MOON_SHOOTER else by_rank[-3:])
    while game.pending_moon is None and len(game.sheet) == MOON_HANDS_BEFORE:
        game = game.play(_moon_move(game.hand, MOON_SHOOTER))
    return game


def tie_game(hands: int | None = None) -> Game:
    """A whole game to 50 that ends with two seats sharing the lowest total
    (score.winner); with ``hands``, the same game stopped after that many hands."""
    game = Game.new(Rules(players=4, target=TIE_TARGET), TIE_SEED)
    while not game.is_over and (hands is None or len(game.sheet) < hands):
        game = _first_legal(game)
    return game


def played_hand(seed: int) -> Hand:
    """The first hand of ``seed`` for 4 players, passed and played to the end by the plainest strategy."""
    hand = Hand.deal(Rules(players=4), seed, 0)
    while hand.phase == "pass":
        seat = hand.waiting_to_pass[0]
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
    while hand.phase == "play":
        hand = hand.play(hand.legal_moves()[0])
    return hand


def omnibus_same_deal() -> SameDeal:
    """One finished hand as Hearts and the same deal and play as Omnibus Hearts
    (variant.omnibus.bonus): the seat that took the J♦ scores 10 fewer."""
    return same_deal(played_hand(OMNIBUS_SEED), variant="omnibus")
