"""Choosing the language: an explicit choice, else the kernel's locale, else English."""

from __future__ import annotations

import pytest

from hearts_widget.text import LANGUAGES, default_language, translator


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_an_explicit_language_wins_over_the_locale(lang: str) -> None:
    assert default_language(lang, {"LANG": "sw_KE.UTF-8"}) == lang


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "sw_KE.UTF-8"}, "sw"),
    ({"LANG": "ceb_PH.UTF-8"}, "ceb"),
    ({"LANG": "tl_PH.UTF-8"}, "tl"),
    ({"LANG": "fil_PH.UTF-8"}, "tl"),
    ({"LC_MESSAGES": "sw", "LANG": "tl_PH"}, "sw"),
    ({"LC_ALL": "ceb_PH", "LC_MESSAGES": "sw", "LANG": "tl_PH"}, "ceb"),
    ({"LANGUAGE": "fr:sw", "LANG": "tl_PH"}, "sw"),
    ({"LANGUAGE": "fr", "LANG": "ceb_PH.UTF-8"}, "ceb"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "", "LANG": "sw_TZ@latin"}, "sw"),
    ({}, "en"),
])
def test_without_a_choice_the_locale_decides_then_english(environ: dict[str, str], expected: str) -> None:
    assert default_language(None, environ) == expected


def test_an_unknown_language_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'fr': choose one of en, tl, ceb, sw"):
        default_language("fr")
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        translator("xx")


@pytest.mark.parametrize("lang", ["tl", "ceb", "sw"])
def test_each_language_has_its_catalog_installed(lang: str) -> None:
    assert translator(lang).gettext("The Black Maria may be led at any time.") != (
        "The Black Maria may be led at any time.")
