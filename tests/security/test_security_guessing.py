"""Attacks that repeat, against a class server run as `sq-edu serve --class 5b --class-password
... --teacher-password ...`: guessing a classmate's secret number, the teacher password and the
class password across fresh pages and both routes (welcome back, upload), and the class
password put into an address. The waits must hold whichever page or route the guess used.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from class_server import (
    CLASS_PASSWORD,
    TEACHER_PASSWORD,
    ClassPage,
    class_server,
    feedback,
    get_from,
    kernel_processes,
    log_in,
    name_learner,
    one,
    upload,
)

from bench._kernel_client import run_sync
from sq_edu.practice.guess_limit import TARGET_FREE
from sq_edu.server.server import VoilaServer


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("class-guesses")
    for n in range(3):   # saves killed mid-write (kill -9) before this server started
        (folder / f".anna.json.{4000 + n}.tmp").write_text("{", encoding="utf-8")
    with class_server(folder, "guessing", pages_per_device=0) as server:
        yield server, folder


def _kernels(server: VoilaServer) -> int:
    return len(kernel_processes(server))


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
    assert all("not the secret number" in line for line in said), said
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
    assert all("not the secret number" in s or "secret number of Anna first" in s
               for s in said[:wrong]), said
    assert all("Wait" in s for s in said[wrong:]), said   # the 5th guess on starts the wait
    assert "Wait" in right and "Welcome back" not in right, right
    record = json.loads((folder / "anna.json").read_text(encoding="utf-8"))
    assert record["nickname"] == "Anna" and record.get("secret"), "the record was replaced"
    lockouts = json.loads((folder / ".guess-counts").read_text(encoding="utf-8"))["lockouts"]
    assert [item["target"] for item in lockouts] == ["target:learner:anna"], lockouts


def test_teacher_password_guesses_wait_on_a_fresh_page(served: tuple[VoilaServer, Path]) -> None:
    server, _folder = served
    _status, jar = log_in(server)

    async def attempt(words: list[str]) -> list[str]:
        page = await ClassPage(server, "teacher", jar).open()
        await page.load_widgets()
        said = []
        for word in words:
            await page.set_value(one(page, "sq-teacher-password"), "value", word)
            assert (await page.click(one(page, "sq-teacher-open"))).finished
            said.append(feedback(page))
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
    before = _kernels(server)
    status, page = get_from(server, f"voila/render/equations.ipynb?token={CLASS_PASSWORD}",
                            "127.0.0.1", CookieJar())
    assert status == 400 and "never into the page address" in page
    assert "jupyter-config-data" not in page and _kernels(server) == before
    status, page = get_from(server, f"voila/tree/?token={CLASS_PASSWORD}", "127.0.0.1",
                            CookieJar())
    assert status == 400


def test_class_password_guesses_wait_for_every_client(served: tuple[VoilaServer, Path]) -> None:
    """Last in this module: it locks the class password for everyone for a while."""
    server, folder = served
    statuses = [log_in(server, f"ravens-{n}")[0] for n in range(TARGET_FREE + 2)]
    assert statuses[:TARGET_FREE - 1] == [401] * (TARGET_FREE - 1), statuses
    assert statuses[TARGET_FREE - 1:] == [429] * 3, statuses
    assert log_in(server, CLASS_PASSWORD)[0] == 429, "the right password got in during the wait"
    (folder / ".guess-counts").unlink()   # the teacher lets the class in again
    assert log_in(server, CLASS_PASSWORD)[0] == 200
