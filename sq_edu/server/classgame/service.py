"""`ClassGameService`: the one class game of each class, in the class server's process.

It sits beside the table service and trusts what that trusts: a request shows the class key
(only the class's kernels hold it), and a child is the nickname their page's kernel names
(checked with their secret there, as at a table). One game per class: the teacher's start
replaces an earlier one. Every change is saved (SQLite, `store.py`) before anyone hears of
it, so a restart resumes the round it was on; `tick()` closes a round whose timer ran out or
that every child has answered and voted in.

What each page may see (`view`): the projector and the children see the spread of answers
only when the teacher shows it, and never a name; the teacher sees who answered what.
"""

from __future__ import annotations

import hmac
import logging
import math
import os
import secrets
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sq_edu.pages.tables.wire import move_to_wire, obs_to_wire
from sq_edu.practice import clean_nickname
from sq_edu.practice.classgame.state import ClassGame, ClassGameError

from ..tables.service import TableService
from .store import FILE_NAME, ClassGameStore

log = logging.getLogger(__name__)
ROLES = ("child", "projector", "teacher")
SEED_ENV = "SQ_EDU_CLASSGAME_SEED"   # tests and benchmarks: the same deal every time


class ClassGameService:
    """The class games; `tick()` must be called often (the server does it with the tables)."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.clock = tables.clock
        self.games: dict[str, ClassGame] = {}
        self.stores: dict[str, ClassGameStore] = {}
        self.listeners: list[Callable[[str], None]] = []
        self._views: dict[str, tuple[ClassGame, int, dict[str, Any]]] = {}
        for path in sorted(Path(tables.progress_dir).glob(f"classes/*/{FILE_NAME}")):
            game = self._store(path.parent.name).load()
            if game is not None:
                self.games[game.class_name] = game
                game.opened = max(game.opened, self.clock())   # a fresh timer after a restart

    def check_class(self, class_name: object, key: object) -> str:
        return self.tables.check_class(class_name, key)

    def _store(self, class_name: str) -> ClassGameStore:
        if class_name not in self.stores:
            self.stores[class_name] = ClassGameStore(self.tables.progress_dir, class_name)
        return self.stores[class_name]

    def _game(self, class_name: str) -> ClassGame:
        game = self.games.get(class_name)
        if game is None:
            raise ClassGameError("classgame.err_no_game", 404)
        return game

    def _saved(self, game: ClassGame) -> None:
        self._store(game.class_name).save(game)
        for listener in list(self.listeners):
            listener(game.class_name)

    # --- the teacher ------------------------------------------------------------------------
    def start(self, class_name: str, rules: object, bots: object, coach: object,
              timer: object = 0) -> dict[str, Any]:
        seed = int(os.environ.get(SEED_ENV, "") or secrets.randbelow(2**31))
        game = ClassGame.new(class_name, str(rules), bots, str(coach),  # type: ignore[arg-type]
                             seed, self.clock(), timer)  # type: ignore[arg-type]
        old = self.games.get(class_name)
        if old is not None:
            game.version = old.version + 1   # waiting pages hear of the new game
        self.games[class_name] = game
        self._saved(game)
        return self.view(class_name, "teacher")

    def teacher(self, class_name: str, verb: str, show: object = False,
                choice: object = None) -> dict[str, Any]:
        """pause, resume, skip, close, end, spread (show the spread on the projector), decide
        (`choice`: one of the tied moves)."""
        game, now = self._game(class_name), self.clock()
        if verb == "pause":
            game.pause(now)
        elif verb == "resume":
            game.resume(now)
        elif verb == "skip":
            game.skip(now)
        elif verb == "close":
            game.close(now)
        elif verb == "reveal":
            game.reveal(now)
        elif verb == "end":
            game.end(now)
        elif verb == "decide":
            game.decide(choice, now)
        elif verb == "spread":
            game.show_spread = show is True
            game.touch(now)
        else:
            raise ClassGameError("classgame.err_bad_request", 404)
        self._saved(game)
        return self.view(class_name, "teacher")

    # --- a child ----------------------------------------------------------------------------
    def join(self, class_name: str, name: object) -> dict[str, Any]:
        nickname = self._nickname(name)
        game = self._game(class_name)
        before = game.version
        game.join(nickname, self.clock())
        if game.version != before:
            self._saved(game)
        return self.view(class_name, "child", nickname)

    def seat(self, class_name: str, name: object) -> str:
        """The seat token of a child who joined: their browser keeps it, so a reload sits
        back in without the secret again (only a kernel that checked the secret joins)."""
        nickname, game = self._nickname(name), self._game(class_name)
        if nickname not in game.seats:
            game.seats[nickname] = secrets.token_urlsafe(18)
            self._saved(game)
        return game.seats[nickname]

    def rejoin(self, class_name: str, name: object, seat: object) -> dict[str, Any]:
        """A reloaded page with the seat its browser kept: the same child, or refused (a new
        game, another nickname's seat)."""
        nickname, game = self._nickname(name), self.games.get(class_name)
        kept = "" if game is None else game.seats.get(nickname, "")
        if not (isinstance(seat, str) and kept and hmac.compare_digest(kept, seat)):
            raise ClassGameError("classgame.err_seat_gone", 409)
        return self.view(class_name, "child", nickname)

    def answer(self, class_name: str, name: object, round_no: object, text: object
               ) -> dict[str, Any]:
        nickname, game = self._nickname(name), self._game(class_name)
        if not isinstance(text, (str, int)) or len(str(text)) > 40:
            raise ClassGameError("classgame.err_bad_request", 400)
        result = game.answer(nickname, text, round_no, self.clock())
        if result.get("understood", True) and not result.get("again"):
            self._saved(game)
        return {"result": result, "view": self.view(class_name, "child", nickname)}

    def vote(self, class_name: str, name: object, round_no: object, choice: object
             ) -> dict[str, Any]:
        nickname, game = self._nickname(name), self._game(class_name)
        before = game.version
        game.vote(nickname, choice, round_no, self.clock())
        if game.version != before:
            self._saved(game)
        return self.view(class_name, "child", nickname)

    # --- time passing -----------------------------------------------------------------------
    def tick(self) -> None:
        now = self.clock()
        for game in list(self.games.values()):
            try:
                if game.due(now):
                    game.settle(now)
                    self._saved(game)
            except Exception:   # one broken game never stops the server
                log.exception("the class game of %s failed; it ends", game.class_name)
                game.phase = "over"
                game.touch(now)
                self._saved(game)

    # --- what a page sees -------------------------------------------------------------------
    def version(self, class_name: str) -> int:
        game = self.games.get(class_name)
        return -1 if game is None else game.version

    def stage(self, class_name: str) -> list[object] | None:
        """Where the game is for a child: [round, phase, revealed, tied] (None: no game)."""
        game = self.games.get(class_name)
        return None if game is None else [game.round, game.phase, game.revealed, bool(game.tie)]

    def view(self, class_name: str, role: str, nickname: str = "") -> dict[str, Any]:
        """What `role` may see. The part every page shares is built once per version (30
        children and a projector wake on every answer: the coach's tip and the position
        are worked out once, not 31 times)."""
        game = self.games.get(class_name)
        if game is None:
            return {"game": False, "version": -1}
        cached = self._views.get(class_name)
        if cached is None or cached[0] is not game or cached[1] != game.version:
            cached = (game, game.version, _shared_view(game))
            self._views[class_name] = cached
        out = dict(cached[2])
        out["left"] = seconds_left(game, self.clock())
        answers = game.answers
        if role == "teacher" or game.show_spread:
            texts = Counter(a["text"] for a in answers.values())
            out["spread"] = sorted(texts.items(), key=lambda kv: (-kv[1], kv[0]))
            out["right"] = sum(1 for a in answers.values() if a["correct"])
            out["mistakes"] = sorted(Counter(a["misconception"] for a in answers.values()
                                             if a["misconception"]).items())
        if role == "teacher":
            out["who"] = {n: dict(a) for n, a in sorted(answers.items())}
            out["names"] = sorted(game.players)
            out["votes"] = [list(game.votes.values()).count(i)
                            for i in range(len(out["choices"]))]
        if role == "child" and nickname:
            out["mine"] = {"answer": answers.get(nickname), "vote": game.votes.get(nickname),
                           "joined": nickname in game.players}
        return out

    def _nickname(self, name: object) -> str:
        if not isinstance(name, str) or len(name) > 100:
            raise ClassGameError("classgame.err_bad_name", 400)
        try:
            nickname = clean_nickname(name)
        except ValueError:
            raise ClassGameError("classgame.err_bad_name", 400) from None
        if not nickname:
            raise ClassGameError("classgame.err_bad_name", 400)
        return nickname

    def close(self) -> None:
        for store in self.stores.values():
            store.close()


def _shared_view(game: ClassGame) -> dict[str, Any]:
    """What every page of the class sees of the game now (no names)."""
    return {
        "game": True, "version": game.version, "phase": game.phase, "round": game.round,
        "rules": game.rules, "bots": game.bots, "coach": game.coach, "timer": game.timer,
        "obs": obs_to_wire(game.obs()), "choices": [move_to_wire(m) for m in game.choices()],
        "players": len(game.players), "answered": len(game.answers),
        "voted": len(game.votes), "streak": game.streak, "best_streak": game.best_streak,
        "show_spread": game.show_spread, "revealed": game.revealed, "last": _last(game),
        "tie": list(game.tie), "tie_default": game.winner() if game.tie else None,
        "stars": game.stars(), "most_improved": game.most_improved(),
    }


def seconds_left(game: ClassGame, now: float) -> int | None:
    """Whole seconds until the teacher's timer closes the round (or plays the tie's default);
    None without a timer or while the game is paused or over. Pages count down from it."""
    if game.timer <= 0 or game.phase != "open":
        return None
    start = game.tie_at if game.tie else game.opened
    return max(0, math.ceil(game.timer - (now - start)))


def _last(game: ClassGame) -> dict[str, Any] | None:
    """The last closed round without names: how many were right, the votes, the move."""
    if not game.rounds:
        return None
    r = game.rounds[-1]
    return {"round": r["round"], "skill": r["skill"], "right": r["right"],
            "counted": r["counted"], "skipped": r["skipped"], "votes": r["votes"],
            "move": r["move"], "woke": r["woke"]}
