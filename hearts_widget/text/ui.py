"""Every word the table widget shows that is not a rule explanation or an
event: buttons, labels, dialogs, accessible names, seat names and notices.

Static labels go to the browser as one dict (:func:`ui_strings`); sentences
with numbers or names are made here in Python, whole, with named
placeholders, so a translator can reorder them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from .messages import card_name, names_text, number_text, points_text
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
        # Asked before "New game" (or another variant) ends a game in progress.
        "new_game_question": t.pgettext("dialog", "Start a new game?"),
        "new_game_loss": t.pgettext("dialog", "The game in progress and its score sheet will be lost."),
        "new_game_confirm": t.pgettext("button", "Start a new game"),
        "new_game_keep": t.pgettext("button", "Keep playing"),
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
        # The button that shows the table's settings (the bots' pace, the language, ...) under its toolbar.
        "settings": t.pgettext("button", "Settings"),
        "hearts_broken": t.pgettext("indicator", "Hearts broken"),
        "hearts_not_broken": t.pgettext("indicator", "Hearts not broken"),
        "you": t.pgettext("seat badge", "you"),
        "leads": t.pgettext("seat badge", "leads"),
        "to_play": t.pgettext("seat badge", "to play"),
        "to_pass": t.pgettext("seat badge", "to pass"),
        "bot": t.pgettext("seat badge", "bot"),
        "moon_title": t.pgettext("dialog", "You shot the moon!"),
        "game_over": t.pgettext("dialog", "Game over"),
        # In the game-over box: opens the review of the game's last hand (the one a review is kept for).
        "review_last": t.pgettext("button", "Review your last hand"),
        "chart": t.pgettext("chart", "Scores after each hand"),
        "dismiss": t.pgettext("button", "Dismiss"),
        "show_my_cards": t.pgettext("button", "Show my cards"),
        **card_label_templates(lang),
        "continue": t.pgettext("button", "Continue"),
        "continue_key": t.pgettext("widget", "or press {key}"),  # {key}: the key as printed on it, Enter
        "continue_after": t.pgettext("widget", "After a trick"),
        "lesson_undo": t.pgettext("button", "Undo and try another card"),
        "wins": t.pgettext("card badge", "wins the trick"),
        # Cancellation Hearts: a card of the trick that cancelled with its twin (it cannot win the trick).
        "cancelled": t.pgettext("card badge", "cancelled"),
        "rule_link": t.pgettext("widget", "See this rule in the rules card"),
        "replay": t.pgettext("widget", "Replay the hand, trick by trick"),
        "replay_back": t.pgettext("button", "Previous trick"),
        "replay_forward": t.pgettext("button", "Next trick"),
        "no_point_cards": t.pgettext("widget", "no point cards"),
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


def snapshot_labels(lang: str | None = None) -> dict[str, str]:
    """The words of the table's static snapshot, shown where widgets cannot run (engine.display)."""
    t = translator(lang)
    return {
        # Translators: {seat} is the seat's name (South).
        "title": t.gettext("Hearts: what {seat} sees"),
        "hand": t.gettext("Your cards"),
        "trick": t.gettext("On the table"),
        "points": t.gettext("Points this hand"),
        "total": t.pgettext("score sheet", "Total"),
        "to_play": t.gettext("to play"),
    }


def lesson_snapshot_note(lang: str | None = None) -> str:
    """Below the lesson's static picture (a stored notebook on GitHub): how to work through it."""
    return translator(lang).gettext("This is the lesson's first step. The lesson is interactive: run this notebook "
                                    "in Jupyter, or serve it with Voilà, to work through every step.")


def seat_with_bot_text(seat: str, bot: str, lang: str | None = None) -> str:
    """A seat played by a learner's bot function, named with the function: "West (my_bot)"."""
    # Translators: {seat} is a seat's name (West), {bot} the name of the Python function that plays it (my_bot).
    return translator(lang).gettext("{seat} ({bot})").format(seat=seat, bot=bot)


def seat_short_names(players: int, learner: int, lang: str | None = None) -> list[str]:
    """The seats' names in a letter or two and a number, in the order of :func:`seat_names`:
    the score sheet's column heads when the full names do not fit (a phone)."""
    t = translator(lang)
    if players == 4:
        # Translators: a compass point as the seats are named (South, West, North, East), shortened: its first
        # letter, or its first few letters where two points would begin with the same one.
        compass = [t.pgettext("seat, short", "S"), t.pgettext("seat, short", "W"),
                   t.pgettext("seat, short", "N"), t.pgettext("seat, short", "E")]
        return [compass[(seat - learner) % 4] for seat in range(players)]
    # Translators: a short "Player {number}": its first letter, then the number, as in "P3".
    return [t.pgettext("seat, short", "P{number}").format(number=(seat - learner) % players + 1)
            for seat in range(players)]


def card_label_templates(lang: str | None = None) -> dict[str, str]:
    """The accessible names of the hand's cards, as templates the page fills with each
    card's name and reason (so they are sent once, not with every card of every update)."""
    t = translator(lang)
    return {
        "card_playable": t.gettext("{card}, playable: {reason}"),
        "card_not_playable": t.gettext("{card}, not playable: {reason}"),
        "card_chosen": t.gettext("{card}, chosen to pass"),
        "card_not_chosen": t.gettext("{card}, not chosen"),
        # Translators: a card chosen on a check's board, which says nothing of right or wrong.
        "card_noted": t.gettext("{card}, your answer"),
    }


def card_label(card: Card, lang: str | None, playable: bool, reason: str) -> str:
    """A card's accessible name: "Queen of spades, not playable: Hearts are not broken…"."""
    template = card_label_templates(lang)["card_playable" if playable else "card_not_playable"]
    return template.format(card=card_name(card, lang), reason=reason)


def pass_card_label(card: Card, lang: str | None, chosen: bool) -> str:
    template = card_label_templates(lang)["card_chosen" if chosen else "card_not_chosen"]
    return template.format(card=card_name(card, lang))


def card_count(count: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{count} card", "{count} cards", count).format(count=count)


def points_taken(points: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{points} point taken", "{points} points taken", abs(points)).format(
        points=number_text(points))


def tricks_taken(tricks: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks)


def turn_text(name: str, yours: bool, lang: str | None = None) -> str:
    t = translator(lang)
    if yours:
        return t.gettext("Your turn, {name}: choose a highlighted card.").format(name=name)
    return t.gettext("{name} to play.").format(name=name)


def ask_turn_text(name: str, lang: str | None = None) -> str:
    """The learner's turn on a board that asks first: no card is marked yet."""
    return translator(lang).gettext("Your turn, {name}: which card do you play?").format(name=name)


def noted_text(card: str, lang: str | None = None) -> str:
    """A check's board once the learner has chosen: their card noted, no verdict."""
    # Translators: {card} is a card such as Q♠. Nothing is said of right or wrong.
    return translator(lang).gettext("Your answer: {card}. Noted.").format(card=card)




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


def signed(points: int) -> str:
    """A number of points with a true minus sign (−10, not -10)."""
    return str(points).replace("-", "\u2212")


def trick_winner_text(name: str, card: str, suit: str, cancelled: bool, lang: str | None = None) -> str:
    """The caption of a completed trick: who won it, with which card, and why
    (play.trick-winner; variant.cancellation.cancel when twins were cancelled)."""
    t = translator(lang)
    if cancelled:
        return t.gettext("{name} wins with {card}: the highest of the {suit}, the suit led, "
                         "that is not cancelled by its twin.").format(name=name, card=card, suit=suit)
    return t.gettext("{name} wins with {card}: the highest of the {suit}, the suit led.").format(
        name=name, card=card, suit=suit)


def trick_carried_text(lang: str | None = None) -> str:
    return translator(lang).gettext(
        "Nobody wins this trick: every card of the suit led is cancelled, so its cards wait "
        "for the next trick's winner.")


def trick_to_leader_text(name: str, lang: str | None = None) -> str:
    return translator(lang).gettext(
        "{name} takes this last trick: every card of the suit led is cancelled, and {name} led it.").format(
        name=name)


def trick_points_text(points: int, cards: Sequence[Card], lang: str | None = None) -> str:
    """What a completed trick holds: its points and the cards that carry them."""
    t = translator(lang)
    if not cards:
        return t.gettext("No points in this trick.")
    return t.ngettext("It holds {points} point: {cards}.", "It holds {points} points: {cards}.", abs(points)).format(
        points=signed(points), cards=" ".join(str(c) for c in cards))


def hearts_broken_note(name: str, card: str, must_be_broken: bool, lang: str | None = None) -> str:
    """play.hearts-broken told at the table: who broke hearts, with which card, and what it allows now."""
    t = translator(lang)
    if must_be_broken:
        return t.gettext("Hearts are broken: {name} played {card}. From now on a heart may be led.").format(
            name=name, card=card)
    return t.gettext("Hearts are broken: {name} played {card}.").format(name=name, card=card)


def hearts_open_note(name: str, card: str, lang: str | None = None) -> str:
    """What breaking hearts allows, told to a learner not yet taught the words "hearts are broken"."""
    return translator(lang).gettext("{name} played {card}: from now on a heart may be led.").format(
        name=name, card=card)


def void_note(name: str, suit: str, card: str, lang: str | None = None) -> str:
    """A seat shows it has no card of the suit led (play.discard)."""
    return translator(lang).gettext("{name} has no {suit} left, so played {card} instead.").format(
        name=name, suit=suit, card=card)


def maria_taken_note(name: str, points: int, lang: str | None = None) -> str:
    return translator(lang).ngettext(
        "{name} takes the Black Maria (Q♠): {points} point.",
        "{name} takes the Black Maria (Q♠): {points} points.", points).format(name=name, points=points)


def last_trick_note(lang: str | None = None) -> str:
    return translator(lang).gettext("That was the last trick: the hand is over.")


def hand_summary_title(number: int, lang: str | None = None) -> str:
    return translator(lang).gettext("Hand {number} is over: the point cards each player took").format(number=number)


def hand_points_text(name: str, points: int, lang: str | None = None) -> str:
    return translator(lang).ngettext("{name}: {points} point", "{name}: {points} points", abs(points)).format(
        name=name, points=signed(points))


def aim_text(target: int, lang: str | None = None) -> str:
    """score.winner: the aim of the game in one line, on a game's first screen."""
    return translator(lang).gettext(
        "The aim: take as few points as you can; the game ends at {target} points and the lowest total wins."
    ).format(target=number_text(target))


def point_cards_text(variant: str, bonus: Card | None, lang: str | None = None) -> str:
    """score.points (and each variant's points): what counts as a point under the table's rules,
    on a game's first screen after the aim. ``bonus``: Omnibus Hearts' card worth −10."""
    t = translator(lang)
    if variant == "omnibus":
        return t.gettext("Each heart you take is 1 point and the Q♠ is 13; the {bonus} is −10: "
                         "it takes 10 points off.").format(bonus=str(bonus))
    if variant == "black-maria":
        return t.gettext("Each heart you take is 1 point, the Q♠ is 13, the K♠ 10 and the A♠ 7; "
                         "no other card counts.")
    if variant == "cancellation":
        return t.gettext("Two packs are in play: each heart you take is 1 point and each Q♠ is 13; "
                         "no other card counts.")
    return t.gettext("Each heart you take is 1 point and the Q♠ is 13; no other card counts.")


def own_result_text(points: int, place: int, count: int, tied_with: Sequence[str],
                    lang: str | None = None) -> str:
    """score.winner: the learner's own result at the end of a game: their total and their place
    among ``count`` players (1 is the lowest total), with the players who tie with them."""
    t = translator(lang)
    if tied_with:
        return t.gettext("Your total: {points}, place {place} of {count}, shared with {names}.").format(
            points=points_text(points, lang), place=place, count=count, names=names_text(tied_with, lang))
    return t.gettext("Your total: {points}, place {place} of {count}.").format(
        points=points_text(points, lang), place=place, count=count)


def best_worst_text(best: int, best_points: int, worst: int, worst_points: int, lang: str | None = None) -> str:
    """The learner's best and worst hands of a game (by number), with their points."""
    return translator(lang).gettext(
        "Your best hand: hand {best} ({best_points}). Your worst: hand {worst} ({worst_points})."
    ).format(best=best, best_points=points_text(best_points, lang), worst=worst,
             worst_points=points_text(worst_points, lang))


def taken_before_text(points: int, lang: str | None = None) -> str:
    """A prepared position's summary: the points a seat had taken before the position began."""
    return translator(lang).gettext("taken before this position began: {points}").format(
        points=points_text(points, lang))


def replay_trick_title(number: int, count: int, leader: str, lang: str | None = None) -> str:
    return translator(lang).gettext("Trick {number} of {count}: {leader} led.").format(
        number=number, count=count, leader=leader)


def continue_text(lang: str | None = None) -> str:
    """The status while a completed trick is shown: play goes on when the learner says so."""
    return translator(lang).gettext("The trick is complete. Continue when you have seen who won it and why.")


def trick_over_text(lang: str | None = None) -> str:
    """The status of a lesson table that stopped after the learner's trick."""
    return translator(lang).gettext("This trick is over: see who won it and why.")


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
    if len(winners) == 1:
        return t.gettext("Totals become {totals}. The target is reached: {winner} wins.").format(
            totals=totals, winner=winners[0])
    if winners:  # score.winner: a tie shares the win (its own sentence, whatever the plural rules)
        return t.gettext(
            "Totals become {totals}. The target is reached: {winners} tie for the lowest total and share the win."
        ).format(totals=totals, winners=names_text(winners, lang))
    return t.gettext("Totals become {totals}. The game goes on.").format(totals=totals)


def seconds_text(seconds: float) -> str:
    """A number of seconds as a learner reads it: ``2``, ``0.8``."""
    return f"{seconds:g}"


def pace_choice_text(seconds: float, lang: str | None = None) -> str:
    """A bot pace not on the menu (a table made with ``pace=1.5``): the seconds between cards."""
    return translator(lang).pgettext("pace", "{seconds} s").format(seconds=seconds_text(seconds))


def continue_choice_text(seconds: float, lang: str | None = None) -> str:
    """How long a completed trick stays on the table: until the learner continues (0), or seconds."""
    t = translator(lang)
    if seconds == 0:
        return t.pgettext("continue", "Wait for me")
    return t.pgettext("continue", "Go on after {seconds} s").format(seconds=seconds_text(seconds))


def chart_target_text(target: int, lang: str | None = None) -> str:
    """The target's line on the score chart: "target 100"."""
    return translator(lang).pgettext("chart", "target {points}").format(points=number_text(target))


def total_entry(name: str, total: int, lang: str | None = None) -> str:
    return translator(lang).gettext("{name} {total}").format(name=name, total=number_text(total))


def winners_text(names: Sequence[str], you_win: bool, lang: str | None = None) -> str:
    """score.winner: who won; players tied for the lowest total share the win
    (a sentence of its own, not a plural form: some languages' plural rules
    would give two or three winners the singular)."""
    t = translator(lang)
    if len(names) > 1:
        if you_win:
            return t.gettext("You share the win: {names} tie for the lowest total.").format(
                names=names_text(names, lang))
        return t.gettext("{names} tie for the lowest total and share the win.").format(names=names_text(names, lang))
    if you_win:
        return t.gettext("You win with the lowest total!")
    return t.gettext("{name} wins with the lowest total.").format(name=names[0])




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
        "continue-after": t.gettext("The table now keeps a completed trick as you chose."),
        "nothing-to-continue": t.gettext("Nothing happened: there is no completed trick waiting on the table."),
        "continue-first": t.gettext("First press Continue: the completed trick is still on the table."),
        "bad-language": t.gettext("Nothing happened: {detail}"),
        "internal": t.gettext("Something went wrong inside the table ({detail}). The game was not changed."),
        "bot-replaced": t.gettext("{name} made a mistake ({detail}): the rule bot plays that seat from now on."),
        "house-rules": t.gettext("These rules apply from the next new game."),
        "no-same-deal": t.gettext("Same deal, other rules needs a finished hand: play a hand to the end first."),
    }
    return texts[kind].format(**facts)
