"""Every plural entry of every catalog keeps its meaning at every count.

Tagalog and Cebuano send 1, 2, 3, 5, 7, 8 (and more) to the first form, Kiswahili
every count but 1 to the second: a form written as the English singular reads
wrong at the counts the rule sends it. So each entry is rendered at n = 0…20, as
the learner would read it, and the words that carry its meaning must be there
wherever the English, rendered at the same n, has them.
"""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.catalog import Message

from hearts_widget.text import translator
from hearts_widget.text.catalogs import POT_FILE, TRANSLATED_LANGUAGES

from .catalog_files import entries, read

COUNTS = range(21)

# The words that change between an English singular and its plural only to agree
# with the number: anything else that differs ("one of") changes the meaning, and
# must be a message of its own (hearts_widget/text/README.md, "Numbers").
NUMBER_AGREEMENT = {"cards": "card", "deals": "deal", "points": "point", "tricks": "trick", "tables": "table",
                    "are": "is", "wait": "waits", "ones": "one", "their": "its",
                    "learners": "learner", "answers": "answer", "spades": "spade", "were": "was", "bots": "bot",
                    "days": "day"}
SINGULAR_ARTICLE = "a"  # "a legal one" / "legal ones"

# English phrases (regular expressions) of the plural entries whose meaning a translation must keep, and
# how each language says them (a regular expression; Kiswahili's agreement varies).
MEANINGS: dict[str, dict[str, str]] = {
    "one of": {"tl": r"\bisa sa\b", "ceb": r"\busa sa\b", "sw": r"\bmojawapo\b"},
    "higher": {"tl": r"mas mataas|matataas", "ceb": r"mas taas", "sw": r"\bjuu\b"},
    "so far": {"tl": r"sa ngayon", "ceb": r"\bkaron\b", "sw": r"hadi sasa"},
    "face down": {"tl": r"nakataob", "ceb": r"nakadapa", "sw": r"funikwa"},
    "cancelled": {"tl": r"nakansela", "ceb": r"[nm]akansela", "sw": r"futwa"},
    "kitty": {"tl": r"\btabi\b|nakatabi", "ceb": r"gitabi", "sw": r"akiba"},
    "two packs": {"tl": r"dalawang kumpol", "ceb": r"duha ka pundok", "sw": r"pakiti mbili"},
    "exactly three": {"tl": r"eksaktong tatlo", "ceb": r"eksaktong tulo", "sw": r"tatu kamili"},
    "every point": {"tl": r"lahat ng puntos", "ceb": r"tanang puntos", "sw": r"kila pointi"},
    "the first trick": {"tl": r"unang trick", "ceb": r"unang lansis", "sw": r"hila ya kwanza"},
    "the next trick": {"tl": r"susunod na trick", "ceb": r"sunod nga lansis", "sw": r"hila inayofuata"},
    "fewest": {"tl": r"pinakakaunti", "ceb": r"pinakagamay", "sw": r"chache zaidi"},
    r"points? taken": {"tl": r"nakuha", "ceb": r"nakuha", "sw": r"chukuliwa"},
    "legal": {"tl": r"pinapayagan", "ceb": r"gitugotan", "sw": r"halali"},
    "not cancelled": {"tl": r"hindi nakansela", "ceb": r"wala makansela", "sw": r"haijafutwa"},
}


def plural_entries() -> list[Message]:
    return [m for m in entries(read(POT_FILE)).values() if isinstance(m.id, tuple)]


def rendered(template: str, n: int) -> str:
    """The message as a learner reads it with every count (and every other field) at ``n``."""
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return template.format(**dict.fromkeys(fields, n))


def english(message: Message, n: int) -> str:
    return rendered(message.id[1 if n != 1 else 0], n)


def translated(message: Message, lang: str, n: int) -> str:
    t = translator(lang)
    singular, plural = message.id
    text = t.npgettext(message.context, singular, plural, n) if message.context else t.ngettext(singular, plural, n)
    return rendered(text, n)


def agreement_words(text: str) -> list[str]:
    words = re.findall(r"[a-z]+", re.sub(r"\{[^}]*\}", " ", text.lower()))
    return sorted(NUMBER_AGREEMENT.get(word, word) for word in words if word != SINGULAR_ARTICLE)


def test_there_are_plural_entries_to_check() -> None:
    assert len(plural_entries()) > 20


@pytest.mark.parametrize("message", plural_entries(), ids=lambda m: m.id[0][:60])
def test_an_english_plural_differs_from_its_singular_only_by_agreeing_with_the_number(message: Message) -> None:
    singular, plural = message.id
    assert agreement_words(singular) == agreement_words(plural), (
        f"{singular!r} and {plural!r} differ in more than number: make each its own message")


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_plural_form_keeps_the_meaning_of_the_english_at_every_count(lang: str) -> None:
    lost = []
    for message in plural_entries():
        for n in COUNTS:
            said, read_as = english(message, n), translated(message, lang, n)
            assert str(n) in read_as, f"{lang}: {read_as!r} does not show the count {n}"
            for phrase, words in MEANINGS.items():
                if re.search(phrase, said, re.IGNORECASE) and not re.search(words[lang], read_as, re.IGNORECASE):
                    lost.append(f"n={n}: {said!r} says {phrase!r}; {lang} {read_as!r} does not")
    assert not lost, "\n".join(lost)

