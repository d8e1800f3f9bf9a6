"""The explanations teach (issue 10, part 5): each says the rule as it applies
here, in every language, without circles or grammar slips.

Each test pins one case a beginner met: the first-trick exception beside a
refused heart, why a free lead is yours, what "broken" means, the hand holding
only hearts, a tie shared in every language, the minus sign, and English
number agreement.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_widget import Card, Hand, Rules
from hearts_widget.engine.explain import Event, Explanation
from hearts_widget.text import (
    LANGUAGES,
    coach,
    event_text,
    explain_text,
    number_text,
    points_text,
    translator,
    ui,
    variants,
)
from hearts_widget.text.lessons import _texts as lesson_texts
from hearts_widget.text.rule_names import rule_name
from hearts_widget.text.rules_card import rules_card

from .engine_runs import everything

LANGS = sorted(LANGUAGES)
SUITS = {s: [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] for s in "CDSH"}
GOLDEN = Path(__file__).parents[1] / "engine" / "golden_variants"


def first_trick(seat1: list[str], seat2: list[str], seat3: list[str]) -> Hand:
    """Seat 0 has led the 2♣ (it holds the other clubs); seat 1, void in clubs, is to play."""
    return Hand.from_cards(Rules(), [SUITS["C"][1:], seat1, seat2, seat3], leader=0, trick=["2C"])


# -- play.first-trick-no-points: a legal discard names the exception ---------------------------------------

def test_a_first_trick_discard_beside_a_refused_heart_names_the_exception() -> None:
    hand = first_trick(SUITS["H"][:7] + SUITS["D"][:6], SUITS["H"][7:] + SUITS["D"][6:], SUITS["S"])
    discard, heart = hand.explain("5D"), hand.explain("5H")
    assert (discard.legal, discard.rule, heart.legal) == (True, "play.discard", False)
    assert discard.text() == ("You have no clubs, so you may discard any card except a heart or the Black Maria: "
                              "those may not be played to the first trick.")
    later = Explanation(True, "play.discard", "discard", Card.parse("5D"), 1, {"led_suit": Card.parse("2C").suit})
    for lang in LANGS:  # in every language the exception is said, and only on the first trick
        assert "Black Maria" in explain_text(discard, lang), lang
        assert "Black Maria" not in explain_text(later, lang), lang


def test_a_black_maria_game_first_trick_discard_names_the_spades_that_carry_points() -> None:
    rules = Rules(variant="black-maria")
    hand = Hand.from_cards(rules, [SUITS["C"][1:], SUITS["H"][:7] + SUITS["D"][:6],
                                   SUITS["H"][7:] + SUITS["D"][6:], SUITS["S"]], leader=0, trick=["2C"])
    assert "(a heart, Q♠, K♠ or A♠)" in hand.explain("5D").text()


# -- play.first-trick-no-points: "only hearts and the Black Maria" only when the Q♠ is held --------------

def test_the_only_hearts_and_black_maria_sentence_only_when_the_queen_is_held() -> None:
    only_hearts = first_trick(SUITS["H"], SUITS["D"], SUITS["S"]).explain("5H")
    with_maria = first_trick(SUITS["H"][:12] + ["QS"], SUITS["D"], [c for c in SUITS["S"] if c != "QS"] + ["AH"])
    maria = with_maria.explain("5H")
    assert (only_hearts.reason, maria.reason) == ("only-points-left", "only-points-left")
    assert only_hearts.text() == "You hold only hearts, so 5♥ may be played even on the first trick."
    for lang in LANGS:
        assert "Black Maria" not in explain_text(only_hearts, lang), lang
        assert "Black Maria" in explain_text(maria, lang), lang


# -- play.trick-winner / variant.cancellation.carry: why a free lead is yours -------------------------------

def lead_after_first_trick(rules: Rules) -> Hand:
    """A hand (no pass) played lowest-first until the first trick's winner leads."""
    hand = Hand.deal(rules, seed=1, number=3)
    while not hand.tricks:
        hand = hand.play(min(hand.legal_moves(), key=lambda c: c.rank))
    return hand


def test_a_free_lead_says_the_seat_won_the_last_trick_and_what_it_may_lead() -> None:
    hand = lead_after_first_trick(Rules())
    assert hand.to_move == hand.tricks[-1].winner and not hand.hearts_broken
    card = next(c for c in hand.held(hand.to_move) if not c.is_heart and not c.is_black_maria)
    free = hand.explain(card)
    assert (free.reason, free.facts) == ("free-lead", {"lead_by": "won", "hearts_locked": True})
    assert free.text() == (f"You won the last trick, so you lead this one, with any card but a heart while hearts "
                           f"are not broken: {card} may be led.")
    assert "You lead this trick" not in free.text()
    open_lead = lead_after_first_trick(Rules(hearts_must_be_broken=False))
    card = next(c for c in open_lead.held(open_lead.to_move) if not c.is_heart and not c.is_black_maria)
    assert open_lead.explain(card).text() == (
        f"You won the last trick, so you lead this one, with any card you choose: {card} may be led.")


def test_the_lead_after_a_trick_nobody_won_says_so_and_cites_the_carry_rule() -> None:
    data = json.loads((GOLDEN / "cancellation_5p_seed9.json").read_text(encoding="utf-8"))
    rules = Rules.from_dict(data["rules"])
    hand = Hand.deal(rules, seed=data["seed"], number=0)
    for step in data["steps"]:
        if hand.tricks and hand.tricks[-1].winner is None and not hand.trick.cards:
            break
        hand = hand.play(step["play"])
    else:
        pytest.fail("the transcript has no trick nobody won")
    card = next(c for c in hand.held(hand.to_move) if hand.explain(c).reason == "free-lead")
    free = hand.explain(card)
    assert (free.rule, free.facts["lead_by"]) == ("variant.cancellation.carry", "carried")
    assert free.text().startswith("Nobody won the last trick (every card of the suit led was cancelled), "
                                  "so you, who led it, lead again")
    assert hand.view(hand.to_move).explain(card) == free  # a seat's own view says the same


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_free_lead_has_its_own_sentence(lang: str) -> None:
    card = Card.parse("7C")
    texts = {explain_text(Explanation(True, "play.trick-winner", "free-lead", card, 0,
                                      {"lead_by": by, "hearts_locked": locked}), lang)
             for by in ("won", "carried") for locked in (True, False)}
    assert len(texts) == 4 and all("7♣" in text for text in texts)


# -- play.hearts-lead / play.hearts-broken: "broken" is defined where it is used ---------------------------

def hearts_lead_refused(rules: Rules) -> Explanation:
    """A leader after the first trick, hearts unbroken, trying to lead a heart."""
    for seed in range(40):
        hand = Hand.deal(rules, seed=seed, number=3)
        while not hand.tricks:
            hand = hand.play(min(hand.legal_moves(), key=lambda c: c.rank))
        hearts = [c for c in hand.held(hand.to_move) if c.is_heart]
        if hearts and not hand.hearts_broken and len(hearts) < len(hand.held(hand.to_move)):
            return hand.explain(hearts[0])
    raise AssertionError("no position found")


def test_the_hearts_lead_refusal_says_what_broken_means() -> None:
    refused = hearts_lead_refused(Rules())
    assert (refused.legal, refused.reason) == (False, "hearts-not-broken")
    assert refused.text() == ("Hearts are not broken yet: neither a heart nor the Black Maria has been played to a "
                              "trick, so you may not lead a heart.")
    house = hearts_lead_refused(Rules(maria_breaks_hearts=False))
    assert house.text() == ("Hearts are not broken yet: no heart has been played to a trick, so you may not lead "
                            "a heart.")
    for lang in LANGS:
        assert "Black Maria" in explain_text(refused, lang) and "Black Maria" not in explain_text(house, lang)


def test_leading_a_heart_once_broken_says_what_broke_them() -> None:
    broken = Explanation(True, "play.hearts-broken", "hearts-broken-lead", Card.parse("5H"), 0, {"maria_breaks": True})
    assert broken.text() == ("Hearts are broken: a heart or the Black Maria has been played to a trick, so a heart "
                             "may be led.")


@pytest.mark.parametrize("lang", LANGS)
def test_hearts_broken_narration_says_what_it_now_allows(lang: str) -> None:
    t = translator(lang)
    maria = Event("hearts-broken", "play.hearts-broken", 1, (Card.parse("QS"),),
                  {"how": "discarded", "unlocks_hearts_lead": True})
    free = Event("hearts-broken", "play.hearts-broken", 1, (Card.parse("3H"),),
                 {"how": "led", "unlocks_hearts_lead": False})
    assert t.gettext("From now on a heart may be led.") in event_text(maria, lang)
    assert t.gettext("The Black Maria breaks hearts, as a heart does.") in event_text(maria, lang)
    assert t.gettext("From now on a heart may be led.") not in event_text(free, lang)


def test_the_rules_card_defines_breaking_hearts_and_the_moon() -> None:
    card = dict(rules_card(Rules()))
    assert card["play.hearts-broken"] == (
        "Hearts are broken the first time a heart or the Black Maria is played to a trick.")
    assert "whoever takes every heart and the Black Maria" in card["score.moon"]
    assert "all 26 hearts and both Black Marias" in dict(rules_card(Rules(players=6, variant="cancellation")))[
        "variant.cancellation.moon"]
    assert "unless a player holds nothing else" in card["play.first-trick-no-points"]


# -- score.winner: a tie shares the win, in its own sentence, in every language ----------------------------

# A word each language's tie sentence uses for sharing the win (and no single winner's sentence does).
SHARE = {"en": "share the win", "tl": "kasalo", "ceb": "bahin", "sw": "pamoja"}
NAMES = ["South", "West", "North", "East"]


def winner_sentences(count: int, lang: str) -> Iterator[str]:
    """Every sentence that says who won, for ``count`` winners."""
    winners = NAMES[:count]
    yield event_text(Event("game-over", "score.winner", None, (), {"target": 100, "winners": list(range(count))}),
                     lang, NAMES)
    yield ui.winners_text(winners, True, lang)
    yield ui.winners_text(winners[::-1], False, lang)
    yield ui.moon_effect_text("South 80, West 80", winners, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_tie_shares_the_win_in_every_language(lang: str, count: int) -> None:
    for text in winner_sentences(count, lang):
        assert SHARE[lang] in text.lower(), (count, text)
        assert all(name in text for name in NAMES[:count]), text


@pytest.mark.parametrize("lang", LANGS)
def test_a_single_winner_does_not_share(lang: str) -> None:
    for text in winner_sentences(1, lang):
        assert SHARE[lang] not in text.lower(), text


def test_tied_names_are_joined_as_a_person_writes_them() -> None:
    assert ui.winners_text(["West", "North", "East"], False) == (
        "West, North and East tie for the lowest total and share the win.")
    assert ui.winners_text(["South", "North"], True) == "You share the win: South and North tie for the lowest total."
    assert ui.winners_text(["West"], False) == "West wins with the lowest total."


# -- the minus sign, and English agreement, in everything a learner reads ----------------------------------

def counted_items() -> Iterator[Event | Explanation]:
    """Events and explanations with counts of 0, 1, 2 and many, and negative points (Omnibus)."""
    queen = Card.parse("QD")
    for points in (0, 1, 2, 14, -1, -9, -10):
        yield Event("trick-won", "play.trick-winner", 1, (), {"trick_number": 3, "tricks": 13,
                                                               "winning_card": queen, "points": points})
        yield Event("trick-won", "variant.cancellation.cancel", 1, (), {"trick_number": 3, "tricks": 10,
                                                                         "winning_card": queen, "points": points,
                                                                         "cancelled": True})
    for cards in (1, 2, 5):
        for points in (0, 1, 2, 13):
            yield Event("carried-taken", "variant.cancellation.carry", 2, (queen,) * cards, {"points": points})
    for count in (1, 2, 4):
        yield Event("kitty-taken", "variant.cancellation.kitty", 0, (), {"count": count})
    for kitty in (0, 1, 3):
        yield Event("deal", "variant.cancellation.deal", None, (), {"number": 0, "players": 7, "cards_each": 14,
                                                                     "kitty": kitty, "dealer": 0, "leader": 1})
    for count in (1, 2, 3, 4):
        yield Event("game-over", "score.winner", None, (), {"target": 100, "winners": list(range(count))})
    for count in (0, 1, 2, 4):
        yield Explanation(False, "pass.three", "pass-three", None, 0, {"count": count})


def learner_texts(lang: str) -> Iterator[str]:
    """Everything a learner can read in ``lang``, rendered with counts 0, 1, 2, many and negative numbers."""
    for item in [*everything(), *counted_items()]:
        yield event_text(item, lang) if isinstance(item, Event) else explain_text(item, lang)
    for n in (0, 1, 2, 3, 5):
        yield ui.card_count(n, lang)
        yield ui.tricks_taken(n, lang)
        yield variants.kitty_text(n, lang)
        yield variants.same_deal_note(n, lang)
        for points in (0, 1, 2, 13):
            yield variants.carried_text(n, points, lang)
        for direction in ("left", "right", "across"):
            yield ui.pass_prompt(direction, "West", min(n, 3), lang)
    for points in (-26, -10, -1, 0, 1, 2, 26):
        yield ui.points_taken(points, lang)
        yield ui.total_entry("South", points, lang)
        yield points_text(points, lang)
    totals = ", ".join(ui.total_entry(n, p, lang) for n, p in zip(NAMES, (-10, 3, 13, 10), strict=True))
    yield ui.hand_over_text(2, totals, lang)
    moon_totals = ", ".join(ui.total_entry(n, p, lang) for n, p in zip(NAMES, (-26, 0, 0, 0), strict=True))
    yield ui.moon_effect_text(moon_totals, [], lang)
    for higher in (1, 2, 5):
        yield coach.hint_text("lead-low", {"card": Card.parse("5S"), "higher": higher}, lang)
    for points, fewer in ((1, 0), (2, 1), (13, -10), (3, -7)):
        facts = {"card": Card.parse("KD"), "better": Card.parse("2D"), "points": points, "fewer": fewer,
                 "winning": Card.parse("QD"), "winner": 2}
        yield coach.feedback_text("would-duck", facts, lang)
        yield coach.feedback_text("fewer-points", facts, lang)
    for rules in (Rules(), Rules(variant="omnibus"), Rules(variant="omnibus", moon_needs_bonus=True, moon="self"),
                  Rules(variant="black-maria"), *(Rules(players=n, variant="cancellation") for n in range(5, 11)),
                  Rules(maria_breaks_hearts=False, hearts_must_be_broken=False, first_trick_no_points=False,
                        moon="others")):
        yield from (line for _, line in rules_card(rules, lang))
    yield from lesson_texts(lang).values()


@pytest.mark.parametrize("lang", LANGS)
def test_no_hyphen_minus_before_a_number_in_anything_a_learner_reads(lang: str) -> None:
    bad = [text for text in learner_texts(lang) if re.search(r"-\d", text)]
    assert not bad, bad[:5]
    assert "\u221210" in ui.total_entry("South", -10, lang) and "\u221210" in points_text(-10, lang)


def test_number_text_uses_the_minus_sign_and_signs_a_difference() -> None:
    assert [number_text(n) for n in (-26, 0, 7)] == ["\u221226", "0", "7"]
    assert [number_text(n, signed=True) for n in (-10, 0, 3)] == ["\u221210", "+0", "+3"]


SINGULAR_AFTER_MANY = re.compile(r"(?<![\d\u2212.])(?:0|[2-9]|\d\d+) (?:point|card|trick|player|hand)\b(?!s)")
PLURAL_AFTER_ONE = re.compile(r"(?<![\d.])(?:\u2212)?1 (?:points|cards|tricks|players|hands)\b")


def test_english_numbers_agree_with_their_nouns() -> None:
    texts = list(learner_texts("en"))
    bad = [text for text in texts if SINGULAR_AFTER_MANY.search(text) or PLURAL_AFTER_ONE.search(text)]
    assert not bad, bad[:5]
    assert "Every spades" not in " ".join(texts)


def test_the_agreement_check_catches_the_old_slips() -> None:
    assert PLURAL_AFTER_ONE.search("takes the cancelled cards: 2 cards, 1 points.")
    assert SINGULAR_AFTER_MANY.search("you chose 2 card.")
    assert not SINGULAR_AFTER_MANY.search("Hand 2: 4 players, 1 card") and not PLURAL_AFTER_ONE.search("21 points")


# -- rule names ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_line_of_every_rules_card_has_a_rule_name(lang: str) -> None:
    for rules in (Rules(), Rules(variant="omnibus"), Rules(variant="black-maria"),
                  Rules(players=6, variant="cancellation")):
        assert all(rule_name(rule, lang) for rule, _ in rules_card(rules, lang))


def test_the_lesson_sentences_are_made_once_per_language() -> None:
    """Issue 38: every lesson lookup rebuilt the whole table (979,110 gettext calls over 22 Nexts)."""
    from hearts_widget.text.lessons import lesson_text

    lesson_texts.cache_clear()
    for _ in range(3):
        for lang in ("en", "sw", "en", "tl"):
            lesson_text("ui.next", lang)
            lesson_text("ui.step-of", lang, number=1, total=2)
    assert lesson_texts.cache_info().misses == 3  # en, sw, tl
    assert lesson_text("ui.next", "sw") != lesson_text("ui.next", "en")  # a switch still switches
    with pytest.raises(TypeError):
        lesson_texts("en")["ui.next"] = "changed"  # type: ignore[index]  # shared by every lookup: read-only
