"""Reading the .po catalogs in the text tests: a catalog's messages by (context, id)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po


def read(path: Path | str) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file)


def key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id[0] if isinstance(message.id, tuple) else message.id


def entries(catalog: Catalog) -> dict[tuple[str | None, str], Message]:
    return {key(m): m for m in catalog if m.id}
