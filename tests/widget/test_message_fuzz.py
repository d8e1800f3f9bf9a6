"""Every message shape the page could send, of values of every type: the table
refuses each bad one with a warning naming it, never with "Something went wrong
inside the table" (an error outside the checks), and never raises."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget import HeartsTable
from hearts_widget.widget.session import MESSAGE_TYPES

PAGE_ONLY = ("hello", "save_file", "open_file", "story", "ping")
FIELDS = ("state", "card", "cards", "choice", "variant", "rules", "change", "seconds", "pace", "show", "lang",
          "client", "text")
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8),
                    st.sampled_from(["2C", "QS", "self", "others", "en", "sw", "moon=self", "omnibus", "left"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=6), st.sampled_from(FIELDS)),
                                                 inner, max_size=4)), max_leaves=8)
TYPES = st.one_of(st.sampled_from(MESSAGE_TYPES + PAGE_ONLY), VALUES)


@st.composite
def messages(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 9)) == 0:
        return draw(VALUES)  # not even an object
    message = {name: draw(VALUES) for name in draw(st.sets(st.sampled_from(FIELDS), max_size=4))}
    if draw(st.booleans()):
        message["type"] = draw(TYPES)
    return message


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(messages(), min_size=1, max_size=3), st.booleans())
def test_no_message_of_any_shape_gets_past_the_checks(sent: list[Any], current_state: bool) -> None:
    table = HeartsTable(seed=1)
    for message in sent:
        if current_state and isinstance(message, dict) and "state" in message:
            message = {**message, "state": table.state["id"]}  # reaches the intent's own checks
        table.send_intent(message)
        assert table.notice.get("kind") != "internal", (message, table.notice)
