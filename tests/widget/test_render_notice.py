"""The words a Voilà page shows for a widget it could not draw travel with the
widget's output, in the widget's language (the template reads them there)."""

from __future__ import annotations

from hearts_widget import HeartsTable
from hearts_widget.lessons.stepper import Lesson
from hearts_widget.text.classroom import render_retry_text
from hearts_widget.widget.render_notice import RENDER_NOTICE_MIME, with_render_notice


def test_the_table_and_the_lesson_send_the_words_in_their_language() -> None:
    table = HeartsTable(lang="tl")
    lesson = Lesson(lang="sw", remember=False)
    try:
        table_data, _metadata = table._repr_mimebundle_()
        lesson_data = lesson._repr_mimebundle_()
        assert table_data[RENDER_NOTICE_MIME] == render_retry_text("tl")
        assert lesson_data[RENDER_NOTICE_MIME] == render_retry_text("sw")
        assert "application/vnd.jupyter.widget-view+json" in table_data
        assert "application/vnd.jupyter.widget-view+json" in lesson_data
        assert render_retry_text("sw")["failed"] != render_retry_text("en")["failed"]
    finally:
        table.close()
        lesson.close()


def test_the_words_are_added_to_either_shape_of_display_data_without_changing_it() -> None:
    data = {"text/plain": "HeartsTable()"}
    metadata = {"isolated": False}
    words = render_retry_text("ceb")
    assert with_render_notice(data, "ceb") == {**data, RENDER_NOTICE_MIME: words}
    assert with_render_notice((data, metadata), "ceb") == ({**data, RENDER_NOTICE_MIME: words}, metadata)
    assert data == {"text/plain": "HeartsTable()"}, "the widget's own display data is left as it was"
    assert with_render_notice(None, "ceb") is None  # nothing to display: nothing added
