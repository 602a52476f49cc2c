"""Every text box a child or teacher types in sends its words on leaving, never per keystroke."""

from __future__ import annotations

import ast
from pathlib import Path

import sq_edu
from sq_edu.widgets.controls import text_box

PACKAGE = Path(sq_edu.__file__).parent
# Boxes whose Enter key is the way to send ("submit" goes on keypress, before a value sent on
# leaving would): they keep ipywidgets' per-keystroke sync.
ENTER_SUBMITS = {Path("apps/teacher/login.py")}


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
                    and path.relative_to(PACKAGE) not in ENTER_SUBMITS
                    and not any(k.arg == "continuous_update" and isinstance(k.value, ast.Constant)
                                and k.value.value is False for k in node.keywords)):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == [], "use widgets.controls.text_box: " + ", ".join(offenders)
