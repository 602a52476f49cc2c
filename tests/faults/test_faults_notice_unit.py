"""The kernel side of the connection heartbeat: answers pings, ignores anything else."""

from __future__ import annotations

from typing import Any

import pytest

from sq_edu.pages.connection import ConnectionNotice


@pytest.fixture
def notice(monkeypatch: pytest.MonkeyPatch) -> tuple[ConnectionNotice, list[Any]]:
    widget = ConnectionNotice("en")
    sent: list[Any] = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: sent.append(content))
    return widget, sent


def test_a_ping_gets_its_pong(notice: tuple[ConnectionNotice, list[Any]]) -> None:
    widget, sent = notice
    widget._handle_custom_msg({"ping": 7}, [])
    widget._handle_custom_msg({"ping": 8}, [])
    assert sent == [{"pong": 7}, {"pong": 8}]


@pytest.mark.parametrize("content", [{"ping": "7"}, {"ping": None}, {"code": "import os"},
                                     "ping", [1, 2], None, {"ping": 1.5}])
def test_anything_else_from_the_page_is_ignored(
    notice: tuple[ConnectionNotice, list[Any]], content: Any
) -> None:
    widget, sent = notice
    widget._handle_custom_msg(content, [])
    assert sent == []


def test_texts_follow_the_language() -> None:
    widget = ConnectionNotice("ru")
    assert widget.lost_text.startswith("Урок не отвечает")
    assert widget.reload_label == "Обновить страницу"
    widget.set_lang("en")
    assert widget.lost_text.startswith("The lesson is not answering")
    widget.set_lang("xx")  # junk falls back to English, never breaks
    assert widget.lang == "en"
    assert widget.timeout_ms > widget.interval_ms


def _tree(widget: Any) -> list[Any]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _tree(child)
    return found


@pytest.mark.parametrize("query", ["", "lang=ru&level=99"])
def test_every_dashboard_page_carries_a_connection_notice(query: str) -> None:
    import ipywidgets as widgets

    from sq_edu.pages.page import dashboard
    from sq_edu.pages.params import parse_query

    params = parse_query(query, "en")
    page = dashboard(widgets.Label("a lesson"), params)
    notices = [w for w in _tree(page) if isinstance(w, ConnectionNotice)]
    assert len(notices) == 1 and notices[0].lang == params.lang
