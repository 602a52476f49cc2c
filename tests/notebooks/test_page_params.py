"""URL settings of a dashboard (`?lang=&seed=&level=`) are checked, never trusted."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sq_edu.voila.params import PageParams, page_params, parse_query


def test_good_values_are_read() -> None:
    assert parse_query("lang=ru&seed=12&level=2", "en") == PageParams("ru", 12, 2)
    assert parse_query("?LANG=ru", "en").lang == "en"  # keys are case-sensitive, value kept
    assert parse_query("", "ru") == PageParams("ru")


@pytest.mark.parametrize(("query", "note"), [
    ("lang=de", "bad_lang"), ("seed=-1", "bad_seed"), ("seed=1e9", "bad_seed"),
    ("seed=1000000", "bad_seed"), ("level=0", "bad_level"), ("level=abc", "bad_level"),
    ("level=%00", "bad_level"), ("level=2;import os", "bad_level"), ("level=²", "bad_level"),
])
def test_bad_values_fall_back_with_a_friendly_note(query: str, note: str) -> None:
    params = parse_query(query, "en")
    assert params.notes == (note,)
    assert (params.lang, params.seed, params.level) == ("en", None, None)
    assert params.messages()[0].endswith(".")
    assert params.messages("ru")[0] != params.messages("en")[0]


def test_server_default_language_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SQ_EDU_LANG", "ru")
    monkeypatch.setenv("QUERY_STRING", "seed=5")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert page_params() == PageParams("ru", 5, None)


@given(st.text(max_size=300))
def test_any_query_gives_valid_settings(query: str) -> None:
    params = parse_query(query, "en")
    assert params.lang in ("en", "ru")
    assert params.seed is None or 0 <= params.seed <= 999_999
    assert params.level is None or 1 <= params.level <= 20


def test_voila_tells_whether_the_index_is_served_alone(monkeypatch) -> None:
    from sq_edu.voila.params import served_alone

    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    assert not served_alone()  # preheated under sq-edu serve, or outside Voila
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/index.ipynb")
    assert not served_alone()
    monkeypatch.setenv("SCRIPT_NAME", "/user/ada/voila/render/notebooks/index.ipynb")
    assert not served_alone()  # Binder
    monkeypatch.setenv("SCRIPT_NAME", "/")
    assert served_alone()
