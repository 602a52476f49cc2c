"""The pass screen of play together at one screen (`sq_edu.apps.shared.seats`)."""

from __future__ import annotations

from sq_edu.apps.shared.seats import PassScreen


def test_the_pass_screen_says_nothing_before_it_has_a_name() -> None:
    """Drawn for a language before anyone plays, it once read «Я : покажи мои карты»."""
    screen = PassScreen("en", lambda: None, lambda f: f)
    screen.set_lang("ru")
    assert screen.ready.description == "" and screen.text.value == ""
    screen.show("Маша")
    assert screen.ready.description == "Я Маша: покажи мои карты"
    assert "Маша" in screen.text.value
