"""The rule-based bot: legal play for every player count, and its card sense."""

from bot_helpers import card, play_checked_hand, position
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_widget.bots import RandomBot, RuleBot, make_bot
from hearts_widget.bots.arena import play_game
from hearts_widget.engine import Hand, Rules, parse_cards


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6))
def test_rule_bot_plays_only_legal_cards_and_passes_three_held(players: int, seed: int) -> None:
    rules = Rules(players=players)
    bots = [RuleBot() if s % 2 == 0 else RandomBot(seed + s) for s in range(players)]
    hand = play_checked_hand(rules, seed, bots)
    assert sum(hand.points()) == 26


def test_seeded_games_are_reproducible() -> None:
    rules = Rules(players=4, target=50)
    first = play_game([make_bot("rule"), make_bot("random", 1), make_bot("rule"), make_bot("random", 2)], rules, 5)
    again = play_game([make_bot("rule"), make_bot("random", 1), make_bot("rule"), make_bot("random", 2)], rules, 5)
    assert first == again


def _view(hands: list[str], trick: str = "", leader: int = 0):
    """The view of the seat to move."""
    hand = position(hands, trick, leader)
    return hand.view(hand.to_move)


def test_ducks_under_the_winning_card() -> None:
    view = _view(["6C 7C 10C", "KD 9C 8C", "QC KC AC", "3D 4D"], trick="JC", leader=3)
    assert RuleBot().choose_play(view) == card("10C")


def test_wins_big_when_last_and_the_trick_holds_no_points() -> None:
    view = _view(["6C 7C AC", "KD 9C", "QC KC", "3D 4D"], trick="JC 8C 2C", leader=1)
    assert RuleBot().choose_play(view) == card("AC")


def test_sheds_the_black_maria_under_the_ace_of_spades() -> None:
    view = _view(["QS 2S 10C", "KD 9C 8C", "QC KC AC", "3D 4D"], trick="AS", leader=3)
    assert RuleBot().choose_play(view) == card("QS")


def test_discards_the_black_maria_when_void() -> None:
    view = _view(["QS 2S 2H", "KD 9C 8C", "QC KC AC", "3D 4D"], trick="3C", leader=3)
    assert RuleBot().choose_play(view) == card("QS")


def test_passes_an_unguarded_black_maria_and_high_hearts() -> None:
    hand = Hand.from_cards(Rules(), [
        ["QS", "3S", "AH", "KH", "2C", "3C", "4C", "5C", "6C", "7C", "2D", "3D", "4D"],
        ["2S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KS", "AS", "2H", "3H"],
        ["8C", "9C", "10C", "JC", "QC", "KC", "AC", "5D", "6D", "7D", "8D", "9D", "10D"],
        ["JD", "QD", "KD", "AD", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
    ], "left")
    assert set(RuleBot().choose_pass(hand.view(0))) == set(parse_cards("QS AH KH"))


def test_leads_its_top_heart_to_stop_a_moon() -> None:
    # Seat 1 has taken every point so far: the Black Maria and ten hearts.
    rules = Rules()
    hands = ["AH 7H 8C", "KH 9C 10C", "QC KC AC", "2D 3D 4D"]
    placed = set(parse_cards(" ".join(hands)))
    rest = [c for c in rules.deck if c not in placed]
    points = [c for c in rest if c.is_heart or c.is_black_maria]
    plain = [c for c in rest if c not in points]
    taken = [plain[:20], points + plain[20:], [], []]
    hand = Hand.from_cards(rules, [parse_cards(h) for h in hands], leader=0, taken=taken)
    assert hand.points()[1] > 0 and sum(hand.points()) == hand.points()[1]
    assert RuleBot().choose_play(hand.view(0)) == card("AH")


def test_make_bot_refuses_an_unknown_name() -> None:
    try:
        make_bot("genius")
    except ValueError as error:
        assert "genius" in str(error) and "rule" in str(error)
    else:
        raise AssertionError("make_bot accepted an unknown name")
