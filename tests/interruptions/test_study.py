from __future__ import annotations

import asyncio
import csv
import json
import math
from pathlib import Path

import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.proportion import proportion_confint

from carebench.interruptions.cells import Arm, Cell, PatientMode
from carebench.interruptions.pathway import load_pathway
from carebench.interruptions.report import load_study_rows, write_report
from carebench.interruptions.results import DeploymentProfile, cell_table, deployment_estimates
from carebench.interruptions.roles import parse_role
from carebench.interruptions.scripted import ScriptedAgent, ScriptedPatient
from carebench.interruptions.simulator import Simulator
from carebench.interruptions.store import StudyStore
from carebench.interruptions.study import StudyConfig, run_study
from carebench.interruptions.tracker import open_obligations
from carebench.interruptions.transcript import Turn, delivered
from carebench.interruptions.validation import agreement, export_pack, kappa_and_agreement

# The scripted "cued" agent recovers exactly when cued (defensive prompt, tracker list, marker), so
# its per-arm failure rates are known without running it.
EXPECTED_FAILURE = {
    Arm.BASELINE: 0.0,
    Arm.INTERRUPT: 1.0,
    Arm.MARKER_WITH: 0.0,
    Arm.MARKER_WITHOUT: 1.0,
    Arm.DEFENSIVE: 0.0,
    Arm.TRACKER: 0.0,
}


def _config(pathway: str, n: int, patient: str = "scripted:rule") -> StudyConfig:
    return StudyConfig(
        pathway=pathway, agent=parse_role("scripted:cued"), patient=parse_role(patient), n=n
    )


@pytest.mark.parametrize("pathway", ["cataract-follow-up", "wound-check-day-surgery"])
def test_scripted_study_per_cell_numbers_known_in_advance(tmp_path: Path, pathway: str) -> None:
    summary = run_study(_config(pathway, 5), tmp_path)
    assert summary.judged == 4 * 6 * 5 and summary.filtered == 0
    _, rows, _ = load_study_rows(tmp_path)
    table = cell_table(rows)
    assert len(table) == 24
    for r in table.to_dict(orient="records"):
        assert r["n"] == 5 and r["judged"] == 5 and r["yield"] == 1.0
        assert r["rate"] == EXPECTED_FAILURE[Arm(r["arm"])], (r["cell"], r["arm"])
        low, high = proportion_confint(r["failures"], r["judged"], alpha=0.05, method="wilson")
        assert math.isclose(r["ci_low"], low, abs_tol=1e-9)
        assert math.isclose(r["ci_high"], high, abs_tol=1e-9)
    # resuming the same configuration runs nothing new
    again = run_study(_config(pathway, 5), tmp_path)
    assert again.already_done == again.total and again.judged == 0


def test_yield_filtering_is_counted_and_reported(tmp_path: Path) -> None:
    config = _config("cataract-follow-up", 3, patient="scripted:paraphrase")
    summary = run_study(config, tmp_path)
    assert summary.filtered == 4 * 5 * 3  # every interrupting trial; baselines need no cut
    with StudyStore(tmp_path) as store:
        trials = store.trials(summary.study_id)
    filtered = [t for t in trials if t["status"] == "filtered"]
    assert all(t["state"]["attempts"] == config.max_attempts for t in filtered)
    assert all("exact prefix" in r for t in filtered for r in t["state"]["rejected"])
    # each rejection keeps the proposed text, not only the reason
    assert all(
        "proposed: 'So the agent said something like:" in r
        for t in filtered
        for r in t["state"]["rejected"]
    )
    page = write_report(tmp_path, tmp_path / "rep")
    metrics = json.loads((tmp_path / "rep" / "metrics.json").read_text())
    interrupt = [c for c in metrics["cells"] if c["arm"] == "interrupt"]
    assert all(c["filtered"] == 3 and c["yield"] == 0.0 and c["rate"] is None for c in interrupt)
    assert "filtered" in page.read_text()


def test_marker_arms_differ_only_by_the_marker() -> None:
    p = load_pathway("cataract-follow-up")

    async def interruption(arm: Arm, mode: PatientMode) -> Turn:
        sim = Simulator(
            p,
            Cell.GATHERING_COMPETITIVE,
            arm,
            ScriptedAgent("forgetful"),
            ScriptedPatient("rule"),
            mode=mode,
        )
        history, _ = await sim.run(0)
        return next(t for t in history if t.cuts is not None)

    for mode in PatientMode:
        with_ = asyncio.run(interruption(Arm.MARKER_WITH, mode))
        without = asyncio.run(interruption(Arm.MARKER_WITHOUT, mode))
        assert with_.cuts == without.cuts
        assert with_.text == f"{p.interruptions.marker} {without.text}"
        assert without.text == p.interruptions.move(Cell.GATHERING_COMPETITIVE).utterance


def test_agent_sees_only_the_truncated_turn() -> None:
    p = load_pathway("cataract-follow-up")
    seen: list[list[dict[str, str]]] = []

    class Spy(ScriptedAgent):
        async def respond(self, context, seed):  # type: ignore[no-untyped-def]
            seen.append(context.messages())
            return await super().respond(context, seed)

    sim = Simulator(
        p, Cell.GATHERING_RECOGNITIONAL, Arm.INTERRUPT, Spy("forgetful"), ScriptedPatient("rule")
    )
    history, state = asyncio.run(sim.run(0))
    assert state.interrupted
    cut_turn = next(i for i, t in enumerate(history) if t.cuts is not None)
    kept = history[cut_turn - 1].text[: history[cut_turn].cuts]
    assert any(m["content"] == kept for m in seen[-1] if m["role"] == "assistant")
    assert all(m["content"] != p.target.text for m in seen[-1] if m["role"] == "assistant")


def test_tracker_keeps_a_cut_question_open_until_asked() -> None:
    p = load_pathway("cataract-follow-up")
    q = p.target.text
    cut = [
        Turn(speaker="agent", text=q),
        Turn(speaker="patient", text="No pain.", cuts=len("Have you noticed any")),
    ]
    assert open_obligations(p, delivered(cut)) == [f'Ask: "{q}"']
    done = [*cut, Turn(speaker="agent", text=q)]
    assert open_obligations(p, delivered(done)) == []
    asked = [Turn(speaker="patient", text=p.faq.patient_question)]
    assert len(open_obligations(p, delivered(asked))) == len(p.faq.points)


def test_kappa_matches_scikit_learn_and_one_label_is_reported() -> None:
    a = [1, 1, 0, 0, 1, 0, 1, 1]
    b = [1, 0, 0, 0, 1, 1, 1, 1]
    result = kappa_and_agreement(a, b)
    assert math.isclose(result["kappa"], cohen_kappa_score(a, b))
    assert result["percent_agreement"] == 75.0
    one = kappa_and_agreement([1, 1, 1], [1, 1, 1])
    assert one["kappa"] is None and "single label" in one["kappa_note"]
    assert one["percent_agreement"] == 100.0


def test_pack_is_blinded_and_stratified_and_labels_import(tmp_path: Path) -> None:
    summary = run_study(_config("cataract-follow-up", 4), tmp_path)
    pack, key = export_pack(tmp_path, summary.study_id, tmp_path / "pack.csv", per_stratum=2)
    with pack.open() as handle:
        items = list(csv.DictReader(handle))
    assert len(items) == 24 * 2 and set(items[0]) == {"item_id", "question", "transcript"}
    text = pack.read_text()
    assert "scripted" not in text and "marker-with" not in text and "baseline" not in text
    keys = json.loads(key.read_text())
    strata = {(k["cell"], k["arm"]) for k in keys}
    assert len(strata) == 24
    labels = tmp_path / "labels.csv"
    with labels.open("w", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(["item_id", "annotator_a", "annotator_b", "resolved"])
        for i, k in enumerate(keys):
            truth = k["judge_label"]
            w.writerow(
                [
                    k["item_id"],
                    truth,
                    truth if i % 5 else ("fail" if truth == "pass" else "pass"),
                    truth,
                ]
            )
    result = agreement(labels, key)
    assert result["judge_vs_resolved"]["kappa"] == 1.0
    assert result["annotators"]["percent_agreement"] < 100


def test_deployment_profile_defaults_to_paper_appendix(tmp_path: Path) -> None:
    profile = DeploymentProfile()
    assert math.isclose(profile.non_competitive, 24 / 27) and math.isclose(
        profile.competitive, 3 / 27
    )
    run_study(_config("cataract-follow-up", 2), tmp_path)
    _, rows, _ = load_study_rows(tmp_path)
    est = deployment_estimates(cell_table(rows), profile)
    # the cued agent fails every interrupt trial: each phase loses its share of the overlaps and
    # the total is the overlaps per call, not twice them (27/35 = 0.771, never 1.54)
    by = {r["phase"]: r for r in est.to_dict(orient="records")}
    assert math.isclose(by["gathering"]["expected_lost_per_call"], 27 / 35 / 2)
    assert math.isclose(by["provision"]["expected_lost_per_call"], 27 / 35 / 2)
    assert math.isclose(by["total"]["expected_lost_per_call"], 27 / 35)
    assert by["total"]["arithmetic"] == "0.386 + 0.386 = 0.771"
    assert by["gathering"]["arithmetic"].endswith("= 0.386")
    uneven = DeploymentProfile(phase_share={"gathering": 0.25, "provision": 0.75})
    est = deployment_estimates(cell_table(rows), uneven).set_index("phase")
    assert math.isclose(est.loc["provision", "expected_lost_per_call"], 27 / 35 * 0.75)
    with pytest.raises(ValueError):
        DeploymentProfile(non_competitive=0.5, competitive=0.6)
    with pytest.raises(ValueError):
        DeploymentProfile(phase_share={"gathering": 1.0, "provision": 1.0})


def test_html_escapes_model_text_and_marks_truncation(tmp_path: Path) -> None:
    run_study(_config("cataract-follow-up", 1), tmp_path)
    with StudyStore(tmp_path) as store:
        sid = store.studies()[0]["study_id"]
        store.put_trial(
            sid,
            "gathering-competitive",
            "extra",
            0,
            "judged",
            {
                "turns": [
                    {
                        "speaker": "agent",
                        "text": "<script>alert(1)</script> Have you noticed redness?",
                    }
                ],
                "verdict": {"judge": "concept", "passed": True},
            },
        )
    page = write_report(tmp_path, tmp_path / "rep").read_text()
    assert "<script>alert(1)" not in page and "&lt;script&gt;" in page
    assert 'class="cut"' in page and 'class="lost"' in page
    assert json.loads((tmp_path / "rep" / "metrics.json").read_text())["aggregate_score"] is None


def test_study_and_runs_share_one_workspace_store(tmp_path: Path) -> None:
    """A workspace used by a study stays a carebench store for runs, and the other way round."""
    from carebench.interruptions.store import StudyStore
    from carebench.runs.store import RunStore
    from carebench.store import DB_FILE

    with StudyStore(tmp_path):
        pass
    store = RunStore(tmp_path / DB_FILE)  # the study's tables are carebench's own
    store.close()
    with StudyStore(tmp_path):
        pass


def test_role_cache_key_and_study_id_follow_the_model_file_not_the_key_name(
    tmp_path: Path,
) -> None:
    """The #10 identity rule holds for study roles too: content in, api_key_env out."""
    from carebench.agents.config import BackendConfig
    from carebench.interruptions.pathway import load_pathway
    from carebench.interruptions.roles import RoleSpec, cache_key
    from carebench.interruptions.study import StudyConfig, study_id

    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF one")

    def spec(**backend: str) -> RoleSpec:
        return RoleSpec(backend=BackendConfig(name="embedded", model=str(model), **backend))

    messages = [{"role": "user", "content": "x"}]
    pathway = load_pathway("cataract-follow-up")

    def ids(role: RoleSpec) -> tuple[str, str]:
        return cache_key("agent", role, messages, 0), study_id(StudyConfig(agent=role), pathway)

    before = ids(spec())
    assert ids(spec(api_key_env="OTHER_KEY")) == before
    model.write_bytes(b"GGUF two, a different model")
    after = ids(spec())
    assert after[0] != before[0] and after[1] != before[1]


def test_a_long_foreign_lock_on_the_study_tables_is_a_clear_error(tmp_path: Path) -> None:
    """Study writes share the run store's lock handling (#10 item 18): no 'database is locked'."""
    import sqlite3

    from carebench.interruptions.store import StudyStore
    from carebench.store import DB_FILE, StoreLockedError

    with StudyStore(tmp_path) as studies:
        studies.ensure_study("s1", "study", {})
        studies.put_trial("s1", "cell", "arm", 0, "judged", {"ok": True})
    other = sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with (
            pytest.raises(StoreLockedError, match="another process held the write lock"),
            StudyStore(tmp_path, lock_timeout_s=0.2) as studies,
        ):
            studies.put_trial("s1", "cell", "arm", 1, "judged", {"ok": True})
    finally:
        other.execute("ROLLBACK")
        other.close()
    with StudyStore(tmp_path) as studies:
        assert [t["trial"] for t in studies.trials("s1")] == [0]


def test_parse_decision_takes_only_a_plain_yes_or_no() -> None:
    from carebench.interruptions.simulator import parse_decision

    for answer, expected in (
        ("Yes.", True),
        ("  no!", False),
        ("**Yes** - I would cut in", True),
        ('"No"', False),
        ("I think yes", None),
        ("Maybe.", None),
        ("", None),
    ):
        assert parse_decision(answer) is expected, answer


def test_patient_decision_mode_known_in_advance(tmp_path: Path) -> None:
    """decision=patient: a yes-saying patient reproduces the rule's numbers; a no filters."""
    from carebench.interruptions.cells import Decision
    from carebench.interruptions.simulator import DECLINED
    from carebench.interruptions.study import study_id

    def config(patient: str) -> StudyConfig:
        return _config("cataract-follow-up", 2, patient=patient).model_copy(
            update={"decision": Decision.PATIENT}
        )

    pathway = load_pathway("cataract-follow-up")
    rule = _config("cataract-follow-up", 2)
    assert study_id(config("scripted:rule"), pathway) != study_id(rule, pathway)
    summary = run_study(config("scripted:rule"), tmp_path / "yes")
    _, rows, trials = load_study_rows(tmp_path / "yes")
    for r in cell_table(rows).to_dict(orient="records"):
        assert r["yield"] == 1.0 and r["rate"] == EXPECTED_FAILURE[Arm(r["arm"])]
    asked = [t["state"]["decisions"] for t in trials if t["arm"] != "baseline"]
    assert asked == [1] * (4 * 5 * 2) and summary.filtered == 0
    declined = run_study(config("scripted:declining"), tmp_path / "no")
    assert declined.filtered == 4 * 5 * 2 and declined.judged == 4 * 2  # baselines only
    _, rows, trials = load_study_rows(tmp_path / "no")
    assert {t["state"]["filtered"] for t in trials if t["status"] == "filtered"} == {DECLINED}
    table = cell_table(rows)
    assert set(table[table.arm != "baseline"]["yield"]) == {0.0}


def test_invalid_decisions_are_retried_then_yield_filtered() -> None:
    from carebench.interruptions.cells import Decision

    p = load_pathway("cataract-follow-up")

    class Unsure(ScriptedPatient):
        def __init__(self, answers: list[str]) -> None:
            super().__init__("rule")
            self.answers = answers

        async def decide(self, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
            return self.answers.pop(0) if self.answers else "Maybe."

    def run(answers: list[str]):  # type: ignore[no-untyped-def]
        sim = Simulator(
            p,
            Cell.GATHERING_COMPETITIVE,
            Arm.INTERRUPT,
            ScriptedAgent("forgetful"),
            Unsure(answers),
            decision=Decision.PATIENT,
            max_attempts=3,
        )
        return asyncio.run(sim.run(0))[1]

    state = run(["Hmm.", "Yes, I would."])
    assert state.interrupted and state.decisions == 2 and state.filtered is None
    assert state.rejected == ("decision: expected yes or no, got 'Hmm.'",)
    state = run([])
    assert not state.interrupted and state.decisions == 3
    assert state.filtered == "no valid interruption decision in 3 attempt(s)"


def test_a_run_whose_trials_end_in_errors_exits_3_naming_the_cause(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as closed:  # bound, never listening: every connection is refused
        closed.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{closed.getsockname()[1]}/v1"
        args = ["interrupt", "run", "--agent", f"openai:m@{url}", "--patient", "scripted:rule"]
        args += ["--n", "2", "--cells", "gathering-recognitional", "--arms", "baseline"]
        done = subprocess.run(
            [sys.executable, "-m", "carebench", *args, "--workspace", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 3, done.stderr
    assert "errors 2" in done.stdout
    (message,) = done.stderr.strip().splitlines()
    assert f"first: agent (openai:m at {url}): APIConnectionError" in message
    assert "run the same command again: it resumes" in message
    with StudyStore(tmp_path) as store:
        (study,) = store.studies()
        assert [t["status"] for t in store.trials(study["study_id"])] == ["error", "error"]


def test_ctrl_c_keeps_the_finished_trials_and_says_how_to_resume(tmp_path: Path) -> None:
    import signal
    import sqlite3
    import subprocess
    import sys
    import time

    def stored() -> int:  # read-only: polling must not create the store (a 0-byte store is refused)
        db = tmp_path / "carebench.db"
        if not db.exists():
            return 0
        try:
            with sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True) as conn:
                return int(conn.execute("SELECT count(*) FROM interrupt_trials").fetchone()[0])
        except sqlite3.OperationalError:
            return 0

    args = ["interrupt", "run", "--agent", "scripted:cued", "--patient", "scripted:rule"]
    process = subprocess.Popen(  # 48,000 scripted trials: about a minute, never reached
        [sys.executable, "-m", "carebench", *args, "--n", "2000", "--workspace", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while stored() < 50:
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr.strip() == (
        "interrupted: every stored trial is complete; run the same command to resume"
    )
    with StudyStore(tmp_path) as store:
        (study,) = store.studies()
        trials = store.trials(study["study_id"])
    assert 50 <= len(trials) < 48_000
    assert all(t["status"] == "judged" and t["verdict"] is not None for t in trials)


def test_each_arm_can_have_its_own_n(tmp_path: Path) -> None:
    config = StudyConfig(
        agent=parse_role("scripted:cued"),
        patient=parse_role("scripted:rule"),
        n=2,
        n_arm={Arm.DEFENSIVE: 4},
        cells=(Cell.GATHERING_COMPETITIVE,),
        arms=(Arm.INTERRUPT, Arm.DEFENSIVE),
    )
    summary = run_study(config, tmp_path)
    assert summary.total == 2 + 4
    with StudyStore(tmp_path) as store:
        trials = store.trials(summary.study_id)
    assert sorted(t["arm"] for t in trials).count("defensive") == 4
    from carebench.interruptions.study import study_id

    pathway = load_pathway(config.pathway)
    assert study_id(config, pathway) != study_id(config.model_copy(update={"n_arm": {}}), pathway)


def test_n_arm_option_is_parsed_and_checked() -> None:
    from carebench.cli.interrupt import _n_arm
    from carebench.errors import CarebenchError

    assert _n_arm(("defensive=10",)) == {Arm.DEFENSIVE: 10}
    for bad in ("defensive", "nosuch=3", "defensive=0", "defensive=x"):
        with pytest.raises(CarebenchError, match="--n-arm"):
            _n_arm((bad,))
