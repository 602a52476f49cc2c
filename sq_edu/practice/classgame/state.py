"""`ClassGame`: the whole class as one seat against 1-4 bots, one question and one vote a turn.

Pure data and decisions, no HTTP and no clock of its own (times are passed in), saved whole
as JSON (`to_dict` / `from_dict`), so the class server keeps it in SQLite and resumes it after
a restart, and tests drive it without a server.

A round: at the class's decision every child answers the coach's question for the class's
position (one answer per nickname per round: an answer sent again is the same answer, never
counted twice), then votes for a move (a vote may change until the round closes). The round
closes when every child who joined has answered and voted, when the teacher's timer runs out
or when the teacher closes it; the class plays the move most children voted for. A tie
waits for the teacher, who picks one of the tied moves; when the timer runs out again first,
the coach's tip among them (else the first tied) is played. Then the bots play until the class
decides again. A child joins at any time (a late child counts from the next close on), and a
reload is the same nickname joining again. The class streak counts rounds most children
answered right in a row; no child is ranked.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from sq_edu.engine import Game, GreedyBot, Move
from sq_edu.engine.observation import Observation

from .question import class_question, judge, tip_move, vote_choices

CLASS_SEAT = 0
RULES: tuple[str, ...] = ("kids", "official")
COACH_MODES: tuple[str, ...] = ("quiz", "detective")
MIN_BOTS, MAX_BOTS = 1, 4
MAX_PLAYERS = 60            # children in one class game
MAX_BOT_MOVES = 200         # a guard: bots never loop for ever between two class decisions


class ClassGameError(Exception):
    """A refusal the page shows: `key` is a catalogue message, `status` the HTTP status."""

    def __init__(self, key: str, status: int = 409) -> None:
        super().__init__(key)
        self.key, self.status = key, status


@dataclass
class ClassGame:
    class_name: str
    rules: str = "kids"
    bots: int = 2
    coach: str = "quiz"
    seed: int = 0
    timer: int = 0                    # seconds a round stays open (0: until all or the teacher)
    game: Game | None = None
    phase: str = "open"               # open, paused, over
    round: int = 0
    opened: float = 0.0               # when this round opened
    players: dict[str, float] = field(default_factory=dict)       # nickname -> joined at
    seats: dict[str, str] = field(default_factory=dict)           # nickname -> seat token
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)  # this round's
    votes: dict[str, int] = field(default_factory=dict)           # nickname -> choice index
    streak: int = 0
    best_streak: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)    # closed rounds, oldest first
    show_spread: bool = False         # the teacher shows the spread (no names) on the projector
    revealed: bool = False            # the teacher showed the right answer: answers closed
    tie: list[int] = field(default_factory=list)   # tied choices waiting for the teacher
    tie_at: float = 0.0               # when the tie began (the timer counts again from it)
    version: int = 0
    changed: float = 0.0
    events_seen: int = 0              # the class seat's events up to the last round's close

    # --- starting ---------------------------------------------------------------------------
    @classmethod
    def new(cls, class_name: str, rules: str, bots: int, coach: str, seed: int, now: float,
            timer: int = 0) -> ClassGame:
        if rules not in RULES or coach not in COACH_MODES:
            raise ClassGameError("classgame.err_bad_request", 400)
        if type(bots) is not int or not MIN_BOTS <= bots <= MAX_BOTS:
            raise ClassGameError("classgame.err_bad_request", 400)
        if type(timer) is not int or not 0 <= timer <= 600:
            raise ClassGameError("classgame.err_bad_request", 400)
        state = cls(class_name, rules, bots, coach, seed, timer)
        state.game = Game.new(players=bots + 1, seed=seed, rules=rules)
        state._bots_play()
        state._open(now)
        return state

    @property
    def live(self) -> Game:
        assert self.game is not None
        return self.game

    def obs(self) -> Observation:
        return self.live.observe(CLASS_SEAT)

    def question(self) -> Any:
        """This round's question (None once the game is over)."""
        obs = self.obs()
        return None if obs.is_over else class_question(obs, self.round, self.coach)

    def choices(self) -> list[Move]:
        game = self.live
        if game.is_over or game.current_player != CLASS_SEAT:
            return []
        return vote_choices(self.obs(), game.legal_moves())

    # --- children ---------------------------------------------------------------------------
    def join(self, nickname: str, now: float) -> None:
        if nickname not in self.players:
            if len(self.players) >= MAX_PLAYERS:
                raise ClassGameError("classgame.err_full")
            self.players[nickname] = now
            self.touch(now)

    def answer(self, nickname: str, text: object, round_no: object, now: float
               ) -> dict[str, Any]:
        """The child's answer to round `round_no`: judged and kept, or the one kept before
        (the same nickname answering again changes nothing). Refused when the round closed."""
        self._round_open(round_no)
        kept = self.answers.get(nickname)
        if kept is not None:
            return {**kept, "understood": True, "again": True}
        if self.revealed:
            raise ClassGameError("classgame.err_revealed")
        self.join(nickname, now)
        question = self.question()
        verdict = judge(question, text)
        if not verdict.understood:
            return {"understood": False, "message": verdict.message.key}
        kept = {"text": str(text)[:40], "correct": bool(verdict.correct),
                "misconception": verdict.misconception or "", "at": now}
        self.answers[nickname] = kept
        self.touch(now)
        return {**kept, "understood": True, "again": False}

    def vote(self, nickname: str, choice: object, round_no: object, now: float) -> None:
        """The child's vote (after their answer); a new vote replaces their old one."""
        self._round_open(round_no)
        if self.tie:
            raise ClassGameError("classgame.err_tie")
        if nickname not in self.answers and not self.revealed:
            raise ClassGameError("classgame.err_answer_first")
        self.join(nickname, now)
        if type(choice) is not int or not 0 <= choice < len(self.choices()):
            raise ClassGameError("classgame.err_bad_request", 400)
        if self.votes.get(nickname) != choice:
            self.votes[nickname] = choice
            self.touch(now)

    def _round_open(self, round_no: object) -> None:
        if self.phase == "over":
            raise ClassGameError("classgame.err_over")
        if self.phase == "paused":
            raise ClassGameError("classgame.err_paused")
        if round_no != self.round:
            raise ClassGameError("classgame.err_closed")

    def all_in(self) -> bool:
        """Every child who joined has answered and voted (and someone has)."""
        return bool(self.players) and all(n in self.votes for n in self.players)

    # --- the teacher ------------------------------------------------------------------------
    def pause(self, now: float) -> None:
        if self.phase == "open":
            self.phase = "paused"
            self.touch(now)

    def resume(self, now: float) -> None:
        if self.phase == "paused":
            self.phase = "open"
            self.opened = now   # the timer starts again
            self.tie_at = now if self.tie else 0.0
            self.touch(now)

    def reveal(self, now: float) -> None:
        """The right answer is shown: no more answers this round, votes go on."""
        if self.phase == "open" and not self.revealed:
            self.revealed = True
            self.touch(now)

    def end(self, now: float) -> None:
        if self.phase != "over":
            self.phase = "over"
            self.touch(now)

    def skip(self, now: float) -> None:
        """Skip the question: no answer of it counts, the class plays the coach's tip."""
        if self.phase != "open":
            return
        self.answers, self.votes = {}, {}
        self.close(now, skipped=True)

    def due(self, now: float) -> bool:
        """The round should close now: everyone is in, or the timer ran out."""
        if self.phase != "open":
            return False
        if self.tie:
            return self.timer > 0 and now - self.tie_at >= self.timer
        return self.all_in() or (self.timer > 0 and now - self.opened >= self.timer)

    def settle(self, now: float) -> None:
        """A due round: a tie goes to the teacher first (the votes stop), else it closes."""
        tied = self.tied()
        if not self.tie and len(tied) > 1:
            self.tie, self.tie_at = tied, now
            self.touch(now)
        else:
            self.close(now)

    def decide(self, choice: object, now: float) -> dict[str, Any]:
        """The teacher picks one of the tied moves, and the round closes with it."""
        if self.phase != "open" or type(choice) is not int or choice not in self.tie:
            raise ClassGameError("classgame.err_bad_request", 400)
        return self.close(now, choice=choice)

    # --- closing a round --------------------------------------------------------------------
    def tied(self) -> list[int]:
        """The choices with the most votes (one: no tie)."""
        counts = Counter(self.votes.values())
        top = max(counts.values(), default=0)
        return sorted(c for c, n in counts.items() if n == top)

    def winner(self) -> int:
        """The choice most children voted for; a tie the teacher did not decide goes to the
        coach's tip (choice 0 when the coach has a tip) or else to the first tied choice."""
        tied = self.tied()
        if not tied:
            return 0
        obs, legal = self.obs(), self.live.legal_moves()
        tip = tip_move(obs, legal)
        choices = self.choices()
        for index in tied:
            if tip is not None and choices[index] == tip:
                return index
        return tied[0]

    def close(self, now: float, skipped: bool = False, choice: int | None = None
              ) -> dict[str, Any]:
        """Close the round: keep its spread, play the winning move, let the bots play, open
        the next round (or end the game). What was kept is returned."""
        if self.phase != "open":
            raise ClassGameError("classgame.err_paused" if self.phase == "paused"
                                 else "classgame.err_over")
        question, choices = self.question(), self.choices()
        index = self.winner() if choice is None else choice
        right = sum(1 for a in self.answers.values() if a["correct"])
        counted = len(self.answers)
        won = not skipped and counted > 0 and right * 2 > counted
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)
        awake_before = len(self.obs().awake[CLASS_SEAT])
        move = choices[index] if choices else None
        if move is not None:
            self.live.play(move, seat=CLASS_SEAT)
        kept = {"round": self.round, "skill": question.exercise.skill if question else "",
                "answers": dict(self.answers),
                "votes": [list(self.votes.values()).count(i) for i in range(len(choices))],
                "right": right, "counted": counted, "skipped": skipped,
                "move": None if move is None else saved_move(move), "choice": index,
                "woke": 0, "decided": choice is not None}
        self._bots_play()
        kept["woke"] = max(0, len(self.obs().awake[CLASS_SEAT]) - awake_before)
        self.rounds.append(kept)
        self.round += 1
        self.show_spread = False
        if self.live.is_over:
            self.phase = "over"
            self.touch(now)
        else:
            self._open(now)
        return kept

    def _open(self, now: float) -> None:
        self.answers, self.votes = {}, {}
        self.revealed = False
        self.tie, self.tie_at = [], 0.0
        self.opened = now
        self.touch(now)

    def _bots_play(self) -> None:
        game = self.live
        for step in range(MAX_BOT_MOVES):
            if game.is_over or game.current_player == CLASS_SEAT:
                return
            bot = GreedyBot(random.Random(self.seed * 7919 + step + 31 * self.round))
            move = bot.choose(game.observe(game.current_player), game.legal_moves())
            game.play(move)
        self.phase = "over"   # the guard tripped: a game that cannot go on is over

    def touch(self, now: float) -> None:
        self.version += 1
        self.changed = now

    # --- the end ----------------------------------------------------------------------------
    def stars(self) -> int:
        """The class's stars, 1-3: the share of rounds most of the class answered right."""
        counted = [r for r in self.rounds if r["counted"]]
        if not counted:
            return 1
        share = sum(1 for r in counted if r["right"] * 2 > r["counted"]) / len(counted)
        return 3 if share >= 0.75 else 2 if share >= 0.4 else 1

    def most_improved(self) -> str:
        """The skill whose share of right answers grew most from the first half of its rounds
        to the second ("" when no skill was asked twice)."""
        by_skill: dict[str, list[float]] = {}
        for r in self.rounds:
            if r["counted"]:
                by_skill.setdefault(r["skill"], []).append(r["right"] / r["counted"])
        best, gain = "", -2.0
        for skill, shares in sorted(by_skill.items()):
            if len(shares) < 2:
                continue
            half = len(shares) // 2
            grew = sum(shares[half:]) / (len(shares) - half) - sum(shares[:half]) / half
            if grew > gain:
                best, gain = skill, grew
        return best

    # --- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "game"}
        out["game"] = None if self.game is None else self.game.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ClassGame:
        state = cls(**{k: v for k, v in d.items() if k != "game"})
        state.game = None if d.get("game") is None else Game.from_dict(d["game"])
        state.votes = {k: int(v) for k, v in state.votes.items()}
        return state


def saved_move(move: Move) -> dict[str, Any]:
    """A move as a round keeps it (JSON-safe)."""
    return {**asdict(move), "cards": list(move.cards)}


def move_of(data: dict[str, Any]) -> Move:
    """A move a round kept."""
    return Move(**{**data, "cards": tuple(data["cards"])})
