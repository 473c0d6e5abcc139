"""The app in-process (FastAPI TestClient): 401s, blinding on every route, CSRF, roles, headers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carebench.protocol.annotation import build_units
from carebench.protocol.annotation_store import AnnotationStore
from carebench.web.app import create_app
from tests.web.conftest import bearer

U = "tiny-seed.clean"
SECRET_NOTE = "bob's private reasoning 7f3a"


@pytest.fixture
def client(tmp_path: Path, people: dict[str, str], tiny_bank: list) -> TestClient:
    return TestClient(create_app(AnnotationStore(tmp_path / "a.db"), build_units(tiny_bank)))


def _save(
    client: TestClient, token: str, primary: str, submit: bool, note: str = "", unit: str = U
):
    body = {"labels": {"primary": primary, "acceptable": [primary], "note": note}, "submit": submit}
    return client.post(f"/api/units/{unit}/label", json=body, headers=bearer(token))


def _sign_in(client: TestClient, token: str) -> str:
    response = client.post("/login", data={"token": token}, follow_redirects=False)
    assert response.status_code == 303
    page = client.get("/").text
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "path", ["/api/me", "/api/units", f"/api/units/{U}", f"/api/units/{U}/labels", "/api/agreement"]
)
def test_api_without_or_with_a_wrong_token_is_401(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 401
    response = client.get(path, headers=bearer("cbt_wrong"))
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert client.get(path, headers={"Authorization": "Basic abc"}).status_code == 401
    client.cookies.set("carebench_session", "forged")
    assert client.get(path).status_code == 401


def test_api_post_without_token_is_401(client: TestClient) -> None:
    body = {"labels": {"primary": "Answer", "acceptable": ["Answer"]}, "submit": True}
    assert client.post(f"/api/units/{U}/label", json=body).status_code == 401
    assert client.post(f"/api/units/{U}/label", json=body, headers=bearer("x")).status_code == 401


@pytest.mark.parametrize("path", ["/", f"/units/{U}", "/agreement", "/export.zip"])
def test_pages_without_sign_in_are_401_with_the_sign_in_form(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 401
    assert 'name="token"' in response.text


def test_wrong_token_at_sign_in_is_401(client: TestClient) -> None:
    response = client.post("/login", data={"token": "cbt_nope"}, follow_redirects=False)
    assert response.status_code == 401 and "wrong token" in response.text
    assert "set-cookie" not in response.headers


def test_session_cookie_flags(client: TestClient, people: dict[str, str]) -> None:
    response = client.post("/login", data={"token": people["alice"]}, follow_redirects=False)
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    assert people["alice"] not in cookie


def test_blinding_through_the_api(client: TestClient, people: dict[str, str]) -> None:
    alice, bob = people["alice"], people["bob"]
    assert _save(client, bob, "Escalate", submit=False, note=SECRET_NOTE).status_code == 200
    assert _save(client, alice, "Answer", submit=True).status_code == 200
    # alice submitted, bob has a draft: alice may not read bob's label by any route
    assert client.get(f"/api/units/{U}/labels/bob", headers=bearer(alice)).status_code == 403
    listing = client.get(f"/api/units/{U}/labels", headers=bearer(alice)).json()
    assert [x["annotator"] for x in listing["labels"]] == ["alice"]
    assert SECRET_NOTE not in client.get(f"/api/units/{U}", headers=bearer(alice)).text
    assert SECRET_NOTE not in client.get("/api/units", headers=bearer(alice)).text
    # nor may carl, who is not on the unit, or the adjudicator (a draft)
    assert (
        client.get(f"/api/units/{U}/labels/bob", headers=bearer(people["carl"])).status_code == 403
    )
    assert (
        client.get(f"/api/units/{U}/labels/bob", headers=bearer(people["judy"])).status_code == 404
    )
    assert client.get(f"/api/units/{U}/labels/alice", headers=bearer(bob)).status_code == 403
    # once both have submitted, the two annotators and the adjudicator see both
    assert _save(client, bob, "Escalate", submit=True, note=SECRET_NOTE).status_code == 200
    got = client.get(f"/api/units/{U}/labels/bob", headers=bearer(alice))
    assert got.status_code == 200 and got.json()["labels"]["note"] == SECRET_NOTE
    assert (
        client.get(f"/api/units/{U}/labels/bob", headers=bearer(people["judy"])).status_code == 200
    )
    assert (
        client.get(f"/api/units/{U}/labels/bob", headers=bearer(people["carl"])).status_code == 403
    )


def test_blinding_through_the_pages(client: TestClient, people: dict[str, str]) -> None:
    _save(client, people["bob"], "Escalate", submit=True, note=SECRET_NOTE)
    _save(client, people["alice"], "Answer", submit=False)
    _sign_in(client, people["alice"])
    assert SECRET_NOTE not in client.get(f"/units/{U}").text
    assert SECRET_NOTE not in client.get("/").text
    assert client.get("/agreement").status_code == 403
    assert client.get("/export.zip").status_code == 403


def test_annotators_cannot_adjudicate_or_read_results(
    client: TestClient, people: dict[str, str]
) -> None:
    alice = bearer(people["alice"])
    assert client.get("/api/agreement", headers=alice).status_code == 403
    assert client.get(f"/api/units/{U}/adjudication", headers=alice).status_code == 403
    body = {"final": {"primary": "Answer", "acceptable": ["Answer"]}, "disagreements": {}}
    assert client.post(f"/api/units/{U}/adjudication", json=body, headers=alice).status_code == 403
    assert client.get("/export.zip", headers=alice).status_code == 403


def test_csrf_is_checked_on_cookie_posts(client: TestClient, people: dict[str, str]) -> None:
    csrf = _sign_in(client, people["alice"])
    form = {"primary": "Answer", "action": "save"}
    assert client.post(f"/units/{U}/label", data=form).status_code == 403
    assert client.post(f"/units/{U}/label", data=form | {"csrf": "wrong"}).status_code == 403
    ok = client.post(f"/units/{U}/label", data=form | {"csrf": csrf}, follow_redirects=False)
    assert ok.status_code == 303
    body = {"labels": {"primary": "Answer", "acceptable": ["Answer"]}, "submit": False}
    assert client.post(f"/api/units/{U}/label", json=body).status_code == 403
    headers = {"X-CSRF-Token": csrf}
    assert client.post(f"/api/units/{U}/label", json=body, headers=headers).status_code == 200
    assert client.post("/logout", data={}).status_code == 403


def test_bad_labels_are_422_and_name_the_field(client: TestClient, people: dict[str, str]) -> None:
    body = {"labels": {"primary": "Answer", "admissible_sources": ["E99"]}, "submit": False}
    response = client.post(f"/api/units/{U}/label", json=body, headers=bearer(people["alice"]))
    assert response.status_code == 422
    assert "admissible_sources: ['E99'] are not evidence items of tiny-seed.clean" in response.text
    body = {"labels": {"primary": "Answer", "retain_facts": "not a list"}, "submit": False}
    response = client.post(f"/api/units/{U}/label", json=body, headers=bearer(people["alice"]))
    assert response.status_code == 422 and "retain_facts: expected a list" in response.text
    response = client.get("/api/units/tiny-seed.nope", headers=bearer(people["alice"]))
    assert response.status_code == 404


def test_a_third_annotator_is_turned_away(client: TestClient, people: dict[str, str]) -> None:
    _save(client, people["alice"], "Answer", submit=False)
    _save(client, people["bob"], "Answer", submit=False)
    response = _save(client, people["carl"], "Answer", submit=False)
    assert response.status_code == 409 and "two other annotators" in response.text


def test_adjudication_via_api(client: TestClient, people: dict[str, str]) -> None:
    judy = bearer(people["judy"])
    final = {"primary": "Escalate", "acceptable": ["Escalate"]}
    types = {"decision": "primary_action"} | {
        u: "none"
        for u in ("retain_facts", "revise_facts", "discard_facts", "prohibited_claims",
                  "admissible_sources", "handoff_fields")
    }  # fmt: skip
    body = {"final": final, "disagreements": types}
    _save(client, people["alice"], "Answer", submit=True)
    assert client.post(f"/api/units/{U}/adjudication", json=body, headers=judy).status_code == 409
    _save(client, people["bob"], "Escalate", submit=True)
    bad = client.post(
        f"/api/units/{U}/adjudication", json=body | {"disagreements": types | {"decision": "none"}},
        headers=judy,
    )  # fmt: skip
    assert bad.status_code == 422 and "decision: 'none' is not allowed" in bad.text
    assert client.post(f"/api/units/{U}/adjudication", json=body, headers=judy).status_code == 200
    got = client.get(f"/api/units/{U}/adjudication", headers=judy).json()
    assert got["final"]["primary"] == "Escalate" and got["disagreements"] == types
    agreement = client.get("/api/agreement", headers=judy).json()
    assert agreement["units_adjudicated"] == 1


def test_security_headers(client: TestClient) -> None:
    headers = client.get("/login").headers
    assert "script-src" not in headers["content-security-policy"]
    assert headers["content-security-policy"].startswith("default-src 'none'")
    assert headers["x-content-type-options"] == "nosniff"


WHY = "Routine dose query with every fact present; answering from the record is safe."


def _merge(seed: dict, fragment: dict) -> dict:
    """Paste a labels/<seed>.yaml fragment into a seed: each variant's reference and annotations."""
    for variant, given in fragment["variants"].items():
        seed["variants"][variant]["reference"] = given["reference"]
        seed["variants"][variant]["annotations"] = given["annotations"]
    return seed


def test_the_export_pastes_into_a_seed_rationale_included(
    client: TestClient, people: dict[str, str], tmp_path: Path, tiny_bank_dir: Path
) -> None:
    import io
    import zipfile

    import yaml

    from carebench.episodes.bank import load_bank

    for name in ("alice", "bob"):
        body = {"labels": {"primary": "Answer", "acceptable": ["Answer"], "rationale": WHY,
                           "retain_facts": ["amlodipine 5 mg"]}, "submit": True}  # fmt: skip
        assert client.post(
            f"/api/units/{U}/label", json=body, headers=bearer(people[name])
        ).is_success
    # the adjudication form is prefilled with the rationale both gave
    client.post("/login", data={"token": people["judy"]})
    assert f'id="final_rationale" value="{WHY}"' in client.get(f"/units/{U}").text
    client.cookies.clear()
    judy = bearer(people["judy"])
    types = {"decision": "none"} | {
        u: "none"
        for u in ("retain_facts", "revise_facts", "discard_facts", "prohibited_claims",
                  "admissible_sources", "handoff_fields")
    }  # fmt: skip
    final = {"primary": "Answer", "acceptable": ["Answer"], "rationale": WHY,
             "retain_facts": ["amlodipine 5 mg"]}  # fmt: skip
    body = {"final": final, "disagreements": types}
    assert client.post(f"/api/units/{U}/adjudication", json=body, headers=judy).is_success
    archive = zipfile.ZipFile(io.BytesIO(client.get("/export.zip", headers=judy).content))
    fragment = yaml.safe_load(archive.read("labels/tiny-seed.yaml"))
    assert fragment["variants"]["clean"]["reference"] == {
        "primary": "Answer", "acceptable": ["Answer"], "rationale": WHY
    }  # fmt: skip
    seed = yaml.safe_load((tiny_bank_dir / "tiny-seed.yaml").read_text())
    pasted = tmp_path / "pasted"
    pasted.mkdir()
    (pasted / "tiny-seed.yaml").write_text(yaml.safe_dump(_merge(seed, fragment)))
    (clean,) = {e.rationale for e in load_bank([pasted]) if e.variant.value == "clean"}
    assert clean == WHY


@pytest.mark.parametrize(
    ("rationale", "message"),
    [
        ("two\nlines", "rationale: expected one line"),
        ("uses {patient}", "rationale: a seed's rationale cannot hold a {name} placeholder"),
        ("x" * 1001, "rationale: 1001 characters; at most 1000 expected"),
        (3, "rationale: expected text"),
    ],
)
def test_a_rationale_a_seed_could_not_hold_is_422(
    client: TestClient, people: dict[str, str], rationale: object, message: str
) -> None:
    body = {"labels": {"primary": "Answer", "rationale": rationale}, "submit": False}
    response = client.post(f"/api/units/{U}/label", json=body, headers=bearer(people["alice"]))
    assert response.status_code == 422 and response.json()["detail"] == message
