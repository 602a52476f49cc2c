"""A page flood from one address against the owners behind it (issue 39: no limit keeps the
owner out), on a real `sq-edu serve --class` with its default page caps.

    python -m bench page_flood            (or --quick)

The server runs with `--max-pages 12`, so the new devices at one address share 6 pages (half
the class; 20 of a classroom's 40), and more `sq-edu serve` flags from $SQ_BENCH_FLOOD_OPTIONS
(to compare pool settings). Before the flood the teacher's laptop signs in on the teacher page
and Anna's tablet opens her record (from an earlier lesson), both at 127.0.0.1. Then a script
at 127.0.0.1 opens lesson pages as fast as it can, each from a new device cookie. Measured,
without and during the flood: the seconds until the teacher page and Anna's lesson page are
open with their widgets (target at most 2 s during the flood) and, of those, until the page
itself had come (its kernel's part); the same for a late child at another address; what a new
device behind the flooding address gets; how many pages the flood got and had refused; the
preheated kernels waiting before anyone came and the memory of one. Then fresh pages at
127.0.0.1 guess Anna's secret, and the seconds from Save to the answer are measured for her
right secret from her tablet and from a new device at another address (target at most 2 s).
During the flood, brand-new devices behind the flooding address type the teacher's one-time
door code on their waiting page (seconds to the lesson page; target at most 2 s), and after it
a script's wrong door codes, a fresh device each, are counted a minute.
"""

from __future__ import annotations

import html
import multiprocessing
import os
import re
import shlex
import statistics
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event as EventType
from pathlib import Path

import psutil

from bench._kernel_client import FromAddress, run_sync
from bench._load_metrics import MB, kernels_of, voila_process
from bench.guessing import PASSWORD, TEACHER, Device, TeacherPage, class_server

LESSON = "/voila/render/queen_points.ipynb"
OPTIONS_ENV = "SQ_BENCH_FLOOD_OPTIONS"   # more `sq-edu serve` flags, to compare pool settings
SECRET = "2581"
DOOR_ROUTE = "/sq-edu/door"


class Page(TeacherPage):
    """Any page (`notebook`) opened by a device that came in with the class password."""

    def __init__(self, url: str, device: Device, notebook: str) -> None:
        super().__init__(url, device)
        self.page_url = f"{self.server_url}voila/render/{notebook}.ipynb"
        self._opener = urllib.request.build_opener(   # the page from the device's address
            urllib.request.HTTPCookieProcessor(self._cookies), FromAddress(device.source))


async def _open(url: str, device: Device, notebook: str) -> tuple[Page, float]:
    start = time.monotonic()
    page = await Page(url, device, notebook).open()
    await page.load_widgets()
    return page, time.monotonic() - start


async def _save(page: Page, nickname: str, pin: str) -> tuple[str, float]:
    """Type a nickname and secret (the first picture and `pin`), press Save; (what the page
    says, seconds from Save to the answer)."""
    await page.set_value(page.one("sq-secret-picture"), "index", 0)
    await page.set_value(page.one("sq-secret"), "value", pin)
    await page.set_value(page.one("sq-nickname"), "value", nickname)
    start = time.monotonic()
    await page.click(page.one("sq-save-nickname"))
    seconds = time.monotonic() - start
    said = " ".join(str(page.states[m]["state"].get("value", ""))
                    for m in page.with_class("sq-feedback") + page.with_class("sq-status"))
    return said, seconds


def _returning_anna(folder: Path) -> None:
    """Anna's record from an earlier lesson (the first picture and her secret): a record
    made minutes before a flood vouches for no device (`device_standing.SETTLE`)."""
    from sq_edu.practice import ProgressStore
    from sq_edu.practice.secret_pictures import PICTURE_IDS, hash_secret

    store = ProgressStore.for_learner("Anna", folder)
    saved = store.load()
    saved.nickname, saved.secret = "Anna", hash_secret(PICTURE_IDS[0], SECRET)
    store.save(saved)


async def _sign_in(url: str, teacher: Device, anna: Device) -> None:
    """The teacher signs in on the teacher page, Anna's tablet opens her record with her
    secret ("welcome back")."""
    page, _ = await _open(url, teacher, "teacher")
    assert await page.try_word(TEACHER), "the teacher could not sign in"
    await page.close()
    page, _ = await _open(url, anna, "equations")
    await _save(page, "Anna", SECRET)
    await page.close()


async def _free_the_class(url: str, teacher: Device) -> None:
    """The teacher's "free the class" on the teacher page (the flood's pages go)."""
    page, _ = await _open(url, teacher, "teacher")
    assert await page.try_word(TEACHER), "the teacher could not sign in"
    await page.click(page.one("sq-guard-free"))
    await page.close()


def _secret_during_attack(url: str, port: int, anna: Device,
                          repeats: int) -> dict[str, list[float]]:
    """Seconds from Save to "welcome back" for Anna's right secret while fresh pages at
    127.0.0.1 (a new device each) guess it: from her tablet there, and from a new device at
    another address."""
    stop = threading.Event()

    async def guess() -> None:
        n = 0
        while not stop.is_set():
            device = Device(port)
            device.form(PASSWORD)
            page, _ = await _open(url, device, "equations")
            for _ in range(3):
                n += 1
                await _save(page, "Anna", f"{1000 + n % 1500}")
            await page.close()

    guesser = threading.Thread(target=lambda: run_sync(guess()), daemon=True)
    guesser.start()
    time.sleep(20.0)   # several guessing pages have gone by

    async def timed() -> dict[str, list[float]]:
        found: dict[str, list[float]] = {"tablet": [], "elsewhere": []}
        for n in range(repeats):
            home = Device(port, f"127.0.0.{60 + n}")
            home.form(PASSWORD)
            for who, device in (("tablet", anna), ("elsewhere", home)):
                page, _ = await _open(url, device, "equations")
                said, seconds = await _save(page, "Anna", SECRET)
                assert "wait" not in said.lower(), f"Anna waited ({who}): {said}"
                found[who].append(seconds)
                await page.close()
        return found

    try:
        return run_sync(timed())
    finally:
        stop.set()
        guesser.join(120)


def _owners(url: str, port: int, teacher: Device, anna: Device,
            repeats: int) -> dict[str, list[float]]:
    """Seconds to an open page with its widgets, for the teacher, Anna and a late child (and,
    under "<who> page", the seconds until the page itself had come: the kernel's part)."""
    async def timed() -> dict[str, list[float]]:
        found: dict[str, list[float]] = {f"{who}{part}": [] for who in ("teacher", "anna", "late")
                                         for part in ("", " page")}
        for n in range(repeats):
            late = Device(port, f"127.0.0.{40 + n}")
            late.form(PASSWORD)
            for who, device, notebook in (("teacher", teacher, "teacher"),
                                          ("anna", anna, "equations"),
                                          ("late", late, "equations")):
                page, seconds = await _open(url, device, notebook)
                found[who].append(seconds)
                found[f"{who} page"].append(page.render_seconds)
                await page.close()
        return found

    return run_sync(timed())


def _type_door_code(device: Device, waiting: str, code: str) -> tuple[int, str]:
    """Type `code` into the door field of the waiting page `waiting` and press the button;
    (status, Location: the page the device is sent back to)."""
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', waiting))
    body = urllib.parse.urlencode({**{k: html.unescape(v) for k, v in fields.items()},
                                   "code": code})
    status, _text, location = _send_seeing(device, f"{DOOR_ROUTE}?lang=en", body)
    return status, location


def _send_seeing(device: Device, path: str, body: str) -> tuple[int, str, str]:
    """A POST from `device` that keeps the answer's Location (a redirect is not followed)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", device.port, timeout=60,
                                            source_address=(device.source, 0))
    try:
        connection.request("POST", path, body=body, headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in device.cookies.items()),
            "Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace"), \
            answer.getheader("Location") or ""
    finally:
        connection.close()


def _door_children(url: str, port: int, folder: Path, repeats: int) -> dict[str, list[float]]:
    """Brand-new devices behind the flooding address, each given the teacher's door code (the
    one the teacher page shows, read from the class folder): seconds from pressing the
    button to the lesson page open with its widgets ("door"), and of those the code's own
    answer ("door answer")."""
    from sq_edu.practice.classroom.door_code import DoorCode

    found: dict[str, list[float]] = {"door": [], "door answer": []}

    async def timed() -> None:
        for _ in range(repeats):
            device = Device(port)
            device.form(PASSWORD)
            status, waiting = device._send("GET", LESSON)
            assert status == 503 and "door-code" in waiting, f"no waiting page: {status}"
            start = time.monotonic()
            status, back = _type_door_code(device, waiting, DoorCode(folder).current())
            found["door answer"].append(time.monotonic() - start)
            assert status == 302 and back.endswith(LESSON), f"the code was refused: {status}"
            page, _ = await _open(url, device, "queen_points")
            found["door"].append(time.monotonic() - start)
            await page.close()

    run_sync(timed())
    return found


def _door_guesses(port: int, seconds: float) -> float:
    """Wrong door codes checked a minute from one address, a fresh device for each (the
    class password's login cookie kept, as a script would)."""
    login = Device(port)
    login.form(PASSWORD)
    kept = {k: v for k, v in login.cookies.items() if k.startswith("username")}
    checked, n, end = 0, 0, time.monotonic() + seconds
    while time.monotonic() < end:
        n += 1
        device = Device(port)
        device.cookies = dict(kept)
        status, page = device._send("GET", f"{DOOR_ROUTE}?next={LESSON}")
        status = _type_door_code(device, page, f"{n % 10**6:06d}")[0] if status == 200 else 0
        checked += status == 403
    return checked * 60 / seconds


def _flood(port: int, stop: EventType, opened: Synchronized[int],
           refused: Synchronized[int]) -> None:
    """Lesson pages from 127.0.0.1, each from a new device cookie, until `stop` (in a process
    of its own, so the script does not slow the timed pages' client in this one)."""
    while not stop.is_set():
        device = Device(port)
        device.form(PASSWORD)
        status = device._send("GET", LESSON)[0]
        counter = opened if status == 200 else refused
        with counter.get_lock():
            counter.value += 1


def _idle_kernels(port: int) -> tuple[int, float]:
    """(kernels, median resident MB of one) once the server's preheated pools are full."""
    server = voila_process(port)
    seen, steady = -1, 0
    for _ in range(240):   # until the count has not changed for 5 s (at most 2 min)
        kernels = kernels_of(server)
        steady = steady + 1 if len(kernels) == seen else 0
        seen = len(kernels)
        if steady >= 10:
            break
        time.sleep(0.5)
    time.sleep(5.0)   # the last ones finish importing the lesson
    sizes = []
    for kernel in kernels_of(server):
        try:
            sizes.append(kernel.memory_info().rss / MB)
        except psutil.Error:
            continue
    return len(sizes), statistics.median(sizes) if sizes else 0.0


def run(quick: bool = False) -> list[dict[str, object]]:
    repeats = 2 if quick else 5
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="sq-page-flood-") as tmp:
        options = shlex.split(os.environ.get(OPTIONS_ENV, ""))
        server = class_server(Path(tmp), "--max-pages", "12", *options)
        _returning_anna(Path(tmp) / "progress")
        with server:
            kernels, kernel_mb = _idle_kernels(server.port)
            teacher, anna = Device(server.port), Device(server.port)
            teacher.form(PASSWORD)
            anna.form(PASSWORD)
            run_sync(_sign_in(server.url, teacher, anna))
            calm = _owners(server.url, server.port, teacher, anna, repeats)
            forked = multiprocessing.get_context("fork")
            stop, opened, refused = forked.Event(), forked.Value("i", 0), forked.Value("i", 0)
            flood = forked.Process(target=_flood, args=(server.port, stop, opened, refused),
                                   daemon=True)
            start = time.monotonic()
            flood.start()
            while refused.value < 20 and time.monotonic() - start < 300:
                time.sleep(0.5)
            newcomer = Device(server.port)
            newcomer.form(PASSWORD)
            behind = newcomer._send("GET", LESSON)[0]
            during = _owners(server.url, server.port, teacher, anna, repeats)
            door = _door_children(server.url, server.port, Path(tmp) / "progress", repeats)
            stop.set()
            flood.join(120)
            seconds = time.monotonic() - start
            door_guesses = _door_guesses(server.port, 15.0)
            run_sync(_free_the_class(server.url, teacher))
            secret = _secret_during_attack(server.url, server.port, anna, repeats)
        for who, what in (("teacher", "teacher page (signed in before)"),
                          ("anna", "Anna's lesson page (her tablet)"),
                          ("late", "late child's lesson page, other address")):
            rows.append({"benchmark": f"{what}, no flood (median)",
                         "value": statistics.median(calm[who]), "unit": "s", "target": "info"})
            rows.append({"benchmark": f"{what}, during the flood (median)",
                         "value": statistics.median(during[who]), "unit": "s",
                         "target": "info"})
            rows.append({"benchmark": f"{what}, during the flood (slowest)",
                         "value": max(during[who]), "unit": "s", "target": "<= 2"})
            rows.append({"benchmark": f"{what}, during the flood: page come, before the "
                                      "widgets (median / slowest)",
                         "value": f"{statistics.median(during[who + ' page']):.2f} / "
                                  f"{max(during[who + ' page']):.2f}",
                         "unit": "s", "target": "info"})
        rows.append({"benchmark": f"kernels before anyone came (preheated; {' '.join(options)})",
                     "value": f"{kernels} x {kernel_mb:.0f}", "unit": "MB (median)",
                     "target": "info"})
        rows.append({"benchmark": "flood: pages it got over the run (6 at once at most; "
                                  "each culled 2 min after, no websocket)",
                     "value": opened.value, "unit": "pages", "target": "info"})
        rows.append({"benchmark": "flood: pages refused",
                     "value": refused.value * 60 / seconds, "unit": "/min", "target": "info"})
        rows.append({"benchmark": "new device behind the flooding address",
                     "value": behind, "unit": "HTTP", "target": "503 (waits)"})
        rows.append({"benchmark": "late child's new device behind the flooding address, with "
                                  "the teacher's door code: Come in to the lesson page with "
                                  "its widgets (median / slowest)",
                     "value": f"{statistics.median(door['door']):.2f} / {max(door['door']):.2f}",
                     "unit": "s", "target": "<= 2"})
        rows.append({"benchmark": "  of which the door code's answer (median / slowest)",
                     "value": f"{statistics.median(door['door answer']):.3f} / "
                              f"{max(door['door answer']):.3f}", "unit": "s", "target": "info"})
        rows.append({"benchmark": "wrong door codes checked, a fresh device each, one address "
                                  "(after the flood)",
                     "value": door_guesses, "unit": "/min", "target": "info"})
        for who, what in (("tablet", "her tablet at the guessers' address"),
                          ("elsewhere", "a new device at another address")):
            rows.append({"benchmark": f"Anna's right secret during an attack on it, {what}: "
                                      "Save to answer (slowest)",
                         "value": max(secret[who]), "unit": "s", "target": "<= 2"})
    return rows


if __name__ == "__main__":
    for row in run(quick=True):
        print(row)
