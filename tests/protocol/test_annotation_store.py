"""The annotation database: hashed tokens, claims, locks, blinding rule, adjudication, export."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from carebench.episodes.review import DisagreementType, UnitLabels
from carebench.episodes.schema import Action
from carebench.errors import CarebenchError
from carebench.protocol.annotation_store import (
    AnnotationConflict,
    AnnotationStore,
    User,
    agreement_json,
    format_agreement,
    visible_labels,
    write_release,
)

U = "tiny-seed.clean"
ANSWER = UnitLabels(primary=Action.ANSWER, acceptable=[Action.ANSWER], note="mine")
ESCALATE = UnitLabels(primary=Action.ESCALATE, acceptable=[Action.ESCALATE])
TYPES = {"decision": DisagreementType.PRIMARY_ACTION} | {
    u: DisagreementType.NONE
    for u in (
        "retain_facts", "revise_facts", "discard_facts", "prohibited_claims",
        "admissible_sources", "handoff_fields",
    )
}  # fmt: skip


@pytest.fixture
def store(tmp_path: Path) -> AnnotationStore:
    return AnnotationStore(tmp_path / "a.db")


def _people(store: AnnotationStore) -> tuple:
    for name, role in (("alice", "annotator"), ("bob", "annotator"), ("carl", "annotator")):
        store.add_user(name, role)
    store.add_user("judy", "adjudicator")
    users = {u.name: u for u in store.users()}
    return users["alice"], users["bob"], users["carl"], users["judy"]


def test_only_the_token_hash_is_stored(store: AnnotationStore) -> None:
    token = store.add_user("alice", "annotator")
    raw = b"".join(p.read_bytes() for p in store.path.parent.glob("a.db*"))
    assert token.encode() not in raw
    with sqlite3.connect(store.path) as conn:
        (stored,) = conn.execute("SELECT token_sha256 FROM users").fetchone()
    assert stored == hashlib.sha256(token.encode()).hexdigest()
    assert store.user_by_token(token) == store.user_by_name("alice")
    assert store.user_by_token(token + "x") is None


def test_user_errors(store: AnnotationStore) -> None:
    store.add_user("alice", "annotator")
    with pytest.raises(CarebenchError, match="user 'alice' already exists"):
        store.add_user("alice", "adjudicator")
    with pytest.raises(CarebenchError, match=r"role 'boss': expected one of \['annotator'"):
        store.add_user("bo", "boss")


def test_missing_or_foreign_file(tmp_path: Path) -> None:
    with pytest.raises(CarebenchError, match="no annotation database here"):
        AnnotationStore(tmp_path / "none.db", create=False)
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all" * 100)
    with pytest.raises(CarebenchError, match=r"junk\.db: not an annotation database"):
        AnnotationStore(junk)


def test_two_annotators_per_unit_and_submitted_is_final(store: AnnotationStore) -> None:
    alice, bob, carl, judy = _people(store)
    assert store.save_label(U, alice, ANSWER, submit=False) == 1
    assert store.save_label(U, alice, ANSWER, submit=False) == 2
    assert store.save_label(U, bob, ESCALATE, submit=True) == 1
    with pytest.raises(AnnotationConflict, match="two other annotators already label this unit"):
        store.save_label(U, carl, ANSWER, submit=False)
    with pytest.raises(AnnotationConflict, match="bob already submitted"):
        store.save_label(U, bob, ANSWER, submit=False)
    with pytest.raises(AnnotationConflict, match="only annotators label"):
        store.save_label(U, judy, ANSWER, submit=False)
    assert [(s.user.name, s.claim, s.submitted) for s in store.labels(U)] == [
        ("alice", 1, False),
        ("bob", 2, True),
    ]


def test_blinding_rule(store: AnnotationStore) -> None:
    alice, bob, carl, judy = _people(store)
    store.save_label(U, alice, ANSWER, submit=True)
    store.save_label(U, bob, ESCALATE, submit=False)
    labels = store.labels(U)
    assert [s.user.name for s in visible_labels(alice, labels)] == ["alice"]
    assert [s.user.name for s in visible_labels(bob, labels)] == ["bob"]
    assert visible_labels(carl, labels) == []
    assert [s.user.name for s in visible_labels(judy, labels)] == ["alice"]  # drafts hidden
    store.save_label(U, bob, ESCALATE, submit=True)
    labels = store.labels(U)
    for viewer in (alice, bob, judy):
        assert [s.user.name for s in visible_labels(viewer, labels)] == ["alice", "bob"]
    assert visible_labels(carl, labels) == []


def test_an_empty_export_still_has_its_folders(store: AnnotationStore, tmp_path: Path) -> None:
    assert [p.name for p in write_release(store, tmp_path / "out")] == ["agreement.json"]
    assert list((tmp_path / "out" / "review").iterdir()) == []
    assert (tmp_path / "out" / "labels").is_dir()


def test_adjudication_needs_both_labels_and_exports(store: AnnotationStore, tmp_path: Path) -> None:
    alice, bob, _, judy = _people(store)
    store.register_units([(U, ("R1", "N1"))])
    store.save_label(U, alice, ANSWER, submit=True)
    with pytest.raises(AnnotationConflict, match="1 of 2 labels submitted"):
        store.save_adjudication(U, judy, ESCALATE, TYPES)
    store.save_label(U, bob, ESCALATE, submit=True)
    with pytest.raises(AnnotationConflict, match="only adjudicators adjudicate"):
        store.save_adjudication(U, alice, ESCALATE, TYPES)
    assert store.save_adjudication(U, judy, ESCALATE, TYPES) == 1
    assert store.save_adjudication(U, judy, ESCALATE, TYPES) == 2
    (rated,) = store.rated_units()
    assert (rated.first, rated.second, rated.source_ids) == (ANSWER, ESCALATE, ("R1", "N1"))
    data = agreement_json(store)
    assert data["units_adjudicated"] == 1
    assert data["disagreements"]["decision"]["primary_action"] == 1
    assert data["agreement"]["primary"]["percent"] == 0.0
    assert "| primary | 1 | 1 | 0.00 % |" in format_agreement(data)
    written = write_release(store, tmp_path / "out")
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in written) == [
        "agreement.json",
        "labels/tiny-seed.yaml",
        "review/tiny-seed.yaml",
    ]


def test_sessions(store: AnnotationStore) -> None:
    alice, *_ = _people(store)
    key, csrf = store.open_session(alice)
    assert store.session(key) == (alice, csrf)
    store.close_session(key)
    assert store.session(key) is None


def test_a_database_from_before_pack_items_gains_the_kind_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE units(unit TEXT PRIMARY KEY, source_ids TEXT NOT NULL)")
        conn.execute("INSERT INTO units VALUES (?, ?)", (U, '["R1"]'))
    store = AnnotationStore(path)
    assert store.kind() == "episode"
    store.register_units([(U, ("R1",))])
    with pytest.raises(CarebenchError, match="already holds episode units"):
        store.register_units([("item-1", ())], kind="pack:abc")
    assert AnnotationStore(tmp_path / "new.db").kind() is None


def test_a_new_database_is_readable_by_its_owner_only(store: AnnotationStore) -> None:
    alice, *_ = _people(store)
    store.save_label(U, alice, ANSWER, submit=False)
    for path in store.path.parent.glob("a.db*"):  # the database, its -wal and -shm
        assert path.stat().st_mode & 0o777 == 0o600, path


def test_sessions_expire_after_the_documented_lifetime(store: AnnotationStore) -> None:
    from datetime import UTC, datetime, timedelta

    from carebench.protocol.annotation_store import SESSION_LIFETIME_S

    alice, *_ = _people(store)
    key, csrf = store.open_session(alice)
    stale, _ = store.open_session(alice)
    then = datetime.now(UTC) - timedelta(seconds=SESSION_LIFETIME_S + 60)
    with sqlite3.connect(store.path) as conn:
        conn.execute(
            "UPDATE sessions SET created = ? WHERE key_sha256 = ?",
            (then.isoformat(timespec="microseconds"), hashlib.sha256(stale.encode()).hexdigest()),
        )
    assert store.session(stale) is None
    assert store.session(key) == (alice, csrf)
    store.open_session(alice)  # signing in clears expired sessions away
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM sessions").fetchone() == (2,)


def test_rotating_a_token_ends_the_old_token_and_sessions(store: AnnotationStore) -> None:
    old = store.add_user("alice", "annotator")
    alice = store.user_by_token(old)
    assert alice is not None
    key, _ = store.open_session(alice)
    new = store.rotate_token("alice")
    assert new != old and store.user_by_token(new) == alice
    assert store.user_by_token(old) is None and store.session(key) is None
    with pytest.raises(CarebenchError, match="no user 'zed'"):
        store.rotate_token("zed")


def test_removing_a_person_with_sessions_and_labels(store: AnnotationStore, tmp_path: Path) -> None:
    alice, bob, carl, judy = _people(store)
    token = store.rotate_token("bob")
    store.register_units([(U, ("R1",)), ("tiny-seed.stale", ("R1",))])
    key, _ = store.open_session(bob)
    store.save_label(U, alice, ANSWER, submit=True)
    store.save_label(U, bob, ESCALATE, submit=True)
    store.save_label("tiny-seed.stale", alice, ANSWER, submit=False)
    store.save_label("tiny-seed.stale", bob, ESCALATE, submit=False)  # a draft: claim 2
    store.save_adjudication(U, judy, ESCALATE, TYPES)
    assert store.remove_user("bob") == 1  # one draft deleted
    assert store.user_by_token(token) is None and store.session(key) is None
    assert store.user_by_name("bob") == User(bob.id, "bob", "annotator", removed=True)
    # the submitted label stays under bob's name, in the export too
    assert [(s.user.name, s.submitted) for s in store.labels(U)] == [
        ("alice", True),
        ("bob", True),
    ]
    review = next(p for p in write_release(store, tmp_path / "out") if p.parent.name == "review")
    assert "second annotator: bob" in review.read_text()
    # bob's draft is gone: carl takes the freed claim
    assert store.save_label("tiny-seed.stale", carl, ANSWER, submit=False) == 1
    assert [(s.user.name, s.claim) for s in store.labels("tiny-seed.stale")] == [
        ("alice", 1),
        ("carl", 2),
    ]
    with pytest.raises(CarebenchError, match="already removed"):
        store.remove_user("bob")
    with pytest.raises(CarebenchError, match=r"already exists .*removed; their labels keep"):
        store.add_user("bob", "annotator")
    assert [u.name for u in store.users() if u.removed] == ["bob"]
    store.remove_user("judy")  # an adjudicator with an adjudication: it stays
    assert [a.adjudicator.name for a in store.adjudications()] == ["judy"]


def test_a_database_from_before_removal_gains_the_removed_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, role TEXT NOT "
            "NULL, token_sha256 TEXT NOT NULL UNIQUE, created TEXT NOT NULL)"
        )
        conn.execute("INSERT INTO users VALUES (1, 'ann', 'annotator', 'h', 't')")
    store = AnnotationStore(path)
    assert store.users() == [User(1, "ann", "annotator")]
    store.remove_user("ann")
    assert store.users()[0].removed
