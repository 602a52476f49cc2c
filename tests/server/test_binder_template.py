"""Binder's postBuild installs sq-edu's page template for Voila's server extension
(sq_edu/server/binder_template.py); the browser test is tests/browser/test_binder_route.py."""

from __future__ import annotations

import json
from pathlib import Path

from sq_edu.server.binder_template import NAME, install
from sq_edu.server.launch import TEMPLATES


def test_the_template_is_installed_by_name_and_chosen_in_voila_json(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "voila.json").write_text('{"VoilaConfiguration": {"theme": "light"}}')
    folder = install(tmp_path / "data", tmp_path / "config")
    assert folder == tmp_path / "data" / "voila" / "templates" / NAME
    assert (folder / "index.html.j2").read_text() == (TEMPLATES / "index.html.j2").read_text()
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    config = json.loads((tmp_path / "config" / "voila.json").read_text())
    assert config == {"VoilaConfiguration": {"theme": "light", "template": NAME}}


def test_binder_runs_it_after_building() -> None:
    post_build = Path(__file__).resolve().parents[2] / "binder" / "postBuild"
    assert "python -m sq_edu.server.binder_template" in post_build.read_text()
