"""Child-first pieces every dashboard shares: folds and cheers.

- `Fold`: one native button that shows or hides a part of the app, remembered in this browser.
  `settings_fold(...)` puts the grown-up settings (level, deal number, worksheet, rules, bots,
  coach) behind one "For grown-ups" button with the stable class `sq-settings`, so the child's
  first screen is the task and the hand; `intro_fold(...)` folds an introduction and a worked
  example (open on the first visit, a tap away after). The body is any widget; the stylesheet
  hides it until the app carries `sq-open-<name>` (put there by the button, in the browser).
- `celebration_html`: a level done or a game won (`sq-celebrate`): stars and a big line.
- `Cheer`: soft sounds made in the browser (WebAudio, no sound files) at a right answer, a
  queen woken and a win, with a sound on / off button; off by default in class mode.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from sq_edu.i18n import t
from sq_edu.widgets.speaker import with_speaker

_HERE = Path(__file__).parent
CUES = ("right", "wake", "win")
STARS = 5


class Fold(anywidget.AnyWidget):
    """The button of a fold; `expanded` follows the browser (a test or notebook may read it)."""

    _esm = _HERE / "fold.js"

    name = traitlets.Unicode("settings").tag(sync=True)   # the app class: sq-open-<name>
    key = traitlets.Unicode("settings").tag(sync=True)    # what the browser remembers it by
    mode = traitlets.Unicode("remember").tag(sync=True)   # or "first-visit"
    label = traitlets.Unicode("").tag(sync=True)
    expanded = traitlets.Bool(False).tag(sync=True)


def _body(name: str, children: list[widgets.Widget]) -> widgets.VBox:
    body = widgets.VBox(children)
    body.add_class("sq-fold-body")
    body.add_class(f"sq-fold-{name}")
    return body


def settings_fold(children: list[widgets.Widget], lang: str, key: str = "settings"
                  ) -> tuple[Fold, widgets.VBox]:
    """The "For grown-ups" button (class `sq-settings`) and the box it opens."""
    toggle = Fold(name="settings", key=key, mode="remember", label=t("joy.settings", lang))
    toggle.add_class("sq-settings")
    return toggle, _body("settings", children)


def intro_fold(children: list[widgets.Widget], lang: str, key: str
               ) -> tuple[Fold, widgets.VBox]:
    """The "How it works" button (class `sq-intro-toggle`) and the box it opens: open on the
    first visit of the page `key`, folded on later visits."""
    toggle = Fold(name="intro", key=f"intro:{key}", mode="first-visit",
                  label=t("joy.intro", lang))
    toggle.add_class("sq-intro-toggle")
    return toggle, _body("intro", children)


def relabel_folds(lang: str, settings: Fold | None = None, intro: Fold | None = None) -> None:
    if settings is not None:
        settings.label = t("joy.settings", lang)
    if intro is not None:
        intro.label = t("joy.intro", lang)


class Cheer(anywidget.AnyWidget):
    """The sound button; `cheer("right")` plays a short tune in the browser if sound is on."""

    _esm = with_speaker("cheer.js")
    _css = _HERE / "joy.css"

    cue = traitlets.Unicode("").tag(sync=True)
    serial = traitlets.Int(0).tag(sync=True)
    class_mode = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lang: str = "en", **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("sq-sound")
        self.set_lang(lang)

    def cheer(self, cue: str) -> None:
        if cue in CUES:
            with self.hold_sync():
                self.cue, self.serial = cue, self.serial + 1

    def set_lang(self, lang: str) -> None:
        self.label = t("joy.sound", lang)


def celebration_html(text: str) -> str:
    """A win: stars that rise and a big line (class `sq-celebrate`)."""
    stars = "".join(f'<span class="sq-star" style="--i:{i}" aria-hidden="true">★</span>'
                    for i in range(STARS))
    return (f'<div class="sq-celebrate"><div class="sq-stars">{stars}</div>'
            f'<p class="sq-celebrate-text">{escape(text)}</p></div>')


def header_tools(*tools: widgets.Widget) -> widgets.HBox:
    """The right end of an app's title row: language, sound, settings side by side."""
    box = widgets.HBox(list(tools))
    box.add_class("sq-header-tools")
    return box
