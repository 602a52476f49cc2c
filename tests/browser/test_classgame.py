"""The whole class plays one game in Chromium, through a real `sq-edu serve --class` server.

The teacher starts a class game against 2 bots on the teacher's page; the projector page (1920
x 1080) follows it; five children on phones name themselves and, round after round, answer the
coach's question and vote for the move; two phones lose their connection as they answer (the
page says the answer is kept on the device; one comes back on the same page and votes offline
too, the other closes the page and opens it again, sitting back in by the seat the browser
kept, and its kept answer is sent from there) and one child joins late (then the teacher skips
the remaining questions, which plays the coach's tips), until the game ends. The class plays
the move most of them voted for; their answers reach their records and the teacher's grid; the
teacher sees the spread with the named mistake and who made it. Screenshots (en, ru): the
projector at 1920 x 1080 and 1280 x 720, a child's question on a phone, the teacher's spread. A
second game (official rules, 4 bots) asks which of the class's cards make an equation, and two
votes tie: the teacher picks the move. axe-core checks the child's page and the projector.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice.classgame.state import ClassGame
from sq_edu.practice.progress import from_bytes, learner_file_name
from sq_edu.server.server import VoilaServer
from tests.support.browser import axe_violations, keep_offline, kill_kernel_of, wait_rendered
from tests.support.shots import shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PASSWORD = "owls-at-noon"   # the teacher's
CLASS_PASSWORD = "owls-fly-at-nine"   # every device types it once
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha")   # Dasha comes late
MAX_ROUNDS = 40
COUNTING = re.compile(r"Time left: [1-9][0-9]* s")   # of the 600 s, however long the start


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """`sq-edu serve --class 5b --teacher-password ...` run by the console script, as a
    teacher types it, with the class password in the environment (as the README says); only
    a free port, `--no-browser`, no preheated kernels and a fresh progress folder are added
    (and the class game's deal number, so the game is the same every run)."""
    folder = tmp_path_factory.mktemp("classgame-progress")
    server = VoilaServer(log_path=ARTIFACTS / "voila-classgame.log")
    server.command = [str(Path(sys.executable).with_name("sq-edu")), "serve", "--class", "5b",
                      "--teacher-password", PASSWORD, "--port", str(server.port),
                      "--no-browser", "--pool-size", "0", "--progress-dir", str(folder)]
    server.env.update(SQ_EDU_CLASS_PASSWORD=CLASS_PASSWORD, SQ_EDU_CLASSGAME_SEED="30")
    server.folder = folder   # type: ignore[attr-defined]
    with server:
        yield server


def saved_game(server: VoilaServer) -> ClassGame:
    """The class game as the server saved it (its SQLite file, read as it is on disk)."""
    path = Path(server.folder) / "classes" / "5b" / "classgame.sqlite3"   # type: ignore[attr-defined]
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT data FROM games WHERE id = 1").fetchone()
    return ClassGame.from_dict(json.loads(row[0]))


def open_page(context: Any, server: VoilaServer, notebook: str, root: str,
              lang: str = "en") -> Any:
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, server.url)
    page.goto(f"{server.url}voila/render/{notebook}.ipynb?lang={lang}")
    if "/login" in page.url:   # this device's first page: the class password, once
        page.locator("#password").fill(CLASS_PASSWORD)
        page.locator("#password").press("Enter")
        page.wait_for_url(f"**/{notebook}.ipynb*")
    wait_rendered(page, root)
    return page


def name_child(page: Any, name: str) -> None:
    """The child's nickname and secret (picture and number), then "Save": into the game."""
    page.locator(".sq-nickname input").fill(name)
    page.locator(".sq-learner .sq-secret-picture button").first.click()
    page.locator(".sq-learner .sq-secret input").fill("2581")
    page.locator("button.sq-save-nickname").click()
    page.locator(".sq-classgame-status", has_text="Round").wait_for()


def answer(page: Any, text: str, choice: bool) -> None:
    """Type the number (or pick the choice) and press Answer; wait until it is in."""
    tap_answer(page, text, choice)
    page.locator(".sq-classgame-vote").wait_for(state="visible")


def tap_answer(page: Any, text: str, choice: bool) -> None:
    page.locator(".sq-classgame-question").wait_for(state="visible")
    if choice:
        page.locator(".sq-classgame-options .widget-radio-box label", has_text=text).first.click()
    else:
        page.locator(".sq-classgame-input input").fill(text)
    page.locator("button.sq-classgame-answer").click()


def offline_answer(server: VoilaServer, context: Any, page: Any, name: str, text: str,
                   choice: bool, reopen: bool) -> Any:
    """The phone loses its connection as the child answers: the page says the answer is
    kept on the device. Back online, the same page sends it; or (`reopen`) the page's kernel
    died meanwhile (what the tap sent is lost with it) and the child opens the class game
    again: the browser's kept seat sits them back in and the kept answer is sent from there.
    Either way it is in, once. The page the child has now."""
    context.set_offline(True)
    tap_answer(page, text, choice)
    kept = page.locator(".sq-classgame-kept", has_text="Kept on your device")
    kept.wait_for()
    if reopen:
        kill_kernel_of(page)
        page.close()
        context.set_offline(False)
        time.sleep(1.5)
        assert name not in saved_game(server).answers   # nothing arrived from that page
        page = open_page(context, server, "classgame", ".sq-classgame-app")
    else:
        context.set_offline(False)
    page.locator(".sq-classgame-vote").wait_for(state="visible")
    page.locator(".sq-classgame-kept").wait_for(state="hidden")
    assert page.locator(".sq-learner").is_hidden()   # no nickname, no secret asked again
    # The vote shows once the round's spread is revealed, which may come before the page has
    # handed in the kept answer: wait for the saved game to hold it (once, checked below).
    deadline = time.monotonic() + 30
    while name not in saved_game(server).answers and time.monotonic() < deadline:
        time.sleep(0.25)
    assert saved_game(server).answers[name]["text"], name
    return page


def offline_vote(context: Any, page: Any, index: int) -> str:
    """The connection drops as the child votes: kept, then in when it is back."""
    context.set_offline(True)
    label = page.locator(".sq-classgame-vote .widget-radio-box label").nth(index)
    text = label.inner_text()
    label.click()
    page.locator(".sq-classgame-kept", has_text="Kept on your device").wait_for()
    context.set_offline(False)
    vote_is_in(page)
    page.locator(".sq-classgame-kept").wait_for(state="hidden")
    return text


def vote(page: Any, index: int) -> str:
    """Vote for choice `index`; its label."""
    label = page.locator(".sq-classgame-vote .widget-radio-box label").nth(index)
    text = label.inner_text()
    label.click()
    vote_is_in(page)
    return text


def vote_is_in(page: Any) -> None:
    """The page says the vote is in, or the round it closed has gone (a new round clears
    the old round's line)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.sq-status')].some(s => s.textContent"
        ".includes('Your vote is in')) || !document.querySelector('.sq-classgame-vote')"
        " || document.querySelector('.sq-classgame-vote').offsetParent === null")


def right_and_wrong(game: ClassGame, lang: str = "en") -> tuple[str, str, bool]:
    """This round's right answer and a wrong one (for a count a named mistake, such as the
    whole deck), as the child types or picks them, and whether it is a choice."""
    ex = game.question().exercise
    if ex.options:
        labels = {o.id: o.label.render(lang) for o in ex.options}
        wrong = next(i for i in labels if i != ex.answers[0])
        return labels[str(ex.answers[0])], labels[wrong], True
    return str(ex.answers[0]), str(ex.traps[0][0]), False


def test_the_whole_class_plays_one_game(browser: Any, class_server: VoilaServer,
                                        axe_script: Path) -> None:
    contexts = []
    try:
        teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        projector_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
        contexts += [teacher_ctx, projector_ctx]
        teacher = open_page(teacher_ctx, class_server, "teacher", ".sq-teacher-login")
        teacher.locator(".sq-teacher-password input").fill(PASSWORD)
        teacher.locator("button.sq-teacher-open").click()
        teacher.locator(".sq-classgame-bots select").select_option("2")
        timer = teacher.locator(".sq-classgame-timer input")   # long: it never closes a round
        timer.fill("600")
        timer.press("Enter")
        teacher.locator("button.sq-classgame-start").click()
        teacher.locator(".sq-classgame-spread", has_text="Answered: 0").wait_for()
        projector = open_page(projector_ctx, class_server, "classgame_projector",
                              ".sq-classgame-projector")
        projector.locator(".sq-classgame-projector", has_text="Round 1").wait_for()

        children: dict[str, Any] = {}
        phones: dict[str, Any] = {}
        for name in NAMES[:4]:
            phones[name] = context = browser.new_context(**PHONE)
            contexts.append(context)
            children[name] = open_page(context, class_server, "classgame", ".sq-classgame-app")
            name_child(children[name], name)

        majority_seen = False
        for round_no in range(MAX_ROUNDS):
            game = saved_game(class_server)
            if game.phase == "over":
                break
            assert game.round == round_no
            right, wrong, choice = right_and_wrong(game)
            if majority_seen and round_no >= 3:   # all seen: the teacher skips to the end
                teacher.locator("button.sq-classgame-skip").click()
                wait_past(projector, round_no)
                continue
            if round_no == 0:   # the timer counts down on the phone and on the board
                for page in (children["Anna"], projector):
                    page.locator(".sq-classgame-countdown", has_text=COUNTING).wait_for()
                in_both_languages(children["Anna"], "classgame-child-question-phone",
                                  [(390, 844)])
            if round_no == 2:   # Dasha comes late: she is in from this round on
                phones["Dasha"] = context = browser.new_context(**PHONE)
                contexts.append(context)
                children["Dasha"] = open_page(context, class_server, "classgame",
                                              ".sq-classgame-app")
                name_child(children["Dasha"], "Dasha")
            several = len(game.choices()) >= 2 and not majority_seen
            labels = []
            for i, (name, page) in enumerate(list(children.items())):
                if round_no == 1 and name in ("Boris", "Gleb"):   # their connection drops
                    page = children[name] = offline_answer(   # Boris reopens the page
                        class_server, phones[name], page, name, right, choice,
                        reopen=name == "Boris")
                else:
                    answer(page, wrong if name == "Anna" else right, choice)
                if i == len(children) - 1 and round_no == 0:   # all answered, one to vote
                    teacher.locator(".sq-classgame-spread", has_text="Anna").wait_for()
                    teacher.locator("button.sq-classgame-show-spread").click()
                    projector.locator(".sq-classgame-projector-spread").wait_for()
                    in_both_languages(teacher, "classgame-teacher-spread", [(1280, 900)],
                                      focus=".sq-classgame-controls")
                    in_both_languages(projector, "classgame-projector",
                                      [(1920, 1080), (1280, 720)])
                pick = 1 if several and i < 3 else 0
                if round_no == 1 and name == "Gleb":
                    labels.append(offline_vote(phones[name], page, pick))
                else:
                    labels.append(vote(page, pick))
            wait_past(projector, round_no)
            if several:   # three of four (or five) voted for the second choice
                majority_seen = True
                last = saved_game(class_server).rounds[-1]
                assert last["choice"] == 1 and last["votes"][1] >= 3, last
                if saved_game(class_server).phase != "over":
                    projector.locator(".sq-classgame-last", has_text=labels[0]).wait_for()
        else:
            raise AssertionError("the class game did not end")

        game = saved_game(class_server)
        projector.locator(".sq-classgame-end").wait_for()
        shot(projector, "classgame-projector-end-1920-en")
        assert majority_seen, "no round offered the class two moves"
        assert set(game.players) == set(NAMES)
        first = game.rounds[0]
        assert first["counted"] == 4 and first["right"] == 3   # Anna's mistake counted once
        assert any(a["misconception"] for a in first["answers"].values())
        # The records: each child's progress file has the coach's skill, answered in play.
        folder = Path(class_server.folder)   # type: ignore[attr-defined]
        for name in NAMES:
            files = list(folder.rglob(learner_file_name(name)))
            assert files, f"no progress file for {name}"
            skills = from_bytes(files[0].read_bytes()).mastery.skills
            assert skills["counting_unseen"].play_attempts >= 1, (name, skills)
        # The teacher's grid names every child.
        for name in NAMES:
            teacher.locator(".sq-class-table tbody tr", has_text=name).first.wait_for(
                timeout=30_000)
        screenshots_in_russian(browser, class_server)
        equation_and_tie(class_server, teacher, projector, children, axe_script)
    finally:
        for context in contexts:
            context.close()


def wait_past(projector: Any, round_no: int) -> None:
    """The projector shows a later round than `round_no` (or the end)."""
    projector.wait_for_function(
        "n => !document.querySelector('.sq-classgame-projector-question') || "
        "!document.querySelector('.sq-classgame-projector-question')"
        ".textContent.includes('Round ' + n + ':')", arg=round_no + 1)


def in_both_languages(page: Any, name: str, sizes: list[tuple[int, int]],
                      focus: str = "") -> None:
    """Screenshots at each size in English, then in Russian (the page's own toggle), then
    back to English at the first size."""
    for lang, button in (("en", "English"), ("ru", "Русский")):
        switch_to(page, lang, button)
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            if focus:
                page.locator(focus).evaluate("e => e.scrollIntoView()")
            shot(page, f"{name}-{width}-{lang}")
    switch_to(page, "en", "English")
    width, height = sizes[0]
    page.set_viewport_size({"width": width, "height": height})


def switch_to(page: Any, lang: str, button: str) -> None:
    page.locator(".sq-language button", has_text=button).first.click()
    page.locator(f".sq-language.sq-lang-{lang}").first.wait_for()
    page.wait_for_timeout(300)


def screenshots_in_russian(browser: Any, server: VoilaServer) -> None:
    """The end screen at 1280 x 720 in both languages, the projector in Russian at 1920."""
    for lang in ("en", "ru"):
        for width, height in ((1920, 1080), (1280, 720)):
            context = browser.new_context(viewport={"width": width, "height": height})
            try:
                page = open_page(context, server, "classgame_projector",
                                 ".sq-classgame-projector", lang)
                page.locator(".sq-classgame-end").wait_for()
                shot(page, f"classgame-projector-end-{width}-{lang}")
            finally:
                context.close()


def equation_and_tie(server: VoilaServer, teacher: Any, projector: Any,
                     children: dict[str, Any], axe_script: Path) -> None:
    """A second game on the same pages, official rules (they discard equations) against 4
    bots: the teacher skips the two counting rounds; round 3 asks which of our cards make an
    equation (this deal's class hand has 2 + 3 = 5). Anna picks right, Boris the addends
    alone (the named mistake), their two votes tie: the phones and the projector say so,
    the teacher's tied moves are buttons and the one she presses is played. axe-core finds
    nothing serious on the child's page and the projector."""
    anna, boris = children["Anna"], children["Boris"]
    teacher.locator(".sq-classgame-rules select").select_option(index=1)   # official
    teacher.locator(".sq-classgame-bots select").select_option("4")
    teacher.locator("button.sq-classgame-start").click()
    for round_no in (0, 1):
        projector.locator(".sq-classgame-projector-question",
                          has_text=f"Round {round_no + 1}:").wait_for()
        teacher.locator("button.sq-classgame-skip").click()
        wait_past(projector, round_no)
    game = saved_game(server)
    assert (game.rules, game.round) == ("official", 2)
    ex = game.question().exercise
    labels = {o.id: o.label.render("en") for o in ex.options}
    assert ex.skill == "sums_within_10" and labels["no_total"] == "2 and 3", labels
    anna.locator(".sq-classgame-prompt-text", has_text="Which of our cards make 2 + 3 = 5?"
                 ).wait_for()
    found = [f"child {line}" for line in axe_violations(anna, axe_script)]
    found += [f"projector {line}" for line in axe_violations(projector, axe_script)]
    assert not found, "axe-core serious/critical violations:\n" + "\n".join(found)
    in_both_languages(anna, "classgame-child-equation-phone", [(390, 844)])
    in_both_languages(projector, "classgame-projector-equation", [(1280, 720)])
    answer(anna, labels["right"], True)
    answer(boris, labels["no_total"], True)
    vote(anna, 0)
    vote(boris, 1)
    for page in (anna, boris, projector):   # everyone who joined voted, one each way
        page.get_by_text("The votes are tied").first.wait_for()
    decide = teacher.locator(".sq-classgame-tie button.sq-classgame-decide")
    decide.first.wait_for()
    assert decide.count() == 2
    in_both_languages(anna, "classgame-child-tie-phone", [(390, 844)])
    in_both_languages(projector, "classgame-projector-tie", [(1280, 720)])
    teacher.locator(".sq-classgame-tie").evaluate("e => e.scrollIntoView()")
    shot(teacher, "classgame-teacher-tie-1280-en")
    kept = saved_game(server).answers
    assert kept["Boris"]["misconception"] and not kept["Anna"]["misconception"], kept
    decide.nth(1).click()   # the teacher picks the second tied move
    wait_past(projector, 2)
    last = saved_game(server).rounds[-1]
    assert last["decided"] and last["choice"] == 1 and last["votes"][:2] == [1, 1], last
