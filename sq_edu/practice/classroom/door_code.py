"""The teacher's one-time door code: a way in for a late child's new device behind a flood.

Behind one address (a school's NAT) a script's next cookie and a child's brand-new tablet look
the same to the server: both have the class password and a cookie of one request, so when a
page flood fills that address's share of new pages (`sq_edu.server.page_book`), the child
waited with the flood. What the script does not have is what the teacher says aloud to one
child: a code of 6 digits, shown on the teacher page. Typed on the waiting page, it makes that
device an owner, like a device a learner's record vouches for (held only by its own page cap),
and it is spent: the next code is drawn at once, and the teacher page lists the use (when, which
device). Wrong codes go through the class's guess counter (`guess_limit`, target "door") like
every other secret: waits per device and per address, never on the code itself, so a flood of
wrong codes from fresh cookies keeps neither the teacher nor the right code out. The price: a
script gets one checked guess per fresh cookie (docs/deploy.md, "Page caps behind one address"),
2,000-4,000 a minute, so a code open all day would be found on most days; each code opens only
for LIFETIME after it is drawn (2-4% of a million codes tried in that time), and an expired
one is not replaced until the teacher asks for a new one.

The code lives in `.door-code` in the class data folder (no `.json` name, so no listing takes it
for a learner), read and written under the same lock as the learners' files, so the teacher
page's kernel and the server take turns. Without a folder there is no door code.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sq_edu.practice.guess_limit import Device, GuessLimit
from sq_edu.practice.learner_guard import locked

DOOR_FILE = ".door-code"
TARGET = "door"        # the guess counter's target (and a device's "opened" mark)
DIGITS = 6             # a million codes: said aloud in two groups of three ("482 913")
KEPT_USES = 20         # uses listed on the teacher page (and spent codes recognised)
LIFETIME = 600         # seconds a code opens after it is drawn (the next after a use, too)
OPEN, WRONG, SPENT, WAIT = "open", "wrong", "spent", "wait"


def typed_code(text: object) -> str:
    """The digits of what was typed ("482 913", "482-913", full-width digits: "482913");
    "" for anything else."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFKC", text[:40])
    digits = "".join(ch for ch in text if ch in "0123456789")
    rest = "".join(ch for ch in text if ch not in "0123456789 -.\t")
    return digits if len(digits) == DIGITS and not rest else ""


def spoken(code: str) -> str:
    """A code in two groups of three, as the teacher page shows it: "482 913"."""
    return f"{code[:3]} {code[3:]}" if len(code) == DIGITS else code


class DoorCode:
    """The door code of the class in `folder` (None: no door code)."""

    def __init__(self, folder: Path | None, clock: Callable[[], float] = time.time) -> None:
        self.folder, self.clock = folder, clock

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / DOOR_FILE

    # -- the teacher page ----------------------------------------------------------------
    def current(self) -> str:
        """The code to give now (drawn when there has been none yet); "" without a folder or
        once it expired (the teacher's "New door code" draws the next)."""
        data = self._read()
        if len(str(data.get("code", ""))) != DIGITS:
            return self._change(lambda data: None)
        return str(data["code"]) if self._fresh(data) else ""

    def _fresh(self, data: dict[str, Any]) -> bool:
        made = data.get("made")
        return isinstance(made, (int, float)) and 0 <= self.clock() - made < LIFETIME

    def _opens(self, code: str, data: dict[str, Any]) -> bool:
        current = str(data.get("code", ""))
        return (bool(code) and len(current) == DIGITS and hmac.compare_digest(code, current)
                and self._fresh(data))

    def renew(self) -> str:
        """A new code: the one shown before no longer opens (the teacher's "New door code")."""
        return self._change(lambda data: data.pop("code", None))

    def uses(self) -> list[dict[str, Any]]:
        """Codes used, newest last: {"at", "address", "device" (the device key), "code"}."""
        return [dict(use) for use in self._read().get("uses", [])]

    # -- the waiting page ----------------------------------------------------------------
    def open_with(self, text: object, device: Device) -> tuple[str, int]:
        """One try at the door code from `device`: (OPEN, 0) spends the code and makes the
        device one that opened "door" (`device_standing`: an owner); WRONG or SPENT (a code
        already used) count a wrong try; WAIT: this device must wait (seconds), unchecked."""
        if self.path is None:
            return WRONG, 0
        guesses = GuessLimit(self.folder, self.clock)
        wait = guesses.wait_left(TARGET, device)
        if wait:
            return WAIT, wait
        code, spent = typed_code(text), [False]

        def spend(data: dict[str, Any]) -> None:
            if self._opens(code, data):   # again under the lock: one use
                data["uses"] = [*data.get("uses", []), {
                    "at": self.clock(), "address": device.address, "device": device.key,
                    "code": code}][-KEPT_USES:]
                data.pop("code", None)   # the next one is drawn below
                spent[0] = True

        if self._opens(code, now := self._read()):   # a wrong one writes nothing
            self._change(spend)
        if spent[0]:
            guesses.succeeded(TARGET, device)
            return OPEN, 0
        used = bool(code) and any(use.get("code") == code for use in now["uses"])
        guesses.failed(TARGET, device)
        return (SPENT if used else WRONG), 0

    # -- storage -------------------------------------------------------------------------
    def _read(self) -> dict[str, Any]:
        path = self.path
        if path is None:
            return {}
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(raw, dict):
            return {}
        uses = raw.get("uses")
        raw["uses"] = [use for use in uses if isinstance(use, dict)] if isinstance(
            uses, list) else []
        return raw

    def _change(self, change: Callable[[dict[str, Any]], object]) -> str:
        """Change the file under its lock; a code is drawn when none is left. The code now."""
        path = self.path
        if path is None:
            return ""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with locked(path):
                data = self._read()
                change(data)
                if len(str(data.get("code", ""))) != DIGITS:
                    data["code"] = f"{secrets.randbelow(10 ** DIGITS):0{DIGITS}d}"
                    data["made"] = self.clock()
                temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
                temp.write_text(json.dumps(data), encoding="utf-8")
                os.replace(temp, path)
        except OSError:   # a read-only folder: no new code, never a traceback
            return str(self._read().get("code", ""))
        return str(data["code"])

