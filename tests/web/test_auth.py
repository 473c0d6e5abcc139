"""Access revocation through the app and the CLI: remove, rotate, expiry (issue 23, item 6)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carebench.cli import main
from carebench.protocol.annotation import build_units
from carebench.protocol.annotation_store import SESSION_LIFETIME_S, AnnotationStore
from carebench.web.app import create_app
from tests.web.conftest import bearer

U = "tiny-seed.clean"


@pytest.fixture
def client(tmp_path: Path, people: dict[str, str], tiny_bank: list) -> TestClient:
    return TestClient(create_app(AnnotationStore(tmp_path / "a.db"), build_units(tiny_bank)))


def _signed_in(client: TestClient, token: str) -> TestClient:
    assert client.post("/login", data={"token": token}, follow_redirects=False).status_code == 303
    assert client.get("/").status_code == 200
    return client


def test_the_cookie_lasts_the_session_lifetime(client: TestClient, people: dict[str, str]) -> None:
    response = client.post("/login", data={"token": people["alice"]}, follow_redirects=False)
    assert f"Max-Age={SESSION_LIFETIME_S}" in response.headers["set-cookie"]


def test_an_expired_session_is_signed_out(
    client: TestClient, people: dict[str, str], tmp_path: Path
) -> None:
    _signed_in(client, people["alice"])
    with sqlite3.connect(tmp_path / "a.db") as conn:
        conn.execute("UPDATE sessions SET created = '2000-01-01T00:00:00.000000+00:00'")
    response = client.get("/")
    assert response.status_code == 401 and 'name="token"' in response.text


def test_removing_a_signed_in_annotator_ends_their_access_not_their_labels(
    client: TestClient, people: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = {"labels": {"primary": "Answer", "acceptable": ["Answer"]}, "submit": True}
    assert client.post(f"/api/units/{U}/label", json=body, headers=bearer(people["bob"])).is_success
    _signed_in(client, people["bob"])
    main(["annotate", "user", "remove", "bob", "--db", str(tmp_path / "a.db")])
    err = capsys.readouterr().err
    assert "removed 'bob'" in err and "0 unsubmitted draft(s) deleted" in err
    assert client.get("/").status_code == 401  # the open session ended
    assert client.get("/api/me", headers=bearer(people["bob"])).status_code == 401
    judy = bearer(people["judy"])
    client.cookies.clear()
    labels = client.get(f"/api/units/{U}/labels", headers=judy).json()["labels"]
    assert [x["annotator"] for x in labels] == ["bob"]
    main(["annotate", "user", "list", "--db", str(tmp_path / "a.db")])
    assert "bob\tannotator\tremoved" in capsys.readouterr().out.splitlines()


def test_rotate_prints_a_new_token_once(
    client: TestClient, people: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _signed_in(client, people["alice"])
    main(["annotate", "user", "rotate", "alice", "--db", str(tmp_path / "a.db")])
    out, err = capsys.readouterr()
    token = out.strip()
    assert token.startswith("cbt_") and token not in err and "not shown again" in err
    assert client.get("/").status_code == 401
    assert client.get("/api/me", headers=bearer(people["alice"])).status_code == 401
    assert client.get("/api/me", headers=bearer(token)).json()["name"] == "alice"
    with pytest.raises(SystemExit) as exit_info:
        main(["annotate", "user", "rotate", "nobody", "--db", str(tmp_path / "a.db")])
    assert exit_info.value.code == 2
    assert "no user 'nobody'" in capsys.readouterr().err


def test_export_warns_of_units_adjudicated_without_a_rationale(
    client: TestClient, people: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = {"labels": {"primary": "Answer", "acceptable": ["Answer"]}, "submit": True}
    for name in ("alice", "bob"):
        client.post(f"/api/units/{U}/label", json=body, headers=bearer(people[name]))
    types = {"decision": "none"} | {
        u: "none"
        for u in ("retain_facts", "revise_facts", "discard_facts", "prohibited_claims",
                  "admissible_sources", "handoff_fields")
    }  # fmt: skip
    final = {"final": {"primary": "Answer"}, "disagreements": types}
    assert client.post(
        f"/api/units/{U}/adjudication", json=final, headers=bearer(people["judy"])
    ).is_success
    main(["annotate", "export", "--db", str(tmp_path / "a.db"), str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert f"warning: 1 adjudicated unit(s) have no rationale ({U})" in err
