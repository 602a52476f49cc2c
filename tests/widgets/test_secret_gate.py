"""A learner's record hashed the old, weaker way (PBKDF2 of 20,000 rounds, kept by older
sites) is hashed again as records are now when its own secret opens it, through the lesson
page's "welcome back"; a wrong secret changes nothing."""

from __future__ import annotations

import secrets
from pathlib import Path

from sq_edu.apps.lesson import LessonApp
from sq_edu.practice import Progress, ProgressStore
from sq_edu.practice.learner_guard import OLD_PBKDF2_SCHEME, PICTURE_FORM, SCHEMES, _derive
from sq_edu.practice.secret_pictures import secret_matches, secret_text


def old_record(picture: str, digits: str) -> dict[str, str]:
    text = secret_text(picture, digits)
    assert text is not None
    salt = secrets.token_bytes(16)
    return {"scheme": OLD_PBKDF2_SCHEME, "salt": salt.hex(),
            "hash": _derive(text, salt, OLD_PBKDF2_SCHEME).hex(), "form": PICTURE_FORM}


def welcome_back(folder: Path, picture: str, digits: str) -> LessonApp:
    app = LessonApp("equations", "en", level=1, seed=4, progress_dir=folder)
    app.nickname.value = "Mila"
    app.panel.picture.buttons.value = picture
    app.panel.secret.value = digits
    app.save_nickname.click()
    return app


def test_an_old_hash_opens_and_is_remade_strong(tmp_path: Path) -> None:
    store = ProgressStore.for_learner("Mila", tmp_path)
    store.save(Progress(nickname="Mila", secret=old_record("crown", "2581")))
    welcome_back(tmp_path, "star", "2581")   # a wrong picture: nothing changes
    assert store.load().secret["scheme"] == OLD_PBKDF2_SCHEME
    app = welcome_back(tmp_path, "crown", "2581")
    assert app.progress.nickname == "Mila"
    record = store.load().secret
    assert record["scheme"] in SCHEMES and record["scheme"] != OLD_PBKDF2_SCHEME
    assert secret_matches("crown", "2581", record) and not secret_matches("star", "2581", record)
