"""sq_edu.links: the page settings every layer agrees on (deal range, level policy, links)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sq_edu.links import (
    BINDER_REPOSITORY,
    MAX_SEED,
    PageParams,
    binder_link,
    clamp_level,
    parse_query,
    wrap_seed,
)


@given(st.sampled_from(["en", "ru"]), st.none() | st.integers(0, MAX_SEED),
       st.none() | st.integers(1, 20))
def test_a_link_reads_back_as_written(lang: str, seed: int | None, level: int | None) -> None:
    params = PageParams(lang, seed, level)
    assert parse_query(params.to_query(), "en") == params


def test_link_order_and_form() -> None:
    assert PageParams("ru", 12, 2).to_query() == "lang=ru&level=2&seed=12"
    assert PageParams("en").to_query() == "lang=en"


def test_one_level_policy() -> None:
    assert [clamp_level(v, 4) for v in (-2, 0, 1, 3, 4, 9, "2", "x", None)] == [
        1, 1, 1, 3, 4, 4, 2, 1, 1]
    assert PageParams("en", level=9).level_note(4) == ("bad_level",)
    assert PageParams("en", level=3).level_note(3) == ()
    assert PageParams("en").level_note(2) == ()
    assert parse_query("level=50", "en").level_note(4) == ("bad_level",)   # said once


def test_deal_numbers_wrap_round() -> None:
    assert [wrap_seed(v) for v in (0, MAX_SEED, MAX_SEED + 1, -1)] == [0, MAX_SEED, 0, MAX_SEED]


def test_every_binder_link_in_the_readme_comes_from_the_one_setting() -> None:
    """`BINDER_REPOSITORY` in sq_edu/links.py names the repository; `tools/readme_links.py`
    rewrites the README's links after a change, and this fails until it has."""
    from pathlib import Path

    from tools.readme_links import README, rewritten

    text = README.read_text(encoding="utf-8")
    assert rewritten(text) == text
    assert text.count(f"mybinder.org/v2/gh/{BINDER_REPOSITORY}/HEAD?urlpath=") >= 9
    assert "placeholder" not in text and Path(README).name == "README.md"
    assert binder_link("chances", "lang=ru&seed=3") == (
        f"https://mybinder.org/v2/gh/{BINDER_REPOSITORY}/HEAD?urlpath="
        "voila%2Frender%2Fnotebooks%2Fchances.ipynb%3Flang%3Dru%26seed%3D3")


def test_the_nickname_typed_on_the_index_travels_in_the_lesson_link() -> None:
    """Issue 40: a nickname typed on the index was not carried into the lesson."""
    from sq_edu.links import PageParams, parse_query

    query = PageParams("ru", nickname="Маша К").to_query()
    assert parse_query(query).nickname == "Маша К"
    assert parse_query("nickname=" + "x" * 200).nickname == ""
    assert parse_query("lang=en").nickname == ""
