"""The report and the viewer in headless Chromium (Playwright driving Debian's chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest

from carebench.report import Settings, build_report


@pytest.fixture(scope="module", autouse=True)
def _needs_chromium(chromium: str) -> None:
    """Without chromium: fail in CI, skip (loudly, see tests/conftest.py) elsewhere."""


@pytest.fixture(scope="module")
def report_dir(workspace: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser-report")
    build_report(workspace, None, out, "all", Settings(b=500))
    return out


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: (errors.append(f"dialog: {d.message}"), d.dismiss()))
    page.errors = errors
    yield page
    page.close()


def test_index_loads_without_errors(page, report_dir: Path) -> None:
    page.goto((report_dir / "index.html").as_uri())
    assert page.title() == "carebench report"
    assert page.locator("text=Table I: escalation decisions").count() == 1
    assert page.locator("img").count() == 4
    assert all(
        page.evaluate("(img) => img.naturalWidth", img.element_handle()) > 0
        for img in page.locator("img").all()
    )
    assert page.errors == []


def test_viewer_filters_and_detail(page, report_dir: Path) -> None:
    page.goto((report_dir / "viewer.html").as_uri())
    assert page.locator("#count").inner_text() == "2000 of 2000 results"
    page.select_option("#f-run", "scripted:oracle/vanilla")
    assert page.locator("#count").inner_text() == "400 of 2000 results"
    page.select_option("#f-variant", "late_risk")
    assert page.locator("#count").inner_text() == "80 of 2000 results"
    page.select_option("#f-outcome", "incorrect")
    assert page.locator("#count").inner_text() == "0 of 2000 results"
    page.select_option("#f-run", "scripted:always-answer/vanilla")
    assert page.locator("#count").inner_text() == "80 of 2000 results"
    page.select_option("#f-outcome", "")
    page.select_option("#f-variant", "")
    page.select_option("#f-action", "Escalate")
    assert page.locator("#count").inner_text() == "0 of 2000 results"
    page.select_option("#f-action", "")
    page.fill("#f-text", "exertional-chest-pain.s1.clean")
    assert page.locator("#count").inner_text() == "1 of 2000 results"
    page.locator("tr.row").first.click()
    detail = page.locator("#detail")
    assert "exertional-chest-pain.s1.clean" in detail.locator("h2").inner_text()
    assert "## Setting" in detail.locator("pre.transcript").inner_text()
    assert "Primary: Escalate" in detail.inner_text()
    assert page.errors == []


def test_planted_script_is_shown_as_text(page, report_dir: Path) -> None:
    page.goto((report_dir / "viewer.html").as_uri())
    page.select_option("#f-run", "planted:-/vanilla")
    page.locator("tr.row").first.click()
    reason = page.locator("#detail p.reason").inner_text()
    assert "<script>window.__pwned = 1</script>" in reason
    assert page.evaluate("window.__pwned") is None
    page.select_option("#f-outcome", "invalid")
    page.locator("tr.row").first.click()
    assert (
        "</script><script>window.__pwned = 3</script>"
        in page.locator("#detail pre.raw").inner_text()
    )
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#detail script, #detail img").count() == 0
    assert page.errors == []


def test_viewer_pages_through_results(page, report_dir: Path) -> None:
    page.goto((report_dir / "viewer.html").as_uri())
    assert page.locator("tr.row").count() == 100
    page.click("#next")
    assert page.locator("#page").inner_text() == "page 2 of 20"
    assert page.errors == []
