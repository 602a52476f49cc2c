"""The guard turns a crash into a friendly line; the fixture notices swallowed errors."""

from __future__ import annotations

import logging

import ipywidgets as widgets
import pytest

from sq_edu.widgets import Feedback, LanguageToggle, guarded


@pytest.mark.expect_callback_error
def test_guard_shows_friendly_message_and_logs_traceback(
        fail_on_swallowed_callback_errors, caplog) -> None:
    status = Feedback("ru")
    button = widgets.Button()

    @guarded(status)
    def explode(_b: object) -> None:
        raise ZeroDivisionError("secret internals")

    button.on_click(explode)
    with caplog.at_level(logging.ERROR, logger="sq_edu.widgets.guard"):
        button.click()
    assert status.text == "Что-то пошло не так — попробуй ещё раз."
    assert "secret" not in status.value and 'role="status"' in status.value
    assert 'aria-live="polite"' in status.value
    assert any(r.exc_info and "secret internals" in str(r.exc_info[1]) for r in caplog.records)
    assert fail_on_swallowed_callback_errors.records  # the autouse fixture saw it too


@pytest.mark.expect_callback_error
def test_fixture_sees_unguarded_ipywidgets_errors(fail_on_swallowed_callback_errors) -> None:
    button = widgets.Button()
    button.on_click(lambda _b: 1 / 0)
    button.click()  # ipywidgets only logs this
    assert any("callback" in r.getMessage() for r in fail_on_swallowed_callback_errors.records)


def test_guard_returns_value_when_fine() -> None:
    assert guarded(None)(lambda x: x + 1)(1) == 2


def test_feedback_re_says_message_in_new_language() -> None:
    status = Feedback()
    status.say("widgets.hand_selected_count", "good", n=3)
    assert status.text == "3 cards picked" and "✔" in status.value
    status.set_lang("ru")
    assert status.text == "Выбрано 3 карты"
    status.clear()
    assert status.text == ""


def test_language_toggle_calls_back() -> None:
    toggle = LanguageToggle("en")
    got: list[str] = []
    toggle.on_change(got.append)
    toggle.value = "ru"
    assert got == ["ru"] and toggle.lang == "ru"
    assert [label for label, _ in toggle.options] == ["English", "Русский"]


def test_language_toggle_wears_the_language_chosen() -> None:
    """`sq-lang-<code>`: what the static site's bar follows (lite/page.html)."""
    toggle = LanguageToggle("en")
    assert "sq-lang-en" in toggle._dom_classes
    toggle.value = "ru"
    assert "sq-lang-ru" in toggle._dom_classes and "sq-lang-en" not in toggle._dom_classes
    assert "sq-language" in toggle._dom_classes
