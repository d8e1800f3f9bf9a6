"""The catalogs keep to the glossary (hearts_widget/text/glossary/): where the seed rulebook's
word is the players' word, every message whose English says the term says that word, so a
learner who meets the printed rules finds the same word on the table and in the lessons."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearts_widget.text.catalogs import TRANSLATED_LANGUAGES, po_file

from .catalog_files import entries, read

# English term (a regular expression) -> the word every translation of it holds (one too).
TERMS: dict[str, dict[str, str]] = {
    "tl": {r"\baim\b": r"layunin", r"\btarget\b": r"hangganan", r"\btricks?\b": r"\btrick", r"\bmoon\b": r"buwan",
           r"\bdiscard": r"t(in)?apon", r"\bface down\b": r"nakataob"},
    # ceb, sw: the seed's "Tumong" / "Lengo" is the aim; the target is the seed's agreed score.
    "ceb": {r"\baim\b": r"tumong", r"\btarget\b": r"gikasabotang iskor|magkasabot\b.* iskor", r"\btricks?\b": r"lansis",
            r"\bmoon\b": r"bulan", r"\bdiscard": r"labay", r"\bface down\b": r"nakadapa"},
    "sw": {r"\baim\b": r"lengo", r"\btarget\b": r"alama iliyokubaliwa|wakubaliane alama", r"\btricks?\b": r"\bhila",
           r"\bmoon\b": r"mwezi", r"\bdiscard": r"tup", r"\btrumps?\b": r"turufu",
           r"\bface down\b": r"funikwa|kifudifudi"},
}
# The variants, cancelling twins, the two packs, the kitty and a score below zero (issue 35: sw left
# the variants' names in English, ceb said "Magkanselar" and "pakete", tl "bumaba sa sero", "drop to
# zero"). Cancelling, not the variant's name ("Cancellation Hearts").
CANCEL = r"\bcancel(s|led|ling)?\b"
TERMS["tl"] |= {CANCEL: r"kansela", r"\btwo packs\b": r"dalawang kumpol",
                r"\bbelow zero\b": r"ilalim ng sero"}
TERMS["ceb"] |= {CANCEL: r"kansela", r"\btwo packs\b": r"duha ka pundok", r"\bkitty\b": r"gitabi"}
TERMS["sw"] |= {r"\bCancellation Hearts\b": r"Mioyo ya Kufutana", r"\bOmnibus Hearts\b": r"Mioyo ya Omnibus",
                CANCEL: r"fut", r"\btwo packs\b": r"pakiti mbili", r"\bkitty\b": r"akiba"}
# A word the glossary gives one term only, never another (the target is not the aim), or none (a
# word the glossary does not use: a misspelling, an English name it translates).
NOT_FOR: dict[str, dict[str, str]] = {
    "tl": {r"\bbelow zero\b": r"bumaba sa sero"},
    "ceb": {r"\btarget\b": r"tumong", CANCEL: r"kanselar", r"\bpacks?\b": r"pakete"},
    "sw": {r"\btarget\b": r"lengo", r"Hearts\b": r"(Cancellation|Omnibus) Hearts"},
}


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_word_the_catalogs_are_held_to_is_the_glossarys(lang: str) -> None:
    """Each word above is in the language's glossary (hearts_widget/text/glossary/<lang>.md): the
    test holds the catalogs to the glossary, not to a list of its own."""
    glossary = (Path(po_file(lang)).parents[3] / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    missing = [word for word in TERMS[lang].values() if not re.search(word, glossary, re.IGNORECASE)]
    assert not missing, f"{lang}: not in the glossary: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_message_says_a_term_with_the_glossarys_word(lang: str) -> None:
    astray = []
    for message in entries(read(po_file(lang))).values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        english = re.sub(r"\{[^}]*\}", " ", ids[0])
        for term, word in TERMS[lang].items():
            if re.search(term, english, re.IGNORECASE):
                astray += [f"{ids[0]!r} says {term}: {form!r} lacks {word}" for form in forms
                           if not re.search(word, form, re.IGNORECASE)]
        for term, word in NOT_FOR.get(lang, {}).items():
            if re.search(term, english, re.IGNORECASE):
                astray += [f"{ids[0]!r}: {form!r} says {word}" for form in forms if re.search(word, form, re.I)]
    assert not astray, f"{lang}:\n" + "\n".join(astray)
