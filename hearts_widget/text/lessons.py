"""Every sentence of the lessons (the tutorial notebook and the Voilà lesson).

Each text is a whole sentence (or a short paragraph) with named
placeholders, looked up by a stable key, so translators see complete
thoughts and can reorder them. Keys follow the lesson path:
``step.<step>.title``, ``step.<step>.body.<n>``, ``position.<position>``,
``check.<check>.question|why|<choice>`` and ``ui.*`` for controls.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from .translate import translator


def lesson_text(key: str, lang: str | None = None, **values: Any) -> str:
    """The lesson sentence for ``key`` in ``lang``, with ``values`` filled in."""
    texts = _texts(lang)
    if key not in texts:
        raise KeyError(f"no lesson text {key!r}")
    return texts[key].format(**values) if values else texts[key]


def lesson_keys() -> frozenset[str]:
    """Every key that has a text (for tests that check the path uses only real keys)."""
    return frozenset(_texts(None))


@cache
def _texts(lang: str | None) -> Mapping[str, str]:
    """Every lesson sentence in ``lang``, made once per language (a lookup is then a dict's)."""
    t = translator(lang)
    return MappingProxyType({
        # -- controls --------------------------------------------------------
        "ui.title": t.gettext("Learn Hearts"),
        "ui.language": t.gettext("Language"),
        "ui.next": t.gettext("Next"),
        "ui.back": t.gettext("Back"),
        "ui.step-of": t.gettext("Step {number} of {total}"),
        "ui.start-again": t.gettext("Start again"),
        "ui.allowed": t.gettext("Allowed. {reason} (Rule {rule}.)"),
        "ui.not-allowed": t.gettext("Not allowed. {reason} (Rule {rule}.) Try another card."),
        "ui.check-right": t.gettext("Right! {why}"),
        "ui.check-hint": t.gettext("Not yet. Hint: {hint}"),
        "ui.check-hint-feedback": t.gettext("Not yet. {feedback} Hint: {hint}"),
        "ui.check-reveal": t.gettext("Not quite. The answer: {answer}. {why}"),
        "ui.position-next": t.gettext("Undo and try another card, or go to the next step."),
        "ui.show-playable": t.gettext("Show the playable cards"),
        "ui.again-title": t.gettext("First, try these again: you got them wrong before."),
        "ui.again-quiz-title": t.gettext("Not in your score: try this again, you got it wrong before."),
        "ui.retry-of": t.gettext("To try again: {number} of {total}"),
        "ui.mastered": t.gettext("Rules mastered (right without help): {done} of {total}"),
        "ui.mastered-short": t.gettext("Rules mastered: {done} of {total}"),
        "ui.rule-mastered": t.gettext("{rule}: mastered"),
        "ui.rule-missed": t.gettext("{rule}: to practise again"),
        "ui.rule-not-yet": t.gettext("{rule}: not mastered yet"),
        "ui.board-of": t.gettext("Board {number} of {total}"),
        "ui.next-board": t.gettext("Next board"),
        "ui.previous-board": t.gettext("Previous board"),
        "ui.question-of": t.gettext("Question {number} of {total}"),
        "ui.next-question": t.gettext("Next question"),
        "ui.previous-question": t.gettext("Previous question"),
        "ui.exercise-of": t.gettext("Exercise {number} of {total}"),
        "ui.next-exercise": t.gettext("Next exercise"),
        "ui.previous-exercise": t.gettext("Previous exercise"),
        "ui.coach-says": t.gettext("The coach: {advice}"),
        "ui.quiz-score": t.gettext("Quiz score: {right} of {total} right at the first try."),
        "ui.quiz-unfinished": t.gettext("Answer every question to see your score."),
        "ui.start-over": t.gettext("Start over"),
        "ui.results": t.gettext("Your results:"),
        "ui.download": t.gettext("Download ({format})"),
        "ui.print": t.gettext("Print the rules card"),
        "ui.path": t.gettext("Steps done: {done} of {total}"),
        "ui.step-done": t.gettext("Step {number}: {title} (done)"),
        "ui.step-todo": t.gettext("Step {number}: {title}"),
        "ui.step-ahead": t.gettext("Step {number} (still to come)"),
        "ui.rules-card-title": t.gettext("The rules of {game}, {players} players"),
        "ui.guided-others": t.gettext("The others are playing. Your turn comes next."),
        "ui.guided-held": t.gettext("See who won the trick and why, then press {button}."),
        "ui.guided-done": t.gettext(
            "The hand is over: this step is done. Go on to the next step for a whole game on your own, "
            "or play on here with the coach."),
        "ui.players": t.gettext("Players"),
        "ui.variant": t.gettext("Game"),
        "ui.deck-summary": t.gettext("With {players} players, everyone gets {each} cards."),
        "ui.deck-stripped": t.gettext("Taken out before the deal: {cards}"),
        "ui.deck-nothing-stripped": t.gettext("Nothing is taken out: all 52 cards are dealt."),
        "ui.hand-number": t.gettext("Hand {number}"),
        "ui.pass-left": t.gettext("to the left"),
        "ui.pass-right": t.gettext("to the right"),
        "ui.pass-across": t.gettext("across"),
        "ui.pass-none": t.gettext("no pass"),
        "ui.pass-button": t.gettext("Pass the chosen cards"),
        "ui.pass-chosen": t.gettext("Chosen: {cards}"),
        "ui.pass-done": t.gettext("Everyone has passed at the same time. You gave {given} and received {received}."),
        "ui.sheet-hand": t.gettext("Hand"),
        "ui.sheet-total": t.gettext("Total"),
        "ui.target": t.gettext("Target: {target} points."),
        "ui.moon-self": t.gettext("Take 26 off my score"),
        "ui.moon-others": t.gettext("Add 26 to everyone else"),
        "ui.moon-before": t.gettext("The score sheet before this hand:"),
        "ui.moon-after": t.gettext("The score sheet with your choice:"),
        # -- the aim of the game ---------------------------------------------
        "step.aim.title": t.gettext("The aim of the game"),
        "step.aim.body.1": t.gettext(
            "Hearts is played in tricks: each player in turn puts down one card, and the highest card of the suit "
            "played first takes them all."),
        "step.aim.body.2": t.gettext(
            "Some cards carry points: every heart is 1 point and the Queen of Spades, called the Black Maria, "
            "is 13. Points are bad: you want to take as few as possible."),
        "step.aim.body.3": t.gettext(
            "A game has several hands. In each hand every player gets their cards and plays them all, trick by "
            "trick. When the game ends, the player with the lowest total wins."),
        "check.aim-winner.question": t.gettext("When the game ends, who wins?"),
        "check.aim-winner.low": t.gettext("The player with the fewest points"),
        "check.aim-winner.high": t.gettext("The player with the most points"),
        "check.aim-winner.tricks": t.gettext("The player who took the most tricks"),
        "check.aim-winner.tricks-wrong": t.gettext(
            "Taking tricks is not the aim: the cards in them may carry points."),
        "check.aim-winner.hint": t.gettext("Remember: points are bad."),
        "check.aim-winner.why": t.gettext("Points are bad, so the lowest total wins."),
        "check.aim-worst.question": t.gettext("Which card would you least like to take in a trick?"),
        "check.aim-worst.QS": t.gettext("The Queen of Spades"),
        "check.aim-worst.AH": t.gettext("The ace of hearts"),
        "check.aim-worst.2C": t.gettext("The 2♣"),
        "check.aim-worst.AH-wrong": t.gettext("A heart is only 1 point, whatever its rank."),
        "check.aim-worst.hint": t.gettext("Compare the points: a heart is 1 point."),
        "check.aim-worst.why": t.gettext("The Black Maria is 13 points; a heart is 1 and the 2♣ is none."),
        # -- the deck ---------------------------------------------------------
        "step.deck.title": t.gettext("The cards"),
        "step.deck.body.1": t.gettext(
            "Hearts is a game for 3 to 7 players with one pack of 52 cards. "
            "In each suit the ace is highest and the 2 is lowest."),
        "step.deck.body.2": t.gettext("The Queen of Spades is called the Black Maria."),
        "step.deck.body.3": t.gettext(
            "One player, the dealer, deals the cards out one at a time. Everyone must get the same number of "
            "cards, so with some numbers of players a few low cards are taken out before the deal. "
            "Choose a number of players and see which."),
        "check.deck-six.question": t.gettext("With 6 players, how many cards does each player get?"),
        "check.deck-six.8": t.gettext("8 cards"),
        "check.deck-six.10": t.gettext("10 cards"),
        "check.deck-six.13": t.gettext("13 cards"),
        "check.deck-six.hint": t.gettext("Four low cards are taken out with 6 players. How many are left for each?"),
        "check.deck-six.why": t.gettext("Four cards are taken out, so 48 are left: 8 for each of 6 players."),
        "check.deck-points.question": t.gettext("Which card is in play whatever the number of players?"),
        "check.deck-points.2D": t.gettext("The 2♦"),
        "check.deck-points.3C": t.gettext("The 3♣"),
        "check.deck-points.QS": t.gettext("The Queen of Spades"),
        "check.deck-points.hint": t.gettext("Which cards carry points?"),
        "check.deck-points.why": t.gettext(
            "All 13 hearts and the Black Maria are always in play, so every hand holds 26 points."),
        # -- passing ----------------------------------------------------------
        "step.pass.title": t.gettext("Passing three cards"),
        "step.pass.body.1": t.gettext(
            "After looking at their cards, every player chooses three cards and passes them to another player."),
        "step.pass.body.2": t.gettext(
            "Everyone chooses at the same time: nobody sees what they receive until all have passed."),
        "position.pass": t.gettext("This hand passes to the left. Choose cards, then press the button."),
        "check.pass-when.question": t.gettext("When do you see the cards passed to you?"),
        "check.pass-when.chosen": t.gettext("As soon as my neighbour has chosen them"),
        "check.pass-when.all": t.gettext("When everyone has passed their three cards"),
        "check.pass-when.trick": t.gettext("After the first trick"),
        "check.pass-when.hint": t.gettext("Everyone passes at the same time."),
        "check.pass-when.why": t.gettext(
            "Everyone commits three cards first; then all the cards change hands together."),
        "check.pass-three.question": t.gettext("How many cards does each player pass?"),
        "check.pass-three.one": t.gettext("One card"),
        "check.pass-three.three": t.gettext("Three cards, any three they choose"),
        "check.pass-three.any": t.gettext("As many as they like"),
        "check.pass-three.hint": t.gettext("Read the first sentence of this step again."),
        "check.pass-three.why": t.gettext("Every player passes exactly three cards of their own choosing."),
        # -- rotation ---------------------------------------------------------
        "step.rotation.title": t.gettext("Where the cards go"),
        "step.rotation.body.1": t.gettext(
            "The direction of the pass changes from hand to hand, and the pattern repeats until the game ends."),
        "step.rotation.body.2": t.gettext(
            "With 4 players: to the left, to the right, across, then a hand with no pass. "
            "With any other number: to the left, then to the right."),
        "step.rotation.body.3": t.gettext(
            "Play goes to the left, so the left is the next seat in play order and the right the one before."),
        "check.rotation-four.question": t.gettext("Four players. Where do the cards go in the fourth hand?"),
        "check.rotation-four.left": t.gettext("To the left"),
        "check.rotation-four.across": t.gettext("Across"),
        "check.rotation-four.none": t.gettext("Nowhere: there is no pass"),
        "check.rotation-four.hint": t.gettext("Count: left, right, across, then…"),
        "check.rotation-four.why": t.gettext("With 4 players the order is left, right, across, no pass."),
        "check.rotation-five.question": t.gettext("Five players. Where do the cards go in the third hand?"),
        "check.rotation-five.left": t.gettext("To the left"),
        "check.rotation-five.across": t.gettext("Across"),
        "check.rotation-five.none": t.gettext("Nowhere: there is no pass"),
        "check.rotation-five.hint": t.gettext("With 5 players there are only two directions."),
        "check.rotation-five.why": t.gettext(
            "With 5 players the order is left, right, so the third hand passes to the left again."),
        # -- the first lead ---------------------------------------------------
        "step.first-lead.title": t.gettext("The first trick"),
        "step.first-lead.body.1": t.gettext(
            "After the pass, the player holding the 2♣ leads it to the first trick. "
            "With 5 players the 2♣ is taken out, so the 3♣ leads."),
        "position.first-lead": t.gettext("You hold the 2♣. Which card do you lead?"),
        "position.first-lead-five": t.gettext("Five players: the 2♣ is out of the game. Which card do you lead?"),
        "check.first-lead-five.question": t.gettext("With 5 players, who leads the first trick?"),
        "check.first-lead-five.2C": t.gettext("The player holding the 2♣"),
        "check.first-lead-five.3C": t.gettext("The player holding the 3♣"),
        "check.first-lead-five.AH": t.gettext("The player holding the ace of hearts"),
        "check.first-lead-five.hint": t.gettext("Which club is the lowest once the 2♣ is out?"),
        "check.first-lead-five.why": t.gettext("With 5 players the 2♣ is taken out: the lowest club is the 3♣."),
        # -- following suit ---------------------------------------------------
        "step.follow-suit.title": t.gettext("Following suit"),
        "step.follow-suit.body.1": t.gettext(
            "A trick is one card from each player, in turn to the left. The first card played is the lead."),
        "step.follow-suit.body.2": t.gettext(
            "The suit of the first card of a trick is the suit led. "
            "Every player must play a card of that suit if they can."),
        "position.follow-suit": t.gettext("Diamonds were led. Which card do you play?"),
        "check.follow-spades.question": t.gettext(
            "Spades were led. You hold two spades and a heart. Which may you play?"),
        "check.follow-spades.spade": t.gettext("Only a spade"),
        "check.follow-spades.any": t.gettext("Any of the three cards"),
        "check.follow-spades.heart": t.gettext("Only the heart"),
        "check.follow-spades.hint": t.gettext("Do you hold a card of the suit led?"),
        "check.follow-spades.why": t.gettext("You hold spades, the suit led, so you must play one."),
        # -- discarding -------------------------------------------------------
        "step.discard.title": t.gettext("When you cannot follow"),
        "step.discard.body.1": t.gettext(
            "If you have no card of the suit led, you may play any card (on the first trick with one exception, "
            "which comes soon). This is called discarding."),
        "position.discard": t.gettext("Diamonds were led and you have none. Which card do you play?"),
        "position.omnibus-bonus": t.gettext(
            "Omnibus Hearts: the J♦ is worth −10 points to whoever takes this trick. Which card do you play?"),
        "position.black-maria-first-trick": t.gettext(
            "Black Maria, the first trick: clubs were led and you have none. Which card do you play?"),
        "position.black-maria-spades": t.gettext(
            "Black Maria: the K♠ is worth 10 points and the A♠ 7. Spades were led. Which card do you play?"),
        "check.discard-spade.question": t.gettext("Clubs were led and you have no clubs. May you play a spade?"),
        "check.discard-spade.yes": t.gettext("Yes"),
        "check.discard-spade.no": t.gettext("No"),
        "check.discard-spade.hint": t.gettext("You have no card of the suit led."),
        "check.discard-spade.why": t.gettext("With no card of the suit led, you may discard any card."),
        # -- winning a trick --------------------------------------------------
        "step.trick-winner.title": t.gettext("Who wins a trick"),
        "step.trick-winner.body.1": t.gettext(
            "The highest card of the suit led wins the trick. A card of another suit never wins, "
            "however high: Hearts has no trumps, no suit that beats the others."),
        "step.trick-winner.body.2": t.gettext(
            "The winner keeps the cards of the trick face down and leads the next trick."),
        "position.trick-winner": t.gettext("The 9♦ was led and you play last. Choose a card and see who wins."),
        "check.winner-which.question": t.gettext("The 5♦ is led, then the K♠, the 9♦ and the A♣. Which card wins?"),
        "check.winner-which.KS": t.gettext("The K♠"),
        "check.winner-which.9D": t.gettext("The 9♦"),
        "check.winner-which.AC": t.gettext("The A♣"),
        "check.winner-which.hint": t.gettext("Only a card of the suit led can win."),
        "check.winner-which.why": t.gettext(
            "Diamonds were led, and the 9♦ is the highest diamond. The K♠ and the A♣ cannot win."),
        # -- no points on the first trick -------------------------------------
        "step.first-trick.title": t.gettext("No points on the first trick"),
        "step.first-trick.body.1": t.gettext(
            "On the first trick nobody may play a heart or the Black Maria, even without a club."),
        "step.first-trick.body.2": t.gettext(
            "Unless your hand holds nothing but hearts and the Black Maria: then you may play one of them."),
        "position.first-trick": t.gettext("First trick: clubs were led and you have none. Which card do you play?"),
        "position.first-trick-only-points": t.gettext(
            "First trick again, but now you hold only hearts and the Black Maria. Which card do you play?"),
        "check.first-trick-heart.question": t.gettext(
            "First trick. You have no clubs; you hold diamonds and hearts. May you play a heart?"),
        "check.first-trick-heart.yes": t.gettext("Yes"),
        "check.first-trick-heart.no": t.gettext("No"),
        "check.first-trick-heart.hint": t.gettext("Do you hold a card without points that you could play instead?"),
        "check.first-trick-heart.why": t.gettext(
            "You hold diamonds, which carry no points, so no heart may go on the first trick."),
        # -- leading hearts ---------------------------------------------------
        "step.hearts-lead.title": t.gettext("Leading hearts"),
        "step.hearts-lead.body.1": t.gettext(
            "Hearts are broken once a heart or the Black Maria has been played to a trick. "
            "Until then you may not lead a heart."),
        "step.hearts-lead.body.2": t.gettext("Unless you hold only hearts: then you may lead one."),
        "step.hearts-lead.body.3": t.gettext(
            "And if you hold only hearts and the Black Maria, you must lead the Black Maria."),
        "position.hearts-lead": t.gettext("Hearts are not broken and it is your lead. Which card do you lead?"),
        "position.hearts-lead-only-hearts": t.gettext(
            "Hearts are not broken, but you hold only hearts. Which card do you lead?"),
        "position.hearts-lead-hearts-and-maria": t.gettext(
            "Hearts are not broken and you hold only hearts and the Black Maria. Which card do you lead?"),
        "check.hearts-and-maria.question": t.gettext(
            "Hearts are not broken. You hold the Q♠ and three hearts, nothing else. Which card must you lead?"),
        "check.hearts-and-maria.QS": t.gettext("The Q♠"),
        "check.hearts-and-maria.heart": t.gettext("Any heart"),
        "check.hearts-and-maria.any": t.gettext("Any of the four cards"),
        "check.hearts-and-maria.hint": t.gettext("Which of your cards may be led before hearts are broken?"),
        "check.hearts-and-maria.why": t.gettext(
            "With only hearts and the Black Maria before hearts are broken, the Black Maria must be led."),
        # -- breaking hearts --------------------------------------------------
        "step.hearts-broken.title": t.gettext("Breaking hearts"),
        "step.hearts-broken.body.1": t.gettext(
            "Hearts are broken the first time a heart or the Black Maria is played to a trick, "
            "whether it is led, followed or discarded."),
        "step.hearts-broken.body.2": t.gettext("From then on anyone may lead a heart."),
        "position.hearts-broken-discard": t.gettext(
            "Diamonds were led and you have none. Hearts are not broken. Discard a heart and see."),
        "position.hearts-broken-by-maria": t.gettext(
            "No heart has been played yet, but the Black Maria has. It is your lead. Which card do you lead?"),
        "check.broken-by-maria.question": t.gettext(
            "No heart has been played yet, but the Black Maria has. Are hearts broken?"),
        "check.broken-by-maria.yes": t.gettext("Yes"),
        "check.broken-by-maria.no": t.gettext("No"),
        "check.broken-by-maria.hint": t.gettext("What else breaks hearts, besides a heart?"),
        "check.broken-by-maria.why": t.gettext("The Black Maria breaks hearts just as a heart does."),
        # -- the Black Maria --------------------------------------------------
        "step.black-maria.title": t.gettext("Leading the Black Maria"),
        "step.black-maria.body.1": t.gettext(
            "The Black Maria may be led at any time, even before hearts are broken."),
        "position.black-maria-lead": t.gettext(
            "Hearts are not broken and it is your lead. Try the Black Maria, and a heart."),
        "check.maria-lead.question": t.gettext("Hearts are not broken. May you lead the Q♠?"),
        "check.maria-lead.yes": t.gettext("Yes"),
        "check.maria-lead.no": t.gettext("No"),
        "check.maria-lead.hint": t.gettext("The rule about leading is for hearts, not spades."),
        "check.maria-lead.why": t.gettext("The Black Maria may be led at any time."),
        # -- points and the score sheet ---------------------------------------
        "step.points.title": t.gettext("Points and the score sheet"),
        "step.points.body.1": t.gettext(
            "Points are bad: you want as few as possible. Each heart you take is 1 point, "
            "and the Black Maria is 13 points. A hand holds 26 points in all."),
        "step.points.body.2": t.gettext(
            "After each hand the points go on the score sheet: a column for each player and a row for each hand."),
        "position.points": t.gettext(
            "The Black Maria and a heart are on this trick and you play last. Which card do you play?"),
        "check.points-count.question": t.gettext("You took three hearts and the Black Maria. How many points?"),
        "check.points-count.4": t.gettext("4 points"),
        "check.points-count.13": t.gettext("13 points"),
        "check.points-count.16": t.gettext("16 points"),
        "check.points-count.hint": t.gettext("Each heart is 1 point; the Black Maria is 13."),
        "check.points-count.why": t.gettext("Three hearts are 3 points and the Black Maria 13: 16 in all."),
        "check.sheet-row.question": t.gettext("A hand has ended. What goes on the score sheet?"),
        "check.sheet-row.winner": t.gettext("Only the name of the player who took the fewest points"),
        "check.sheet-row.row": t.gettext("A new row: each player's points in that hand"),
        "check.sheet-row.cards": t.gettext("The cards each player took"),
        "check.sheet-row.hint": t.gettext("A column for each player, and a row for each hand."),
        "check.sheet-row.why": t.gettext(
            "After each hand, every player's points go on the score sheet in a new row; each column adds up "
            "to that player's total."),
        # -- the moon ---------------------------------------------------------
        "step.moon.title": t.gettext("Shooting the moon"),
        "step.moon.body.1": t.gettext(
            "A player who takes all 13 hearts and the Black Maria has shot the moon."),
        "step.moon.body.2": t.gettext(
            "They choose: take 26 off their own score, or add 26 to every other player's score. "
            "Scores may go below zero."),
        "position.moon": t.gettext("You have just taken every heart and the Black Maria. Choose how to score it."),
        "check.moon-choice.question": t.gettext(
            "You shot the moon. Before this hand you had 90 and the others 70, 75 and 80; the target is 100. "
            "Which choice wins the game for you now?"),
        "check.moon-choice.self": t.gettext("Take 26 off my score"),
        "check.moon-choice.others": t.gettext("Add 26 to everyone else"),
        "check.moon-choice.hint": t.gettext("Add 26 to each of the others and look at the target."),
        "check.moon-choice.why": t.gettext(
            "The others go to 96, 101 and 106, so the game ends, and your 90 is the lowest total."),
        # -- the end of the game ----------------------------------------------
        "step.target.title": t.gettext("The end of the game"),
        "step.target.body.1": t.gettext(
            "The game is played to 100 points, unless the players agree on another target before starting."),
        "step.target.body.2": t.gettext(
            "When a hand ends with anyone at or past the target, the game is over. The lowest total wins; "
            "players tied for the lowest total share the win."),
        "step.target.body.3": t.gettext("Here is a whole game played to 50 points:"),
        "check.winner-tie.question": t.gettext("A game ends with totals of 45, 102, 67 and 45. Who wins?"),
        "check.winner-tie.high": t.gettext("The player with 102"),
        "check.winner-tie.share": t.gettext("The two players with 45 share the win"),
        "check.winner-tie.replay": t.gettext("Nobody yet: another hand breaks the tie"),
        "check.winner-tie.hint": t.gettext("Who has the lowest total?"),
        "check.winner-tie.why": t.gettext("The lowest total wins, and players tied for it share the win."),
        "check.target-end.question": t.gettext(
            "The players agreed on a target of 50 points. At the end of a hand, one player's total is 53. "
            "What happens?"),
        "check.target-end.hundred": t.gettext("The game goes on until someone reaches 100"),
        "check.target-end.over": t.gettext("The game is over: that was its last hand"),
        "check.target-end.all": t.gettext("The game goes on until every player has passed 50"),
        "check.target-end.hint": t.gettext("The players agreed on the target before they started."),
        "check.target-end.why": t.gettext(
            "The game ends at the end of the hand in which someone reaches or goes past the agreed target: "
            "here 50 points, not 100."),
        # -- variants: the same deal under other rules --------------------------
        "step.variants.title": t.gettext("Other rules, the same cards"),
        "step.variants.body.1": t.gettext(
            "Hearts has variants. In Omnibus Hearts the J♦ is a bonus card: "
            "it is worth −10 points to whoever takes it."),
        "step.variants.body.2": t.gettext(
            "Below, one deal is played twice with the same cards and the same play: once as Hearts and "
            "once as Omnibus Hearts. Compare the points of each player."),
        "step.variants.body.3": t.gettext(
            "Two more variants follow: Black Maria, where the K♠ and the A♠ carry points too, so that, like the "
            "hearts and the Q♠, they may not be discarded on the first trick; and Cancellation Hearts, with two "
            "packs for 5 to 10 players, where the cards left over from the deal lie face down as the kitty."),
        "check.black-maria-pass.question": t.gettext("In the Black Maria variant, where do you pass your three cards?"),
        "check.black-maria-pass.right": t.gettext("To the right, in every hand"),
        "check.black-maria-pass.rotate": t.gettext("Left, right, across, then no pass, as in Hearts"),
        "check.black-maria-pass.left": t.gettext("To the left, in every hand"),
        "check.black-maria-pass.hint": t.gettext("In Black Maria the direction never changes."),
        "check.black-maria-pass.why": t.gettext("In Black Maria the cards are always passed to the right."),
        "check.omnibus-moon.question": t.gettext(
            "Omnibus Hearts. North shoots the moon, and you took the J♦. What happens to its −10 points?"),
        "check.omnibus-moon.keep": t.gettext("You keep them"),
        "check.omnibus-moon.lose": t.gettext("You lose them: the moon takes everything"),
        "check.omnibus-moon.north": t.gettext("They go to North"),
        "check.omnibus-moon.hint": t.gettext(
            "The moon means taking every heart and the Black Maria: the J♦ is not one of them."),
        "check.omnibus-moon.why": t.gettext(
            "Shooting the moon means taking every heart and the Black Maria; whoever took the J♦ keeps its "
            "−10 points."),
        "check.black-maria-king.question": t.gettext("In the Black Maria variant, what is the K♠ worth?"),
        "check.black-maria-king.10": t.gettext("10 points"),
        "check.black-maria-king.0": t.gettext("No points"),
        "check.black-maria-king.13": t.gettext("13 points"),
        "check.black-maria-king.hint": t.gettext("Read the points of the Black Maria variant below."),
        "check.black-maria-king.why": t.gettext("In Black Maria the Q♠ is 13 points, the K♠ 10 and the A♠ 7."),
        "check.cancel-twins.question": t.gettext(
            "Cancellation Hearts: two identical cards fall in one trick. What happens?"),
        "check.cancel-twins.cancel": t.gettext("They cancel: neither can win the trick"),
        "check.cancel-twins.second": t.gettext("The second one wins"),
        "check.cancel-twins.first": t.gettext("The first one wins"),
        "check.cancel-twins.hint": t.gettext("Read the rules of Cancellation Hearts below."),
        "check.cancel-twins.why": t.gettext("Two identical cards cancel each other: neither can win the trick."),
        "ui.same-deal-change": t.gettext("Change"),
        "ui.same-deal-bonus": t.gettext("{name} took the J♦, so {name} scores 10 points fewer in Omnibus Hearts."),
        "check.omnibus-trick.question": t.gettext(
            "Omnibus Hearts. You win a trick with the J♦ and three hearts in it. What is that trick worth to you?"),
        "check.omnibus-trick.minus-7": t.gettext("−7 points"),
        "check.omnibus-trick.3": t.gettext("3 points"),
        "check.omnibus-trick.minus-10": t.gettext("−10 points"),
        "check.omnibus-trick.hint": t.gettext("In Omnibus Hearts the J♦ counts −10."),
        "check.omnibus-trick.why": t.gettext(
            "The three hearts count 3 points and the J♦ counts −10, so the trick is worth −7 points."),
        # -- Cancellation Hearts: two packs ---------------------------------------
        "step.cancellation.title": t.gettext("Cancellation Hearts: two packs"),
        "step.cancellation.body.1": t.gettext(
            "Two packs are shuffled together for 5 to 10 players: every card is there twice."),
        "step.cancellation.body.2": t.gettext(
            "With two packs, shooting the moon means taking all 26 hearts and both Black Marias: 52 points."),
        "position.cancel-first-lead": t.gettext(
            "Five players. You sit to the dealer's left, so you lead the first trick. Which card do you lead?"),
        "position.cancel-twin-king": t.gettext(
            "The first trick: the K♦ is winning so far, and you hold its twin. The winner of this trick also "
            "takes the kitty, the cards left over from the deal. Which card do you play?"),
        "position.cancel-carried": t.gettext(
            "Nobody won the last trick: both 8♦ cancelled, and both 10♦. Its cards, with the Q♠ (13 points), "
            "wait for the winner of this trick. Which card do you play?"),
        "check.cancel-deal.question": t.gettext("Five players share the 104 cards of two packs. How are they dealt?"),
        "check.cancel-deal.kitty": t.gettext("20 cards each; the 4 left over lie face down as the kitty"),
        "check.cancel-deal.strip": t.gettext("Low cards are taken out first, so that everyone gets the same number"),
        "check.cancel-deal.strip-wrong": t.gettext(
            "That is how one pack is shared. With two packs nothing is taken out."),
        "check.cancel-deal.round": t.gettext("Round the table until none are left, so some players get one more"),
        "check.cancel-deal.hint": t.gettext(
            "Everyone gets the same number of cards, and nothing is taken out of the packs."),
        "check.cancel-deal.why": t.gettext(
            "104 cards make 20 each for five players; the 4 left over lie face down as the kitty."),
        "check.cancel-no-pass.question": t.gettext(
            "Before the first trick of Cancellation Hearts, how many cards do you pass?"),
        "check.cancel-no-pass.none": t.gettext("None: there is no passing"),
        "check.cancel-no-pass.three": t.gettext("Three, to the left"),
        "check.cancel-no-pass.turn": t.gettext("Three, to the left or to the right in turn"),
        "check.cancel-no-pass.hint": t.gettext(
            "On the first board you led the first trick as soon as the cards were dealt."),
        "check.cancel-no-pass.why": t.gettext(
            "Cancellation Hearts has no passing: the hand starts with the first trick."),
        "check.cancel-kitty.question": t.gettext("Who takes the kitty?"),
        "check.cancel-kitty.first": t.gettext("The winner of the first trick"),
        "check.cancel-kitty.dealer": t.gettext("The dealer"),
        "check.cancel-kitty.last": t.gettext("The winner of the last trick"),
        "check.cancel-kitty.hint": t.gettext(
            "Look at what happened at the end of the first trick on the second board."),
        "check.cancel-kitty.why": t.gettext(
            "The kitty goes face down to whoever wins the first trick, with any points in it."),
        "check.cancel-carry.question": t.gettext(
            "Every card of the suit led in a trick is cancelled. Who takes that trick's cards?"),
        "check.cancel-carry.next": t.gettext("The winner of the next trick"),
        "check.cancel-carry.leader": t.gettext("The player who led it"),
        "check.cancel-carry.aside": t.gettext("Nobody: they are put aside"),
        "check.cancel-carry.hint": t.gettext("Look at the third board again."),
        "check.cancel-carry.why": t.gettext(
            "Nobody wins that trick: its leader leads again, and its cards wait on the table for the winner of "
            "the next trick (on the last trick, its leader takes them)."),
        "check.cancel-moon.question": t.gettext("Cancellation Hearts. What must a player take to shoot the moon?"),
        "check.cancel-moon.all": t.gettext("All 26 hearts and both Black Marias"),
        "check.cancel-moon.half": t.gettext("13 hearts and one Black Maria"),
        "check.cancel-moon.kitty": t.gettext("The kitty and the last trick"),
        "check.cancel-moon.hint": t.gettext("Every card is there twice."),
        "check.cancel-moon.why": t.gettext(
            "With two packs the moon means all 26 hearts and both Black Marias, and it is worth 52 points."),
        # -- a mixed review ---------------------------------------------------
        "step.review.title": t.gettext("Review: the rules together"),
        "step.review.body.1": t.gettext(
            "In a real game several rules apply at once. Play each position, then answer the questions."),
        "position.review-first-follow": t.gettext(
            "First trick: the 2♣ was led. You hold one club and many points. Which card do you play?"),
        "position.review-broken-lead": t.gettext(
            "A heart was discarded on an earlier trick. It is your lead. Which card do you lead?"),
        "check.review-lead.question": t.gettext(
            "Hearts are broken. It is your lead and you hold clubs and hearts. May you lead a heart?"),
        "check.review-lead.yes": t.gettext("Yes"),
        "check.review-lead.no": t.gettext("No"),
        "check.review-lead.hint": t.gettext("What changes once hearts are broken?"),
        "check.review-lead.why": t.gettext("Once hearts are broken, anyone may lead a heart."),
        "check.review-follow.question": t.gettext(
            "First trick: the 2♣ is led. You hold the 9♣ and the Q♠. Which may you play?"),
        "check.review-follow.9C": t.gettext("Only the 9♣"),
        "check.review-follow.QS": t.gettext("Only the Q♠"),
        "check.review-follow.either": t.gettext("Either card"),
        "check.review-follow.hint": t.gettext("Do you hold a card of the suit led?"),
        "check.review-follow.why": t.gettext(
            "You hold a club, so you must follow suit; and the Q♠ may not go on the first trick."),
        # -- strategy ---------------------------------------------------------
        "step.strategy.title": t.gettext("Playing well"),
        "step.strategy.body.1": t.gettext(
            "Knowing the rules is the start. To play well, pass your dangerous cards, play under the winning "
            "card when you can (this is called ducking), and drop the Black Maria on someone else's trick."),
        "step.strategy.body.2": t.gettext(
            "Choose in each position below, then read what the coach would do, and why."),
        "position.strategy-duck": t.gettext("The 10♦ is winning this trick. Which diamond do you play?"),
        "position.strategy-maria": t.gettext("Diamonds were led and you have none. Which card do you discard?"),
        "check.strategy-pass.question": t.gettext("Which cards are usually good to pass?"),
        "check.strategy-pass.high": t.gettext("High hearts and high spades such as the A♠ and the K♠"),
        "check.strategy-pass.low": t.gettext("Your lowest clubs and diamonds"),
        "check.strategy-pass.hint": t.gettext("Which cards are likely to win tricks full of points?"),
        "check.strategy-pass.why": t.gettext(
            "High cards win tricks, and a high spade may catch the Black Maria: pass them away."),
        "check.strategy-maria.question": t.gettext(
            "You cannot follow suit, you hold the Black Maria and someone else is winning the trick. "
            "What is best?"),
        "check.strategy-maria.drop": t.gettext("Discard the Black Maria now"),
        "check.strategy-maria.keep": t.gettext("Keep it for later"),
        "check.strategy-maria.hint": t.gettext("Who takes the cards of this trick?"),
        "check.strategy-maria.why": t.gettext(
            "Discarded on someone else's trick, the Black Maria's 13 points go to them, not to you."),
        # -- the quiz ---------------------------------------------------------
        "step.quiz.title": t.gettext("Quiz"),
        "step.quiz.body.1": t.gettext(
            "Five questions on the whole game. Your score counts the answers right at the first try."),
        "check.quiz-first-lead.question": t.gettext("Four players. Who leads the first trick?"),
        "check.quiz-first-lead.2C": t.gettext("The player holding the 2♣"),
        "check.quiz-first-lead.QS": t.gettext("The player holding the Q♠"),
        "check.quiz-first-lead.AH": t.gettext("The player holding the ace of hearts"),
        "check.quiz-first-lead.hint": t.gettext("Think of the lowest club."),
        "check.quiz-first-lead.why": t.gettext("The 2♣ leads the first trick."),
        "check.quiz-follow.question": t.gettext("Hearts were led and you hold a heart. May you play a spade?"),
        "check.quiz-follow.yes": t.gettext("Yes"),
        "check.quiz-follow.no": t.gettext("No"),
        "check.quiz-follow.hint": t.gettext("Do you hold a card of the suit led?"),
        "check.quiz-follow.why": t.gettext("You must follow suit when you can."),
        "check.quiz-points.question": t.gettext("A trick holds the Q♠ and two hearts. How many points is it?"),
        "check.quiz-points.15": t.gettext("15 points"),
        "check.quiz-points.3": t.gettext("3 points"),
        "check.quiz-points.13": t.gettext("13 points"),
        "check.quiz-points.hint": t.gettext("The Black Maria is 13 points and each heart 1."),
        "check.quiz-points.why": t.gettext("13 for the Black Maria and 1 for each heart: 15."),
        "check.quiz-lead-hearts.question": t.gettext(
            "Hearts are not broken. You hold clubs and hearts. May you lead a heart?"),
        "check.quiz-lead-hearts.yes": t.gettext("Yes"),
        "check.quiz-lead-hearts.no": t.gettext("No"),
        "check.quiz-lead-hearts.hint": t.gettext("What must happen before a heart may be led?"),
        "check.quiz-lead-hearts.why": t.gettext(
            "Until hearts are broken you may not lead a heart while you hold another suit."),
        "check.quiz-winner.question": t.gettext("A game ends with totals of 30, 55, 101 and 64. Who wins?"),
        "check.quiz-winner.30": t.gettext("The player with 30"),
        "check.quiz-winner.101": t.gettext("The player with 101"),
        "check.quiz-winner.hint": t.gettext("Points are bad."),
        "check.quiz-winner.why": t.gettext("The lowest total wins: 30."),
        # -- the rules card ---------------------------------------------------
        "step.rules-card.title": t.gettext("The rules card"),
        "step.rules-card.body.1": t.gettext("Every rule of Hearts on one page. Print it and keep it by you."),
        # -- a hand with the coach --------------------------------------------
        "step.guided.title": t.gettext("A first hand with the coach"),
        "step.guided.body.1": t.gettext(
            "Play one hand with the coach beside you. Before each of your turns the coach says which card it "
            "would choose, and why. Follow the advice or not: the choice is yours."),
        # -- a whole game -----------------------------------------------------
        "step.play.title": t.gettext("Play a whole game"),
        "step.play.body.1": t.gettext(
            "Now play a whole game against three bots. The cards you may play are highlighted; "
            "a card you may not play tells you why."),
    })
