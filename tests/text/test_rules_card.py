"""The rules card states the whole game for any table: every variant at every player count it
allows with every house rule on and off (952 tables). Each fact is checked against ``Rules`` and
the engine, never against the card's own text: the cards taken out, the pass and the way play
goes, the ace high, which card is the Black Maria, the first lead, the Q♠-only lead, the points,
the moon (the variant's: the J♦ kept in Omnibus, both packs in Cancellation), the score sheet, the
end of the game and its winner; in the four languages; and nothing of a lesson's flow."""

from __future__ import annotations

import itertools
from html import escape

import pytest

from hearts_widget import Rules
from hearts_widget.engine.cards import HEARTS_MASK, QS_BIT, Card, mask_of
from hearts_widget.engine.legality import legal_mask
from hearts_widget.engine.rules import CANCELLATION_PLAYERS, MOON_RULES, STRIPPED, VARIANTS
from hearts_widget.lessons.controls import RulesCard, rules_card_html
from hearts_widget.lessons.format import lesson_from_dict
from hearts_widget.lessons.path import LESSON
from hearts_widget.text import LANGUAGES
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.messages import number_text
from hearts_widget.text.rule_names import rule_name
from hearts_widget.text.rules_card import rules_card
from hearts_widget.text.variants import variant_names

# Words that point into a lesson ("which comes soon", "see below"), never into the game.
LESSON_FLOW = ("soon", "later", "below,", "below.", "lesson", "step", "try ", "choose a number")
DIRECTIONS = {"left": "to the left", "right": "to the right", "across": "across"}
MOON_WORDS = {"choice": "chooses", "self": "always has", "others": "always gives"}
OTHER_SPADES_AND_DIAMONDS = [Card.parse(code) for code in ("QS", "KS", "AS", "JD", "10D")]


def every_table() -> list[Rules]:
    """Every variant at every player count it allows, with every combination of house rules
    (the target alternating between 100 and 75)."""
    tables = []
    for variant in VARIANTS:
        counts = CANCELLATION_PLAYERS if variant == "cancellation" else sorted(STRIPPED)
        moons = ("off",) if variant == "black-maria" else MOON_RULES
        extras: list[dict[str, object]] = [{}]
        if variant == "omnibus":
            extras = [{"bonus_card": card, "moon_needs_bonus": needs}
                      for card in ("JD", "10D") for needs in (False, True)]
        for players, first, maria, lock, moon, extra in itertools.product(
                counts, (True, False), (True, False), (True, False), moons, extras):
            if extra.get("moon_needs_bonus") and moon == "off":
                continue
            tables.append(Rules(players=players, variant=variant, first_trick_no_points=first,
                                maria_breaks_hearts=maria, hearts_must_be_broken=lock, moon=moon,  # type: ignore[arg-type]
                                target=100 if len(tables) % 2 else 75, **extra))  # type: ignore[arg-type]
    return tables


TABLES = every_table()


def lines_of(card: list[tuple[str, str]], rule: str) -> str:
    return " ".join(line for rule_id, line in card if rule_id == rule)


def maria_only_lead_forced(rules: Rules) -> bool:
    """The engine: a leader holding only hearts and the Q♠ before hearts are broken may lead only the Q♠."""
    held = mask_of(Card.parse(code) for code in ("QS", "2H", "9H", "AH"))
    return legal_mask(rules, held, None, first_trick=False, hearts_broken=False) == QS_BIT


def can_fall_below_zero(rules: Rules) -> bool:
    """A moon taken off the shooter's own total, or a card worth less than nothing."""
    return rules.moon in ("choice", "self") or any(rules.card_points(card) < 0 for card in OTHER_SPADES_AND_DIAMONDS)


def facts_astray(rules: Rules) -> list[str]:
    """Each fact of ``rules`` the English card does not state (empty: the card is complete and true)."""
    card = rules_card(rules)
    ids = [rule for rule, _ in card]
    text = " ".join(line for _, line in card)
    wrong: list[str] = []

    def check(fact: bool, what: str) -> None:
        if not fact:
            wrong.append(what)

    two_packs = rules.packs == 2
    deal = lines_of(card, "setup.deal" if rules.variant == "standard" else f"variant.{rules.variant}")
    check(f"{rules.players} players" in deal and f"{rules.cards_each} cards each" in deal, "players and cards each")
    cards = lines_of(card, "setup.deal")
    check("ace is the highest card" in cards and "no suit is trumps" in cards, "the ace high, no trumps")
    check(f"({Card.parse('QS')}) is the Black Maria" in cards, "which card is the Black Maria")
    stripped_names = {str(c) for n in STRIPPED for c in Rules(players=n).stripped}
    check({name for name in stripped_names if name in cards} == {str(c) for c in rules.stripped},
          f"the cards taken out: {rules.stripped}")
    check(("no card is taken out" in cards) == (rules.packs == 1 and not rules.stripped), "nothing taken out")
    kitty = f"{rules.kitty_size} card{'s' if rules.kitty_size > 1 else ''} in the kitty"
    check((kitty in deal if rules.kitty_size else "kitty" not in deal), "the kitty's size")
    check(("variant.cancellation.kitty" in ids) == bool(rules.kitty_size), "who takes the kitty")
    directions = [rules.pass_direction(n) for n in range(4)]
    check(("no passing" in deal) == (directions == [None] * 4), "no passing")
    check(("pass.three" in ids) == any(directions), "three cards passed")
    if rules.variant == "black-maria":
        check(set(directions) == {"right"} and "passed to the right" in lines_of(card, "variant.black-maria.pass"),
              "Black Maria passes right")
    elif any(directions):
        rotation = lines_of(card, "pass.rotation")
        said = [d for d in DIRECTIONS if DIRECTIONS[d] in rotation]
        check(said == list(dict.fromkeys(d for d in directions if d)), "the pass directions in order")
        check(("no pass" in rotation) == (None in directions), "a hand with no pass")
    check(rules.pass_target(0, "left") == 1 and "Play goes to the left" in lines_of(card, "play.trick-winner"),
          "play goes to the left (the next seat)")
    if rules.first_lead_card is None:
        first = lines_of(card, "variant.cancellation.first-lead")
        check("dealer's left" in first and ("Black Maria" in first) == rules.first_trick_no_points, "open first lead")
    else:
        check(f"holding the {rules.first_lead_card} leads it" in lines_of(card, "play.first-lead"), "the first lead")
    check(all(rule in ids for rule in ("play.follow-suit", "play.discard", "play.black-maria-lead")), "play")
    check(("House rule" in lines_of(card, "play.first-trick-no-points")) == (not rules.first_trick_no_points),
          "no points on the first trick")
    check(("House rule" in lines_of(card, "play.hearts-broken")) == (not rules.maria_breaks_hearts), "broken")
    lead = lines_of(card, "play.hearts-lead")
    check(("House rule" in lead) == (not rules.hearts_must_be_broken), "leading hearts")
    check(("must lead the Black Maria" in lead) == maria_only_lead_forced(rules), "the Q♠-only lead")
    points = lines_of(card, "variant.black-maria.points" if rules.variant == "black-maria" else "score.points")
    for spade in (c for c in OTHER_SPADES_AND_DIAMONDS if rules.card_points(c) > 0):
        check(str(spade) in points and str(rules.card_points(spade)) in points, f"{spade} is worth points")
    check(("K♠" in points) == (rules.card_points(Card.parse("KS")) > 0), "the K♠'s points")
    check(rules.card_points(Card.parse("AH")) == 1 and "each heart" in points.lower()
          and ("each heart 1" in points or "heart taken is 1 point" in points), "each heart 1 point")
    if rules.bonus is not None:
        check(f"The {rules.bonus} is the bonus card" in lines_of(card, "variant.omnibus.bonus")
              and rules.card_points(rules.bonus) == -10, "the bonus card")
    moon = lines_of(card, "variant.cancellation.moon" if two_packs else "score.moon")
    if rules.moon_points:
        check(f"{rules.moon_points} points" in moon and MOON_WORDS[rules.moon] in moon, "what the moon scores")
        hearts = len([c for c in rules.deck if c.bit & HEARTS_MASK])
        check(("all 26 hearts and both Black Marias" in moon) == (hearts == 26), "the moon with two packs")
        needs_bonus = rules.bonus is not None and bool(rules.moon_cards & rules.bonus.bit)
        check(("bonus card" in moon) == needs_bonus, "the moon needs the bonus card")
    else:
        check(moon.startswith("No moon"), "no moon")
    keeps = lines_of(card, "variant.omnibus.moon")
    check(bool(keeps) == (rules.bonus is not None and rules.moon != "off"), "the bonus kept at a moon")
    if keeps:
        check(f"whoever took the {rules.bonus} still keeps its −10" in keeps, "who keeps the bonus")
    sheet = lines_of(card, "score.sheet")
    check("score sheet" in sheet and ("below zero" in sheet) == can_fall_below_zero(rules), "the score sheet")
    target = lines_of(card, "score.target")
    check(f"holds {rules.points_per_hand} points" in target and f"target of {rules.target} points" in target
          and "at the end of a hand" in target, "the target and the end of the game")
    check("lowest total wins" in lines_of(card, "score.winner"), "the winner")
    check(not [word for word in LESSON_FLOW if word in text.lower()], "nothing of a lesson")
    return wrong


def test_every_table_is_counted_once() -> None:
    assert len(TABLES) == len(set(map(repr, TABLES))) == 952
    assert {r.variant for r in TABLES} == set(VARIANTS) and {r.players for r in TABLES} == set(range(3, 11))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rules_card_states_every_fact_of_every_table(variant: str) -> None:
    astray = {repr(rules): wrong for rules in TABLES if rules.variant == variant if (wrong := facts_astray(rules))}
    assert not astray, astray


def test_the_facts_checked_would_catch_a_card_that_leaves_one_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not vacuous: a card without its score sheet line, or with the standard
    points on a Black Maria table, is found wrong."""
    rules = Rules(players=3, variant="black-maria")
    real = Rules.in_force
    monkeypatch.setattr(Rules, "in_force", lambda self: tuple(line for line in real(self) if line[0] != "score.sheet"))
    assert "the score sheet" in facts_astray(rules)
    monkeypatch.setattr(Rules, "in_force", lambda self: tuple(
        ("variant.black-maria.points", "points", {}) if line[0] == "variant.black-maria.points" else line
        for line in real(self)))
    assert "K♠ is worth points" in facts_astray(rules)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_of_every_table_renders_in_every_language(lang: str) -> None:
    """The same rules in the same order, with every number and card of the English line."""
    astray = []
    for rules in TABLES:
        english = rules_card(rules)
        card = rules_card(rules, lang)
        assert [rule for rule, _ in card] == [rule for rule, _ in english]
        for (rule, line), (_, said) in zip(card, english, strict=True):
            numbers = [w.strip(".,:;()") for w in said.split() if w.strip(".,:;()").isdigit()]
            symbols = [str(c) for c in (*rules.stripped, *OTHER_SPADES_AND_DIAMONDS, rules.first_lead_card)
                       if c is not None and str(c) in said]
            if not line or "{" in line or not all(
                    number_text(int(n)) in line for n in numbers) or not all(s in line for s in symbols):
                astray.append((repr(rules), rule, line))
    assert not astray, astray[:5]
    assert all(rule_name(rule, lang) for rule in {line[0] for rules in TABLES for line in rules.in_force()})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rules", [Rules(players=3), Rules(), Rules(players=7), Rules(variant="omnibus"),
                                   Rules(players=5, variant="black-maria"), Rules(players=8, variant="cancellation")],
                         ids=repr)
def test_the_printed_card_holds_every_line_under_its_rules_name(lang: str, rules: Rules) -> None:
    html = rules_card_html(LESSON, rules, lang)
    for rule, line in rules_card(rules, lang):
        assert escape(line) in html and escape(rule_name(rule, lang)) in html
    assert "soon" not in html
    title = lesson_text("ui.rules-card-title", lang, game=variant_names(lang)[rules.variant], players=rules.players)
    assert html.count("<h3>") == 1 and f"<h3>{escape(title)}</h3>" in html, "the card names its game and table"
    assert variant_names(lang)[rules.variant] in title and str(rules.players) in title


def test_the_lesson_card_is_chosen_by_game_and_players_and_kept() -> None:
    """The variant picker offers the four games; Cancellation Hearts takes 5 to 10 players,
    the others 3 to 7, the count kept or moved to the nearest allowed; the choice is kept
    and restored, and the language changes the names but not the choice."""
    part = RulesCard(LESSON, "en")
    assert [value for _, value in part.variant.options] == list(variant_names("en")) and set(VARIANTS) == set(
        variant_names("en"))
    part.picker.value = 3
    part.variant.value = "cancellation"
    assert part.picker.options == tuple(CANCELLATION_PLAYERS) and part.picker.value == 5
    assert escape(rules_card(Rules(players=5, variant="cancellation"))[0][1]) in part.card.value
    part.picker.value = 9
    part.variant.value = "black-maria"
    assert part.state() == {"players": 7, "variant": "black-maria"}
    assert "Passing in the Black Maria game" in part.card.value
    part.set_lang("sw")
    assert part.state() == {"players": 7, "variant": "black-maria"}
    assert [label for label, _ in part.variant.options] == list(variant_names("sw").values())
    fresh = RulesCard(LESSON, "en")
    fresh.restore({"players": 9, "variant": "cancellation"})
    assert fresh.state() == {"players": 9, "variant": "cancellation"} and "kitty" in fresh.card.value
    for bad in ({"players": 9, "variant": "omnibus"}, {"players": 4, "variant": "nonsense"}, {"players": "4"}):
        fresh.restore(bad)  # from the browser: never trusted
        assert fresh.state() == {"players": 9, "variant": "cancellation"}


def test_a_lessons_own_card_sentences_are_printed_after_the_rules() -> None:
    lesson = lesson_from_dict({"format": "hearts-lesson/1", "id": "house", "steps": [
        {"key": "house", "title": {"en": "Our table"}, "card": [{"en": "At our table the dealer shuffles twice."}]}]})
    html = rules_card_html(lesson, Rules(), "en")
    assert html.index("the dealer shuffles twice") > html.index(rules_card(Rules())[-1][1])


def test_the_ace_is_high_as_the_card_says() -> None:
    """The engine ranks the ace above the king in every suit (the card's 'ace is the highest')."""
    for suit in "CDSH":
        assert Card.parse("A" + suit).rank > Card.parse("K" + suit).rank > Card.parse("2" + suit).rank
