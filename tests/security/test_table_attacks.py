"""Every attack on the table service, through a real class server (`sq-edu serve --class`):
the API answers only with the class key a kernel of that class holds, a seat token shows only
its own hand and acts only for its own seat, a code or key of one class reaches nothing of
another, wrong codes are limited per device (never for the whole class), a device holds a few
tables at most and an unwatched table goes, a seat's name is marked when no secret checked it,
bad requests are throttled and answered 400 without a traceback, and hostile move messages are
refused with a clear message and change nothing."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.server.server import VoilaServer
from sq_edu.server.tables import TableService

pytestmark = pytest.mark.slow
SECRET = "ab" * 32
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    server = VoilaServer(log_path=ARTIFACTS / "voila-table-attacks.log")
    server.env.update(SQ_EDU_CLASS="5b", SQ_EDU_TABLES_SECRET=SECRET,
                      SQ_EDU_PROGRESS_DIR=str(tmp_path_factory.mktemp("attack-progress")),
                      SQ_EDU_TABLE_OPEN_SECONDS="3")
    with server:
        yield server


def key(class_name: str) -> str:
    """The class key as the server computes it (the test knows the server's secret)."""
    return TableService(Path("/nonexistent"), bytes.fromhex(SECRET)).class_key(class_name)


def call(server: VoilaServer, verb: str, body: Any, *, cls: str = "5b",
         class_key: str | None = None, raw: bytes | None = None,
         client: str = "test") -> tuple[int, dict]:
    data = raw if raw is not None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"{server.url}sq-edu/tables/api/{verb}", data=data, method="POST",
        headers={"X-SQ-Class": cls, "X-SQ-Key": key(cls) if class_key is None else class_key,
                 "X-SQ-Client": client})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.loads(refusal.read())


@pytest.fixture(scope="module")
def table(server: VoilaServer) -> dict[str, Any]:
    status, made = call(server, "create", {"name": "Masha", "size": 2})
    assert status == 200
    code = made["view"]["code"]
    status, joined = call(server, "join", {"code": code, "name": "Petya"})
    assert status == 200 and joined["view"]["started"]
    return {"code": code, "tokens": [made["token"], joined["token"]]}


def test_no_key_no_table(server: VoilaServer, table: dict) -> None:
    for cls, class_key in (("5b", ""), ("5b", "0" * 64), ("5a", key("5b")), ("../5b", "x")):
        status, answer = call(server, "list", {}, cls=cls, class_key=class_key)
        assert (status, answer["error"]) == (403, "table.err_no_class")


def test_another_class_reaches_nothing(server: VoilaServer, table: dict) -> None:
    code, token = table["code"], table["tokens"][0]
    status, answer = call(server, "state", {"code": code, "token": token, "since": -1},
                          cls="5a")
    assert (status, answer["error"]) == (404, "table.err_no_table")
    assert call(server, "list", {}, cls="5a")[1]["tables"] == []
    status, answer = call(server, "join", {"code": code, "name": "Kolya"}, cls="5a")
    assert status == 404


def test_a_token_sees_only_its_own_seat(server: VoilaServer, table: dict) -> None:
    code, (masha, petya) = table["code"], table["tokens"]
    views = [call(server, "state", {"code": code, "token": t, "since": -1})[1]["view"]
             for t in (masha, petya)]
    assert [v["seat"] for v in views] == [0, 1]
    assert [len(v["obs"]["hand"]) for v in views] == [5, 5]
    text = json.dumps(views[0])
    assert '"hands"' not in text and '"draw_pile"' not in text
    for bad in ("", "x" * 32, petya[:-1] + ("A" if petya[-1] != "A" else "B"), 7, None):
        status, answer = call(server, "state", {"code": code, "token": bad, "since": -1})
        assert (status, answer["error"]) == (403, "table.err_not_seated")


def test_nobody_acts_for_another_seat(server: VoilaServer, table: dict) -> None:
    code, tokens = table["code"], table["tokens"]
    view = call(server, "state", {"code": code, "token": tokens[0], "since": -1})[1]["view"]
    deciding = view["obs"]["current_player"]
    mine = call(server, "state", {"code": code, "token": tokens[deciding],
                                  "since": -1})[1]["view"]
    move = mine["legal"][0]
    status, answer = call(server, "move", {"code": code, "token": tokens[1 - deciding],
                                           "move": move, "moves": mine["moves"]})
    assert (status, answer["error"]) == (409, "table.err_not_your_turn")
    after = call(server, "state", {"code": code, "token": tokens[0], "since": -1})[1]
    assert after["view"]["moves"] == mine["moves"]


HOSTILE = [
    {"kind": "wake", "slot": "3"}, {"kind": "discard", "cards": ["7"] * 100},
    {"kind": "steal", "target": -1, "queen": "rose"}, [1, 2, 3], "discard 7",
    {"kind": "__class__"}, {"kind": "discard", "cards": [1.5]},
]


@pytest.mark.parametrize("move", HOSTILE)
def test_hostile_moves_are_refused_and_change_nothing(server: VoilaServer, table: dict,
                                                      move: object) -> None:
    code, tokens = table["code"], table["tokens"]
    view = call(server, "state", {"code": code, "token": tokens[0], "since": -1})[1]["view"]
    deciding = view["obs"]["current_player"]
    status, answer = call(server, "move", {"code": code, "token": tokens[deciding],
                                           "move": move, "moves": view["moves"]})
    assert (status, answer["error"]) == (400, "table.err_bad_move")
    again = call(server, "state", {"code": code, "token": tokens[0], "since": -1})[1]["view"]
    assert again["moves"] == view["moves"] and again["obs"] == view["obs"]


def test_broken_and_huge_messages(server: VoilaServer, table: dict) -> None:
    assert call(server, "move", None, raw=b"{not json")[0] == 400
    assert call(server, "move", None, raw=b"[]")[0] == 400
    status, answer = call(server, "move", None, raw=b'{"pad":"' + b"x" * 200_000 + b'"}')
    assert (status, answer["error"]) == (413, "table.err_too_big")
    status, answer = call(server, "move", {"code": table["code"], "token": table["tokens"][0],
                                           "move": {"kind": "allow"}, "moves": "0"})
    assert status == 400


def test_table_codes_cannot_be_guessed(server: VoilaServer, table: dict) -> None:
    codes = {table["code"]}
    for guess in ("AAAAAA", "BBBBBB", "222222", "ZZZZZZ", "A", "", "x" * 50, "HJKMNP",
                  "QRSTUV", "WXYZ23"):
        if guess not in codes:
            status, answer = call(server, "join", {"code": guess, "name": "Eve"},
                                  client="guesser")
            assert (status, answer["error"]) == (404, "table.err_no_table")
    status, answer = call(server, "join", {"code": table["code"], "name": "Eve"},
                          client="guesser")
    assert (status, answer["error"]) == (429, "table.err_too_many")


def test_a_browser_cannot_call_the_api(server: VoilaServer) -> None:
    """No key header (what a page's own script or another site could send): refused."""
    request = urllib.request.Request(f"{server.url}sq-edu/tables/api/list", data=b"{}",
                                     method="POST")
    with pytest.raises(urllib.error.HTTPError) as refusal:
        urllib.request.urlopen(request, timeout=10)
    assert refusal.value.code == 403


def test_wrong_codes_from_many_pages_do_not_shut_joining_for_the_class(
        server: VoilaServer) -> None:
    """11 devices x 10 wrong codes (the attack that refused every join for 52 s): each
    guesser is stopped, and another child joins with the real code at once."""
    status, made = call(server, "create", {"name": "Zina", "size": 2}, client="zina")
    assert status == 200
    for device in range(11):
        for guess in range(10):
            status, _ = call(server, "join", {"code": f"ZZZZ{guess:02d}", "name": "Eve"},
                             client=f"guesser-{device}")
            assert status == 404
        status, answer = call(server, "join", {"code": "ZZZZZZ", "name": "Eve"},
                              client=f"guesser-{device}")
        assert (status, answer["error"]) == (429, "table.err_too_many")
    status, joined = call(server, "join", {"code": made["view"]["code"], "name": "Kira"},
                          client="kira")
    assert status == 200 and joined["view"]["started"]


def test_one_device_holds_a_few_tables_and_others_still_create(server: VoilaServer) -> None:
    made = [call(server, "create", {"name": "Fedya", "size": 3}, client="flooder")
            for _ in range(6)]
    assert [status for status, _ in made] == [200, 200, 200, 429, 429, 429]
    assert made[-1][1]["error"] == "table.err_device_tables"
    status, mine = call(server, "create", {"name": "Lena", "size": 3}, client="lena")
    assert status == 200 and mine["view"]["seats"][0]["name"] == "Lena"


def test_a_started_table_leaves_room_for_open_ones(server: VoilaServer) -> None:
    """A game being played is no flood: after two started games the device still opens
    three tables (only open ones count toward its few), and the fourth open one waits."""
    for _game in range(2):
        status, made = call(server, "create", {"name": "Olya", "size": 2}, client="olya")
        assert status == 200
        status, joined = call(server, "join", {"code": made["view"]["code"], "name": "Ira"},
                              client="olya-friend")
        assert status == 200 and joined["view"]["started"]
    made = [call(server, "create", {"name": "Olya", "size": 3}, client="olya")
            for _ in range(4)]
    assert [status for status, _ in made] == [200, 200, 200, 429], made[-1]
    assert made[-1][1]["error"] == "table.err_device_tables"


def test_a_table_nobody_waits_at_goes(server: VoilaServer) -> None:
    """No page waits at a table that has not started: it goes (SQ_EDU_TABLE_OPEN_SECONDS=3
    here, two minutes in a class), and with it the device's share."""
    import time

    status, made = call(server, "create", {"name": "Gleb", "size": 3}, client="gleb")
    assert status == 200
    code = made["view"]["code"]
    deadline = time.monotonic() + 30
    while any(t["code"] == code for t in call(server, "list", {})[1]["tables"]):
        assert time.monotonic() < deadline, "the empty table stayed"
        time.sleep(0.5)
    status, answer = call(server, "join", {"code": code, "name": "Eve"}, client="gleb-friend")
    assert (status, answer["error"]) == (404, "table.err_no_table")


def test_a_seat_without_a_checked_secret_is_a_guest_in_every_list(server: VoilaServer) -> None:
    status, made = call(server, "create", {"name": "Anna", "size": 2, "checked": True},
                        client="anna")
    assert status == 200
    code = made["view"]["code"]
    status, joined = call(server, "join", {"code": code, "name": "Anna", "checked": "yes"},
                          client="not-anna")
    assert status == 200
    seats = joined["view"]["seats"]
    assert [(s["name"], s["guest"]) for s in seats] == [("Anna", False), ("Anna", True)]
    row = next(t for t in call(server, "list", {})[1]["tables"] if t["code"] == code)
    assert [s["guest"] for s in row["seats"]] == [False, True]


def test_the_page_client_keeps_one_connection(server: VoilaServer) -> None:
    from sq_edu.pages.tables.client import TableClient

    client = TableClient(f"{server.url}sq-edu/tables/api/", "5b", key("5b"), "keeper")
    ports = set()
    for _ in range(30):
        assert "tables" in client.call("list")
        ports.add(client._local.conn.sock.getsockname()[1])
    client.close()
    assert len(ports) == 1


def test_bad_requests_get_400_without_a_traceback_and_are_throttled(
        server: VoilaServer) -> None:
    """A 3,000-deep JSON body is a 400 (it was a 500 and a traceback); wrong-key requests past
    a minute's share are answered 429 and left out of the log, while a kernel's request with
    the right key is still answered (they share the loopback address). Last in this module:
    it spends this address's share of bad requests."""
    assert server.log_path is not None
    deep = b"[" * 3000 + b"]" * 3000   # 6 KB: under the size limit, too deep to read
    status, answer = call(server, "list", None, raw=deep)
    assert (status, answer["error"]) == (400, "table.err_bad_request")
    statuses = [call(server, "list", {}, class_key="0" * 64)[0] for _ in range(200)]
    assert statuses[0] == 403 and statuses[-1] == 429
    assert statuses.count(403) <= 61   # 30 a minute (twice, should the minute turn)
    assert call(server, "list", {})[0] == 200
    log_text = server.log_path.read_text(errors="replace")
    assert "Traceback" not in log_text and "RecursionError" not in log_text
    assert "429 POST /sq-edu/tables/api/list" not in log_text
    assert log_text.count("403 POST /sq-edu/tables/api/list") <= 70
