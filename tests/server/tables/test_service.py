"""The table service without HTTP: seats, turns, stale and repeated moves, leaving, bots,
saving and resuming, guesses. A clock the test moves stands in for waiting."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.server.tables import TableError, TableService
from sq_edu.server.tables.store import TableStore


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(tmp_path: Path, clock: Clock) -> TableService:
    return TableService(tmp_path, b"k" * 32, clock=clock)


def seated(service: TableService, n: int = 3) -> tuple[str, list[str]]:
    token, view = service.create("5b", "Masha", n)
    tokens = [token]
    for name in ("Petya", "Olya", "Vova", "Sasha")[: n - 1]:
        tokens.append(service.join("5b", view["code"], name)[0])
    return view["code"], tokens


def refusal(call, *args) -> str:
    with pytest.raises(TableError) as err:
        call(*args)
    return err.value.key


def test_a_full_table_starts_and_refuses_another(service: TableService) -> None:
    code, tokens = seated(service)
    assert service.view("5b", code, tokens[2])["started"]
    assert refusal(service.join, "5b", code, "Vova") == "table.err_full"


def test_each_seat_sees_only_its_own_hand(service: TableService) -> None:
    code, tokens = seated(service)
    game = service.tables[("5b", code)].game
    for seat, token in enumerate(tokens):
        obs = service.view("5b", code, token)["obs"]
        assert obs["seat"] == seat
        assert sorted(map(str, obs["hand"])) == sorted(map(str, game.observe(seat).hand))
        assert "hands" not in obs and "draw" not in obs


def test_only_the_deciding_seat_moves_and_a_move_counts_once(service: TableService) -> None:
    code, tokens = seated(service)
    table = service.tables[("5b", code)]
    seat = table.game.current_player
    other = (seat + 1) % 3
    view = service.view("5b", code, tokens[seat])
    move = view["legal"][0]
    assert refusal(service.move, "5b", code, tokens[other], move, 0) == "table.err_not_your_turn"
    assert table.moves == 0
    service.move("5b", code, tokens[seat], move, 0)
    assert table.moves == 1
    assert refusal(service.move, "5b", code, tokens[seat], move, 0) == "table.err_repeated"
    assert refusal(service.move, "5b", code, tokens[other], move, 7) == "table.err_stale"
    assert table.moves == 1


@pytest.mark.parametrize("bad", [
    None, "wake", {"kind": "explode"}, {"kind": "discard", "cards": ["7"] * 500},
    {"kind": "discard", "cards": [{"x": 1}]}, {"kind": "wake", "slot": "4"},
    {"kind": "wake", "slot": 99}, {"kind": "steal", "target": True},
    {"kind": "discard", "cards": [7], "extra": 1}, {"kind": "sleep", "queen": "x" * 500},
])
def test_hostile_moves_change_nothing(service: TableService, bad: object) -> None:
    code, tokens = seated(service)
    table = service.tables[("5b", code)]
    before = table.game.to_dict()
    seat = table.game.current_player
    assert refusal(service.move, "5b", code, tokens[seat], bad, 0) == "table.err_bad_move"
    assert table.game.to_dict() == before and table.moves == 0


def test_class_keys_and_codes_do_not_cross_classes(service: TableService) -> None:
    code, tokens = seated(service)
    assert service.check_class("5b", service.class_key("5b")) == "5b"
    assert refusal(service.check_class, "5a", service.class_key("5b")) == "table.err_no_class"
    assert refusal(service.view, "5a", code, tokens[0]) == "table.err_no_table"
    other, _ = service.create("5a", "Kolya", 2)
    assert refusal(service.view, "5b", code, other) == "table.err_not_seated"


def test_wrong_codes_are_limited(service: TableService) -> None:
    for _ in range(10):
        assert refusal(service.join, "5b", "ZZZZZZ", "Vova", "k1") == "table.err_no_table"
    assert refusal(service.join, "5b", "ZZZZZZ", "Vova", "k1") == "table.err_too_many"
    service.create("5b", "Masha", 2)
    code = service.listing("5b")[0]["code"]
    assert refusal(service.join, "5b", code, "Vova", "k1") == "table.err_too_many"


def test_a_leaver_is_played_by_a_bot_until_back(service: TableService, clock: Clock) -> None:
    code, tokens = seated(service)
    table = service.tables[("5b", code)]
    clock.now += service.away_seconds + 1
    service.view("5b", code, tokens[0])
    service.view("5b", code, tokens[1])
    service.tick()
    assert table.seats[2].away and not table.seats[0].away
    for _ in range(50):    # bots play Olya's decisions; the others' wait for them
        clock.now += service.bot_delay
        service.view("5b", code, tokens[0])
        service.view("5b", code, tokens[1])
        service.tick()
    assert table.game.is_over or table.game.current_player != 2
    service.view("5b", code, tokens[2])          # Olya's page is back
    assert not table.seats[2].away


def test_an_idle_child_gets_a_bot_and_says_back(service: TableService, clock: Clock) -> None:
    code, tokens = seated(service)
    table = service.tables[("5b", code)]
    seat = table.game.current_player
    clock.now += service.idle_seconds + 1
    for token in tokens:
        service.view("5b", code, token)
    service.tick()
    assert table.seats[seat].idle and service.view("5b", code, tokens[seat])["seats"][seat]["bot"]
    service.back("5b", code, tokens[seat])
    assert not table.seats[seat].idle


def test_a_restart_resumes_the_table_at_the_same_move(tmp_path: Path, clock: Clock) -> None:
    service = TableService(tmp_path, b"k" * 32, clock=clock)
    code, tokens = seated(service)
    for _ in range(5):
        table = service.tables[("5b", code)]
        seat = table.game.current_player
        view = service.view("5b", code, tokens[seat])
        service.move("5b", code, tokens[seat], view["legal"][0], view["moves"])
    before = service.tables[("5b", code)].game.to_dict()
    again = TableService(tmp_path, b"k" * 32, clock=clock)
    table = again.tables[("5b", code)]
    assert table.moves == 5 and table.game.to_dict() == before
    assert again.view("5b", code, tokens[1])["moves"] == 5


def test_an_empty_table_ends_and_is_removed(tmp_path: Path, service: TableService,
                                             clock: Clock) -> None:
    code, _tokens = seated(service)
    clock.now += service.away_seconds + 1
    service.tick()
    clock.now += service.empty_seconds + 1
    service.tick()
    assert ("5b", code) not in service.tables
    assert list(TableStore(tmp_path, "5b").load()) == []


def test_an_open_table_nobody_waits_at_goes_also_after_a_restart(tmp_path: Path,
                                                                  clock: Clock) -> None:
    """A table that never started goes once no page has waited at it for `open_seconds`
    (a page waiting keeps it); a restart gives it the resume grace, then it goes too."""
    service = TableService(tmp_path, b"k" * 32, clock=clock)
    _token, view = service.create("5b", "Masha", 3, device="d1")
    kept = service.tables[("5b", view["code"])]
    service.wait_started(kept, 0)
    clock.now += service.open_seconds + 1
    service.tick()
    assert ("5b", view["code"]) in service.tables
    service.wait_ended(kept, 0)
    _token, gone = service.create("5b", "Petya", 3, device="d2")
    again = TableService(tmp_path, b"k" * 32, clock=clock)
    assert ("5b", gone["code"]) in again.tables
    clock.now += again.resume_seconds + again.open_seconds + 1
    again.tick()
    assert again.tables == {}
    assert list(TableStore(tmp_path, "5b").load()) == []


def test_limits_count_devices_not_the_class(service: TableService) -> None:
    for device in range(20):
        for _ in range(10):
            assert refusal(service.join, "5b", "ZZZZZZ", "Eve", f"d{device}") \
                == "table.err_no_table"
    code = service.create("5b", "Masha", 2, device="masha")[1]["code"]
    assert service.join("5b", code, "Petya", "petya")[1]["started"]
    for _ in range(3):
        service.create("5b", "Vova", 2, device="vova")
    assert refusal(service.create, "5b", "Vova", 2, "official", "vova") \
        == "table.err_device_tables"
    assert service.create("5b", "Olya", 2, device="olya")[1]["seats"][0]["guest"]


def test_a_fixed_seed_deals_every_table_alike(service: TableService,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """SQ_EDU_TABLE_SEED (for tests that play a whole table) deals the same cards each time."""
    from sq_edu.server.tables.service import SEED_ENV

    monkeypatch.setenv(SEED_ENV, "3")
    hands = []
    for _ in range(2):
        code, tokens = seated(service, 2)
        hands.append(service.view("5b", code, tokens[0])["obs"]["hand"])
        assert service.tables[("5b", code)].seed == 3
    assert hands[0] == hands[1]
