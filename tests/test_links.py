"""sq_edu.links: the page settings every layer agrees on (deal range, level policy, links)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sq_edu.links import MAX_SEED, PageParams, clamp_level, parse_query, wrap_seed


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
