"""The message catalogs: complete, well-formed, compiled and up to date with the source."""

from __future__ import annotations

import string

import pytest
from babel.messages.catalog import Catalog

from hearts_widget.text import LANGUAGES, translator
from hearts_widget.text.catalogs import POT_FILE, TRANSLATED_LANGUAGES, compiled, extract, mo_file, po_file

from .catalog_files import entries, read
from .english import SHARED_WORDS, words


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` template: ``{card}`` -> ``card``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_translated_language_is_offered_and_english_is_the_source() -> None:
    assert set(LANGUAGES) == {"en", *TRANSLATED_LANGUAGES}
    assert LANGUAGES == {"en": "English", "tl": "Tagalog", "ceb": "Cebuano", "sw": "Kiswahili"}


def test_the_template_has_every_message_of_the_source(tmp_path) -> None:  # type: ignore[no-untyped-def]
    fresh = tmp_path / "fresh.pot"
    extract(fresh)
    missing = set(entries(read(fresh))) - set(entries(read(POT_FILE)))
    assert not missing, (
        f"messages not in {POT_FILE.name}: {sorted(missing, key=str)}; run "
        "python -m hearts_widget.text.catalogs extract, then update, translate and compile"
    )


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_each_catalog_holds_exactly_the_template_messages(lang: str) -> None:
    template, catalog = set(entries(read(POT_FILE))), set(entries(read(po_file(lang))))
    assert template - catalog == set(), f"{lang}: run python -m hearts_widget.text.catalogs update"
    assert catalog - template == set(), f"{lang}: messages no longer in the template"


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    problems = []
    for message in entries(read(po_file(lang))).values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = placeholders(ids[0])
        if any(placeholders(i) != expected for i in ids):
            problems.append(f"singular and plural differ in placeholders: {ids}")
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if len(forms) != len(ids) or not all(form.strip() for form in forms):
            problems.append(f"untranslated: {ids[0]!r}")
        for form in forms:
            if placeholders(form) != expected:
                problems.append(f"{ids[0]!r}: {form!r} has {sorted(placeholders(form))}, not {sorted(expected)}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_no_translation_keeps_english_words_of_its_message(lang: str) -> None:
    leftover = []
    for message in entries(read(po_file(lang))).values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        english = set().union(*(words(i) for i in ids))
        for form in forms:
            if (words(form) & english) - SHARED_WORDS[lang]:
                leftover.append(f"{form!r} keeps {sorted((words(form) & english) - SHARED_WORDS[lang])}")
    assert not leftover, f"{lang}:\n" + "\n".join(leftover)


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_plural_forms_header_is_the_languages_own(lang: str) -> None:
    catalog = read(po_file(lang))
    assert catalog.locale_identifier == lang  # the "Language:" header
    assert catalog.plural_forms == Catalog(locale=lang).plural_forms


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_committed_mo_is_what_compiling_the_po_gives(lang: str) -> None:
    assert mo_file(lang).read_bytes() == compiled(lang), (
        f"{mo_file(lang)} is stale: run python -m hearts_widget.text.catalogs compile"
    )


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_the_compiled_catalog_is_what_translator_reads(lang: str) -> None:
    t = translator(lang)
    for message in entries(read(po_file(lang))).values():
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(forms):
            continue  # reported by the test above; gettext falls back to English
        if isinstance(message.id, tuple):
            got = t.npgettext(message.context, *message.id, 1) if message.context else t.ngettext(*message.id, 1)
        elif message.context:
            got = t.pgettext(message.context, message.id)
        else:
            got = t.gettext(message.id)
        expected = message.string[t.plural(1)] if isinstance(message.id, tuple) else message.string
        assert got == expected


def test_the_maintainer_command_names_its_subcommands_when_misused(capsys) -> None:  # type: ignore[no-untyped-def]
    from hearts_widget.text.catalogs import main

    assert main(["translate"]) == 2
    assert "{extract|update|compile}" in capsys.readouterr().err
