"""URL settings of a dashboard (`?lang=&seed=&level=`) are checked, never trusted."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sq_edu.pages.params import PageParams, page_params, parse_query


def test_good_values_are_read() -> None:
    assert parse_query("lang=ru&seed=12&level=2", "en") == PageParams("ru", 12, 2)
    assert parse_query("?LANG=ru", "en").lang == "en"  # keys are case-sensitive, value kept
    assert parse_query("", "ru") == PageParams("ru")


@pytest.mark.parametrize(("query", "note"), [
    ("lang=de", "bad_lang"), ("seed=-1", "bad_seed"), ("seed=1e9", "bad_seed"),
    ("seed=1000000", "bad_seed"), ("level=abc", "bad_level"), ("level=-1", "bad_level"),
    ("level=%00", "bad_level"), ("level=2;import os", "bad_level"), ("level=²", "bad_level"),
])
def test_bad_values_fall_back_with_a_friendly_note(query: str, note: str) -> None:
    params = parse_query(query, "en")
    assert params.notes == (note,)
    assert (params.lang, params.seed, params.level) == ("en", None, None)
    assert params.messages()[0].endswith(".")
    assert params.messages("ru")[0] != params.messages("en")[0]


@pytest.mark.parametrize(("query", "level"), [("level=0", 1), ("level=21", 20),
                                              ("level=99999", 20)])
def test_a_level_out_of_range_is_the_nearest_with_a_note(query: str, level: int) -> None:
    """The one level policy (sq_edu.links.clamp_level), as the lesson app applies it too."""
    params = parse_query(query, "en")
    assert (params.level, params.notes) == (level, ("bad_level",))


def test_server_default_language_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SQ_EDU_LANG", "ru")
    monkeypatch.setenv("QUERY_STRING", "seed=5")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert page_params() == PageParams("ru", 5, None)


@given(st.text(max_size=300))
def test_any_query_gives_valid_settings(query: str) -> None:
    params = parse_query(query, "en")
    assert params.lang in ("en", "ru")
    assert params.seed is None or 0 <= params.seed <= 999_999
    assert params.level is None or 1 <= params.level <= 20


def test_voila_tells_whether_the_index_is_served_alone(monkeypatch) -> None:
    from sq_edu.pages.params import served_alone

    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    assert not served_alone()  # preheated under sq-edu serve, or outside Voila
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/index.ipynb")
    assert not served_alone()
    monkeypatch.setenv("SCRIPT_NAME", "/user/ada/voila/render/notebooks/index.ipynb")
    assert not served_alone()  # Binder
    monkeypatch.setenv("SCRIPT_NAME", "/")
    assert served_alone()


def test_a_preheated_kernel_gets_its_query_from_voilas_request_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Voila hands a preheated kernel its request as one JSON message on
    `voila/query/<kernel id>`; the page reads it without importing voila.utils."""
    import json
    import threading

    from websockets.sync.server import serve

    from sq_edu.pages.params import request_info_url

    paths: list[str] = []

    def handler(socket) -> None:
        paths.append(socket.request.path)
        socket.send(json.dumps({"QUERY_STRING": "lang=ru&level=2", "SCRIPT_NAME": "/x"}))

    with serve(handler, "127.0.0.1", 0) as server:
        port = server.socket.getsockname()[1]
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        for key, value in {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port),
                           "VOILA_KERNEL_ID": "abc-123", "VOILA_SERVER_URL": "/base/",
                           "QUERY_STRING": "", "SCRIPT_NAME": ""}.items():
            monkeypatch.setenv(key, value)
        monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
        assert request_info_url() == f"ws://127.0.0.1:{port}/base/voila/query/abc-123"
        monkeypatch.setenv("VOILA_SERVER_URL", "/")
        params = page_params()
        server.shutdown()
    assert paths == ["/voila/query/abc-123"]
    assert (params.lang, params.level) == ("ru", 2)
    assert os.environ["SCRIPT_NAME"] == "/x"      # the rest of the request info, as Voila does


def test_a_preheated_kernel_without_voila_opens_with_defaults(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nobody on the socket (Voila changed, or gone): the page still opens, in the default."""
    from sq_edu.server.server import free_port

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(free_port()))
    monkeypatch.setenv("SQ_EDU_LANG", "en")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert page_params() == PageParams("en")
