"""Finding the gettext catalog for a language."""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

DOMAIN = "hearts_widget"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT_LANGUAGE = "en"
# The languages the project ships: code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "tl": "Tagalog", "ceb": "Cebuano", "sw": "Kiswahili"}
# Locale language codes that name one of ours differently (Filipino is Tagalog-based).
LOCALE_ALIASES: dict[str, str] = {"fil": "tl"}
# The environment variables naming the user's locale, in the order gettext reads them.
LOCALE_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")


def check_language(lang: str | None) -> str:
    """The language code to use; an unknown code is refused naming the choices."""
    if lang is None:
        return DEFAULT_LANGUAGE
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"unknown language {repr(lang)[:40]}: choose one of {', '.join(LANGUAGES)}")
    return lang


def language_of_locale(name: str) -> str | None:
    """Our language code for a locale name such as ``sw_KE.UTF-8``, or None if not shipped."""
    code = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    code = LOCALE_ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def default_language(lang: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``lang`` when given, else the kernel's locale if we
    ship its language, else English.

    The locale is read as gettext does: the ``LANGUAGE`` priority list first,
    then the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set.
    """
    if lang is not None:
        return check_language(lang)
    environ = os.environ if environ is None else environ
    candidates = [name for name in environ.get("LANGUAGE", "").split(":") if name]
    candidates += [environ[name] for name in LOCALE_VARIABLES if environ.get(name)][:1]
    for name in candidates:
        code = language_of_locale(name)
        if code is not None:
            return code
    return DEFAULT_LANGUAGE


@cache
def translator(lang: str | None = None) -> gettext.NullTranslations:
    """The catalog for ``lang`` (English, the source language, needs none)."""
    lang = check_language(lang)
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])
