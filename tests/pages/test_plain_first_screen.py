"""The plain first screen the kernel hands Voila (sq_edu/pages/first_plain.py): the deal's own
cards in the page's language, the buttons disabled, and none where the task is not first."""

from __future__ import annotations

import json
import re

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from sq_edu.links import PageParams
from sq_edu.pages.first_plain import MIME, first_screen
from sq_edu.pages.page import dashboard


def _page(lang: str, class_code: str = "") -> tuple[LessonApp, object]:
    app = LessonApp("equations", lang, level=2, seed=12)
    return app, dashboard(app, PageParams(lang, class_code=class_code))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_plain_screen_is_the_deal_in_the_page_language(lang: str) -> None:
    app, page = _page(lang)
    bundle = page._repr_mimebundle_()
    plain = bundle[MIME]
    hand = app.answer.hand
    saved = re.search(r'data-sq-render="HandView"><script type="application/json">(.*?)</script>',
                      plain)
    assert saved   # hand.js itself draws it in the page, from the hand's own state
    assert json.loads(saved.group(1))["cards"] == hand.cards
    check = re.search(r'<button [^>]*class="[^"]*sq-submit[^"]*"[^>]*>(.*?)</button>', plain)
    assert check and " disabled>" in check.group(0)
    assert t("lesson_app.check", lang) in check.group(1)
    for kit in ("Cheer", "Fold", "ReadAloud"):   # the title row and "Read aloud", as live
        assert f'data-sq-render="{kit}"' in plain
    assert t("first_screen.waking", lang) in plain
    assert "application/vnd.jupyter.widget-view+json" in bundle   # the live page as before


def test_a_class_page_that_asks_the_nickname_first_has_no_plain_screen() -> None:
    _app, page = _page("en", class_code="ABC123")
    assert MIME not in page._repr_mimebundle_()


def test_a_page_that_cannot_be_drawn_has_no_plain_screen_and_no_traceback() -> None:
    class Broken:   # a hand whose cards are not what hand.js draws
        layout = None
        max_select = 0

        def __init__(self) -> None:
            self.cards = [object()]

    assert first_screen(Broken(), "en") == ""   # type: ignore[arg-type]


def test_the_kit_modules_run_as_plain_scripts() -> None:
    """The plain screen runs the kit's own anywidget modules (one source of their markup):
    each must end as module_view expects, and one that does not gives no plain screen."""
    from sq_edu.pages.first_plain import RENDERED, module_view
    from sq_edu.widgets.hand import HandView
    from sq_edu.widgets.joy import Cheer, Fold
    from sq_edu.widgets.read_aloud import ReadAloud

    kit = {HandView: HandView(), Cheer: Cheer(), Fold: Fold(), ReadAloud: ReadAloud()}
    assert {kind.__name__ for kind in kit} == RENDERED
    for widget in kit.values():
        view = module_view(str(widget._esm))
        assert "export default" not in view and view.rstrip().endswith("return render;\n})()")
    with pytest.raises(ValueError):
        module_view("export default { render, other };")
