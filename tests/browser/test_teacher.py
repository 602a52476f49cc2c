"""The teacher page in Chromium: settings give a link, uploads give a report, a worksheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.practice import Progress, get_lesson
from sq_edu.practice.progress import to_bytes

pytestmark = pytest.mark.browser
APP = ".sq-teacher-app"


def test_teacher_sets_up_a_class_reads_progress_and_prints(dashboards, tmp_path: Path) -> None:
    page = dashboards.open("teacher", "level=2&seed=12", selector=APP)
    link = page.locator(f"{APP} .sq-class-link a")
    link.filter(has_text=get_lesson("equations").title.get("en")).wait_for()
    assert link.get_attribute("href").endswith("equations.ipynb?lang=en&level=2&seed=12")

    page.locator(f"{APP} .sq-class-lang select").select_option(label="Русский")
    russian_title = get_lesson("equations").title.get("ru")
    page.locator(f"{APP} .sq-class-link a").filter(has_text=russian_title).wait_for()
    assert "lang=ru&level=2&seed=12" in link.get_attribute("href")

    files = []
    for name, right in (("Ann", 3), ("Bob", 1)):
        progress = Progress(nickname=name)
        for _ in range(right):
            progress.mastery.record("equations", 2, "sums_within_10", True, levels=7)
        path = tmp_path / f"{name}.json"
        path.write_bytes(to_bytes(progress))
        files.append(str(path))
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    files.append(str(tmp_path / "broken.json"))
    with page.expect_file_chooser() as chooser:
        page.locator(f"{APP} .sq-report-upload").click()
    chooser.value.set_files(files)
    page.locator(f"{APP} .sq-report-view td", has_text="Bob").wait_for()
    assert page.locator(f"{APP} .sq-report-view tbody tr").count() == 2
    assert "broken.json" in page.locator(f"{APP} .sq-report-view").inner_text()
    page.locator(f"{APP} .sq-report-csv a[download]").wait_for(state="visible")

    settings = page.locator(f"{APP} .sq-settings button")   # worksheets: under "More settings"
    if settings.get_attribute("aria-expanded") != "true":
        settings.click()
    page.locator(f"{APP} .sq-worksheet-make").click()
    worksheet = page.locator(f"{APP} .sq-worksheet-link a[download]")
    worksheet.wait_for()
    assert worksheet.get_attribute("download") == "worksheet-equations-2-12.html"
    dashboards.screenshot("teacher", curated=True)
    dashboards.check()
