"""One deferred message type at the bottom: `sq_edu.i18n.Msg`, carried by every refusal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sq_edu.dungeon import DungeonGame, IllegalPlay, Move
from sq_edu.engine import Game, IllegalMove
from sq_edu.engine import Move as EngineMove
from sq_edu.i18n import Msg, msg, t
from sq_edu.maths import check_equation
from sq_edu.practice import LessonError, ProgressError, parse_lesson
from sq_edu.practice.messages import Cards, Joined, Plain
from sq_edu.practice.progress import from_bytes


def test_parameters_render_in_the_language_asked() -> None:
    inner = msg("practice.same_as", simple=Fraction(3, 20))
    assert inner.render("en").count("3/20") == 1
    assert msg("practice.not_in_hand", cards=Cards(("king", 3))).render("ru") != msg(
        "practice.not_in_hand", cards=Cards(("king", 3))).render("en")
    joined = Joined((Plain("3 + 5 = 8"), msg("practice.card_king")))
    assert joined.render("ru") == "3 + 5 = 8 · " + t("practice.card_king", "ru")
    assert str(inner) == inner.render("en")


def refusals() -> list[object]:
    game = Game.new(3, seed=1)
    with pytest.raises(IllegalMove) as move:
        game.play(EngineMove("wake", ("king",), slot=0) if game.current_player else
                  EngineMove("discard", (99,)))
    dungeon = DungeonGame.new(4, seed=2, first_dealer=3)
    with pytest.raises(IllegalPlay) as play:
        dungeon.play(Move.trump("hearts") if dungeon.pending == "play" else Move.play("QH"))
    with pytest.raises(LessonError) as lesson:
        parse_lesson("schema_version = 'one'", "bad.toml")
    with pytest.raises(ProgressError) as progress:
        from_bytes(b"not json")
    return [move.value, play.value, check_equation("3 + 5 = 9"), lesson.value, progress.value]


def test_every_refusal_and_verdict_carries_a_msg() -> None:
    for thing in refusals():
        said = thing.msg  # type: ignore[attr-defined]
        assert isinstance(said, Msg), thing
        english, russian = said.render("en"), said.render("ru")
        assert english and russian and english != russian, thing
        assert not english.startswith(("engine.", "dungeon.", "maths.", "practice."))
