"""Attacks that repeat, against a class server run as `sq-edu serve --class 5b --class-password
... --teacher-password ...`: guessing a classmate's secret (a picture and 4 digits), the
teacher password and the class password across fresh pages and both routes (welcome back,
upload), and the class password put into an address. The waits must hold whichever page or
route the guess used; a secret of digits alone saved before the pictures still opens; the
password put into an address never reaches the log, and the start-up line has no `token=`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from class_server import (
    ARTIFACTS,
    CLASS_PASSWORD,
    TEACHER_PASSWORD,
    ClassPage,
    class_server,
    get_from,
    kernel_processes,
    log_in,
    name_learner,
    one,
    pick_picture,
    teacher_tries,
    upload,
)

from bench._kernel_client import run_sync
from sq_edu.practice import Progress, ProgressStore
from sq_edu.practice.guess_limit import TARGET_FREE
from sq_edu.practice.learner_guard import hash_pin
from sq_edu.practice.secret_pictures import PICTURE_IDS
from sq_edu.server.server import VoilaServer


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("class-guesses")
    for n in range(3):   # saves killed mid-write (kill -9) before this server started
        (folder / f".anna.json.{4000 + n}.tmp").write_text("{", encoding="utf-8")
    with class_server(folder, "guessing", pages_per_device=0) as server:
        yield server, folder


def test_temporary_files_of_killed_saves_are_gone_at_start(
        served: tuple[VoilaServer, Path]) -> None:
    _server, folder = served
    assert not list(folder.glob("*.tmp")), [p.name for p in folder.iterdir()]


def test_look_alike_nicknames_are_one_learner(served: tuple[VoilaServer, Path]) -> None:
    server, folder = served
    _status, jar = log_in(server)

    async def scenario() -> tuple[str, list[str], str]:
        nina = await ClassPage(server, "equations", jar).open()
        await nina.load_widgets()
        saved = await name_learner(nina, "Nina", "4321")
        await nina.close()
        other = await ClassPage(server, "equations", jar).open()
        await other.load_widgets()
        said = [await name_learner(other, look, "1111")
                for look in ("ΝΙΝΑ", "Нина", "Nina.", "N ina")]
        back = await name_learner(other, "Нина", "4321")
        await other.close()
        return saved, said, back

    saved, said, back = run_sync(scenario())
    assert "Nina" in saved
    assert all("not the secret of" in line for line in said), said
    assert "Welcome back, Nina" in back, back
    assert sorted(p.name for p in folder.glob("*.json")) == ["nina.json"], "look-alike files"


def test_secret_number_guesses_wait_across_fresh_pages_and_both_routes(
        served: tuple[VoilaServer, Path]) -> None:
    server, folder = served
    _status, jar = log_in(server)
    wipe = json.dumps({"format": "sq_edu.progress", "version": 1, "nickname": "Anna",
                       "mastery": {"clock": 0, "skills": {}, "lessons": {}}}).encode()

    async def scenario() -> tuple[str, list[str], str]:
        anna = await ClassPage(server, "equations", jar).open()
        await anna.load_widgets()
        saved = await name_learner(anna, "Anna", "2581")
        await anna.close()
        said, guess = [], 1000
        for _fresh_page in range(3):   # each page: one guess by welcome back, one by upload
            page = await ClassPage(server, "equations", jar).open()
            await page.load_widgets()
            said.append(await name_learner(page, "Anna", str(guess)))
            await pick_picture(page, "crown")   # her picture is known: the digits are guessed
            await page.set_value(one(page, "sq-secret"), "value", str(guess + 1))
            said.append(await upload(page, "anna.json", wipe))
            guess += 2
            await page.close()
        late = await ClassPage(server, "equations", jar).open()   # the right number, too late
        await late.load_widgets()
        right = await name_learner(late, "Anna", "2581")
        await late.close()
        return saved, said, right

    saved, said, right = run_sync(scenario())
    assert "Anna" in saved
    wrong = TARGET_FREE - 1
    assert all("not the secret of" in s or "secret number of Anna first" in s
               for s in said[:wrong]), said
    assert all("Wait" in s for s in said[wrong:]), said   # the 5th guess on starts the wait
    assert "Wait" in right and "Welcome back" not in right, right
    record = json.loads((folder / "anna.json").read_text(encoding="utf-8"))
    assert record["nickname"] == "Anna" and record.get("secret"), "the record was replaced"
    lockouts = json.loads((folder / ".guess-counts").read_text(encoding="utf-8"))["lockouts"]
    assert [(item["target"], item["kind"]) for item in lockouts] == [
        ("learner:anna", "pair")], lockouts


def test_teacher_password_guesses_wait_on_a_fresh_page(served: tuple[VoilaServer, Path]) -> None:
    server, _folder = served
    _status, jar = log_in(server)

    async def attempt(words: list[str]) -> list[str]:
        page = await ClassPage(server, "teacher", jar).open()
        await page.load_widgets()
        said = await teacher_tries(page, words)
        await page.close()
        return said

    async def scenario() -> list[str]:
        said: list[str] = []
        for words in (["owls-at-noon", "owls-at-dawn"], ["owls-at-dusk", "teacher-owls-21"],
                      ["teacher-owls-23"], [TEACHER_PASSWORD]):
            said += await attempt(words)
        return said

    said = run_sync(scenario())
    assert all("not the teacher password" in s for s in said[:TARGET_FREE - 1]), said
    assert "wait" in said[TARGET_FREE - 1], said
    assert "wait" in said[-1], "the right password opened the page during the wait"


def test_a_password_in_the_address_is_refused(served: tuple[VoilaServer, Path]) -> None:
    server, _folder = served
    before = set(kernel_processes(server))
    status, page = get_from(server, f"voila/render/equations.ipynb?token={CLASS_PASSWORD}",
                            "127.0.0.1", CookieJar())
    assert status == 400 and "never into the page address" in page
    # No kernel started for it (one of an earlier page's may have been shut down meanwhile).
    assert "jupyter-config-data" not in page and not set(kernel_processes(server)) - before
    status, page = get_from(server, f"voila/tree/?token={CLASS_PASSWORD}", "127.0.0.1",
                            CookieJar())
    assert status == 400


def test_picture_secret_guesses_wait_across_fresh_pages_and_both_routes(
        served: tuple[VoilaServer, Path]) -> None:
    """A classmate who knows Mila's 4 digits tries the pictures one by one, a fresh page each
    time, by welcome back and by upload: after five wrong tries every try waits, the right
    picture included."""
    server, folder = served
    _status, jar = log_in(server)
    wipe = json.dumps({"format": "sq_edu.progress", "version": 1, "nickname": "Mila",
                       "mastery": {"clock": 0, "skills": {}, "lessons": {}}}).encode()
    wrong = [p for p in PICTURE_IDS if p != "horse"]

    async def scenario() -> tuple[str, list[str], str]:
        mila = await ClassPage(server, "equations", jar).open()
        await mila.load_widgets()
        saved = await name_learner(mila, "Mila", "7093", "horse")
        await mila.close()
        said = []
        for fresh_page in range(4):   # each page: one picture by welcome back, one by upload
            page = await ClassPage(server, "equations", jar).open()
            await page.load_widgets()
            said.append(await name_learner(page, "Mila", "7093", wrong[2 * fresh_page]))
            await pick_picture(page, wrong[2 * fresh_page + 1])
            await page.set_value(one(page, "sq-secret"), "value", "7093")
            said.append(await upload(page, "mila.json", wipe))
            await page.close()
        late = await ClassPage(server, "equations", jar).open()   # the right secret, too late
        await late.load_widgets()
        right = await name_learner(late, "Mila", "7093", "horse")
        await late.close()
        return saved, said, right

    saved, said, right = run_sync(scenario())
    assert "Hello, Mila" in saved and "“horse”" in saved, saved
    first = TARGET_FREE - 1
    assert all("not the secret of Mila" in s or "secret number of Mila first" in s
               for s in said[:first]), said
    assert all("Wait" in s for s in said[first:]), said
    assert "Wait" in right and "Welcome back" not in right, right
    record = json.loads((folder / "mila.json").read_text(encoding="utf-8"))
    assert record["secret"]["form"] == "picture", "the record was replaced"
    assert "7093" not in json.dumps(record)


def test_an_old_secret_of_digits_still_opens_and_gets_a_picture(
        served: tuple[VoilaServer, Path]) -> None:
    """Oleg's record was saved before the pictures (4 digits alone): he still gets in with
    them, is asked for a picture, and from then on needs it."""
    server, folder = served
    ProgressStore.for_learner("Oleg", folder).save(Progress(nickname="Oleg",
                                                            secret=hash_pin("1357")))
    _status, jar = log_in(server)

    async def scenario() -> list[str]:
        page = await ClassPage(server, "equations", jar).open()
        await page.load_widgets()
        said = [await name_learner(page, "Oleg", "1357", None),
                await name_learner(page, "Oleg", "1357", "anchor")]
        await page.close()
        fresh = await ClassPage(server, "equations", jar).open()
        await fresh.load_widgets()
        said += [await name_learner(fresh, "Oleg", "1357", None),
                 await name_learner(fresh, "Oleg", "1357", "anchor")]
        await fresh.close()
        return said

    old, remade, digits_alone, whole = run_sync(scenario())
    assert "Welcome back, Oleg" in old and "Make your secret stronger" in old, old
    assert "picture “anchor”" in remade, remade
    assert "Pick your secret picture" in digits_alone, digits_alone
    assert "Welcome back, Oleg" in whole, whole
    record = json.loads((folder / "oleg.json").read_text(encoding="utf-8"))
    assert record["secret"]["form"] == "picture"


def test_the_password_in_an_address_never_reaches_the_log(
        served: tuple[VoilaServer, Path]) -> None:
    """Refused `?token=` requests, some with other secret-looking names, and the start-up
    lines: the log holds no password and no `token=` link."""
    server, _folder = served
    for path in ("voila/render/equations.ipynb", "voila/tree/", "", "login"):
        for query in (f"token={CLASS_PASSWORD}", f"x=1&access_token={CLASS_PASSWORD}",
                      f"Token={CLASS_PASSWORD}&lang=ru"):
            get_from(server, f"{path}?{query}", "127.0.0.1", CookieJar())
    log_path = ARTIFACTS / "voila-attack-guessing.log"
    text = log_path.read_text(encoding="utf-8", errors="replace")
    assert CLASS_PASSWORD not in text and TEACHER_PASSWORD not in text
    assert "?token=[hidden]" in text   # the refusals are still logged, without the value
    start = text.split("Voilà is running at:", 1)[1].splitlines()[1].strip()
    assert start == server.url, start   # the class address; the login page follows
    assert "token=" not in text.replace("token=[hidden]", "")


def test_class_password_guesses_wait_for_the_guessing_device(
        served: tuple[VoilaServer, Path]) -> None:
    """The guessing device waits, the right password included; a classmate's device at the
    same address comes in at once (the lock used to keep every late child out)."""
    server, _folder = served
    jar = CookieJar()
    statuses = [log_in(server, f"ravens-{n}", jar)[0] for n in range(TARGET_FREE + 2)]
    assert statuses[:TARGET_FREE - 1] == [401] * (TARGET_FREE - 1), statuses
    assert statuses[TARGET_FREE - 1:] == [429] * 3, statuses
    assert log_in(server, CLASS_PASSWORD, jar)[0] == 429, "the guesser got in during the wait"
    assert log_in(server, CLASS_PASSWORD)[0] == 200, "a late child was kept out"
