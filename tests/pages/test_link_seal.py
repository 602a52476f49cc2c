"""The teacher's class link is sealed: deleting `&fixed=1` (or the seal) keeps the level fixed."""

from __future__ import annotations

from sq_edu.links import PageParams, parse_query
from sq_edu.pages.link_seal import checked_seal, sealed_query

SERVER = {"SQ_EDU_TEACHER_KEY": "pbkdf2_sha256$2000$00ff$abcd"}


def _opened(query: str, environ: dict[str, str] = SERVER) -> PageParams:
    return checked_seal(parse_query(query), query, environ)


def test_the_teachers_link_opens_as_made() -> None:
    query = sealed_query(PageParams("ru", seed=12, level=3, class_code="5b", fixed=True), SERVER)
    assert "sig=" in query
    opened = _opened(query)
    assert opened.fixed and opened.level == 3 and "link_changed" not in opened.notes


def test_deleting_fixed_or_the_seal_or_editing_the_level_is_noticed() -> None:
    query = sealed_query(PageParams("en", seed=12, level=3, class_code="5b", fixed=True), SERVER)
    no_fixed = query.replace("&fixed=1", "")
    for changed in (no_fixed, no_fixed.split("&sig=")[0],
                    no_fixed.replace("level=3", "level=1")):
        opened = _opened(changed)
        assert opened.fixed and "link_changed" in opened.notes, changed
        assert opened.messages("en")[-1].startswith("This link was changed")


def test_without_a_teacher_password_links_work_as_before() -> None:
    query = sealed_query(PageParams("en", level=2, class_code="5b"), {})
    assert "sig=" not in query
    assert not _opened(query, {}).fixed
    free = sealed_query(PageParams("en", level=2, class_code="5b"), SERVER)
    assert not _opened(free).fixed   # the teacher did not fix it: the sealed link stays free
