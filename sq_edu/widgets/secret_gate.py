"""`SecretGate`: whether a learner's secret opens their record, counted for the whole server.

The lesson's progress panel asks it at "welcome back" and before an upload replaces a record;
the game apps' nickname row (Play, Table: `apps/shared/learner.py`) asks it before a game's
answers reach a named record. Every route shares one counter (`guess_limit`, per learner and
per device, shared by every page and kernel): the guessing device waits, the learner's own
device does not. A record holds a picture secret
(`secret_pictures`) or, if saved before the pictures, 4 digits alone: the digits still open
it, and the gate then remakes the record with the picture given (or asks for one). A picture
record hashed more weakly than records are now (PBKDF2 of 20,000 rounds, from older sites) is
remade, unchanged for the learner, with today's hash once its secret opens it. What it did is
said after the page's own greeting.
"""

from __future__ import annotations

import logging
from pathlib import Path

from sq_edu.practice import ProgressStore
from sq_edu.practice.guess_limit import GuessLimit, client_device
from sq_edu.practice.learner_guard import is_picture_record, is_weak_record, valid_pin
from sq_edu.practice.messages import Msg, msg
from sq_edu.practice.secret_pictures import hash_secret, secret_matches, secret_text

log = logging.getLogger(__name__)


class SecretGate:
    """The server-wide guess counter for learners' records in `folder`, and what it did."""

    def __init__(self, folder: Path | None) -> None:
        self.guesses = GuessLimit(folder)
        self.remade: str | None = None   # the picture a secret was just made with
        self.nudge = False               # an old secret (digits alone) just opened

    def forget(self) -> None:
        self.remade, self.nudge = None, False

    def refusal(self, store: ProgressStore, nickname: str, picture: str | None,
                typed: str) -> Msg | None:
        """Why this secret does not open this learner's record, or None if it does (a
        learner without one yet gets the picture and number given now; a record of digits
        alone opens with its digits). Every wrong secret counts in the server-wide counter,
        whichever page or route it came from; a missing part is said, not counted."""
        target, device = f"learner:{store.path.stem}", client_device()
        wait = self.guesses.wait_left(target, device)
        if wait:
            return msg("safety.pin_wait", n=wait)
        record = store.secret()
        if record is not None and not is_picture_record(record):
            if valid_pin(typed) is None:
                return msg("safety.pin_needed")
        elif secret_text(picture, typed) is None:
            return msg("safety.secret_needed")
        if record is not None and not secret_matches(picture, typed, record):
            log.info("wrong secret for a learner's file %s", store.path.name)
            wait = self.guesses.failed(target, device)
            if wait:
                return msg("safety.pin_wait", n=wait)
            return msg("safety.pin_wrong", nickname=nickname)
        # this device is the learner's own (and, with no record yet, it made the learner)
        self.guesses.succeeded(target, device, made=record is None)
        return None

    def record_to_keep(self, picture: str | None, typed: str,
                       record: dict[str, str] | None) -> dict[str, str] | None:
        """The record to keep now: a picture secret made from what was given when the record
        has none yet or holds digits alone (it opened with them: remade with the picture),
        else None (keep the record as it is). A weakly hashed picture record that this very
        secret opens is hashed again as records are now (the learner sees nothing)."""
        if is_picture_record(record):
            if (is_weak_record(record) and picture is not None
                    and secret_matches(picture, typed, record)):
                return hash_secret(picture, typed)
            return None
        if picture is None or secret_text(picture, typed) is None:
            self.nudge = record is not None   # digits alone opened it: ask for a picture
            return None
        self.remade = picture
        return hash_secret(picture, typed)

    def said(self, lang: str) -> str:
        """The line about the secret to add to the greeting ("" when there is nothing)."""
        line = self.said_msg()
        return line.render(lang) if line is not None else ""

    def said_msg(self) -> Msg | None:
        """That line as a message, so a page can say it again in another language (the
        picture's name too)."""
        if self.remade:
            return msg("safety.picture_added", name=msg(f"safety.picture_{self.remade}"))
        if self.nudge:
            return msg("safety.add_picture")
        return None
