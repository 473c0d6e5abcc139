"""Pack item ids are random (issue 22, item 7): the study id does not unblind them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from click.testing import CliRunner

from carebench.cli import cli
from carebench.errors import CarebenchError
from carebench.interruptions.roles import parse_role
from carebench.interruptions.study import StudyConfig, run_study
from carebench.interruptions.validation import export_pack


def test_item_ids_cannot_be_recomputed_from_the_study_id(tmp_path: Path) -> None:
    config = StudyConfig(
        agent=parse_role("scripted:cued"), patient=parse_role("scripted:rule"), n=2
    )
    sid = run_study(config, tmp_path).study_id
    _, key = export_pack(tmp_path, sid, tmp_path / "pack.jsonl", per_stratum=2)
    keys = json.loads(key.read_text())
    guesses = {
        hashlib.sha256(f"{sid}:{c}:{a}:{t}".encode()).hexdigest()[:12]
        for c in {k["cell"] for k in keys}
        for a in {k["arm"] for k in keys}
        for t in range(2)
    }
    assert len(keys) == 48 and not guesses & {k["item_id"] for k in keys}
    again = json.loads(
        export_pack(tmp_path, sid, tmp_path / "p2.jsonl", per_stratum=2)[1].read_text()
    )
    assert {k["item_id"] for k in again}.isdisjoint({k["item_id"] for k in keys})


def test_empty_cells_or_arms_are_refused(tmp_path: Path) -> None:
    for option in ("--cells", "--arms"):
        result = CliRunner().invoke(
            cli,
            ["interrupt", "run", "--agent", "scripted:cued", "--patient", "scripted:rule", option,
             ",", "--n", "1", "--workspace", str(tmp_path)],
        )  # fmt: skip
        # the CLI's main turns a CarebenchError into its one-line message and exit 2
        assert isinstance(result.exception, CarebenchError), result.output
        assert option in str(result.exception) and "empty" in str(result.exception)
