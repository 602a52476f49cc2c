"""GrownupsApp without a browser: each child's summary in both languages, links that open the
next step, nothing of a class on a class server, and the index's link to it."""

from __future__ import annotations

from datetime import date
from html import escape
from pathlib import Path

import pytest

from sq_edu.apps.grownups import GrownupsApp
from sq_edu.apps.index import IndexApp
from sq_edu.i18n import t
from sq_edu.i18n.audience import register_faults
from sq_edu.practice.mastery import today_number
from sq_edu.practice.progress import Progress, ProgressStore

DAY = today_number(date(2026, 12, 2))


def _folder(tmp_path: Path) -> Path:
    progress = Progress("Masha")
    for _ in range(3):
        progress.mastery.record("equations", 2, "sums_within_10", False, guess=0.1, today=DAY,
                                slip="lessons.eq_trap_added")
    ProgressStore.for_learner("Masha", tmp_path).save(progress)
    return tmp_path


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("This week", "3 tasks", "struggling", "Practise next", "Play together")),
    ("ru", ("На этой неделе", "3 задания", "трудности", "Что тренировать дальше",
            "Сыграйте вместе")),
])
def test_summary_in_plain_words(tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    app = GrownupsApp(lang, progress_dir=_folder(tmp_path), today=DAY)
    page = app.page.value
    assert 'class="sq-grownups"' in page and 'data-nickname="Masha"' in page
    for word in words:
        assert word in page
    assert "{" not in page.split("</style>")[1] and "grownups." not in page
    assert 'href="equations.ipynb?lang=' + lang + '&amp;level=2&amp;nickname=Masha"' in page
    assert f'href="play.ipynb?lang={lang}"' in page
    assert "@media print" in page


def test_switch_and_site_links(tmp_path: Path) -> None:
    app = GrownupsApp("en", progress_dir=_folder(tmp_path), today=DAY)
    app.switch.click()
    assert app.lang == "ru" and "Для взрослых" in app.page.value
    app.address.href = "https://lessons.example/app.html"   # the site's app frame
    assert 'href="https://lessons.example/equations.html?lang=ru&amp;level=2' in app.page.value


def test_grown_up_messages_say_vy() -> None:
    from sq_edu.i18n import catalog, t

    keys = [key for key in catalog() if key.startswith("grownups.")]
    assert len(keys) > 10
    faults = {key: register_faults(key, t(key, "ru", n=2, name="Маша", page="П",
                                          together="В", lesson="У", level=1, skill="Н"))
              for key in keys}
    assert not {k: v for k, v in faults.items() if v}


def test_empty_folder_and_class_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40: nothing to print (no child here, or a class server) shows no print hint."""
    hint = "<p class=\"sq-grownups-print\">"
    assert hint in GrownupsApp("en", progress_dir=_folder(tmp_path), today=DAY).page.value
    empty = GrownupsApp("en", progress_dir=tmp_path / "none").page.value
    assert "No progress is kept here yet" in empty and hint not in empty
    monkeypatch.setenv("SQ_EDU_CLASS", "5b")
    for lang in ("en", "ru"):
        page = GrownupsApp(lang, progress_dir=_folder(tmp_path), today=DAY).page.value
        assert escape(t("grownups.class_server", lang)) in page and "Masha" not in page
        assert hint not in page and escape(t("grownups.print", lang)) not in page


def test_index_links_the_summary_behind_for_grown_ups(tmp_path: Path) -> None:
    for name in ("equations", "grownups"):
        (tmp_path / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    app = IndexApp("ru", folder=tmp_path)
    assert 'href="grownups.ipynb?lang=ru"' in app.grownups.value
    assert "grownups" not in app.body.value
