"""Every text box a child or teacher types in sends its words on leaving, never per keystroke."""

from __future__ import annotations

import ast
from pathlib import Path

import sq_edu
from sq_edu.widgets.controls import text_box
from sq_edu.widgets.password_box import MAX_WORD, PasswordBox

PACKAGE = Path(sq_edu.__file__).parent


def test_text_box_sends_on_leaving() -> None:
    box = text_box(value="3/20")
    assert box.continuous_update is False and box.value == "3/20"


def test_no_app_builds_a_keystroke_text_box() -> None:
    # ipywidgets holds a model's later changes back until the kernel answers the first one,
    # but sends a button's click at once: a box synced per keystroke loses the race to "Check".
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("Text", "Textarea", "Password")
                    and not any(k.arg == "continuous_update" and isinstance(k.value, ast.Constant)
                                and k.value.value is False for k in node.keywords)):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == [], "use widgets.controls.text_box: " + ", ".join(offenders)


def test_a_password_box_judges_the_word_its_enter_brought() -> None:
    # Enter's message carries the word: a value still held back in the page cannot be judged.
    box = PasswordBox(description="Password")
    heard: list[str] = []
    box.on_submit(heard.append)
    box.value = "o"                                     # all a slow sync had brought so far
    box._message(box, {"event": "submit", "value": "owls-at-noon"})
    box._message(box, {"event": "submit"})              # a bare "submit": nothing to judge
    box._message(box, {"event": "submit", "value": 7})
    box._message(box, {"selected": [1]})
    assert heard == ["owls-at-noon"] and box.value == "owls-at-noon"
    box.submit("x" * 5_000)                             # never stored whole
    assert len(heard[-1]) == len(box.value) == MAX_WORD
