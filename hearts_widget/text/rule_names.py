"""Each rule's short name, in the learner's language: what a beginner sees
instead of the rule id ("Follow suit", not ``play.follow-suit``).

The id stays available to those who want it (the table links the name into
the rules card and keeps the id for screen readers off the spoken text).
"""

from __future__ import annotations

from .translate import translator


def rule_name(rule: str, lang: str | None = None) -> str:
    """The short name of rule ``rule`` (an id of RULES.md); an unknown id is refused naming it."""
    t = translator(lang)
    names = {
        "setup.deal": t.pgettext("rule name", "The deal"),
        "pass.three": t.pgettext("rule name", "Pass three cards"),
        "pass.simultaneous": t.pgettext("rule name", "Everyone passes at once"),
        "pass.rotation": t.pgettext("rule name", "Which way to pass"),
        "play.first-lead": t.pgettext("rule name", "The first lead"),
        "play.follow-suit": t.pgettext("rule name", "Follow suit"),
        "play.discard": t.pgettext("rule name", "Discarding"),
        "play.first-trick-no-points": t.pgettext("rule name", "No points on the first trick"),
        # The trick's winner also leads the next trick: a free lead cites this rule.
        "play.trick-winner": t.pgettext("rule name", "Who wins the trick, and leads next"),
        "play.hearts-lead": t.pgettext("rule name", "Leading hearts"),
        "play.hearts-broken": t.pgettext("rule name", "Breaking hearts"),
        "play.black-maria-lead": t.pgettext("rule name", "Leading the Black Maria"),
        "score.points": t.pgettext("rule name", "Points"),
        "score.sheet": t.pgettext("rule name", "The score sheet"),
        "score.moon": t.pgettext("rule name", "Shooting the moon"),
        "score.target": t.pgettext("rule name", "The target"),
        "score.winner": t.pgettext("rule name", "Who wins the game"),
        # The variants themselves (the first line of a rules card), then their own rules.
        "variant.omnibus": t.pgettext("variant", "Omnibus Hearts"),
        "variant.black-maria": t.pgettext("variant", "Black Maria"),
        "variant.cancellation": t.pgettext("variant", "Cancellation Hearts"),
        "variant.omnibus.bonus": t.pgettext("rule name", "The bonus card"),
        "variant.omnibus.moon": t.pgettext("rule name", "The moon in Omnibus Hearts"),
        "variant.black-maria.pass": t.pgettext("rule name", "Passing in the Black Maria game"),
        "variant.black-maria.points": t.pgettext("rule name", "Points in the Black Maria game"),
        "variant.black-maria.first-trick": t.pgettext("rule name", "The first trick in the Black Maria game"),
        "variant.cancellation.deal": t.pgettext("rule name", "The deal with two packs"),
        "variant.cancellation.kitty": t.pgettext("rule name", "The kitty"),
        "variant.cancellation.no-pass": t.pgettext("rule name", "No passing"),
        "variant.cancellation.first-lead": t.pgettext("rule name", "The first lead with two packs"),
        "variant.cancellation.cancel": t.pgettext("rule name", "Identical cards cancel"),
        "variant.cancellation.carry": t.pgettext("rule name", "A trick nobody wins"),
        "variant.cancellation.moon": t.pgettext("rule name", "The moon with two packs"),
    }
    if rule not in names:
        raise ValueError(f"no rule {rule[:60]!r}: the rule ids are {', '.join(names)}")
    return names[rule]
