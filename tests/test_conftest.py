"""The browser-test guard of tests/conftest.py: never silent, never skipped in CI."""

from __future__ import annotations

import pytest

from tests import conftest


@pytest.fixture
def no_chromium(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "find_chromium", lambda: None)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, False), ("", False), ("0", False), ("false", False), ("1", True), ("true", True)],
)
def test_in_ci(monkeypatch: pytest.MonkeyPatch, value: str | None, expected: bool) -> None:
    if value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", value)
    assert conftest.in_ci() is expected


@pytest.mark.usefixtures("no_chromium")
def test_missing_chromium_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="the browser tests must run in CI"):
        conftest.require_chromium()


@pytest.mark.usefixtures("no_chromium")
def test_missing_chromium_skips_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromium is not installed"):
        conftest.require_chromium()


def _run_browser_tests(pytester: pytest.Pytester) -> pytest.RunResult:
    pytester.makeconftest("from tests.conftest import chromium, pytest_terminal_summary\n")
    pytester.makepyfile(
        """
        def test_page_a(chromium): pass
        def test_page_b(chromium): pass
        def test_other(): pass
        """
    )
    return pytester.runpytest_inprocess("-p", "no:cacheprovider")


@pytest.mark.usefixtures("no_chromium")
def test_a_run_that_skips_browser_tests_ends_with_a_warning(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    result = _run_browser_tests(pytester)
    result.assert_outcomes(passed=1, skipped=2)
    tail = result.stdout.lines[-3:]
    assert any("2 browser test(s) SKIPPED" in line and "NOT tested" in line for line in tail), tail


@pytest.mark.usefixtures("no_chromium")
def test_a_ci_run_without_chromium_fails(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "1")
    result = _run_browser_tests(pytester)
    result.assert_outcomes(passed=1, errors=2)
    assert result.ret != 0
    assert "SKIPPED" not in result.stdout.str()
