"""The annotation app's pack export: notes typed by people cannot run as spreadsheet formulas."""

from __future__ import annotations

import csv
import io

from carebench.episodes.review import DisagreementType
from carebench.protocol.annotation import AdjudicatedUnit
from carebench.protocol.pack_annotation import JudgeLabel, pack_export_files


def test_adjudication_csv_neutralises_formulas_and_labels_csv_reads_back() -> None:
    unit = AdjudicatedUnit(
        unit_id="p1",
        annotators=(
            ("alice", JudgeLabel(verdict="pass", note='=HYPERLINK("http://x","y")')),
            ("bob", JudgeLabel(verdict="fail", note="-2+3 esc\x1b")),
        ),
        final=JudgeLabel(verdict="pass", note="@SUM(A1)"),
        disagreements={"verdict": DisagreementType.PRIMARY_ACTION},
        adjudicator="+judy",
    )
    files = pack_export_files([unit])
    (row,) = csv.DictReader(io.StringIO(files["adjudication.csv"]))
    assert row["note_a"] == '\'=HYPERLINK("http://x","y")'
    assert row["note_b"] == "'-2+3 esc\\x1b" and row["note_resolved"] == "'@SUM(A1)"
    assert row["adjudicator"] == "'+judy"
    (labels,) = csv.DictReader(io.StringIO(files["labels.csv"]))
    assert labels == {"item_id": "p1", "annotator_a": "pass", "annotator_b": "fail",
                      "resolved": "pass"}  # fmt: skip
