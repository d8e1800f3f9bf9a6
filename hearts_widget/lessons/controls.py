"""ipywidgets controls for the lessons: a position to play, the pass, a check
question, and the demonstrations of the deck, the rotation, the scores and
a variant (the same deal as Hearts and as Omnibus Hearts).

Every verdict comes from the engine (``Hand.explain``, the events of a
move, ``Game`` scores); these controls only lay them out. Each control has
a CSS class (``hearts-lesson-*``) so browser tests can find it.
"""

from __future__ import annotations

from html import escape
from typing import Callable, Iterable

import ipywidgets as widgets

from ..engine import Card, Event, Explanation, Game, Hand, Rules, Suit
from ..engine.same_deal import SameDeal
from ..engine.display import card_html
from ..text import event_text, number_text
from ..text.lessons import lesson_text
from ..text.translate import check_language
from ..text.ui import seat_names
from .checks import Check
from ..text.variants import variant_names
from .games import moon_game, omnibus_same_deal, tie_game
from .positions import LEARNER, Position, try_pass

PASS_SEED = 3
SHEET_HANDS = 2
ROTATION_HANDS = 8
GOOD = "#1b6e2e"
BAD = "#a4161a"


def _html(text: str, css: str) -> widgets.HTML:
    box = widgets.HTML(text)
    box.add_class(css)
    return box


BOX = {"border": "1px solid #c8c8c8", "padding": "0.3em 0.8em", "margin": "0.5em 0"}


def _paragraph(text: str, colour: str | None = None) -> str:
    colour_style = f"color:{colour};" if colour else ""
    return f'<p style="{colour_style}margin:0.3em 0;line-height:1.4">{escape(text)}</p>'


def verdict_html(explanation: Explanation, lang: str | None) -> str:
    """The engine's verdict on a card, with its rule, as a paragraph."""
    key = "ui.allowed" if explanation.legal else "ui.not-allowed"
    text = lesson_text(key, lang, reason=explanation.text(lang), rule=explanation.rule)
    return _paragraph(("✓ " if explanation.legal else "✗ ") + text, GOOD if explanation.legal else BAD)


def events_html(events: Iterable[Event], lang: str | None, names: list[str]) -> str:
    """What happened, in the engine's words, with the seats named as on the table."""
    return "".join(_paragraph(event_text(e, lang, names)) for e in events)


def _card_look(control: widgets.ToggleButton, card: Card) -> None:
    """Rank and suit in bold, red or black, at card size."""
    control.layout = widgets.Layout(width="3.6em", height="2.6em")
    control.style.text_color = "#c0142c" if card.suit.is_red else "#111111"
    control.style.font_weight = "bold"
    control.add_class("hearts-lesson-card")


def text_button(text: str, on_click: Callable[[], None], style: str = "") -> widgets.Button:
    """A button labelled with a sentence, as wide as its words."""
    button = widgets.Button(description=text, button_style=style, layout=widgets.Layout(width="auto"))
    button.on_click(lambda _button: on_click())
    return button


def choice_button(text: str, on_click: Callable[[], None]) -> widgets.Button:
    """One answer the learner may choose."""
    button = text_button(text, on_click)
    button.add_class("hearts-lesson-choice")
    return button


class PositionBoard(widgets.VBox):
    """A prepared position on the real table (``HeartsTable.from_hand``): an
    illegal card is refused on the table with its rule; a legal one is played,
    the table stops and tells what followed, and the engine's verdict on the
    card is written below (Undo on the table takes it back)."""

    def __init__(self, position: Position, lang: str | None = None) -> None:
        from ..widget import HeartsTable

        self.position = position
        self.lang = lang
        self._start = position.hand.to_dict()
        prompt = f"<b>{escape(lesson_text(f'position.{position.key}', lang))}</b>"
        self.prompt = _html(f'<p style="margin:0.3em 0">{prompt}</p>', "hearts-lesson-prompt")
        self.table = HeartsTable.from_hand(position.hand, learner=position.seat, stop_after_move=True,
                                           lang=check_language(lang))
        self.feedback = _html("", "hearts-lesson-feedback")
        self.table.observe(lambda _change: self._show_verdict(), names="state")
        super().__init__([self.prompt, self.table, self.feedback], layout=widgets.Layout(**BOX))
        self.add_class("hearts-lesson-position")

    def played(self) -> Card | None:
        """The card the learner has played from this position (None before, or after undo)."""
        record = self.table.game.to_dict()
        if record.get("start") != self._start or not record["actions"]:
            return None
        return Card.parse(record["actions"][0]["card"])

    def _show_verdict(self) -> None:
        card = self.played()
        if card is None:
            self.feedback.value = ""
            return
        self.feedback.value = verdict_html(self.position.hand.explain(card), self.lang)


class PassBoard(widgets.VBox):
    """The pass: the learner picks cards and passes; the engine refuses any number
    but three, then everyone passes at once and the cards change hands."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        self.start = Hand.deal(Rules(players=4), seed=PASS_SEED, number=0)
        self.toggles = {card: self._toggle(card) for card in self.start.held(LEARNER)}
        self.feedback = _html("", "hearts-lesson-feedback")
        self.shown_choice = _html("", "hearts-lesson-chosen")
        self.pass_button = text_button(lesson_text("ui.pass-button", lang), self.submit, "primary")
        again = text_button(lesson_text("ui.start-again", lang), self.reset)
        prompt = f'<p style="margin:0.3em 0"><b>{escape(lesson_text("position.pass", lang))}</b></p>'
        cards = widgets.HBox(list(self.toggles.values()), layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([_html(prompt, "hearts-lesson-prompt"), cards, self.shown_choice,
                          widgets.HBox([self.pass_button, again]), self.feedback], layout=widgets.Layout(**BOX))
        self.add_class("hearts-lesson-pass")
        self._show_choice()

    def _toggle(self, card: Card) -> widgets.ToggleButton:
        toggle = widgets.ToggleButton(description=str(card), tooltip=card.code)
        _card_look(toggle, card)
        toggle.observe(lambda _change: self._show_choice(), names="value")
        return toggle

    def _show_choice(self) -> None:
        self.shown_choice.value = _paragraph(
            lesson_text("ui.pass-chosen", self.lang, cards=" ".join(map(str, self.chosen))))

    @property
    def chosen(self) -> list[Card]:
        return [card for card, toggle in self.toggles.items() if toggle.value]

    def submit(self) -> None:
        after, refusal = try_pass(self.start, LEARNER, self.chosen)
        if refusal is not None or after is None:
            assert refusal is not None
            self.feedback.value = verdict_html(refusal, self.lang)
            return
        allowed = self.start.explain(self.chosen[0])
        for seat in after.waiting_to_pass:
            after = after.pass_cards(seat, after.held(seat)[:3])
        exchange = [e for e in after.events if e.kind == "exchange"]
        done = lesson_text("ui.pass-done", self.lang, given=" ".join(map(str, self.chosen)),
                           received=" ".join(map(str, after.received(LEARNER))))
        names = seat_names(after.players, LEARNER, self.lang)
        self.feedback.value = verdict_html(allowed, self.lang) + events_html(exchange, self.lang, names) + _paragraph(done)
        for toggle in self.toggles.values():
            toggle.disabled = True
        self.pass_button.disabled = True

    def reset(self) -> None:
        self.feedback.value = ""
        self.pass_button.disabled = False
        for toggle in self.toggles.values():
            toggle.disabled = False
            toggle.value = False
        self._show_choice()


class CheckBox(widgets.VBox):
    """A check question: one button per answer, feedback at once."""

    def __init__(self, check: Check, lang: str | None = None) -> None:
        self.check = check
        self.lang = lang
        self.feedback = _html("", "hearts-lesson-feedback")
        buttons = [choice_button(check.choice_text(choice, lang), lambda choice=choice: self.answer(choice))
                   for choice in check.choices]
        question = _html(f'<p style="margin:0.3em 0"><b>{escape(check.question(lang))}</b></p>',
                         "hearts-lesson-question")
        super().__init__([question, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")),
                          self.feedback], layout=widgets.Layout(**BOX))
        self.add_class("hearts-lesson-check")

    def answer(self, choice: str) -> None:
        feedback = self.check.feedback(choice, self.lang)
        self.feedback.value = _paragraph(("✓ " if feedback.correct else "✗ ") + feedback.text,
                                         GOOD if feedback.correct else BAD)


def deck_html(players: int, lang: str | None) -> str:
    """The 52 cards by suit, the ones stripped for ``players`` dimmed and struck out."""
    rules = Rules(players=players)
    rows = []
    for suit in Suit:
        cells = []
        for rank in range(14, 1, -1):
            card = Card(rank, suit)
            out = card in rules.stripped
            style = "opacity:.25;text-decoration:line-through" if out else ""
            cells.append(f'<span style="{style}" class="{"hearts-lesson-out" if out else ""}">{card_html(card)}</span>')
        rows.append(f"<div>{''.join(cells)}</div>")
    summary = lesson_text("ui.deck-summary", lang, players=players, each=rules.cards_each)
    stripped = (lesson_text("ui.deck-stripped", lang, cards=" ".join(map(str, rules.stripped))) if rules.stripped
                else lesson_text("ui.deck-nothing-stripped", lang))
    return _paragraph(summary) + "".join(rows) + _paragraph(stripped)


def _players_picker(lang: str | None, show: Callable[[int], str], css: str) -> widgets.VBox:
    picker = widgets.ToggleButtons(options=[3, 4, 5, 6, 7], value=4, description=lesson_text("ui.players", lang),
                                   style={"button_width": "3em"})
    picker.add_class("hearts-lesson-players")
    out = _html(show(4), css)
    picker.observe(lambda change: setattr(out, "value", show(change["new"])), names="value")
    return widgets.VBox([picker, out])


def deck_demo(lang: str | None = None) -> widgets.VBox:
    return _players_picker(lang, lambda players: deck_html(players, lang), "hearts-lesson-deck")


def rotation_html(players: int, lang: str | None) -> str:
    """The pass direction of the first hands for ``players`` (pass.rotation)."""
    rules = Rules(players=players)
    names = {"left": "ui.pass-left", "right": "ui.pass-right", "across": "ui.pass-across", None: "ui.pass-none"}
    rows = "".join(
        f"<tr><td>{escape(lesson_text('ui.hand-number', lang, number=n + 1))}</td>"
        f"<td style='padding-left:1em'>{escape(lesson_text(names[rules.pass_direction(n)], lang))}</td></tr>"
        for n in range(ROTATION_HANDS))
    return f"<table>{rows}</table>"


def rotation_demo(lang: str | None = None) -> widgets.VBox:
    return _players_picker(lang, lambda players: rotation_html(players, lang), "hearts-lesson-rotation")


def sheet_html(game: Game, lang: str | None) -> str:
    """The score sheet: a column per seat, a row per hand, the totals, the target."""
    names = seat_names(game.rules.players, LEARNER, lang)
    head = "".join(f"<th style='padding:0 .6em'>{escape(name)}</th>" for name in names)
    body = "".join(
        f"<tr><td>{escape(lesson_text('ui.hand-number', lang, number=n + 1))}</td>"
        + "".join(f"<td style='text-align:right;padding:0 .6em'>{number_text(v)}</td>" for v in row) + "</tr>"
        for n, row in enumerate(game.sheet))
    totals = "".join(f"<td style='text-align:right;padding:0 .6em;font-weight:700'>{number_text(v)}</td>"
                     for v in game.scores)
    target = _paragraph(lesson_text("ui.target", lang, target=game.rules.target))
    return (f"<table class='hearts-lesson-sheet'><tr><th>{escape(lesson_text('ui.sheet-hand', lang))}</th>{head}</tr>"
            f"{body}<tr><td><b>{escape(lesson_text('ui.sheet-total', lang))}</b></td>{totals}</tr></table>{target}")


def sheet_demo(lang: str | None = None) -> widgets.HTML:
    """A score sheet after the first hands of a game."""
    return _html(sheet_html(tie_game(SHEET_HANDS), lang), "hearts-lesson-sheet-demo")


class MoonChoice(widgets.VBox):
    """The shooter's choice on a real game: the learner picks, the engine scores."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        self.game = moon_game()
        self.result = _html("", "hearts-lesson-feedback")
        buttons = [choice_button(lesson_text(f"ui.moon-{choice}", lang), lambda choice=choice: self.choose(choice))
                   for choice in ("self", "others")]
        self.names = seat_names(self.game.rules.players, LEARNER, lang)
        before = _paragraph(lesson_text("ui.moon-before", lang)) + sheet_html(self.game, lang)
        moon = [e for e in self.game.hand.events if e.kind == "moon"]
        prompt = f'<p style="margin:0.3em 0"><b>{escape(lesson_text("position.moon", lang))}</b></p>'
        super().__init__([_html(events_html(moon, lang, self.names) + before + prompt, "hearts-lesson-prompt"),
                          widgets.HBox(buttons), self.result], layout=widgets.Layout(**BOX))
        self.add_class("hearts-lesson-moon")

    def choose(self, choice: str) -> None:
        after = self.game.choose_moon(choice)  # type: ignore[arg-type]
        told = [e for e in after.events if e.kind == "moon-choice"]
        self.result.value = (events_html(told, self.lang, self.names)
                             + _paragraph(lesson_text("ui.moon-after", self.lang))
                             + sheet_html(after, self.lang))


def target_demo(lang: str | None = None) -> widgets.HTML:
    """A whole game to 50 that ends in a shared win, told by the engine."""
    game = tie_game()
    over = [e for e in game.events if e.kind == "game-over"]
    names = seat_names(game.rules.players, LEARNER, lang)
    return _html(sheet_html(game, lang) + events_html(over, lang, names), "hearts-lesson-target")


def same_deal_html(result: SameDeal, lang: str | None) -> str:
    """The same deal under two variants: each seat's points side by side and the change,
    then who took the bonus card (the engine's points, the moon not applied)."""
    names = seat_names(result.before.players, LEARNER, lang)
    variants = variant_names(lang)
    heads = [variants[result.before.rules.variant], variants[result.after.rules.variant],
             lesson_text("ui.same-deal-change", lang)]
    head = "".join(f"<th style='padding:0 .6em'>{escape(h)}</th>" for h in heads)
    cell = "<td style='text-align:right;padding:0 .6em'>{}</td>"
    body = "".join(
        f"<tr><th style='text-align:left'>{escape(names[row['seat']])}</th>"
        + cell.format(number_text(row["before"])) + cell.format(number_text(row["after"]))
        + cell.format(number_text(row["difference"], signed=True))
        + "</tr>" for row in result.rows())
    bonus_card = result.after.rules.bonus_card  # None unless the replay is Omnibus Hearts
    bonus = Card.parse(bonus_card) if bonus_card else None
    takers = [t.winner for t in result.after.tricks if t.winner is not None and bonus in t.cards]
    told = "".join(_paragraph(lesson_text("ui.same-deal-bonus", lang, name=names[seat])) for seat in takers)
    return f"<table class='hearts-lesson-same-deal'><tr><th></th>{head}</tr>{body}</table>{told}"


def variants_demo(lang: str | None = None) -> widgets.HTML:
    """One finished hand as Hearts and the same deal and play as Omnibus Hearts."""
    return _html(same_deal_html(omnibus_same_deal(), lang), "hearts-lesson-variants")


def table_demo(lang: str | None = None) -> widgets.Widget:
    """A whole game against bots on the real table."""
    from ..widget import HeartsTable

    return HeartsTable(lang=lang or "en")
