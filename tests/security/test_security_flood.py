"""One device trying to hang or fill a class server run as `sq-edu serve --class 5b
--class-password ... --teacher-password ...`: unauthenticated query websockets, pages opened
up to the device's cap and left, and hundreds of half-sent requests. Other children must still
get their lesson, in its normal time, and the log must stay small.

The server gets two shorter timeouts than a classroom (20 s without a websocket instead of
120, 5 s for a half-sent request instead of 30) so the test waits less; the code paths are the
same.
"""

from __future__ import annotations

import asyncio
import html
import re
import resource
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from class_server import (
    ARTIFACTS,
    TEACHER_PASSWORD,
    ClassPage,
    class_server,
    closed_by_server,
    cookie_header,
    feedback,
    get_from,
    kernel_processes,
    log_in,
    name_learner,
    one,
    page_from,
    teacher_tries,
    type_door_code,
    wait_until,
)
from door_browser import in_chromium, login_cookie_only, teacher_pages, waiting_pages
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from bench._kernel_client import run_sync
from sq_edu.server.server import VoilaServer

IDLE_SECONDS = 20
TABLES_SECRET = "cd" * 32
HALF_OPEN = 500
NEW_PAGES_PER_ADDRESS = 4   # a classroom's is half the class; a small one keeps the test light
FLOOD = "127.0.0.30"        # a school's NAT address: the flooder, the teacher and Anna


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    folder = tmp_path_factory.mktemp("class-flood")
    server = class_server(folder, "flood", f"--SafeVoila.unconnected_timeout={IDLE_SECONDS}",
                          "--SafeVoila.connection_timeout=5",
                          f"--SafeVoila.max_pages_per_address={NEW_PAGES_PER_ADDRESS}")
    server.env["SQ_EDU_TABLES_SECRET"] = TABLES_SECRET   # the test computes the class key
    with server:
        yield server


def _russian(page: ClassPage) -> bool:
    """The page's widgets speak Russian: its kernel got its own query string (?lang=ru)."""
    return any(re.search("[а-яА-Я]{4}", str(state.get("state", {}).get("value", "")))
               for state in page.states.values())


async def _lesson_seconds(server: VoilaServer, jar: object) -> tuple[float, bool]:
    """Open a lesson in Russian as a child does: page, websocket, widgets; (seconds, Russian)."""
    start = time.monotonic()
    page = ClassPage(server, "chances", jar, "lang=ru")   # type: ignore[arg-type]
    await page.open(timeout=300)   # generous: a 2-core machine shared with other test runs
    await page.load_widgets()
    seconds = time.monotonic() - start
    russian = _russian(page)
    await page.close()
    return seconds, russian


def test_the_teacher_frees_the_class(served: VoilaServer) -> None:
    """First: it needs two of this device's three pages (later tests fill them)."""
    _status, jar = log_in(served)

    async def scenario() -> tuple[str, str, bool]:
        lesson = await ClassPage(served, "queen_points", jar).open()
        teacher = await ClassPage(served, "teacher", jar).open()
        await teacher.load_widgets()
        await teacher.set_value(one(teacher, "sq-teacher-password"), "value", TEACHER_PASSWORD)
        assert (await teacher.click(one(teacher, "sq-teacher-open"))).finished
        await teacher.load_widgets()
        link = re.search(r'href="([^"]+class-report\.csv[^"]+)"',
                         " ".join(str(m["state"].get("value", ""))
                                  for m in teacher.states.values()))
        assert link is not None, "no class report link on the teacher page"
        report = await asyncio.to_thread(get_from, served, html.unescape(link.group(1))[1:],
                                         "127.0.0.1", jar)
        forged = await asyncio.to_thread(
            get_from, served, "sq-edu/class-report.csv?ticket=9999999999.00&lang=en",
            "127.0.0.1", jar)
        assert report[0] == 200 and "Nickname" in report[1], report
        assert forged[0] == 403
        assert (await teacher.click(one(teacher, "sq-guard-free"))).finished
        said = feedback(teacher)
        kept = teacher.kernel_id in await asyncio.to_thread(_kernel_files, served)
        await teacher.close()
        await lesson.close(shutdown=False)
        return said, lesson.kernel_id, kept

    said, lesson_kernel, teacher_kept = run_sync(scenario())
    assert "lesson page" in said and "closed" in said, said
    assert wait_until(lambda: lesson_kernel not in _kernel_files(served), 30), \
        "the lesson page kept its kernel"
    assert teacher_kept, "the teacher page freed itself"


def _kernel_files(server: VoilaServer) -> str:
    """The command lines of this server's kernels (they name their connection files)."""
    return " ".join(kernel_processes(server).values())


def test_query_websockets_from_anyone_but_the_kernel_are_refused(served: VoilaServer) -> None:
    _status, jar = log_in(served)

    async def scenario() -> tuple[float, list[int], float, bool]:
        normal, _ = await _lesson_seconds(served, jar)
        held = await ClassPage(served, "queen_points", jar).open()   # a real kernel id
        ids = [held.kernel_id] + [str(uuid.uuid4()) for _ in range(11)]
        refused: list[int] = []
        for kernel_id in ids:   # 12 connections, with the class cookie and a loopback Host
            try:
                socket_ = await connect(
                    f"ws://127.0.0.1:{served.port}/voila/query/{kernel_id}", open_timeout=10,
                    additional_headers={"Cookie": cookie_header(jar)})
            except InvalidStatus as error:
                refused.append(error.response.status_code)
            else:
                await socket_.close()
        seconds, russian = await _lesson_seconds(served, jar)
        await held.close()
        return normal, refused, seconds, russian

    normal, refused, seconds, russian = run_sync(scenario())
    assert refused == [403] * 12, refused
    assert russian, "the lesson's kernel did not get its query string"
    assert seconds < max(3 * normal, normal + 20), (normal, seconds)


def test_one_device_holds_three_pages_others_get_in_and_left_pages_are_freed(
        served: VoilaServer) -> None:
    _status, jar = log_in(served)
    page = "voila/render/queen_points.ipynb"
    statuses = [get_from(served, page, "127.0.0.2", jar)[0] for _ in range(5)]
    assert statuses == [200, 200, 200, 503, 503], statuses
    status, html = get_from(served, page, "127.0.0.3", jar)
    assert status == 200 and "jupyter-config-data" in html, "another child was refused"
    start, status = time.monotonic(), 503
    while status != 200 and time.monotonic() - start < 4 * IDLE_SECONDS:
        time.sleep(2)
        status, html = get_from(served, page, "127.0.0.2", jar)
    assert status == 200, "pages nobody connected to still hold the device's share"
    assert "Too many pages open" not in html


def _fresh_page(server: VoilaServer, source: str) -> int:
    """A script's page from a brand-new device (a fresh device cookie, fetched with a login
    that goes on to the file list, which starts no kernel)."""
    _status, jar = log_in(server, source=source, then="/voila/tree/")
    return get_from(server, "voila/render/queen_points.ipynb", source, jar)[0]


def _returning_learner(server: VoilaServer, nickname: str, pin: str) -> None:
    """A learner's record from an earlier lesson (a crown and `pin`), in the class folder."""
    from sq_edu.practice import ProgressStore
    from sq_edu.practice.secret_pictures import hash_secret

    store = ProgressStore.for_learner(nickname, Path(server.env["SQ_EDU_PROGRESS_DIR"]))
    saved = store.load()
    saved.nickname, saved.secret = nickname, hash_secret("crown", pin)
    store.save(saved)


def _refused_page(server: VoilaServer, source: str, lang: str) -> str:
    """The page a brand-new device at `source` gets for a lesson in `lang`."""
    _status, jar = log_in(server, source=source, then="/voila/tree/")
    status, body = get_from(server, f"voila/render/queen_points.ipynb?lang={lang}", source, jar)
    assert status == 503, status
    return body


def _phone_margins(pages: list[str]) -> list[float]:
    """The left edge (px) of each page's heading and text in Chromium on a 390 px touch phone,
    with a screenshot of each, phone and laptop, in test-artifacts/."""
    from concurrent.futures import ThreadPoolExecutor

    from playwright.sync_api import sync_playwright

    def measure() -> list[float]:   # in a thread: a browser test may hold this one's loop
        edges: list[float] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            for lang, body in zip(("en", "ru"), pages, strict=True):
                for screen, options in (
                        ("phone", {"viewport": {"width": 390, "height": 844},
                                   "is_mobile": True, "has_touch": True}),
                        ("laptop", {"viewport": {"width": 1280, "height": 800}})):
                    context = browser.new_context(**options)   # type: ignore[arg-type]
                    page = context.new_page()
                    page.set_content(body)
                    if screen == "phone":
                        edges += [page.locator(css).bounding_box()["x"]   # type: ignore[index]
                                  for css in ("h1", "p[role=status]")]
                    page.screenshot(path=ARTIFACTS / f"place-full-{screen}-{lang}.png")
                    context.close()
            browser.close()
        return edges

    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(measure).result()


def test_a_page_flood_from_one_address_keeps_neither_the_teacher_nor_a_child_out(
        served: VoilaServer) -> None:
    """Behind one NAT address a script opens page after page, each from a new device cookie:
    it is held at the address's share of new pages, and so is any new device there, while the
    teacher's laptop (signed in on the teacher page) and Anna's tablet (which opened her
    record, from an earlier lesson) still get their pages, and the teacher frees the class.
    A learner the script makes on one of its pages ("Junk") frees none of its cookies: a
    record made minutes ago vouches for no device (`device_standing.SETTLE`)."""
    _returning_learner(served, "Anna", "2581")
    teacher_jar = log_in(served, source=FLOOD, then="/voila/tree/")[1]
    anna_jar = log_in(served, source=FLOOD, then="/voila/tree/")[1]
    junk_jar = log_in(served, source=FLOOD, then="/voila/tree/")[1]

    async def signed_in_teacher() -> ClassPage:
        teacher = await ClassPage(served, "teacher", teacher_jar, source=FLOOD).open()
        await teacher.load_widgets()
        await teacher_tries(teacher, [TEACHER_PASSWORD])
        assert teacher.with_class("sq-class-guard"), feedback(teacher)
        return teacher

    async def sign_in() -> str:
        teacher = await signed_in_teacher()
        anna = await ClassPage(served, "equations", anna_jar, source=FLOOD).open()
        await anna.load_widgets()
        saved = await name_learner(anna, "Anna", "2581")
        for page in (teacher, anna):
            await page.close()
        return saved

    saved = run_sync(sign_in())
    assert "Anna" in saved and "wait" not in saved, saved

    async def junk() -> tuple[str, list[int], int, int, list[str]]:
        """The script's first page makes a learner of its own, and stays open meanwhile."""
        page = await ClassPage(served, "equations", junk_jar, source=FLOOD).open()
        await page.load_widgets()
        said = await name_learner(page, "Junk", "1111")
        flood = [await asyncio.to_thread(_fresh_page, served, FLOOD)
                 for _ in range(NEW_PAGES_PER_ADDRESS + 1)]
        newcomer = await asyncio.to_thread(_fresh_page, served, FLOOD)
        waiting = [await asyncio.to_thread(_refused_page, served, FLOOD, lang)
                   for lang in ("en", "ru")]
        again = await asyncio.to_thread(get_from, served, "voila/render/queen_points.ipynb",
                                        FLOOD, junk_jar)
        await page.close()
        return said, flood, newcomer, again[0], waiting

    said, flood, newcomer, again, waiting = run_sync(junk())
    assert "Junk" in said and "wait" not in said, said
    assert "Too many new pages from here" in waiting[0] and "новых страниц" in waiting[1]
    assert min(_phone_margins(waiting)) >= 12, "the waiting page's text touches a phone's edge"
    assert flood == [200] * (NEW_PAGES_PER_ADDRESS - 1) + [503] * 2, flood
    assert newcomer == 503   # a new device behind that address waits
    assert again == 503, "a learner made during the flood let the script's cookie past"
    assert _fresh_page(served, "127.0.0.31") == 200   # another address does not

    async def owners() -> tuple[str, int]:
        teacher = await signed_in_teacher()
        anna = await ClassPage(served, "equations", anna_jar, source=FLOOD).open()
        await anna.load_widgets()
        assert one(anna, "sq-nickname")   # Anna's lesson page, with its widgets
        assert (await teacher.click(one(teacher, "sq-guard-free"))).finished
        said = feedback(teacher)
        await anna.close(shutdown=False)
        await teacher.close()
        return said, len(anna.states)

    said, widgets = run_sync(owners())
    assert "closed" in said and widgets, said
    assert wait_until(lambda: _fresh_page(served, FLOOD) == 200, 60), \
        "the freed class still holds the address's share"


DOOR_NAT = "127.0.0.40"   # another school NAT address, flooded for the door code
WRONG_CODES = 1000


def _door_code(teacher: ClassPage) -> str:
    """The door code the teacher page shows now (its live view refreshes it)."""
    found = re.search(r"(\d{3}) (\d{3})", str(
        teacher.states[one(teacher, "sq-door-code")]["state"].get("value", "")))
    assert found is not None, "no door code on the teacher page"
    return found.group(1) + found.group(2)


async def _shown(teacher: ClassPage, css: str, wanted: Callable[[str], bool]) -> str:
    """What widget `css` of the open teacher page shows, once `wanted` (at most 30 s)."""
    text = ""
    for _ in range(60):
        text = str(teacher.states[one(teacher, css)]["state"].get("value", ""))
        if wanted(text):
            break
        await asyncio.sleep(0.5)
    return text


def _wrong_code_from_a_fresh_device(server: VoilaServer, login: object, code: str) -> int:
    """A script's try: a new device (the class password's cookie, no device cookie) opens
    the door field and types `code`; the status."""
    jar = login_cookie_only(login)   # type: ignore[arg-type]
    status, page, _ = page_from(server, "sq-edu/door?next=/voila/render/queen_points.ipynb",
                                DOOR_NAT, jar)
    assert status == 200, status
    return type_door_code(server, page, code, DOOR_NAT, jar)[0]


def test_a_late_childs_new_device_comes_in_with_the_teachers_door_code(
        served: VoilaServer) -> None:
    """A page flood from one address (each page a new device, kept open) fills the share
    of new pages there; a child's brand-new device behind it gets the waiting page, types
    the door code the teacher page shows and gets its lesson page; the code opens once (a
    second device with it is told kindly); 1,000 wrong codes from fresh devices there lock
    neither the teacher nor the next right code out; the teacher page lists the use."""
    teacher_jar = log_in(served, source=DOOR_NAT, then="/voila/tree/")[1]
    lesson = "voila/render/queen_points.ipynb"

    async def scenario() -> dict[str, object]:
        teacher = await ClassPage(served, "teacher", teacher_jar, source=DOOR_NAT).open()
        await teacher.load_widgets()
        await teacher_tries(teacher, [TEACHER_PASSWORD])
        await teacher.load_widgets()
        code = _door_code(teacher)
        flood = []
        for _ in range(NEW_PAGES_PER_ADDRESS):   # the script's pages, websockets open
            jar = await asyncio.to_thread(log_in, served, source=DOOR_NAT, then="/voila/tree/")
            flood.append(await ClassPage(served, "queen_points", jar[1],
                                         source=DOOR_NAT).open())
        late_jar = (await asyncio.to_thread(log_in, served, source=DOOR_NAT,
                                            then="/voila/tree/"))[1]
        waiting = await asyncio.to_thread(page_from, served, f"{lesson}?lang=ru", DOOR_NAT,
                                          late_jar)
        start = time.monotonic()
        typed = await asyncio.to_thread(type_door_code, served, waiting[1],
                                        f"{code[:3]} {code[3:]}", DOOR_NAT, late_jar)
        child = await ClassPage(served, "queen_points", late_jar, "lang=ru",
                                source=DOOR_NAT).open()
        await child.load_widgets()
        seconds = time.monotonic() - start
        russian = _russian(child)
        await child.close()
        second_jar = (await asyncio.to_thread(log_in, served, source=DOOR_NAT,
                                              then="/voila/tree/"))[1]
        second_wait = await asyncio.to_thread(page_from, served, lesson, DOOR_NAT, second_jar)
        second = await asyncio.to_thread(type_door_code, served, second_wait[1], code,
                                         DOOR_NAT, second_jar)
        still = await asyncio.to_thread(page_from, served, lesson, DOOR_NAT, second_jar)
        used = await _shown(teacher, "sq-door-uses", lambda text: DOOR_NAT in text)
        await _shown(teacher, "sq-door-code", lambda text: f"{code[:3]} {code[3:]}" not in text)
        right = _door_code(teacher)
        await teacher.close()
        # 1,000 wrong codes, each from a fresh device at that address (4 at a time), while
        # the flood's pages stay open.
        wrong = [f"{(int(right) + 1 + n) % 10**6:06d}" for n in range(WRONG_CODES)]
        statuses = await asyncio.to_thread(_wrong_codes, served, teacher_jar, wrong)
        teacher = await ClassPage(served, "teacher", teacher_jar, source=DOOR_NAT).open()
        await teacher.load_widgets()
        said = (await teacher_tries(teacher, [TEACHER_PASSWORD]))[0]
        await teacher.load_widgets()
        after = _door_code(teacher)
        await teacher.close()
        last_jar = (await asyncio.to_thread(log_in, served, source=DOOR_NAT,
                                            then="/voila/tree/"))[1]
        last_wait = await asyncio.to_thread(page_from, served, lesson, DOOR_NAT, last_jar)
        last = await asyncio.to_thread(type_door_code, served, last_wait[1], after, DOOR_NAT,
                                       last_jar)
        last_page = await asyncio.to_thread(page_from, served, lesson, DOOR_NAT, last_jar)
        for held in flood:
            await held.close()
        return {"waiting": waiting, "typed": typed, "seconds": seconds, "russian": russian,
                "second": second, "still": still[0], "used": used, "code": code,
                "right": right, "statuses": statuses, "said": said, "after": after,
                "last_wait": last_wait[0], "last": last[0], "last_page": last_page[0]}

    seen = run_sync(scenario())
    waiting, typed, second = seen["waiting"], seen["typed"], seen["second"]
    assert waiting[0] == 503 and 'id="door-code"' in waiting[1], waiting[0]   # type: ignore[index]
    assert "Попроси у учителя код для входа" in waiting[1]   # type: ignore[index]
    assert typed[0] == 302 and typed[2].endswith(f"{lesson}?lang=ru"), typed[:1]   # type: ignore[index]
    assert seen["russian"], "the child's page did not open in Russian"
    assert second[0] == 403 and "already used that door code" in second[1], second[0]   # type: ignore[index]
    assert seen["still"] == 503   # the second device still waits
    assert DOOR_NAT in str(seen["used"]) and "let in" in str(seen["used"]), seen["used"]
    assert seen["right"] != seen["code"], "the spent code is still shown"
    print(f"late child, code to lesson page with widgets: {seen['seconds']:.2f} s")
    statuses = list(seen["statuses"])   # type: ignore[call-overload]
    assert set(statuses) == {403}, {s: statuses.count(s) for s in set(statuses)}
    said = str(seen["said"])
    assert "wait" not in said.lower() and "wrong" not in said.lower(), said   # the teacher
    assert seen["after"] == seen["right"], "wrong codes changed the door code"
    assert seen["last_wait"] == 503, "the flood no longer held the address's share"
    assert seen["last"] == 302 and seen["last_page"] == 200, (seen["last"], seen["last_page"])


def _wrong_codes(server: VoilaServer, login: object, codes: list[str]) -> list[int]:
    """Each code from a fresh device, four at a time; the statuses."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(
            lambda code: _wrong_code_from_a_fresh_device(server, login, code), codes))


def test_the_door_code_in_chromium_with_the_keyboard_and_on_the_teacher_page(
        served: VoilaServer) -> None:
    """The waiting page's field on a touch phone and a laptop, English and Russian: named by
    its label, 44 px or more, inside the screen, first under Tab; a code typed and entered
    with the keyboard opens the lesson. The teacher page shows the code."""
    teacher_jar = log_in(served, source="127.0.0.41", then="/voila/tree/")[1]

    async def code_now() -> str:
        teacher = await ClassPage(served, "teacher", teacher_jar, source="127.0.0.41").open()
        await teacher.load_widgets()
        await teacher_tries(teacher, [TEACHER_PASSWORD])
        await teacher.load_widgets()
        code = _door_code(teacher)
        await teacher.close()
        return code

    shown = in_chromium(teacher_pages, served)
    seen = in_chromium(waiting_pages, served, lambda: run_sync(code_now()))
    for name, page in seen.items():
        lang = name.rsplit("-", 1)[1]
        assert page["label"] == {"en": "Ask your teacher for a door code",
                                 "ru": "Попроси у учителя код для входа"}[lang], page
        assert min(page["sizes"]) >= 44, (name, page["sizes"])
        assert page["right"] <= (390 if name.startswith("phone") else 1280), (name, page)
        assert page["first"] == "door-code", (name, page["first"])
        assert not page["errors"], (name, page["errors"])   # the self-reload script runs
    status, page, _ = page_from(   # the page address is the asker's: it cannot end the script
        served, "sq-edu/door?next=%2Fvoila%2Frender%2Fa.ipynb%3Fx%3D%3C%2Fscript%3E%3Cb%3E",
        "127.0.0.41", teacher_jar)
    assert status == 200 and page.count("</script>") == 1 and "<b>" not in page, page[-600:]
    assert "queen_points.ipynb" in seen["laptop-en"]["entered"]
    assert re.search(r"\d{3} \d{3}", shown["phone-en"]) and "Door code" in shown["phone-en"]
    assert re.search(r"\d{3} \d{3}", shown["laptop-ru"]) and "Код входа" in shown["laptop-ru"]


def test_a_flood_of_logins_writes_no_guess_count(served: VoilaServer) -> None:
    """Fresh devices typing the right class password with no count on it anywhere: nothing to
    clear or get past, so the counter's file is not rewritten (on a full file each write held
    the server's event loop for 13-30 ms, and every page waited behind a login flood)."""
    counts = Path(served.env["SQ_EDU_PROGRESS_DIR"]) / ".guess-counts"
    before = counts.read_bytes() if counts.exists() else b""
    statuses = [log_in(served, source="127.0.0.33", then="/voila/tree/")[0] for _ in range(5)]
    assert statuses == [200] * 5, statuses
    assert (counts.read_bytes() if counts.exists() else b"") == before, "a login wrote counts"


def _join_from(server: VoilaServer, kernel: str, code: str) -> int:
    """A table page's kernel asks to join `code` (as `TableClient` does); the status."""
    import json
    import urllib.error
    import urllib.request

    from sq_edu.server.tables import TableService

    key = TableService(Path("/nonexistent"), bytes.fromhex(TABLES_SECRET)).class_key("5b")
    request = urllib.request.Request(
        f"{server.url}sq-edu/tables/api/join", method="POST",
        data=json.dumps({"code": code, "name": "Eve"}).encode(),
        headers={"X-SQ-Class": "5b", "X-SQ-Key": key, "X-SQ-Client": kernel})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refusal:
        return int(refusal.code)


def test_wrong_table_codes_count_per_device_not_per_page(served: VoilaServer) -> None:
    """Fresh pages are cheap: a device's second table page is refused once its first has
    guessed ten codes, while a page of another device is not (no class-wide count)."""
    _status, jar = log_in(served)
    kernels = []
    for source in ("127.0.0.6", "127.0.0.6", "127.0.0.7"):
        status, page = get_from(served, "voila/render/table.ipynb", source, jar)
        found = re.search(r'"kernelId":\s*"([0-9A-Za-z-]{8,64})"', page)
        assert status == 200 and found, status
        kernels.append(found.group(1))
    assert [_join_from(served, kernels[0], f"ZZZZ{n:02d}") for n in range(10)] == [404] * 10
    assert _join_from(served, kernels[1], "ZZZZZZ") == 429   # the same device, a new page
    assert _join_from(served, kernels[2], "ZZZZZZ") == 404   # another device: only "no table"


def test_half_sent_requests_are_dropped_while_others_get_in(served: VoilaServer) -> None:
    _status, jar = log_in(served)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4096)), hard))
    assert served.log_path is not None
    log_before = served.log_path.stat().st_size
    sockets = []
    try:
        for _ in range(HALF_OPEN):
            half = socket.create_connection(("127.0.0.1", served.port), timeout=10)
            half.sendall(b"GET /voila/tree/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            sockets.append(half)
        seconds, russian = run_sync(_lesson_seconds(served, jar))
        dropped = closed_by_server(sockets, 30)
    finally:
        for half in sockets:
            half.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert russian and seconds < 60, seconds
    assert dropped == HALF_OPEN, f"only {dropped} of {HALF_OPEN} half-sent requests dropped"
    grown = served.log_path.stat().st_size - log_before
    assert grown < 64 * 1024, f"the log grew by {grown} bytes"


# What "free the class" leaves when it shuts down a page's kernel in the middle of its first
# cell (seen once in five full runs): the dying kernel's reply to a closed socket, and Voila's
# note that the cell's kernel died. Both end in these exact lines; any other traceback counts.
SHUT_DOWN_MID_CELL = re.compile(
    r"(?:\[LessonsVoila\] ERROR \| Error at server while executing cell: .*"
    r"'ename': 'KeyboardInterrupt'.*\n)?"
    r"Traceback \(most recent call last\):(?:\n[ ^].*)*?\n"
    r"(?:zmq\.error\.ZMQError: Socket operation on non-socket"
    r"|nbclient\.exceptions\.DeadKernelError: Kernel died)")


def test_nothing_here_left_a_traceback_in_the_log(served: VoilaServer) -> None:
    assert served.log_path is not None
    text = Path(served.log_path).read_text(encoding="utf-8", errors="replace")
    if "the teacher freed the class" in text:
        text = SHUT_DOWN_MID_CELL.sub("(a kernel shut down mid-cell)", text)
    assert "Traceback" not in text, text[-3000:]

