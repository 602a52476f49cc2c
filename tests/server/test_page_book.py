"""The page caps' decisions (`PageBook.refusal`); the same through a real class server in
tests/security/test_security_flood.py. No cap keeps the owner out: a device signed in on
the teacher page is never refused, a learner's own device only by its own share."""

from __future__ import annotations

from pathlib import Path

from sq_edu.server.page_book import PageBook

MARKS = {"10.0.0.9|teacher": "teacher", "10.0.0.9|anna": "owner", "10.0.0.9|-": "owner"}


def _book() -> PageBook:
    return PageBook(3, per_address=4, standing=lambda device: MARKS.get(device, ""))


def _open(book: PageBook, alive: set[str], device: str, n: int) -> list[str]:
    said = []
    for _ in range(n):
        why = book.refusal(device, alive)
        said.append(why)
        if not why:
            kernel = f"k{len(alive)}"
            book.claimed(kernel, device)
            alive.add(kernel)
    return said


def test_new_devices_at_one_address_share_a_cap_that_holds_no_owner_out() -> None:
    book, alive = _book(), set[str]()
    flood = [why for n in range(6) for why in _open(book, alive, f"10.0.0.9|fresh{n}", 1)]
    assert flood == ["", "", "", "", "address", "address"]
    assert _open(book, alive, "10.0.0.9|newcomer", 1) == ["address"]
    assert _open(book, alive, "10.0.0.7|elsewhere", 1) == [""]
    assert _open(book, alive, "10.0.0.9|anna", 4) == ["", "", "", "device"]
    assert _open(book, alive, "10.0.0.9|teacher", 5) == [""] * 5


def test_a_signed_in_teacher_opens_a_full_class() -> None:
    book = _book()
    assert book.refusal("10.0.0.9|teacher", set(), class_full=True) == ""
    assert book.refusal("10.0.0.9|anna", set(), class_full=True) == "class"
    assert PageBook(0).refusal("10.0.0.9|x", set(), class_full=True) == "class"
    assert PageBook(0).refusal("10.0.0.9|x", set()) == ""


def test_a_device_without_a_cookie_is_nobodys(tmp_path: Path) -> None:
    """The server's standing never marks "address|-" (every script there shares it)."""
    from sq_edu.practice.guess_limit import Device, GuessLimit
    from sq_edu.server.device_standing import DeviceStanding

    limit = GuessLimit(tmp_path)
    limit.succeeded("teacher", Device("10.0.0.5"))
    limit.succeeded("teacher", Device("10.0.0.5", "laptop"))
    limit.succeeded("learner:anna", Device("10.0.0.5", "tablet"))
    limit.succeeded("class", Device("10.0.0.5", "script"))
    standing = DeviceStanding(lambda: limit)
    assert standing("10.0.0.5|-") == ""
    assert standing("10.0.0.5|laptop") == "teacher"
    assert standing("10.0.0.5|tablet") == "owner"
    assert standing("10.0.0.5|script") == ""


def test_freeing_the_class_leaves_the_teacher_and_pages_still_being_sent() -> None:
    """A kernel shut down while its notebook still ran broke an arriving child's page and left
    two tracebacks in the server log (a full CI run, session 17)."""
    book = _book()
    for kernel, device in (("sent", "10.0.0.9|anna"), ("teacher", "10.0.0.9|teacher"),
                           ("sending", "10.0.0.7|bob")):
        book.claimed(kernel, device)
    book.rendered("sent")
    book.rendered("teacher")
    alive = ["sent", "teacher", "sending", "refilling"]   # the last: a pool's, not yet pooled
    assert book.freeable(alive, keep="teacher") == ["sent"]
    book.rendered("sending")
    assert book.freeable(alive, keep="teacher") == ["sent", "sending"]
