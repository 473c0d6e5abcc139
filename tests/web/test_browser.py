"""The annotation app in headless Chromium: two annotators, the adjudicator, the export; no HTML
injection from episode text or annotator notes."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from carebench.episodes.review import load_reviews
from carebench.interruptions.validation import PackItem
from tests.conftest import _CUSTOM_SEED
from tests.web.conftest import Server, live_server
from tests.web.test_packs import write_pack

EPISODE_SCRIPT = (
    '<script>document.title="pwned";alert("episode")</script><img src=x onerror=alert(2)>'
)
NOTE_SCRIPT = '<script>alert("note")</script><b>not bold</b> & "quotes"'
U = "xss-seed.clean"


@pytest.fixture(scope="module", autouse=True)
def _needs_chromium(chromium: str) -> None:
    """Without chromium: fail in CI, skip (loudly, see tests/conftest.py) elsewhere."""


@pytest.fixture
def server(tmp_path: Path, people: dict[str, str]) -> Iterator[Server]:
    bank = tmp_path / "bank"
    bank.mkdir()
    seed = _CUSTOM_SEED.format(id="xss-seed", split="dev", note=" " + EPISODE_SCRIPT)
    (bank / "xss-seed.yaml").write_text(seed)
    with live_server(tmp_path / "a.db", bank) as running:
        yield running


def _page(browser, server: Server, token: str):
    context = browser.new_context(base_url=server.url, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: (errors.append(f"dialog: {d.message}"), d.dismiss()))
    page.errors = errors
    response = page.goto("/")
    assert response.status == 401  # not signed in yet: the sign-in form
    assert errors == [
        "Failed to load resource: the server responded with a status of 401 (Unauthorized)"
    ]
    errors.clear()
    page.fill("#token", token)
    page.click("#sign-in")
    assert page.url == server.url + "/"
    return page


def _text(page, selector: str) -> str:
    return page.locator(selector).first.evaluate("e => e.textContent")


def test_wrong_token_in_the_browser_is_401(browser, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url + "/login")
    page.fill("#token", "cbt_not-a-token")
    with page.expect_response(lambda r: r.url.endswith("/login")) as response:
        page.click("#sign-in")
    assert response.value.status == 401
    assert _text(page, "#error") == "wrong token"
    page.close()


def test_two_annotators_label_the_adjudicator_resolves_the_export_matches(
    browser, server: Server, people: dict[str, str], tmp_path: Path
) -> None:
    # alice: the planted <script> in the episode is text; she labels and submits
    alice = _page(browser, server, people["alice"])
    alice.goto(f"/units/{U}")
    assert EPISODE_SCRIPT in _text(alice, "#transcript")
    assert alice.title() != "pwned"
    first_source = alice.locator('input[name="admissible_sources"]').first.get_attribute("value")
    alice.check('input[name="primary"][value="Answer"]')
    alice.check('input[name="acceptable"][value="Ask_Clarification"]')
    alice.fill("#retain_facts", "amlodipine 5 mg\nBP 130/80")
    alice.check(f'input[name="admissible_sources"][value="{first_source}"]')
    alice.fill("#note", NOTE_SCRIPT)
    alice.click("#submit")
    assert _text(alice, "#message") == "Submitted."
    assert _text(alice, "#mine .note") == NOTE_SCRIPT
    assert alice.locator("#other").count() == 0

    # bob: cannot see alice's label or note; saves a draft, then submits
    bob = _page(browser, server, people["bob"])
    bob.goto(f"/units/{U}")
    assert 'alert("note")' not in bob.content() and "BP 130/80" not in bob.content()
    bob.check('input[name="primary"][value="Escalate"]')
    bob.fill("#retain_facts", "Amlodipine 5 mg.")
    bob.fill("#handoff_fields", "callback number")
    bob.click("#save")
    assert _text(bob, "#message") == "Draft saved."
    assert bob.input_value("#handoff_fields") == "callback number"
    bob.click("#submit")
    assert _text(bob, "#other .note") == NOTE_SCRIPT  # both submitted: now visible, as text

    # judy: sees both, resolves each disagreement with its type
    judy = _page(browser, server, people["judy"])
    judy.goto(f"/units/{U}")
    assert _text(judy, "#comparison .annotator-note") == NOTE_SCRIPT
    differs = judy.locator("#comparison tr.differs").evaluate_all(
        "rs => rs.map(r => r.dataset.unit)"
    )
    assert differs == ["decision", "retain_facts", "admissible_sources", "handoff_fields"]
    assert judy.input_value("#final_retain_facts") == "amlodipine 5 mg"  # agreed items prefilled
    assert judy.input_value("#type_decision") == "primary_action"
    judy.check('input[name="final_primary"][value="Escalate"]')
    judy.fill("#final_handoff_fields", "callback number\nurgency")
    judy.fill("#final_note", "adjudicated: late cue")
    judy.select_option("#type_retain_facts", "clinical_fact")
    judy.select_option("#type_admissible_sources", "text_ambiguity")
    judy.select_option("#type_handoff_fields", "clinical_fact")
    judy.click("#adjudicate")
    assert _text(judy, "#message") == "Saved."

    judy.goto("/agreement")
    # one unit, Answer against Escalate: p_o = 0, p_e = 0, so kappa = 0; retain_facts: items
    # {amlodipine 5 mg, bp 130/80}, both give the first, only alice the second: p_o = 1/2
    assert judy.locator('#agreement tr[data-unit="primary"] .kappa').inner_text() == "0.000"
    assert (
        judy.locator('#agreement tr[data-unit="retain_facts"] td').nth(3).inner_text() == "50.00 %"
    )
    judy.goto("/")
    with judy.expect_download() as download:
        judy.click("#export-link")
    archive = tmp_path / "export.zip"
    download.value.save_as(archive)
    out = tmp_path / "export"
    zipfile.ZipFile(archive).extractall(out)

    (review,) = load_reviews(out / "review")
    assert review.review is not None and review.review.adjudicator == "judy"
    entry = review.review.variants["clean"]
    assert entry.protocol is not None
    alice_labels = entry.protocol.annotators["alice"]
    assert alice_labels.note == NOTE_SCRIPT
    assert [a.value for a in alice_labels.acceptable] == ["Answer", "Ask_Clarification"]
    assert alice_labels.retain_facts == ["amlodipine 5 mg", "BP 130/80"]
    assert alice_labels.admissible_sources == [first_source]
    assert entry.protocol.annotators["bob"].retain_facts == ["Amlodipine 5 mg."]
    assert entry.protocol.final.handoff_fields == ["callback number", "urgency"]
    assert entry.protocol.final.note == "adjudicated: late cue"
    assert {k: v.value for k, v in entry.protocol.disagreements.items()} == {
        "decision": "primary_action",
        "retain_facts": "clinical_fact",
        "revise_facts": "none",
        "discard_facts": "none",
        "prohibited_claims": "none",
        "admissible_sources": "text_ambiguity",
        "handoff_fields": "clinical_fact",
    }
    assert (entry.author.primary.value, entry.reviewer.primary.value) == ("Answer", "Escalate")
    assert (
        entry.adjudicated.primary.value == "Escalate"
        and entry.disagreement.value == "primary_action"
    )
    fragment = yaml.safe_load((out / "labels" / "xss-seed.yaml").read_text())
    assert fragment["variants"]["clean"]["reference"] == {
        "primary": "Escalate",
        "acceptable": ["Escalate"],
    }
    assert fragment["variants"]["clean"]["annotations"]["retain_facts"] == ["amlodipine 5 mg"]

    for page in (alice, bob, judy):
        assert page.errors == []  # no dialog, no script error, no CSP violation
        assert page.title() != "pwned"
        page.context.close()


def test_a_pack_item_labelled_and_adjudicated_in_the_browser(
    browser, tmp_path: Path, people: dict[str, str]
) -> None:
    item = PackItem(
        "c0ffee", "Did the agent ask the question?", "AGENT: Any pain? " + EPISODE_SCRIPT
    )
    pack = write_pack(tmp_path / "pack.csv", [item])
    with live_server(tmp_path / "a.db", None, "--pack", str(pack)) as server:
        pages = []
        for name, verdict in (("alice", "pass"), ("bob", "fail")):
            page = _page(browser, server, people[name])
            page.click(f"text={item.id}")
            assert _text(page, "#transcript") == item.transcript  # the planted script is text
            assert _text(page, "#question") == item.question
            page.check(f'input[name="verdict"][value="{verdict}"]')
            page.fill("#note", NOTE_SCRIPT if name == "alice" else "")
            page.click("#submit")
            assert _text(page, "#message") == "Submitted."
            assert _text(page, "#mine .verdict") == verdict
            pages.append(page)
        judy = _page(browser, server, people["judy"])
        judy.goto(f"/units/{item.id}")
        assert _text(judy, "#comparison .annotator-note") == NOTE_SCRIPT
        assert judy.locator("#comparison tr.differs").count() == 1
        judy.check('input[name="final_verdict"][value="fail"]')
        judy.select_option("#type_verdict", "text_ambiguity")
        judy.click("#adjudicate")
        assert _text(judy, "#message") == "Saved."
        judy.goto("/agreement")
        # one item, pass against fail: p_o = 0 and p_e = 1/2 * 0 + 1/2 * 0 = 0, so kappa = 0
        assert judy.locator('#agreement tr[data-unit="verdict"] .kappa').inner_text() == "0.000"
        judy.goto("/")
        with judy.expect_download() as download:
            judy.click("#export-link")
        archive = zipfile.ZipFile(download.value.path())
        labels = list(csv.DictReader(io.StringIO(archive.read("labels.csv").decode())))
        assert labels == [
            {"item_id": item.id, "annotator_a": "pass", "annotator_b": "fail", "resolved": "fail"}
        ]
        for page in (*pages, judy):
            assert page.errors == [] and page.title() != "pwned"
            page.context.close()


def test_a_sign_in_form_on_another_site_is_refused(
    browser, server: Server, people: dict[str, str]
) -> None:
    """Login CSRF: a page elsewhere posts a token (the attacker's own) to /login."""
    import http.server
    import threading

    page_html = (
        f'<form method="post" action="{server.url}/login">'
        f'<input name="token" value="{people["bob"]}"><button id="go">go</button></form>'
    ).encode()

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page_html)

        def log_message(self, *args: object) -> None:
            pass

    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        context = browser.new_context()
        page = context.new_page()
        # another origin (a hostname, not the app's 127.0.0.1) and so another site
        page.goto(f"http://localhost:{evil.server_address[1]}/")
        with page.expect_response(lambda r: r.url.endswith("/login")) as response:
            page.click("#go")
        assert response.value.status == 403
        assert "another site" in page.content()
        assert page.goto(server.url + "/").status == 401  # no session was set
        context.close()
    finally:
        evil.shutdown()
        evil.server_close()
