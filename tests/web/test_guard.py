"""Hostile requests (issue 23): cross-site sign-in, unbounded bodies, bodies FastAPI cannot echo,
the cookie's Secure flag, the adjudicator's label; each answer carries the security headers."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carebench.protocol.annotation import build_units
from carebench.protocol.annotation_store import AnnotationStore
from carebench.web.app import create_app, is_loopback
from carebench.web.guard import MAX_BODY_BYTES, SECURITY_HEADERS
from tests.web.conftest import bearer, live_server

U = "tiny-seed.clean"


@pytest.fixture
def client(tmp_path: Path, people: dict[str, str], tiny_bank: list) -> TestClient:
    return TestClient(create_app(AnnotationStore(tmp_path / "a.db"), build_units(tiny_bank)))


def _has_headers(response) -> None:  # type: ignore[no-untyped-def]
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, name


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_a_sign_in_from_another_site_is_refused(
    client: TestClient, people: dict[str, str], headers: dict[str, str]
) -> None:
    response = client.post(
        "/login", data={"token": people["alice"]}, headers=headers, follow_redirects=False
    )
    assert response.status_code == 403 and "another site" in response.text
    assert "set-cookie" not in response.headers
    _has_headers(response)


def test_a_sign_in_from_the_app_itself_is_accepted(
    client: TestClient, people: dict[str, str]
) -> None:
    for headers in (
        {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
        {"Origin": "http://TestServer:80"},
        {"Origin": "https://public.example", "X-Forwarded-Host": "public.example"},
        {},  # no browser: curl sends neither header
    ):
        response = client.post(
            "/login", data={"token": people["alice"]}, headers=headers, follow_redirects=False
        )
        assert response.status_code == 303, headers


def test_a_cross_site_api_post_is_refused_before_authentication(
    client: TestClient, people: dict[str, str]
) -> None:
    body = {"labels": {"primary": "Answer"}, "submit": False}
    headers = bearer(people["alice"]) | {"Origin": "http://evil.example"}
    response = client.post(f"/api/units/{U}/label", json=body, headers=headers)
    assert response.status_code == 403 and "another site" in response.json()["detail"]
    assert (
        client.get(f"/api/units/{U}/labels", headers=bearer(people["alice"])).json()["labels"] == []
    )


def test_a_declared_body_over_the_bound_is_413_unread(client: TestClient) -> None:
    response = client.post(
        "/login", content=b"x" * (MAX_BODY_BYTES + 1), headers={"Content-Type": "text/plain"}
    )
    assert response.status_code == 413 and f"over {MAX_BODY_BYTES} bytes" in response.text
    _has_headers(response)
    assert client.post("/login", content=b"", headers={"Content-Length": "12x"}).status_code == 400


def test_a_chunked_body_over_the_bound_is_413(client: TestClient) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(MAX_BODY_BYTES // 65536 + 2):
            yield b"y" * 65536

    response = client.post(f"/api/units/{U}/label", content=chunks())
    assert response.status_code == 413
    _has_headers(response)


def _raw(port: int, head: bytes, body: bytes) -> bytes:
    """Send ``head`` and ``body`` (never finishing a chunked body) and read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(head + body)
        answer = b""
        while b"\r\n\r\n" not in answer:
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    return answer


def test_the_live_server_refuses_big_bodies_without_reading_them(
    tmp_path: Path, people: dict[str, str], tiny_bank_dir: Path
) -> None:
    with live_server(tmp_path / "a.db", tiny_bank_dir) as server:
        port = int(server.url.rsplit(":", 1)[1])
        # 30 MB declared, none sent: the answer comes without waiting for the body
        head = (
            b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
            b"application/x-www-form-urlencoded\r\nContent-Length: 30000000\r\n\r\n"
        )
        assert _raw(port, head, b"").startswith(b"HTTP/1.1 413")
        # chunked, past the bound and never finished: refused once the bound is passed
        head = (
            b"POST /api/units/tiny-seed.clean/label HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"10000\r\n" + b"z" * 0x10000 + b"\r\n"
        answer = _raw(port, head, chunk * (MAX_BODY_BYTES // 0x10000 + 1))
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"labels": {"primary": "Answer", "note": "\\ud800"}, "submit": false}', "note"),
        ('{"labels": {"primary": "Answer", "rationale": "a\\udfff"}}', "rationale"),
        ('{"labels": {"primary": "Answer", "retain_facts": ["\\ud800"]}}', "retain_facts"),
        ('{"labels": {"primary": "Answer"}, "submit": 1e400}', "submit"),
        ('{"labels": {"primary": 1e400}}', "primary"),
        ('{"labels": {"primary": "Answer", "note": 1e400}}', "note"),
        ('{"labels": {"\\ud800": 1}}', "unknown field"),
        ('{"labels": ', "body"),
    ],
)
def test_bodies_that_cannot_be_stored_or_echoed_are_422_not_500(
    client: TestClient, people: dict[str, str], body: str, field: str
) -> None:
    headers = bearer(people["alice"]) | {"Content-Type": "application/json"}
    response = client.post(f"/api/units/{U}/label", content=body, headers=headers)
    assert response.status_code == 422, response.text
    assert field in response.json()["detail"]
    _has_headers(response)
    assert (
        client.get(f"/api/units/{U}/labels", headers=bearer(people["alice"])).json()["labels"] == []
    )


def test_a_lone_surrogate_in_a_pack_note_is_422(tmp_path: Path, people: dict[str, str]) -> None:
    from carebench.interruptions.validation import PackItem

    app = create_app(AnnotationStore(tmp_path / "a.db"), [PackItem("i1", "q?", "AGENT: hi")])
    client = TestClient(app)
    body = '{"labels": {"verdict": "pass", "note": "\\ud800"}}'
    headers = bearer(people["alice"]) | {"Content-Type": "application/json"}
    response = client.post("/api/units/i1/label", content=body, headers=headers)
    assert response.status_code == 422 and "note" in response.json()["detail"]
    _has_headers(response)


def test_the_adjudicator_saving_a_label_is_403(client: TestClient, people: dict[str, str]) -> None:
    body = {"labels": {"primary": "Answer", "acceptable": ["Answer"]}, "submit": False}
    response = client.post(f"/api/units/{U}/label", json=body, headers=bearer(people["judy"]))
    assert response.status_code == 403 and "only annotators label" in response.text
    client.post("/login", data={"token": people["judy"]})
    csrf = client.get("/api/me").json()["csrf"]
    form = {"primary": "Answer", "action": "save", "csrf": csrf}
    assert client.post(f"/units/{U}/label", data=form).status_code == 403
    assert AnnotationStore(client.app.state.store.path).labels() == []  # type: ignore[attr-defined]


def test_the_cookie_is_secure_behind_tls_or_when_told(
    tmp_path: Path, people: dict[str, str], tiny_bank: list
) -> None:
    units = build_units(tiny_bank)
    plain = TestClient(create_app(AnnotationStore(tmp_path / "a.db"), units))
    form = {"token": people["alice"]}
    cookie = plain.post("/login", data=form, follow_redirects=False).headers["set-cookie"]
    assert "secure" not in cookie.lower()
    proxied = plain.post(
        "/login", data=form, headers={"X-Forwarded-Proto": "https"}, follow_redirects=False
    )
    assert "Secure" in proxied.headers["set-cookie"]
    told = TestClient(create_app(AnnotationStore(tmp_path / "a.db"), units, secure_cookies=True))
    assert "Secure" in told.post("/login", data=form, follow_redirects=False).headers["set-cookie"]
    https = TestClient(create_app(AnnotationStore(tmp_path / "a.db"), units), base_url="https://x")
    assert "Secure" in https.post("/login", data=form, follow_redirects=False).headers["set-cookie"]
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
