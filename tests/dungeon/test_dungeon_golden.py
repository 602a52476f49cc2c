"""A golden playthrough: one seeded hand told as text and compared with the stored story, so
any change in dealing, legal plays, trick winners or scoring shows up as a readable diff.
Regenerate with `python -m tests.dungeon.test_dungeon_golden` only after checking the diff
by hand against docs/rules.md section 8."""

from __future__ import annotations

import random
from pathlib import Path

from sq_edu.dungeon import DungeonGame, SensibleBot
from sq_edu.dungeon.game import play_out

GOLDEN = Path(__file__).with_name("golden_hand.txt")


def story(seed: int = 2026) -> str:
    game = DungeonGame.new(4, seed=seed, first_dealer=1)
    play_out(game, [SensibleBot(random.Random(seed + s)) for s in range(4)], until_hand_end=True)
    lines = []
    for r in game.tricks:
        plays = " ".join(f"P{s}:{c.code}" for s, c in r.plays)
        s = r.score
        lines.append(f"trick {r.number:2} trump {r.trump:8} {plays:32} -> P{r.taker} "
                     f"{s.queens}Q {s.rule} {s.before} -> {s.after}")
    hand = game.hand_log[0]
    lines.append(f"contract: dealer P{hand.dealer} took {hand.dealer_tricks} of "
                 f"{hand.contract} tricks, {hand.dealer_points} points: "
                 f"{hand.contract_points:+d}")
    lines.append("scores: " + " ".join(str(x) for x in hand.scores_after))
    return "\n".join(lines) + "\n"


def test_golden_hand() -> None:
    assert story() == GOLDEN.read_text(encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover - regenerating the golden file
    GOLDEN.write_text(story(), encoding="utf-8")
