"""A lock after wrong guesses is no weapon (issue 39, items 1 and 2), through a real class
server run as `sq-edu serve --class 5b --class-password ... --teacher-password ...`:

- the class password in an `Authorization: token` header is counted with the login form's
  tries, on one counter, and a device that must wait is not let in by either route;
- during a continuous attack on the class password (a script at 127.0.0.1, a fresh device or
  no cookie for each try) a late child at another address, a returning device and a new one
  at the attacker's own address (a school's NAT) come in at once, while the script without a
  cookie keeps waiting and each of its fresh devices is checked once;
- `sq-edu unlock` lifts every lock from the server computer;
- the teacher opens the teacher page during an attack on the teacher password, sees which
  lock is on and why, and lifts it in one click; the teacher's new phone at the guessers'
  address opens it too.

Loops are bounded (a few hundred requests) and go to 127.0.0.1 only; times are measured in
bench/guessing.py, not asserted here.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
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
    header_try,
    log_in,
    one,
    teacher_tries,
    wait_until,
)

from bench._kernel_client import run_sync
from sq_edu.practice.guess_limit import ADDRESS_FREE, TARGET_FREE, GuessLimit
from sq_edu.server.server import VoilaServer

ATTACK_TRIES = 300
TREE = "/voila/tree/"   # after the login: the file list, which starts no kernel


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("class-lockout")
    with class_server(folder, "lockout", pages_per_device=0) as server:
        yield server, folder


def test_the_header_route_counts_with_the_login_form(served: tuple[VoilaServer, Path]) -> None:
    server, _folder = served
    jar = CookieJar()   # one device at 127.0.0.4: three wrong by the form, two by the header
    form = [log_in(server, f"crows-{n}", jar, "127.0.0.4")[0] for n in range(3)]
    header = [header_try(server, f"crows-h{n}", "127.0.0.4", jar) for n in range(2)]
    assert form == [401] * 3 and header == [302, 429], (form, header)
    assert header_try(server, CLASS_PASSWORD, "127.0.0.4", jar) == 429
    assert log_in(server, CLASS_PASSWORD, jar, "127.0.0.4")[0] == 429
    # A script with no cookie at all: its tries are one device's, header alone.
    bare = [header_try(server, f"rooks-{n}", "127.0.0.5") for n in range(TARGET_FREE + 1)]
    assert bare == [302] * (TARGET_FREE - 1) + [429] * 2, bare
    assert header_try(server, CLASS_PASSWORD, "127.0.0.5") == 429
    assert header_try(server, CLASS_PASSWORD, "127.0.0.6") == 200   # another device: in


def _attack(server: VoilaServer, stop: threading.Event, seen: list[int],
            again: list[int]) -> None:
    """Wrong class passwords from 127.0.0.1 until `stop` (at most ATTACK_TRIES): by the form
    from a fresh device each try, that device trying once more (`again`), and by the header
    with no cookie."""
    for n in range(ATTACK_TRIES):
        if stop.is_set():
            return
        if n % 2:
            seen.append(header_try(server, f"magpies-{n}"))
        else:
            status, jar = log_in(server, f"magpies-{n}", then=TREE)
            seen.append(status)
            again.append(log_in(server, f"magpies-{n}b", jar, then=TREE)[0])


def test_the_right_password_comes_in_during_an_attack_and_unlock_lifts_it(
        served: tuple[VoilaServer, Path]) -> None:
    """A late child at another address, a returning device and a NEW device at the
    attacker's own address (a school's NAT) all come in at once; the script without a
    cookie keeps waiting, and a fresh device of the script is checked once, then waits."""
    server, folder = served
    returning = log_in(server)[1]   # a device at the attacker's address that came in before
    returning.clear(domain="127.0.0.1", path="/", name=next(
        c.name for c in returning if c.name.startswith("username-")))   # it logged out
    stop, seen, again = threading.Event(), [], []
    counted = GuessLimit(folder).tries_on("class")
    attacker = threading.Thread(target=_attack, args=(server, stop, seen, again), daemon=True)
    attacker.start()
    try:
        assert wait_until(lambda: seen.count(429) >= 10, 120), seen[-20:]
        late_child = log_in(server, CLASS_PASSWORD, source="127.0.0.7", then=TREE)[0]
        back_again = log_in(server, CLASS_PASSWORD, returning, then=TREE)[0]
        behind_nat = log_in(server, CLASS_PASSWORD, then=TREE)[0]
        during = len(seen)
        assert during < ATTACK_TRIES, "the attack was over before the victims came in"
        assert wait_until(lambda: len(seen) >= min(during + 10, ATTACK_TRIES), 60)
    finally:
        stop.set()
        attacker.join(60)
    assert (late_child, back_again, behind_nat) == (200, 200, 200), (
        late_child, back_again, behind_nat, len(seen))
    header = seen[1::2]
    assert set(header[during // 2 + 1:]) == {429}, header   # the cookieless script waits
    assert header.count(302) <= ADDRESS_FREE, header[:40]
    assert set(again[ADDRESS_FREE:]) == {429}, again
    # A fresh device of the script is checked once, its second try not (both answer 429).
    checked = GuessLimit(folder).tries_on("class") - counted
    assert checked <= len(again) + ADDRESS_FREE + TARGET_FREE, (checked, len(again))
    assert header_try(server, CLASS_PASSWORD) == 429   # no cookie at the attacker's address
    unlock = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), "sq-edu"), "unlock", "--progress-dir",
         str(folder), "--lang", "ru"], capture_output=True, text=True, timeout=60)
    assert unlock.returncode == 0 and "Снято блокировок" in unlock.stdout, unlock
    assert header_try(server, CLASS_PASSWORD) == 200


def test_the_teacher_comes_in_during_an_attack_and_lifts_the_lock(
        served: tuple[VoilaServer, Path]) -> None:
    server, _folder = served
    attacker_jar, teacher_jar = log_in(server)[1], log_in(server)[1]

    async def try_words(jar: CookieJar, words: list[str]) -> tuple[ClassPage, list[str]]:
        page = await ClassPage(server, "teacher", jar).open()
        await page.load_widgets()
        return page, await teacher_tries(page, words)

    def locks_text(page: ClassPage) -> str:
        return str(page.states[one(page, "sq-guard-locks")]["state"]["value"])

    async def scenario() -> tuple[list[str], str, str, list[str]]:
        guesser, said = await try_words(attacker_jar, [f"owls-{n}-x" for n in range(6)]
                                        + [TEACHER_PASSWORD])
        teacher, _ = await try_words(teacher_jar, [TEACHER_PASSWORD])
        locks = locks_text(teacher)
        await teacher.click(one(teacher, "sq-guard-lift-all"))
        lifted = feedback(teacher) + " | " + locks_text(teacher)
        await guesser.set_value(one(guesser, "sq-teacher-password"), "value", TEACHER_PASSWORD)
        await guesser.click(one(guesser, "sq-teacher-open"))
        after = [feedback(guesser), str(bool(guesser.with_class("sq-class-guard")))]
        await guesser.close()
        await teacher.close()
        return said, locks, lifted, after

    said, locks, lifted, after = run_sync(scenario())
    assert "wait" in said[TARGET_FREE - 1] and "wait" in said[-1], said   # the guesser waits
    assert ("The teacher password: 5 wrong tries from one device (127.0.0.1). That device "
            "waits until") in locks, locks   # the teacher got in, and sees why
    assert "1 lock is lifted" in lifted and "Nobody is waiting" in lifted, lifted
    assert after[1] == "True", after   # lifted: the right password opens again


def test_the_teachers_new_phone_behind_the_guessers_address_comes_in(
        served: tuple[VoilaServer, Path]) -> None:
    """Four fresh pages at one address guess the teacher password until each waits (the
    address's 20 free tries are gone); the teacher's phone, new here and at that address,
    opens the teacher page at once with the right password."""
    async def scenario() -> tuple[list[str], str]:
        said = []
        for page_number in range(ADDRESS_FREE // TARGET_FREE):
            guesser = await ClassPage(server, "teacher", log_in(server)[1]).open()
            await guesser.load_widgets()
            said += await teacher_tries(guesser, [f"rooks-{page_number}-{n}"
                                                  for n in range(TARGET_FREE)])
            await guesser.close()
        phone = await ClassPage(server, "teacher", log_in(server)[1]).open()
        await phone.load_widgets()
        await teacher_tries(phone, [TEACHER_PASSWORD])
        opened = str(bool(phone.with_class("sq-class-guard"))) + " " + feedback(phone)
        await phone.close()
        return said, opened

    server, _folder = served
    said, opened = run_sync(scenario())
    assert "wait" in said[-1], said   # the guessing devices wait
    assert opened.startswith("True"), opened


def test_fresh_devices_cannot_push_the_addresss_count_out_of_the_file(
        served: tuple[VoilaServer, Path]) -> None:
    """The counter's file keeps MAX_ENTRIES counts and each fresh device adds two. A script
    at 127.0.0.21 makes its address wait on the class password; a guesser's fresh devices
    fill the file (the ones counted so far seeded in the file's own form, the last ones sent
    for real from 127.0.0.22): the server drops them, not the address's count, so a try
    without a cookie from 127.0.0.21 still waits unchecked."""
    import json
    import time

    from sq_edu.practice.guess_limit import GUESS_FILE, MAX_ENTRIES
    from sq_edu.practice.learner_guard import locked

    server, folder = served
    for n in range(ADDRESS_FREE + 5):   # a fresh device for each try: the address counts
        log_in(server, f"herons-{n}", source="127.0.0.21", then=TREE)
    assert header_try(server, "herons-bare", "127.0.0.21") == 429
    path = folder / GUESS_FILE
    with locked(path):
        data = json.loads(path.read_text(encoding="utf-8"))
        counters = data["counters"]
        ours = float(counters["address\tclass\t127.0.0.21"]["last"])
        assert counters["address\tclass\t127.0.0.21"]["fails"] == ADDRESS_FREE + 5
        later = time.time() + 1
        for n in range(MAX_ENTRIES - len(counters)):
            counters[f"device\t127.0.0.22|seed{n}"] = {"fails": 1, "last": later,
                                                       "until": later}
        older = sum(1 for entry in counters.values() if float(entry["last"]) <= ours)
        path.write_text(json.dumps(data), encoding="utf-8")
    for n in range(older // 2 + 2):   # each adds two counts: as many go as are older
        log_in(server, f"egrets-{n}", source="127.0.0.22", then=TREE)
    assert len(json.loads(path.read_text(encoding="utf-8"))["counters"]) == MAX_ENTRIES
    assert header_try(server, "herons-bare-2", "127.0.0.21") == 429
