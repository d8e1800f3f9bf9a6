"""Finding the gettext catalog for a language."""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

DOMAIN = "hearts_widget"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT_LANGUAGE = "en"
# The languages the project ships: code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English"}


def check_language(lang: str | None) -> str:
    """The language code to use; an unknown code is refused naming the choices."""
    if lang is None:
        return DEFAULT_LANGUAGE
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


@lru_cache(maxsize=None)
def translator(lang: str | None = None) -> gettext.NullTranslations:
    """The catalog for ``lang`` (English, the source language, needs none)."""
    lang = check_language(lang)
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])
