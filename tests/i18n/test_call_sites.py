"""No `{placeholder}` reaches a page: every catalogue message, in both languages and every
plural form, formatted with the parameters and parameter forms its call sites pass (read from
the source, `tests/support/call_sites.py`), and the forgiving fallback if one is ever missed."""

from __future__ import annotations

import logging

import pytest

from sq_edu.i18n import LANGS, catalog, placeholders, t
from sq_edu.i18n.words import word
from tests.support.call_sites import NUMBER, TEXT, CallSite, call_sites

SITES = call_sites(set(catalog()))


def _sample(form: str, lang: str) -> object:
    if form == NUMBER:
        return 3
    if form == TEXT:
        return "Мама" if lang == "ru" else "Mum"
    return word("common.player_n", lang, n=2)


def _texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [str(value)]


def test_the_call_sites_are_found() -> None:
    """The reader finds the calls it must (a literal key, an f-string, a conditional)."""
    assert len(SITES) > 500
    keys = {k for s in SITES for k in s.keys}
    assert {"smooth.bots_playing", "play.prompt_wait", "smooth.pace_step"} <= keys


def _wanted(key: str, lang: str) -> set[str]:
    return set().union(*(placeholders(x) for x in _texts(catalog()[key][lang])))


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.where)
def test_every_call_site_fills_its_messages(site: CallSite,
                                            caplog: pytest.LogCaptureFixture) -> None:
    """A literal key must get every placeholder it has; a key made at run time (an f-string)
    is one of those the site fills; either way each is formatted with the forms passed."""
    passed = {name for name, _form in site.params}
    keys = site.keys
    if not site.exact and not site.open:
        keys = tuple(k for k in keys if all(_wanted(k, lang) <= passed for lang in LANGS))
        assert keys, f"{site.where}: none of {site.keys} gets the parameters it needs"
    for key in keys:
        entry = catalog()[key]
        for lang in LANGS:
            wanted = _wanted(key, lang)
            if not site.open:
                assert wanted <= passed, f"{site.where}: {key} needs {sorted(wanted - passed)}"
            counts = (1, 2, 5) if isinstance(entry[lang], dict) else (3,)
            for n in counts:
                params = {name: _sample(form, lang) for name, form in site.params}
                params.update({name: _sample("word", lang) for name in wanted - passed})
                if "n" in wanted or isinstance(entry[lang], dict):
                    params["n"] = n
                caplog.clear()
                with caplog.at_level(logging.ERROR, logger="sq_edu.i18n"):
                    text = t(key, lang, **params)
                assert not caplog.records, f"{site.where}: {key} [{lang}] {caplog.text}"
                assert "{" not in text and "}" not in text, f"{site.where}: {key} [{lang}] {text}"


def test_a_missed_form_shows_a_plain_sentence_and_logs(
        caplog: pytest.LogCaptureFixture) -> None:
    """Before the fix a plain-string name gave the page «Ходит {who:low}…»."""
    with caplog.at_level(logging.ERROR, logger="sq_edu.i18n"):
        shown = t("smooth.bots_playing", "ru", who="Мама")
    assert shown == "Ходит Мама…"
    assert "smooth.bots_playing" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="sq_edu.i18n"):
        missing = t("play.prompt_wait", "ru")
    assert "{" not in missing and missing.startswith("Ходит"), missing
    assert "play.prompt_wait" in caplog.text


def test_a_bot_in_play_together_is_named_with_its_forms() -> None:
    from sq_edu.apps.shared.seats import seat_name
    from sq_edu.practice.seats import BOT, PERSON, Seat

    seats = (Seat(PERSON, name="Мама"), Seat(BOT))
    assert t("smooth.bots_playing", "ru", who=seat_name(seats, 1, "ru")) == "Ходит бот 2…"
    assert t("smooth.bots_playing", "ru", who=seat_name(seats, 0, "ru")) == "Ходит Мама…"
