"""Every word the table widget shows that is not a rule explanation or an
event: buttons, labels, dialogs, accessible names, seat names and notices.

Static labels go to the browser as one dict (:func:`ui_strings`); sentences
with numbers or names are made here in Python, whole, with named
placeholders, so a translator can reorder them.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.cards import Card
from .messages import card_name
from .translate import translator


def ui_strings(lang: str | None = None) -> dict[str, str]:
    """The widget's fixed labels, keyed by what the front end uses them for."""
    t = translator(lang)
    return {
        "table": t.pgettext("widget", "Hearts table"),
        "your_hand": t.pgettext("widget", "Your hand"),
        "trick": t.pgettext("widget", "Cards on the table"),
        "narration": t.pgettext("widget", "What happened"),
        "score_sheet": t.pgettext("widget", "Score sheet"),
        "hand_column": t.pgettext("score sheet", "Hand"),
        "total_row": t.pgettext("score sheet", "Total"),
        "undo": t.pgettext("button", "Undo"),
        "new_game": t.pgettext("button", "New game"),
        "hint": t.pgettext("button", "Hint"),
        "coach": t.pgettext("widget", "Coach"),
        "hinted": t.pgettext("card badge", "suggested by the coach"),
        "confirm_pass": t.pgettext("button", "Pass these three cards"),
        "finish_hand": t.pgettext("button", "Finish the hand"),
        "show_last_trick": t.pgettext("button", "Show the last trick"),
        "hide_last_trick": t.pgettext("button", "Hide the last trick"),
        "last_trick": t.pgettext("widget", "Last trick"),
        "no_last_trick": t.pgettext("widget", "No trick has been played yet."),
        "pace": t.pgettext("widget", "Bot pace"),
        "pace_instant": t.pgettext("pace", "Instant"),
        "pace_slow": t.pgettext("pace", "One card at a time"),
        "language": t.pgettext("widget", "Language"),
        "hearts_broken": t.pgettext("indicator", "Hearts broken"),
        "hearts_not_broken": t.pgettext("indicator", "Hearts not broken"),
        "you": t.pgettext("seat badge", "you"),
        "leads": t.pgettext("seat badge", "leads"),
        "to_play": t.pgettext("seat badge", "to play"),
        "to_pass": t.pgettext("seat badge", "to pass"),
        "bot": t.pgettext("seat badge", "bot"),
        "moon_title": t.pgettext("dialog", "You shot the moon!"),
        "game_over": t.pgettext("dialog", "Game over"),
        "chart": t.pgettext("chart", "Scores after each hand"),
        "chart_target": t.pgettext("chart", "target"),
        "dismiss": t.pgettext("button", "Dismiss"),
        "show_my_cards": t.pgettext("button", "Show my cards"),
    }


def seat_names(players: int, learner: int, lang: str | None = None) -> list[str]:
    """Names for the seats as the learner sees the table: with four players the
    compass (the learner sits South, play goes left: West, North, East),
    otherwise numbered players counted from the learner."""
    t = translator(lang)
    if players == 4:
        compass = [t.pgettext("seat", "South"), t.pgettext("seat", "West"),
                   t.pgettext("seat", "North"), t.pgettext("seat", "East")]
        return [compass[(seat - learner) % 4] for seat in range(players)]
    return [t.pgettext("seat", "Player {number}").format(number=(seat - learner) % players + 1)
            for seat in range(players)]


def card_label(card: Card, lang: str | None, playable: bool, reason: str) -> str:
    """A card's accessible name: "Queen of spades, not playable: Hearts are not broken…"."""
    t = translator(lang)
    name = card_name(card, lang)
    if playable:
        return t.gettext("{card}, playable: {reason}").format(card=name, reason=reason)
    return t.gettext("{card}, not playable: {reason}").format(card=name, reason=reason)


def pass_card_label(card: Card, lang: str | None, chosen: bool) -> str:
    t = translator(lang)
    name = card_name(card, lang)
    if chosen:
        return t.gettext("{card}, chosen to pass").format(card=name)
    return t.gettext("{card}, not chosen").format(card=name)


def card_count(count: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{count} card", "{count} cards", count).format(count=count)


def points_taken(points: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{points} point taken", "{points} points taken", points).format(points=points)


def tricks_taken(tricks: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks)


def turn_text(name: str, yours: bool, lang: str | None = None) -> str:
    t = translator(lang)
    if yours:
        return t.gettext("Your turn, {name}: choose a highlighted card.").format(name=name)
    return t.gettext("{name} to play.").format(name=name)




def pass_prompt(direction: str, target: str, chosen: int, lang: str | None = None) -> str:
    """The pass instruction: direction, receiving seat and how many are chosen."""
    t = translator(lang)
    texts = {
        "left": t.ngettext(
            "Pass three cards to the left, to {target}: {chosen} card chosen.",
            "Pass three cards to the left, to {target}: {chosen} cards chosen.", chosen),
        "right": t.ngettext(
            "Pass three cards to the right, to {target}: {chosen} card chosen.",
            "Pass three cards to the right, to {target}: {chosen} cards chosen.", chosen),
        "across": t.ngettext(
            "Pass three cards across the table, to {target}: {chosen} card chosen.",
            "Pass three cards across the table, to {target}: {chosen} cards chosen.", chosen),
    }
    return texts[direction].format(target=target, chosen=chosen)


def pass_direction_label(direction: str | None, lang: str | None = None) -> str:
    """The short label for this hand's pass, shown beside the hand number."""
    t = translator(lang)
    return {
        "left": t.pgettext("pass label", "Pass left"),
        "right": t.pgettext("pass label", "Pass right"),
        "across": t.pgettext("pass label", "Pass across"),
        None: t.pgettext("pass label", "No pass"),
    }[direction]


def waiting_pass_text(names: Sequence[str], lang: str | None = None) -> str:
    return translator(lang).gettext("Waiting for {names} to pass.").format(names=", ".join(names))


def received_text(giver: str, cards: Sequence[Card], lang: str | None = None) -> str:
    return translator(lang).gettext("You received {cards} from {giver}.").format(
        cards=" ".join(str(c) for c in cards), giver=giver)


def hot_seat_text(name: str, lang: str | None = None) -> str:
    return translator(lang).gettext(
        "Hand the device to {name}: {name}, it is your turn, and the table shows your cards.").format(name=name)




def hand_title(number: int, lang: str | None = None) -> str:
    return translator(lang).gettext("Hand {number}").format(number=number)


def trick_winner_text(name: str, lang: str | None = None) -> str:
    return translator(lang).gettext("{name} wins this trick.").format(name=name)


def hand_over_text(number: int, points: str, lang: str | None = None) -> str:
    """Shown at the start of the next hand: what the last one scored."""
    return translator(lang).gettext("Hand {number} is over. Points taken: {points}.").format(
        number=number, points=points)


def target_text(target: int, lang: str | None = None) -> str:
    return translator(lang).gettext("The game ends when someone reaches {target} points.").format(target=target)


def finish_offer_text(lang: str | None = None) -> str:
    return translator(lang).gettext(
        "No points are left in play: nobody's score can change this hand. Finish the hand at once?")


def moon_choice_texts(lang: str | None = None) -> dict[str, str]:
    t = translator(lang)
    return {
        "self": t.gettext("Take 26 points off my score"),
        "others": t.gettext("Add 26 points to everyone else"),
    }


def moon_effect_text(totals: str, winners: Sequence[str], lang: str | None = None) -> str:
    """What a moon choice does to the standings: the new totals and, when the
    target is reached, who wins (``winners`` empty while the game goes on)."""
    t = translator(lang)
    if winners:
        return t.ngettext(
            "Totals become {totals}. The target is reached: {winners} wins.",
            "Totals become {totals}. The target is reached: {winners} share the win.",
            len(winners)).format(totals=totals, winners=", ".join(winners))
    return t.gettext("Totals become {totals}. The game goes on.").format(totals=totals)


def total_entry(name: str, total: int, lang: str | None = None) -> str:
    return translator(lang).gettext("{name} {total}").format(name=name, total=total)


def winners_text(names: Sequence[str], you_win: bool, lang: str | None = None) -> str:
    t = translator(lang)
    if you_win:
        return t.gettext("You win! Winners: {names}.").format(names=", ".join(names))
    return t.ngettext("{names} wins.", "{names} share the win.", len(names)).format(names=", ".join(names))




def notice_text(kind: str, lang: str | None = None, **facts: object) -> str:
    """Why an action from the page did nothing (or what a control did)."""
    t = translator(lang)
    texts = {
        "stale": t.gettext("Nothing happened: that action was made on an earlier table, which has changed since."),
        "malformed": t.gettext("Nothing happened: the page sent a message the table does not understand ({detail})."),
        "not-your-turn": t.gettext("Nothing happened: it is {name}'s turn, not yours."),
        "not-held": t.gettext("Nothing happened: {card} is not in your hand."),
        "illegal": t.gettext("{card} cannot be played: {reason}"),
        "refused": t.gettext("Nothing happened: {reason}"),
        "rules-refused": t.gettext(
            "Nothing happened: the rules do not allow that choice of “{option}”, so they stay as they were."),
        "nothing-to-undo": t.gettext("There is nothing to undo yet."),
        "undone": t.gettext("Your last move was taken back."),
        "undone-practice": t.gettext(
            "Your last move was taken back, after you had seen what came of it: "
            "this game now counts as practice."),
        "new-game": t.gettext("A new game has started."),
        "game-over": t.gettext("The game is over: start a new game to play again."),
        "moon-first": t.gettext("Nothing happened: the moon has been shot, and the shooter chooses first."),
        "pass-first": t.gettext("Nothing happened: first choose three cards to pass."),
        "passing-over": t.gettext("Nothing happened: the pass is over, so play a card."),
        "no-finish": t.gettext("The hand cannot be finished at once: points are still in play."),
        "no-moon": t.gettext("Nothing happened: there is no moon choice to make now."),
        "no-hint": t.gettext("No hint now: it is not your turn."),
        "language": t.gettext("The table now speaks {language}."),
        "pace": t.gettext("Bot pace changed."),
        "bad-language": t.gettext("Nothing happened: {detail}"),
        "internal": t.gettext("Something went wrong inside the table ({detail}). The game was not changed."),
        "house-rules": t.gettext("These rules apply from the next new game."),
        "no-same-deal": t.gettext("Same deal, other rules needs a finished hand: play a hand to the end first."),
    }
    return texts[kind].format(**facts)
