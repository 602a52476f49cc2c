"""The page template for the Binder route, so a dashboard's tab title and `<html lang>` are right
before its widgets load.

On Binder the README's links open a dashboard through `jupyter server` with Voila's server
extension, which renders with a template found by name in the Jupyter data folders, not with
`sq-edu serve`'s `sq_edu/server/templates/`. Until the widgets loaded, a Russian link showed an
English tab title (the page fixed it later, `sq_edu/pages/connection.py`). Binder's `postBuild`
runs `python -m sq_edu.server.binder_template`: the same template is installed under the name
`sq-edu` (on top of Voila's lab template) and made the extension's template in `voila.json`.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from jupyter_core.paths import jupyter_config_dir, jupyter_data_dir

from sq_edu.server.launch import TEMPLATES

NAME = "sq-edu"


def install(data_dir: Path, config_dir: Path) -> Path:
    """Copy the template to `data_dir/voila/templates/sq-edu` and name it in
    `config_dir/voila.json` (other settings there are kept). The template's folder."""
    folder = data_dir / "voila" / "templates" / NAME
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(TEMPLATES / "index.html.j2", folder / "index.html.j2")
    (folder / "conf.json").write_text(json.dumps({"base_template": "lab"}) + "\n",
                                      encoding="utf-8")
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "voila.json"
    config = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    config.setdefault("VoilaConfiguration", {})["template"] = NAME
    path.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    return folder


if __name__ == "__main__":  # python -m sq_edu.server.binder_template [data_dir config_dir]
    args = sys.argv[1:]
    data, config = (Path(a) for a in args) if len(args) == 2 else (
        Path(jupyter_data_dir()), Path(jupyter_config_dir()))
    print(f"installed {install(data, config)}")
