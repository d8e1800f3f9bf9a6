"""Every rule id the engine cites has a short name in every language."""

import re
from pathlib import Path

import pytest

import hearts_widget
from hearts_widget.text import LANGUAGES
from hearts_widget.text.rule_names import rule_name

ENGINE = Path(hearts_widget.__file__).parent / "engine"
CITED = sorted({m for path in ENGINE.glob("*.py")
                for m in re.findall(r'"((?:setup|pass|play|score|variant)\.[a-z.-]+)"', path.read_text())})


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_cited_rule_has_a_name(lang: str) -> None:
    assert len(CITED) > 20
    names = {rule: rule_name(rule, lang) for rule in CITED}
    assert all(names.values())
    if lang != "en":
        assert all(names[rule] != rule_name(rule, "en") for rule in CITED)


def test_an_unknown_rule_id_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="play.nonsense"):
        rule_name("play.nonsense")
