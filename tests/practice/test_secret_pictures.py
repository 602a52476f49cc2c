"""The learner's secret: a picture of sixteen and 4 digits; records of digits alone still open."""

from __future__ import annotations

import json

import pytest

from sq_edu.i18n import t
from sq_edu.practice.learner_guard import hash_pin, is_picture_record, pin_matches
from sq_edu.practice.progress import Progress, from_bytes, to_bytes
from sq_edu.practice.secret_pictures import (
    PICTURE_IDS,
    hash_secret,
    new_secret,
    secret_matches,
    secret_text,
    symbol,
)


def test_sixteen_pictures_each_drawn_and_named_in_both_languages() -> None:
    assert len(PICTURE_IDS) == len(set(PICTURE_IDS)) == 16
    symbols = {symbol(p) for p in PICTURE_IDS}
    assert len(symbols) == 16 and "" not in symbols
    for lang in ("en", "ru"):
        names = [t(f"safety.picture_{p}", lang) for p in PICTURE_IDS]
        assert len(set(names)) == 16 and not any(n.startswith("safety.") for n in names)


def test_a_picture_secret_opens_only_with_its_picture_and_digits() -> None:
    record = hash_secret("crown", "2581")
    assert is_picture_record(record)
    assert secret_matches("crown", "2581", record) and secret_matches(" Crown ", "٢٥٨١", record)
    assert not secret_matches("star", "2581", record)
    assert not secret_matches(None, "2581", record) and not pin_matches("2581", record)
    assert not secret_matches("crown", "2582", record)
    with pytest.raises(ValueError):
        hash_secret("dragon", "2581")
    assert secret_text("crown", "258") is None and secret_text("", "2581") is None


def test_an_old_record_of_digits_alone_opens_with_its_digits_whatever_the_picture() -> None:
    old = hash_pin("2468")
    assert not is_picture_record(old)
    assert secret_matches(None, "2468", old) and secret_matches("moon", "2468", old)
    assert not secret_matches("moon", "2469", old)


def test_both_forms_of_record_survive_a_progress_file() -> None:
    for record in (hash_pin("1357"), hash_secret("cup", "1357")):
        progress = Progress(nickname="Ann", secret=record)
        again = from_bytes(to_bytes(progress))
        assert again.secret == record
    data = json.loads(to_bytes(Progress(nickname="Ann", secret=hash_secret("cup", "1357"))))
    data["secret"]["form"] = "dragon"   # a form we never wrote is refused, not trusted
    from sq_edu.practice import ProgressError
    with pytest.raises(ProgressError):
        from_bytes(json.dumps(data).encode())


def test_the_teachers_new_secret_is_a_whole_one() -> None:
    drawn = {new_secret() for _ in range(40)}
    assert all(p in PICTURE_IDS and len(d) == 4 and d.isdigit() for p, d in drawn)
    assert len(drawn) > 30
