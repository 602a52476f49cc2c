"""Every dashboard app carries the shared stylesheet and the hooks it is scoped to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sq_edu.apps.dungeon import DungeonApp
from sq_edu.apps.lesson import LessonApp
from sq_edu.apps.play import PlayApp
from sq_edu.widgets import style as style_module
from sq_edu.widgets.style import AppStyle


@pytest.mark.parametrize("make", [
    lambda: LessonApp("equations", "en", level=1, seed=3),
    lambda: PlayApp(seed=3),
    lambda: DungeonApp(seed=3),
], ids=["lesson", "play", "dungeon"])
def test_app_has_one_shared_style_and_a_header_row(make, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SQ_EDU_PROGRESS_DIR", str(tmp_path))
    app = make()
    assert "sq-app" in app._dom_classes
    styles = [c for c in app.children if isinstance(c, AppStyle)]
    assert len(styles) == 1
    headers = [c for c in app.children if "sq-app-header" in getattr(c, "_dom_classes", ())]
    assert len(headers) == 1
    tools = [c for c in headers[0].children if "sq-header-tools" in c._dom_classes]
    assert len(tools) == 1 and app.language in tools[0].children   # with sound and settings


def test_stylesheet_only_styles_the_apps() -> None:
    css = (Path(style_module.__file__).parent / "app.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", css) for s in block.split(",")]
    selectors = [s for s in selectors if not s.startswith("@media")]  # its rules are checked
    assert selectors and all(s.startswith(".sq-app") for s in selectors), selectors
