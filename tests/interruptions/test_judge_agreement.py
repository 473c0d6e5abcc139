"""Agreement of the judges with the packaged labelled sets: computed here, not pinned (issue 22)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from sklearn.metrics import cohen_kappa_score

from carebench.cli import cli
from carebench.errors import CarebenchError
from carebench.interruptions import judge_agreement
from carebench.interruptions.cells import Phase
from carebench.interruptions.judge_agreement import (
    agreement,
    concept_predictions,
    judge_results,
    llm_predictions,
    load_set,
    load_sets,
    manifest,
    report,
    sample,
)
from carebench.interruptions.judges import LLMJudge


def test_sets_are_packaged_with_roles_and_provenance() -> None:
    doc = manifest()
    assert doc["format_version"] == 2
    assert "not clinicians" in doc["provenance"]["caveat"]
    sets = load_sets()
    assert [s.role for s in sets if s.set_id == "set-1"] == ["dev"]
    for s in sets:
        for phase in Phase:
            turns = s.turns[phase]
            assert len(turns) >= 60 and len({t.item_id for t in turns}) == len(turns)
            assert all(len(t.labellers) == 2 for t in turns)


@pytest.mark.parametrize("phase", list(Phase))
def test_concept_agreement_equals_scikit_learn(phase: Phase) -> None:
    turns = load_set(phase)
    preds = concept_predictions(phase, turns)
    result = agreement(phase, turns, preds)
    labels = [int(all(t.label.values())) for t in turns]
    judged = [int(all(p.values())) for p in preds]
    assert result["verdict"]["kappa"] == pytest.approx(cohen_kappa_score(judged, labels))
    assert result["verdict"]["n"] == len(turns)
    a = [int(all(t.labellers[0].values())) for t in turns]
    b = [int(all(t.labellers[1].values())) for t in turns]
    expected = cohen_kappa_score(a, b) if len(set(a) | set(b)) > 1 else None
    assert result["labellers"]["kappa"] == pytest.approx(expected)


def test_a_judge_passes_only_on_held_out_sets() -> None:
    sets = load_sets()
    result = judge_results(sets, concept_predictions)
    for phase in Phase:
        held = [
            e[phase.value]["verdict"]["kappa"]
            for e in result["sets"].values()
            if e["role"] == "held-out"
        ]
        assert result["passed"][phase.value] == (bool(held) and all(k >= 0.8 for k in held))
    # with the dev set alone (however well the rules fit it), nothing unseen confirms the judge
    dev_only = judge_results([s for s in sets if s.role == "dev"], concept_predictions)
    assert dev_only["passed"] == {"gathering": False, "provision": False}
    assert "no held-out set" in report({"concept": dev_only})


def _write_sets(folder: Path, doc: dict, lines: int = 2) -> None:
    (folder / "manifest.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    for name, label in (("g.jsonl", {"asked": True}), ("p.jsonl", {"reassurance": True})):
        row = {"item_id": "X1", "pathway": "cataract-follow-up", "text": "Is it red?"}
        rows = [json.dumps({**row, "item_id": f"X{i}", "label": label}) for i in range(lines)]
        (folder / name).write_text("\n".join(rows), encoding="utf-8")


def _doc(**entry: object) -> dict:
    base = {"role": "held-out", "files": {"gathering": "g.jsonl", "provision": "p.jsonl"}}
    return {"format_version": 2, "sets": {"s2": {**base, **entry}}}


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"format_version": 1, "sets": {}}, "format_version 1; expected 2"),
        (_doc(role="test"), "sets.s2.role 'test'"),
        (_doc(items={"gathering": 80}), "sets.s2.items.gathering says 80; g.jsonl has 2"),
        (
            _doc(files={"gathering": "g.jsonl", "provision": "nope.jsonl"}),
            "'nope.jsonl' is missing",
        ),
    ],
)
def test_bad_manifests_get_one_line_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, doc: dict, message: str
) -> None:
    _write_sets(tmp_path, doc)
    monkeypatch.setattr(judge_agreement, "_folder", lambda: tmp_path)
    with pytest.raises(CarebenchError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_sets()


def test_a_bad_record_names_file_and_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write_sets(tmp_path, _doc())
    (tmp_path / "p.jsonl").write_text('{"item_id": "X1"}\n', encoding="utf-8")
    monkeypatch.setattr(judge_agreement, "_folder", lambda: tmp_path)
    with pytest.raises(CarebenchError, match=r"p.jsonl:1: bad labelled turn"):
        load_sets()


def test_sample_is_even_and_bounded() -> None:
    turns = load_set(Phase.GATHERING)
    picked = sample(turns, 4)
    assert [t.item_id for t in picked] == [turns[i].item_id for i in (0, 20, 40, 60)]
    assert sample(turns, None) == turns and sample(turns, 10_000) == turns


class _Echo:
    """An LLM judge backend that finds nothing conveyed."""

    max_concurrency = None
    cacheable = False

    def describe(self) -> dict:
        return {}

    async def generate(self, request):  # type: ignore[no-untyped-def]
        from carebench.agents.backends.base import Generation

        schema = request.schema
        if "asked" in schema["properties"]:
            return Generation(json.dumps({"asked": False, "span": ""}))
        ids = list(schema["properties"]["points"]["properties"])
        return Generation(json.dumps({"points": {i: {"conveyed": False, "span": ""} for i in ids}}))

    async def aclose(self) -> None:
        return None


def test_llm_judge_is_scored_on_the_same_sets() -> None:
    from carebench.agents.backends import register_backend
    from carebench.interruptions.roles import BackendPool, ModelRole, parse_role

    register_backend("test-echo", lambda config: _Echo())
    judge = LLMJudge(ModelRole("judge", parse_role("test-echo", role="judge"), BackendPool()))
    turns = load_set(Phase.GATHERING)[:6]
    preds = llm_predictions(judge, Phase.GATHERING, turns)
    assert preds == [{"asked": False}] * 6
    assert asyncio.iscoroutinefunction(judge.judge_text)
    result = judge_results(load_sets(), lambda ph, ts: llm_predictions(judge, ph, ts), limit=5)
    assert all(e[ph.value]["verdict"]["n"] == 5 for e in result["sets"].values() for ph in Phase)


def test_command_prints_each_set_and_exits_by_the_held_out_sets() -> None:
    result = CliRunner().invoke(cli, ["interrupt", "judge-agreement"])
    sets = load_sets()
    for s in sets:
        assert f"{s.set_id} ({s.role})" in result.output
    assert "not clinicians" in result.output
    passed = judge_results(sets, concept_predictions)["passed"]
    assert result.exit_code == (0 if all(passed.values()) else 1)


def test_set_option_scores_only_the_named_sets() -> None:
    bad = CliRunner().invoke(cli, ["interrupt", "judge-agreement", "--set", "nope"])
    assert bad.exit_code == 2 and "--set 'nope': no such labelled set" in bad.output
    one = CliRunner().invoke(cli, ["interrupt", "judge-agreement", "--set", "set-1"])
    assert "set-1 (dev)" in one.output and "(held-out)" not in one.output.split("->")[0]
    assert one.exit_code == 1  # a dev set alone confirms nothing


def _cell(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def test_docs_give_the_concept_judge_figures_of_every_set() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "interruptions.md").read_text(encoding="utf-8")
    result = judge_results(load_sets(), concept_predictions)
    for set_id, entry in result["sets"].items():
        for phase in Phase:
            r = entry[phase.value]
            v, ab = r["verdict"], r["labellers"]
            row = (
                f"| concept | {phase.value} | {set_id} ({entry['role']}) | {v['n']} | "
                f"{_cell(v['accuracy'])} | {_cell(v['kappa'])} | {_cell(ab and ab['kappa'])} |"
            )
            assert row in docs, row
