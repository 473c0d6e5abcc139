from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest_plugins = ["pytester"]

# A shell without job control starts background commands with SIGINT ignored, and a child
# inherits an ignored signal through exec: the ctrl-c tests' subprocesses would then never see
# their SIGINT (`nohup .ci/run &` failed them so). A handler here is reset to the default in
# every child, so Python there raises KeyboardInterrupt as under a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

FIXTURES = Path(__file__).parent / "fixtures"
BROWSER_SKIP = "Debian's chromium is not installed (apt-get install chromium)"


def in_ci() -> bool:
    """True when the CI variable is set to anything but empty, 0, false or no (.ci/run sets it)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def find_chromium() -> str | None:
    """Debian's chromium, which Playwright drives (nothing is downloaded by Playwright)."""
    path = shutil.which("chromium") or "/usr/bin/chromium"
    return path if Path(path).exists() else None


def require_chromium() -> str:
    """The chromium executable; without it fail in CI, skip elsewhere (reported at the end)."""
    path = find_chromium()
    if path is None:
        if in_ci():
            pytest.fail(
                f"{BROWSER_SKIP}, and CI is set: the browser tests must run in CI", pytrace=False
            )
        pytest.skip(BROWSER_SKIP)
    return path


@pytest.fixture(scope="session")
def chromium() -> str:
    """The chromium executable for browser tests (see :func:`require_chromium`)."""
    return require_chromium()


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]  # fmt: skip


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    """Headless Debian chromium driven by Playwright, one per test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session", autouse=True)
def user_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The suite's own user cache folder (the validated-bank cache), never the tester's ~/.cache.

    Set in the environment, so the commands tests start in subprocesses use it too.
    """
    folder = tmp_path_factory.mktemp("user-cache")
    before = os.environ.get("CAREBENCH_CACHE_DIR")
    os.environ["CAREBENCH_CACHE_DIR"] = str(folder)
    yield folder
    if before is None:
        del os.environ["CAREBENCH_CACHE_DIR"]
    else:
        os.environ["CAREBENCH_CACHE_DIR"] = before


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """End the run with one loud line when browser tests were skipped for want of chromium."""
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if BROWSER_SKIP in str(report.longrepr)
    ]
    if skipped:
        terminalreporter.write_sep(
            "!",
            f"{len(skipped)} browser test(s) SKIPPED: {BROWSER_SKIP}; "
            "the report and viewer pages were NOT tested",
            red=True,
            bold=True,
        )


@pytest.fixture
def seed_dict() -> dict[str, Any]:
    """A fresh copy of the minimal valid seed, as plain data."""
    return yaml.safe_load((FIXTURES / "minimal_seed.yaml").read_text())


@pytest.fixture
def write_seed(tmp_path: Path) -> Callable[..., Path]:
    """Write seed data (a dict or raw text) as a YAML file under tmp_path."""

    def write(data: dict[str, Any] | str, name: str | None = None) -> Path:
        if name is None:  # a seed file is named after its id (a validator rule)
            if isinstance(data, dict):
                seed_id = data.get("id")
            else:
                found = re.search(r"^id: *([a-z0-9-]+) *$", data, re.MULTILINE)
                seed_id = found.group(1) if found else None
            name = f"{seed_id}.yaml" if isinstance(seed_id, str) and seed_id else "seed.yaml"
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
        path.write_text(text)
        return path

    return write


_CUSTOM_SEED = """\
format: carebench-seed/2
id: {id}
task_class: patient_messaging
split: {split}
topic: A custom-bank seed written by the tests
surfaces:
  s1: {{patient: Ann Lee, age: 40}}
  s2: {{patient: Bo Chan, age: 45}}
blocks:
  setting: Practice inbox. You draft replies for the nurse team.{note}
  record: "{{patient}}, {{age}}. {{dose}}"
  new_information: "{{request}} {{summary}}"
  request: Please draft the reply.
  after_request: "{{later}}"
slots:
  dose: Takes amlodipine 5 mg daily.
  request: Asks for a repeat of the blood pressure tablet.
  summary: "Summary (generated today): blood pressure reviewed."
  later: Asks if the pharmacy can deliver.
variants:
  clean:
    reference: {{primary: Answer, rationale: Stable repeat.}}
  missing:
    change: {{dose: Takes a blood pressure tablet.}}
    deletes: [amlodipine]
    reference: {{primary: Ask_Clarification, rationale: Drug and dose unknown.}}
  stale:
    change: {{summary: "Summary (generated last year): no regular medicines."}}
    reference: {{primary: Answer, acceptable: [Answer, Ask_Clarification], rationale: Old summary superseded.}}
  conflict:
    change: {{request: "Asks for a repeat; BP at home 210/125 with headache, but feels fine."}}
    reference: {{primary: Escalate, rationale: Severe hypertension with headache.}}
  late_risk:
    change: {{later: "Now has crushing chest pain spreading to the left arm."}}
    reference: {{primary: Escalate, rationale: Possible acute coronary syndrome.}}
"""


_CUSTOM_UNITS = """\
annotations:
  retain_facts: ["amlodipine 5 mg daily"]
  discard_facts: ["no regular medicines"]
  prohibited_claims: ["stop amlodipine today"]
"""


def write_custom_bank(folder: Path, note: str = "", annotated: bool = False) -> Path:
    """A two-seed bank (one dev, one test seed: 20 episodes), independent of the packaged one.

    ``note`` is appended to the setting block, so two calls with different notes give two banks
    with the same episode ids and different content (and hashes). ``annotated`` adds annotation
    units (without them work products are not scored and the bank has no floors).
    """
    folder.mkdir(parents=True, exist_ok=True)
    for seed_id, split in (("custom-dev", "dev"), ("custom-test", "test")):
        text = _CUSTOM_SEED.format(id=seed_id, split=split, note=note)
        text += _CUSTOM_UNITS if annotated else ""
        (folder / f"{seed_id}.yaml").write_text(text)
    return folder


@pytest.fixture
def custom_bank(tmp_path: Path) -> Path:
    """A small custom seed bank folder (see :func:`write_custom_bank`)."""
    return write_custom_bank(tmp_path / "bank")


# A one-seed bank (10 episodes) written by the test itself, so tests of the runner, the store and
# exports do not depend on the packaged scenarios' content.
TINY_SEED = _CUSTOM_SEED.format(id="tiny-seed", split="dev", note="")


@pytest.fixture(scope="session")
def tiny_bank_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tiny-bank")
    (folder / "tiny-seed.yaml").write_text(TINY_SEED)
    return folder


@pytest.fixture(scope="session")
def tiny_bank(tiny_bank_dir: Path) -> list:
    from carebench import load_bank

    return load_bank([tiny_bank_dir])


def run_cli(
    *args: str, cwd: Path | None = None, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m carebench ARGS`` in a subprocess, as a user would; never raises.

    ``input`` is what the user types (stdin); without it stdin is closed, as in a script.
    """
    return subprocess.run(
        [sys.executable, "-m", "carebench", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        input=input,
        stdin=None if input is not None else subprocess.DEVNULL,
    )


class FixedBackend:
    """Base of the tests' one-off backends: no concurrency limit, uncached, nothing to release.

    Subclasses define ``async def generate(self, request) -> Generation``.
    """

    max_concurrency = None
    cacheable = False

    def __init__(self, config: Any) -> None:
        self.config = config

    def describe(self) -> dict[str, Any]:
        return {}

    def notes(self) -> list[str]:
        return []

    async def aclose(self) -> None:
        pass
