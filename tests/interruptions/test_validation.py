"""Pack item ids are random (issue 22, item 7): the study id does not unblind them."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from carebench.cli import cli
from carebench.errors import CarebenchError
from carebench.interruptions.roles import parse_role
from carebench.interruptions.study import StudyConfig, run_study
from carebench.interruptions.validation import agreement, export_pack


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


KEY = [
    {"item_id": "i1", "study_id": "s", "cell": "gathering-competitive", "judge_label": "pass",
     "judge": "j"},
    {"item_id": "i2", "study_id": "s", "cell": "gathering-competitive", "judge_label": "fail",
     "judge": "j"},
]  # fmt: skip
HEADER = "item_id,annotator_a,annotator_b,resolved\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEADER + "i1,pass\n", r"labels\.csv:2: no cell for annotator_b, resolved"),
        (HEADER + "i1,pass,pass,pass,extra\n", r"labels\.csv:2: more cells than the header"),
        (HEADER + "i1,pass,pass,pass\ni1,fail,fail,fail\n", r":3: item_id 'i1' given twice"),
        (HEADER, r"labels\.csv: no labelled items under the header"),
        ("", r"labels\.csv: expected a CSV with columns .*; its header has nothing"),
        ("id,a,b\ni1,pass,pass\n", r"its header has \['id', 'a', 'b'\]"),
    ],
)
def test_a_malformed_labels_csv_is_one_clear_error(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "key.json").write_text(json.dumps(KEY))
    (tmp_path / "labels.csv").write_text(text)
    result = CliRunner().invoke(
        cli,
        ["interrupt", "validate-judge", "--labels", str(tmp_path / "labels.csv"), "--key",
         str(tmp_path / "key.json"), "--workspace", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code != 0 and isinstance(result.exception, CarebenchError), result.output
    assert re.search(message, str(result.exception)), result.exception


def test_a_labels_csv_saved_by_a_spreadsheet_with_a_byte_order_mark_is_read(
    tmp_path: Path,
) -> None:
    (tmp_path / "key.json").write_text(json.dumps(KEY))
    (tmp_path / "labels.csv").write_bytes(
        ("\ufeff" + HEADER + "i1,pass,pass,pass\ni2,fail,fail,fail\n").encode("utf-8")
    )
    result = agreement(tmp_path / "labels.csv", tmp_path / "key.json")
    assert result["judge_vs_resolved"]["kappa"] == 1.0
