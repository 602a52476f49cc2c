"""DungeonApp driven through its own controls: a whole hand played and scored on the sheet,
refusals explained, the language switched, and the scoring-lesson tab answered."""

from __future__ import annotations

import pytest

from sq_edu.apps.dungeon import DungeonApp
from sq_edu.apps.dungeon.app import HUMAN
from sq_edu.apps.lesson import LessonApp
from sq_edu.practice.exercise import typed_form
from sq_edu.practice.generators.dungeon import LESSON_ID
from sq_edu.practice.lesson import get_lesson


def enabled_cards(app: DungeonApp) -> list[str]:
    """The codes of the cards the child may tap now (the others are disabled buttons)."""
    return app.hand_box.playable


def step(app: DungeonApp, answer=lambda row: row.after) -> None:
    """One action of the child, through the buttons: score, name trump, or play a card."""
    if app.to_check:
        row = app.to_check[0]
        if answer is not None:
            app.score_input.value = str(answer(row))
            app.check_button.click()
        app.continue_button.click()
    elif app.trump_box.layout.display == "flex":
        next(b for b in app.trump_buttons.values() if not b.disabled).click()
    else:
        playable = enabled_cards(app)
        assert set(playable) == {m.card.code for m in app.game.legal_moves()}
        app.hand_box.pick(playable[0])


def play_hand(app: DungeonApp, answer=lambda row: row.after) -> None:
    for _ in range(200):
        if app.hand_done and not app.to_check:
            return
        step(app, answer)
    pytest.fail("the hand did not end")


def test_a_whole_hand_played_and_scored_through_the_controls() -> None:
    app = DungeonApp(seed=4)
    assert app.game.current_player == HUMAN and len(app.hand_box.cards) == 13
    assert "Hand 1" in app.info.value and "Trumps" in app.trump_label.value
    trump = app.game.trump
    for card in app.hand_box.cards:  # trumps say so in words, not only by colour
        label = card["label"]
        assert ("(trump)" in label) == (f" of {trump}" in label)
        assert ("sq-trump-card" in card["classes"]) == (f" of {trump}" in label)
        assert (">trump</text>" in card["svg"]) == (f" of {trump}" in label)   # on the face
        assert card["svg"].startswith("<svg") and 'aria-hidden="true"' in card["svg"]
    app.hand_box.pick(enabled_cards(app)[0])  # the child leads; the bots answer, one takes
    taken = app.table.value
    assert app.to_check and taken.count("takes the trick") + taken.count("take the trick") == 1
    assert app.table.value.count('<li class="sq-trick-card">') == 4   # four card faces
    assert app.table.value.count("<svg") == 4
    play_hand(app)
    tricks = [r for r in app.rows if r.trick is not None]
    assert len(tricks) == 13 and app.rows[-1].hand is not None   # 13 tricks, then the contract
    assert all(r.right for r in app.rows)
    assert app.shown_scores == app.game.scores
    assert app.sheet.value.count("sq-row-right") == 14
    assert app.next_hand_button.layout.display == "flex"
    assert "is over" in app.info.value
    app.next_hand_button.click()
    assert not app.hand_done and app.game.hand_number == 2


def test_a_wrong_score_shows_the_engines_answer_and_its_working() -> None:
    app = DungeonApp(seed=2)
    while not app.to_check:
        step(app)
    row = app.to_check[0]
    app.score_input.value = str(row.after + 7)
    app.check_button.click()
    assert app.feedback.tone == "bad" and str(row.after) in app.feedback.text
    assert "10" in app.feedback.text and "sq-row-wrong" in app.sheet.value
    app.score_input.value = "ten"
    app.check_button.click()
    assert "whole number" in app.feedback.text
    app.score_input.value = str(row.after)
    app.check_button.click()
    assert app.feedback.tone == "good" and "sq-row-right" in app.sheet.value


def test_an_illegal_card_is_refused_with_the_reason() -> None:
    app = DungeonApp(seed=1)
    for _ in range(100):  # find a moment where the child must follow suit
        if not app.to_check and app.game.current_player == HUMAN and app.game.trick and \
                len(enabled_cards(app)) < len(app.hand_box.cards):
            break
        step(app)
    else:
        pytest.fail("no follow-suit moment found")
    assert app.table.value.count(" winning so far") == 1
    hand_before = app.game.hand(HUMAN)
    illegal = next(c["key"] for c in app.hand_box.cards if c["disabled"])
    app.hand_box.pick(illegal)   # a disabled card cannot be tapped in a browser: nothing
    assert app.game.hand(HUMAN) == hand_before and app.feedback.tone != "bad"
    app.play_card(illegal)       # and the app refuses it anyway
    assert app.game.hand(HUMAN) == hand_before
    assert app.feedback.tone == "bad" and "follow" in app.feedback.text


def test_the_app_speaks_russian_and_switches_back() -> None:
    app = DungeonApp(lang="ru", seed=5, lesson=LessonApp)
    assert "Сдача 1" in app.info.value and "Козыри" in app.trump_label.value
    names = " ".join(app.hand_box.labels)
    assert any(word in names for word in ("треф", "бубён", "червей", "пик"))
    app.language.value = "en"
    assert "Hand 1" in app.info.value
    assert app.tabs.titles == ("Play a hand", "How to play", "Scoring lesson")


def test_the_child_deals_and_names_trump_in_the_second_hand() -> None:
    app = DungeonApp(seed=8)
    play_hand(app, answer=None)  # Continue without checking is allowed
    assert all(r.answer is None for r in app.rows)
    app.next_hand_button.click()
    assert app.game.dealer == HUMAN and app.trump_box.layout.display == "flex"
    assert app.hand_box.cards == []  # the dealer names trump before the deal
    app.trump_buttons["hearts"].click()
    assert app.game.trump == "hearts" and "hearts" in app.trump_label.value
    assert len(app.hand_box.cards) == 13
    app.new_game_button.click()
    assert app.game.hand_number == 1 and app.rows == [] and app.shown_scores == [0] * 4


@pytest.mark.slow
def test_a_whole_game_to_500_through_the_controls() -> None:
    app = DungeonApp(seed=11)
    for _ in range(30):
        play_hand(app, answer=None)
        if app.game.is_over:
            break
        app.next_hand_button.click()
    assert app.game.is_over and "Game over" in app.over.value
    assert max(app.game.scores) >= 500


def test_the_lesson_tab_holds_the_scoring_lesson() -> None:
    """The page hands the lesson app in (the app folders do not import each other)."""
    app = DungeonApp(seed=3, lesson=LessonApp)
    assert "sq-dungeon-lesson" in app.lesson._dom_classes
    assert app.tabs.children[2] is app.lesson
    assert app.lesson.lesson.id == "dungeon_scoring"


def test_without_a_lesson_app_there_is_no_lesson_tab() -> None:
    app = DungeonApp(seed=3, lang="ru")
    assert app.lesson is None and len(app.tabs.children) == len(app.tabs.titles) == 2
    app.set_lang("en")
    app.join_class("5b")   # nothing to report to: no error either


def test_the_lesson_tab_answers_every_level_of_the_scoring_lesson() -> None:
    """The scoring lesson ships as data and the generic LessonApp shows it: every level of the
    Dungeon page's lesson tab answers right, in the page's language."""
    app = DungeonApp(lang="ru", seed=6, lesson=LessonApp).lesson
    assert app.lesson == get_lesson(LESSON_ID) and app.lang == "ru"
    for level in range(1, len(app.lesson.levels) + 1):
        app.set_level(level)
        ex = app.exercise
        assert ex.prompt.render("ru") in app.prompt.value.replace("&#x27;", "'")
        app.answer.set(typed_form(ex, ex.answers[0]))
        app.submit_button.click()
        assert app.solved and app.feedback.tone == "good", (level, app.feedback.text)


def test_a_teachers_link_with_a_level_opens_the_scoring_lesson_tab() -> None:
    """A link with `level=3` is a teacher sending the class to the scoring lesson: its tab is
    the one shown, at that level (it once opened "How to play")."""
    app = DungeonApp(lang="en", seed=6, level=3, lesson=LessonApp)
    shown = app.tabs.children[app.tabs.selected_index]
    assert shown is app.lesson and app.lesson.level == 3
    assert DungeonApp(lang="en", seed=6, lesson=LessonApp).tabs.selected_index == 0
    assert DungeonApp(lang="en", seed=6, level=3).tabs.selected_index == 0   # no lesson tab


def test_empty_table_says_so_and_the_hand_has_its_own_heading() -> None:
    app = DungeonApp(seed=3)
    assert not app.game.trick  # this deal: the child leads
    assert "Nobody has played a card yet." in app.table.value and "<li>" not in app.table.value
    assert "Your hand" in app.hand_title.value
    app.set_lang("ru")
    assert "Твои карты" in app.hand_title.value


def test_the_contract_question_gives_the_dealers_tricks_and_points() -> None:
    """docs/rules.md 8: 5 tricks or 50 points; the child needs both numbers to score it."""
    app = DungeonApp(seed=4)
    while not (app.to_check and app.to_check[0].hand is not None):
        step(app)
    hand = app.to_check[0].hand
    assert (f"{hand.dealer_tricks} tricks, worth {hand.dealer_points} points"
            in app.question.value)


def test_after_a_hand_nothing_is_left_over() -> None:
    """Between hands: no empty "Your hand", no "Trumps: not named yet", and the story starts
    at the first card of the last trick, not in the middle of one."""
    app = DungeonApp(seed=4)
    play_hand(app)
    assert app.hand_done and not app.game.hand(HUMAN)
    assert app.hand_title.layout.display == app.hand_box.layout.display == "none"
    assert app.trump_label.layout.display == "none"
    keys = [key for key, _ in app.score_sheet.story]
    assert keys[:4] == ["app_story_play"] * 4 and keys[4].startswith("app_story_trick")
    assert len(keys) == 5
    app.next_hand_button.click()  # the child deals hand 2: trumps first, then the cards
    assert app.trump_label.layout.display == "" and "Trumps" in app.trump_label.value
    assert app.trump_box.layout.display == "flex"
    next(b for b in app.trump_buttons.values() if not b.disabled).click()
    assert app.hand_box.layout.display == "" and len(app.hand_box.cards) == 13


def test_the_story_never_starts_in_the_middle_of_a_trick() -> None:
    app = DungeonApp(seed=5)
    while not (app.hand_done and not app.to_check):
        step(app)
        keys = [key for key, _ in app.score_sheet.story]
        taken = [i for i, key in enumerate(keys) if key.startswith("app_story_trick")]
        if taken:  # before the trick taken: its four cards, and only trumps named before them
            first = taken[0]
            assert first >= 4 and keys[first - 4:first] == ["app_story_play"] * 4, keys
            assert set(keys[:first - 4]) <= {"app_story_trump"}, keys


def test_how_to_play_tab_and_one_language_switch_per_page() -> None:
    app = DungeonApp(seed=3, lang="ru", lesson=LessonApp)
    assert app.tabs.children[1] is app.howto and app.tabs.titles[1] == "Как играть"
    assert "Ходи в масть" in app.howto.value
    assert app.lesson.language.layout.display == "none"
    app.language.value = "en"
    assert app.tabs.titles[1] == "How to play" and "Follow the suit" in app.howto.value
    assert app.lesson.lang == "en"


@pytest.mark.parametrize(("lang", "you", "bot"), [
    ("en", "You take the trick", "takes the trick"),
    ("ru", "Ты берёшь взятку", "берёт взятку"),
])
def test_the_trick_taker_agrees_with_the_seat(lang: str, you: str, bot: str) -> None:
    """"You take" / «Ты берёшь» under the child's own card, "Bot 2 takes" under a bot's: never
    "You takes the trick", «Ты берёт взятку»."""
    seen = {"you": False, "bot": False}
    app = DungeonApp(lang, seed=4)
    for _ in range(400):
        if app.to_check:
            taker = app.to_check[0].trick.taker if app.to_check[0].trick else None
            text = app.table.value
            if taker == HUMAN:
                assert you in text and "Ты берёт" not in text and "You takes" not in text
                story = app.story.value   # issue 41: the story tells it with a verb too
                assert lang == "en" or ("Ты берёшь взятку" in story and "Ты: взятка" not in story
                                        and "Ты берёт" not in story), story
                seen["you"] = True
            elif taker is not None:
                assert bot in text and you not in text
                seen["bot"] = True
        if all(seen.values()):
            break
        step(app)
    assert all(seen.values()), seen


def test_a_seat_and_its_score_never_part_at_a_line_end() -> None:
    """On a phone "Bot 4:" ended one line and its "0" began the next (issue 41 screenshots)."""
    app = DungeonApp("en", seed=3)
    totals = app.sheet.value.rsplit("</b>", 1)[1]
    assert "Bot\u00a04:\u00a00" in totals and "Bot 4: 0" not in totals, totals
