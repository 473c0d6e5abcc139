"""Reports of custom banks: each bank named at the top, floors per bank, sections that cannot apply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carebench import load_bank
from carebench.agents.config import BackendConfig
from carebench.controller import shortcuts
from carebench.controller.shortcuts import audit
from carebench.episodes.canonical import bank_sha256
from carebench.report import Settings, build_report
from carebench.runs.config import RunConfig
from carebench.runs.execute import run_agent
from tests.conftest import _CUSTOM_SEED, write_custom_bank

FAST = Settings(b=200)


def _test_only_bank(folder: Path) -> Path:
    """Two test seeds, no dev seed (20 episodes)."""
    folder.mkdir(parents=True, exist_ok=True)
    for seed_id in ("only-test-a", "only-test-b"):
        (folder / f"{seed_id}.yaml").write_text(
            _CUSTOM_SEED.format(id=seed_id, split="test", note="")
        )
    return folder


def _run(ws: Path, bank: Path, policy: str) -> str:
    config = RunConfig(
        backend=BackendConfig(name="scripted", model=policy), split="all", bank_paths=(str(bank),)
    )
    return run_agent(config, ws).run_id


def test_each_bank_is_named_by_path_and_hash_with_its_counts(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    run = _run(tmp_path, bank, "oracle")
    report = build_report(tmp_path, [run], tmp_path / "report", "all", FAST)
    sha = bank_sha256(load_bank([bank]))
    expected = (
        f"Bank {bank.resolve()} (sha256 {sha[:12]}): 2 seeds, 20 episodes "
        "(dev 1 seeds / 10 episodes; test 1 seeds / 10 episodes)."
    )
    # at the top: before the plan and every number
    assert report.summary.splitlines()[0] == expected
    [entry] = report.analysis.banks
    assert (entry.n_seeds, entry.n_episodes) == (2, 20)
    page = (tmp_path / "report" / "index.html").read_text()
    assert page.index('id="banks"') < page.index('id="plan"')
    assert str(bank.resolve()) in page[: page.index('id="plan"')]


def test_with_two_banks_each_floor_names_only_its_own_banks_runs(tmp_path: Path) -> None:
    bank_a = write_custom_bank(tmp_path / "bank-a")
    bank_b = write_custom_bank(tmp_path / "bank-b", note=" Seen in the evening clinic.")
    on_a = _run(tmp_path, bank_a, "always-answer")
    on_b = _run(tmp_path, bank_b, "always-escalate")
    report = build_report(tmp_path, [on_a, on_b], tmp_path / "report", "all", FAST)
    label = {r.run_id: r.label for r in report.analysis.runs}
    flags = {r.run_id: r.at_or_under_floor for r in report.analysis.runs}
    assert flags[on_a]  # always-answer never escalates: at any floor
    sha = {r.run_id: r.bank_sha256 for r in report.analysis.runs}
    lines = {
        s: next(
            ln
            for ln in report.summary.splitlines()
            if ln.startswith(f"Keyword floor (bank {s[:12]}")
        )
        for s in (sha[on_a], sha[on_b])
    }
    assert label[on_a] in lines[sha[on_a]]
    assert label[on_a] not in lines[sha[on_b]]
    assert (label[on_b] in lines[sha[on_b]]) == flags[on_b]
    assert sum(ln.startswith("Bank ") for ln in report.summary.splitlines()) == 2


def test_sections_that_cannot_apply_to_a_test_only_bank_are_one_line(tmp_path: Path) -> None:
    bank = _test_only_bank(tmp_path / "bank")
    runs = [_run(tmp_path, bank, p) for p in ("oracle", "always-answer", "rule")]
    report = build_report(tmp_path, runs, tmp_path / "report", "test", FAST)
    section = report.analysis.controller
    assert section is not None and section.runs == []
    [line] = section.skipped
    assert "no dev split" in line and str(bank.resolve()) in line
    assert all(r.label in line for r in report.analysis.runs)
    quality = section.detector_quality[0].families
    assert all(q.split != "dev" for rows in quality.values() for q in rows)
    page = (tmp_path / "report" / "index.html").read_text()
    controller = page[page.index("<h2>Risk controller") : page.index("<h2>Figures")]
    assert controller.count("Skipped") == 1 and "Detector quality" not in controller
    by_class = page[page.index("<h2>Decision accuracy by task class") :]
    by_class = by_class[: by_class.index("</table>")]
    assert "<td>-</td>" not in by_class and "triage_handoff" not in by_class


def test_the_best_constant_names_its_action(tmp_path: Path) -> None:
    bank = write_custom_bank(tmp_path / "bank")
    run = _run(tmp_path, bank, "oracle")
    report = build_report(tmp_path, [run], tmp_path / "report", "all", FAST)
    [floor] = report.analysis.keyword_floor
    expected = audit(load_bank([bank]), None, b=200).score("best constant")
    constant = floor.best_constant
    assert constant.accuracy.estimate == expected.accuracy.estimate
    episodes = load_bank([bank])
    best = max(
        ("Answer", "Ask_Clarification", "Abstain", "Escalate"),
        key=lambda a: sum(a in {x.value for x in e.reference.acceptable} for e in episodes),
    )
    assert constant.action == best
    assert f"best constant ({best}) accuracy" in report.summary
    assert f"floor: best constant ({best})" in (tmp_path / "report" / "index.html").read_text()


def test_the_keyword_floor_is_cached_in_the_user_cache_for_new_workspaces(
    tmp_path: Path, user_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank = write_custom_bank(tmp_path / "bank", note=" A bank only this test uses.")
    first = tmp_path / "first"
    build_report(first, [_run(first, bank, "oracle")], first / "report", "all", FAST)
    assert list((user_cache / "keyword-floor").glob("keyword-floor-*.json"))
    shortcuts._loso_predictions.cache_clear()

    def no_fits(rows: object) -> tuple[str, ...]:
        raise AssertionError("the keyword floor was fitted again")

    monkeypatch.setattr(shortcuts, "_loso_predictions", no_fits)
    second = tmp_path / "second"
    report = build_report(second, [_run(second, bank, "oracle")], second / "r", "all", FAST)
    assert report.analysis.keyword_floor[0].bag_of_words.accuracy.n == 20
    assert not (second / "cache").exists() or not list((second / "cache").iterdir())
    assert json.loads((second / "r" / "metrics.json").read_text())["keyword_floor"]


def test_a_bank_is_named_by_its_version_and_lists_its_run_ids() -> None:
    """After an upgrade two packaged banks were told apart only by hash (a new-user trial)."""
    from carebench.episodes.bank import BANK_VERSION
    from carebench.report.banks import bank_line, bank_summary
    from carebench.runs.config import RunManifest, build_manifest

    packaged = RunConfig(backend=BackendConfig(name="scripted", model="oracle"))
    custom = RunConfig(backend=BackendConfig(name="scripted", model="rule"), bank_paths=("x",))
    manifests = {
        m["run_id"]: RunManifest.model_validate(m)
        for m in (
            build_manifest(packaged, "a" * 64, 400, {}),
            build_manifest(custom, "b" * 64, 20, {}),
        )
    }
    assert [m.bank_version for m in manifests.values()] == [BANK_VERSION, None]
    entries, note = bank_summary(manifests, {r: f"label-{r}" for r in manifests})
    assert note is not None and [e.run_ids for e in entries] == [[r] for r in manifests]
    assert bank_line(entries[0]).startswith(f"Bank the packaged bank {BANK_VERSION} (sha256 aaaa")
    assert bank_line(entries[1]).startswith(f"Bank {Path('x').resolve()} (sha256 bbbb")
