"""Voila as `sq-edu serve` runs it: the lesson index at `/`, and nothing fetched off the machine.

Standalone Voila serving a folder answers `/` with a bare file list, which is not where a
teacher or a child should land; here `/` redirects to the index dashboard (the query string,
such as `?lang=ru`, goes along). The bare list stays at `/voila/tree/`.

Voila's lab template links two Font Awesome style sheets on a CDN. Voila's own bundle already
carries Font Awesome 5 (served from `/voila/templates/lab/static/`), so the CDN links only cost
an offline classroom two failed requests and console errors; the template in
`sq_edu/server/templates/` is the lab one without them.

Run as `python -m sq_edu.server.launch <folder> [voila options]` (what `sq-edu serve` runs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler

from sq_edu.server.safe_app import SafeVoila

TEMPLATES = Path(__file__).resolve().parent / "templates"
FRONT_PAGE = "voila/render/index.ipynb"


def front_page_handler(server_url: str, base_url: str) -> tuple[str, type, dict[str, Any]]:
    """A tornado rule sending `/` (and `/?lang=ru`) to the lesson index dashboard."""
    return (server_url, RedirectHandler,
            {"url": url_path_join(base_url, FRONT_PAGE), "permanent": False})


class LessonsVoila(SafeVoila):
    """The school's safe Voila (safe_app.py) with the lesson index as its front page and a
    template that stays offline; `--SafeVoila.*` options still apply."""

    def setup_template_dirs(self) -> None:
        super().setup_template_dirs()
        # First on the search path, so our index.html.j2 shadows lab's (and extends it).
        self.template_paths = [str(TEMPLATES), *self.template_paths]

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        if self.notebook_path:  # a single notebook is already served at `/`
            return handlers
        return [front_page_handler(self.server_url, self.base_url), *handlers]


main = LessonsVoila.launch_instance

if __name__ == "__main__":
    main()
