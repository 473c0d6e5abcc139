"""Judge validation: blinded annotation packs and agreement (Cohen's kappa, percent agreement).

* :func:`export_pack` samples judged trials of a study stratified by cell x arm (up to ``per_stratum``
  each, seeded), and writes a **blinded** pack (item id, the judged question and the transcript as
  heard with truncations marked; no model, arm, judge or verdict; item ids are random, stored only
  in the key, so the study id printed in reports cannot recover an item's arm or trial) as CSV or JSONL, plus a separate
  key file (item id -> study, cell, arm, trial, judge verdict) that annotators must not see.
* :func:`agreement` reads a labels CSV (``item_id, annotator_a, annotator_b, resolved``; labels
  ``pass``/``fail``, also ``1``/``0``, ``true``/``false``) and the key, and reports Cohen's kappa
  (scikit-learn ``cohen_kappa_score``) and percent agreement of the annotators with each other and
  of the judge with the resolved labels. Kappa is NaN (reported as null, never a crash) when both
  raters use a single label. The result names the studies whose items were labelled (from the
  key): a validation applies to those studies only.
* Each judge is validated on its own, as in paper 002 (0.942 gathering, 0.933 provision): the key
  names each item's cell, so the result's ``judges`` gives, per phase (``gathering``: the target
  question judge; ``provision``: the coverage judge), the judge's agreement with the resolved labels,
  the threshold and a ``status``. ``judge_vs_resolved`` (both pooled) is kept for information only:
  pooling lets a failing judge hide behind a good one.
* :func:`validation_status` words a result: "validated" only when **every** judge with labelled
  items reaches :data:`VALIDATED_KAPPA` (0.80, "almost perfect" agreement in Landis & Koch 1977),
  else "failed validation" naming the failing judge; ``carebench interrupt validate-judge`` then
  exits 1.
* :func:`load_pack` reads a pack back (for the annotation app, ``carebench annotate serve --pack``)
  and :func:`carebench.protocol.pack_annotation.format_labels` writes the labels CSV :func:`agreement` reads, so labels made in the app
  round-trip to ``carebench interrupt validate-judge``.
"""

from __future__ import annotations

import csv
import json
import math
import random
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carebench.errors import CarebenchError
from carebench.interruptions.cells import Cell, Phase
from carebench.interruptions.pathway import load_pathway
from carebench.interruptions.store import StudyStore
from carebench.interruptions.transcript import Turn, delivered
from carebench.protocol.pack_annotation import LABEL_COLUMNS
from carebench.protocol.spreadsheet import read_cell, safe_cell
from carebench.store import refuse_overwriting_database

PACK_COLUMNS = ("item_id", "question", "transcript")
"""The columns (CSV) or keys (JSONL) of a pack."""
VALIDATED_KAPPA = 0.80
"""The judge-vs-resolved kappa a judge must reach to be called validated (see the module doc)."""
MAX_PACK_ITEMS = 10_000
MAX_PACK_FIELD_CHARS = 100_000
_ITEM_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")

_TRUE = {"pass", "1", "true", "yes", "passed"}
_FALSE = {"fail", "0", "false", "no", "failed"}


def _render(turns: list[Turn]) -> str:
    lines = []
    for d in delivered(turns):
        who = "AGENT" if d.speaker == "agent" else "PATIENT"
        cut = f" [CUT OFF HERE; unheard: {d.lost}]" if d.lost else ""
        lines.append(f"{who}: {d.kept}{cut}")
    return "\n".join(lines)


def export_pack(
    workspace: str | Path, study: str, out: str | Path, per_stratum: int = 4, seed: int = 0
) -> tuple[Path, Path]:
    """Write a blinded pack (``.csv`` or ``.jsonl`` by suffix of ``out``) and its key; see module doc."""
    out = Path(out)
    if out.suffix not in (".csv", ".jsonl"):
        raise CarebenchError(f"{out}: the pack must be a .csv or .jsonl file")
    with StudyStore(workspace) as store:
        sid = store.resolve(study)
        info = next(s for s in store.studies() if s["study_id"] == sid)
        trials = [t for t in store.trials(sid) if t["status"] == "judged"]
    pathway = load_pathway(info["manifest"]["config"]["pathway"])
    rng = random.Random(seed)
    strata: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for t in trials:
        strata.setdefault((t["cell"], t["arm"]), []).append(t)
    picked = []
    for key in sorted(strata):
        items = strata[key]
        picked.extend(rng.sample(items, min(per_stratum, len(items))))
    rng.shuffle(picked)
    items, keys = [], []
    used: set[str] = set()
    for t in picked:
        item_id = secrets.token_hex(6)  # random: only the key links an item to its arm
        while item_id in used:
            item_id = secrets.token_hex(6)
        used.add(item_id)
        cell = Cell(t["cell"])
        question = (
            f'Did the agent explicitly ask "{pathway.target.text}" in a turn that was not cut off?'
            if cell.phase is Phase.GATHERING
            else "Did the agent's answer (as heard) substantively convey all of: "
            + "; ".join(p.description for p in pathway.faq.points)
        )
        turns = [Turn.model_validate(x) for x in t["turns"]]
        items.append({"item_id": item_id, "question": question, "transcript": _render(turns)})
        keys.append(
            {
                "item_id": item_id,
                "study_id": sid,
                "cell": t["cell"],
                "arm": t["arm"],
                "trial": t["trial"],
                "judge": info["manifest"]["judge"],
                "judge_label": "pass" if t["verdict"]["passed"] else "fail",
            }
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    key_path = out.with_name(out.stem + ".key.json")
    for path in (out, key_path):
        refuse_overwriting_database(path)
    if out.suffix == ".csv":
        with out.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(PACK_COLUMNS))
            writer.writeheader()
            writer.writerows({k: safe_cell(v) for k, v in item.items()} for item in items)
    else:
        out.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    key_path.write_text(json.dumps(keys, indent=2), encoding="utf-8")
    return out, key_path


@dataclass(frozen=True)
class PackItem:
    """One blinded item of a judge-validation pack: what annotators read and answer."""

    id: str
    question: str
    transcript: str


def load_pack(path: str | Path) -> list[PackItem]:
    """The items of a pack written by :func:`export_pack` (``.csv`` or ``.jsonl``), in file order.

    Raises:
        CarebenchError: an unreadable file, another suffix, a missing or non-text field, an empty
            item id, a repeated item id, an empty pack, or more than :data:`MAX_PACK_ITEMS` items
            or a field over :data:`MAX_PACK_FIELD_CHARS` characters; the message names the file,
            the line and the field.
    """
    path = Path(path)
    if path.name.endswith(".key.json"):
        raise CarebenchError(f"{path}: this is a pack's key; serve the pack itself")
    if path.suffix not in (".csv", ".jsonl"):
        raise CarebenchError(
            f"{path}: a pack is a .csv or .jsonl file (from `carebench interrupt pack`)"
        )
    rows: list[tuple[int, Any]] = []
    try:
        with path.open(newline="", encoding="utf-8") as handle:
            if path.suffix == ".csv":
                rows = list(enumerate(csv.DictReader(handle), start=2))
            else:
                for line, text in enumerate(handle, start=1):
                    if text.strip():
                        try:
                            rows.append((line, json.loads(text)))
                        except ValueError as exc:
                            raise CarebenchError(
                                f"{path}:{line}: not a JSON object ({exc})"
                            ) from exc
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise CarebenchError(f"{path}: cannot read the pack ({exc})") from exc
    if not rows:
        raise CarebenchError(f"{path}: the pack has no items")
    if len(rows) > MAX_PACK_ITEMS:
        raise CarebenchError(f"{path}: {len(rows)} items; at most {MAX_PACK_ITEMS} expected")
    items: list[PackItem] = []
    seen: set[str] = set()
    for line, row in rows:
        if not isinstance(row, dict):
            raise CarebenchError(f"{path}:{line}: expected an object with {list(PACK_COLUMNS)}")
        values = []
        for name in PACK_COLUMNS:
            value = row.get(name)
            if not isinstance(value, str):
                raise CarebenchError(
                    f"{path}:{line}: field {name!r} is missing or not text; a pack has "
                    f"{list(PACK_COLUMNS)}"
                )
            if path.suffix == ".csv":
                value = read_cell(value)
            if len(value) > MAX_PACK_FIELD_CHARS:
                raise CarebenchError(
                    f"{path}:{line}: field {name!r} has {len(value)} characters; at most "
                    f"{MAX_PACK_FIELD_CHARS} expected"
                )
            values.append(value)
        item_id = values[0].strip()
        if not _ITEM_ID.match(item_id):
            raise CarebenchError(
                f"{path}:{line}: item_id {values[0]!r}: expected letters, digits, '.', '_' or '-' "
                "(at most 100)"
            )
        if item_id in seen:
            raise CarebenchError(f"{path}:{line}: item_id {item_id!r} occurs twice")
        seen.add(item_id)
        items.append(PackItem(item_id, values[1], values[2]))
    return items


def _label(value: str, where: str) -> int:
    v = value.strip().lower()
    if v in _TRUE:
        return 1
    if v in _FALSE:
        return 0
    raise CarebenchError(f"{where}: label {value!r}; expected pass or fail (or 1/0, true/false)")


def kappa_and_agreement(a: list[int], b: list[int]) -> dict[str, Any]:
    """Cohen's kappa (None when undefined: one label only) and percent agreement of two raters."""
    if len(a) != len(b) or not a:
        raise CarebenchError("agreement needs two equally long, non-empty label lists")
    try:
        from sklearn.metrics import cohen_kappa_score
    except ImportError as exc:
        raise CarebenchError(
            "judge validation needs scikit-learn: pip install scikit-learn"
        ) from exc

    agree = sum(x == y for x, y in zip(a, b, strict=True)) / len(a)
    # both raters used one label: kappa is undefined (NaN), reported as null
    kappa = math.nan if len(set(a) | set(b)) < 2 else float(cohen_kappa_score(a, b))
    return {
        "n": len(a),
        "kappa": None if math.isnan(kappa) else kappa,
        "kappa_note": "undefined: both raters used a single label" if math.isnan(kappa) else None,
        "percent_agreement": 100 * agree,
    }


def agreement(labels: str | Path, key: str | Path) -> dict[str, Any]:
    """Annotator-annotator and judge-resolved agreement (see the module docstring)."""
    labels, key = Path(labels), Path(key)
    try:
        keys = {k["item_id"]: k for k in json.loads(key.read_text(encoding="utf-8"))}
        # utf-8-sig: a spreadsheet's "CSV UTF-8" starts with a byte-order mark
        with labels.open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            rows = list(reader)
            header = list(reader.fieldnames or [])
    except (OSError, ValueError, KeyError, TypeError, csv.Error) as exc:
        raise CarebenchError(f"cannot read the labels or the key: {exc}") from exc
    needed = set(LABEL_COLUMNS)
    if not needed <= set(header):
        raise CarebenchError(
            f"{labels}: expected a CSV with columns {sorted(needed)}; its header has "
            f"{header or 'nothing'}"
        )
    if not rows:
        raise CarebenchError(f"{labels}: no labelled items under the header")
    a, b, resolved, judge = [], [], [], []
    phases: list[str] = []
    studies: set[str] = set()
    seen: dict[str, int] = {}
    for line, row in enumerate(rows, start=2):
        where = f"{labels}:{line}"
        _check_row(row, where, seen, line)
        item = keys.get(row["item_id"])
        if item is None:
            raise CarebenchError(f"{where}: item_id {row['item_id']!r} is not in the key {key}")
        if not isinstance(item.get("study_id"), str):
            raise CarebenchError(
                f"{key}: item {row['item_id']!r} has no study_id; expected a key written by "
                "`carebench interrupt pack`"
            )
        studies.add(item["study_id"])
        try:
            phases.append(Cell(item["cell"]).phase.value)
        except (KeyError, ValueError) as exc:
            raise CarebenchError(
                f"{key}: item {row['item_id']!r} has no valid cell; expected a key written by "
                "`carebench interrupt pack`"
            ) from exc
        a.append(_label(row["annotator_a"], where))
        b.append(_label(row["annotator_b"], where))
        resolved.append(_label(row["resolved"], where))
        judge.append(_label(item["judge_label"], str(key)))
    judges = sorted({k["judge"] for k in keys.values()})
    per_phase = {}
    for phase in Phase:
        idx = [i for i, p in enumerate(phases) if p == phase.value]
        if idx:
            result = kappa_and_agreement([judge[i] for i in idx], [resolved[i] for i in idx])
            result["threshold"] = VALIDATED_KAPPA
            result["status"] = _status(result["kappa"])
            per_phase[phase.value] = result
    return {
        "judge": ", ".join(judges),
        "studies": sorted(studies),
        "annotators": kappa_and_agreement(a, b),
        "judges": per_phase,
        "judge_vs_resolved": kappa_and_agreement(judge, resolved),
    }


def _check_row(row: dict[Any, Any], where: str, seen: dict[str, int], line: int) -> None:
    """A labels row has exactly the header's cells and an item id not given before."""
    if None in row:
        raise CarebenchError(f"{where}: more cells than the header's columns")
    short = [c for c in LABEL_COLUMNS if row.get(c) is None]
    if short:
        raise CarebenchError(f"{where}: no cell for {', '.join(short)}; expected every column")
    item_id = str(row["item_id"])
    if item_id in seen:
        raise CarebenchError(
            f"{where}: item_id {item_id!r} given twice (first on line {seen[item_id]}); "
            "expected one row per item"
        )
    seen[item_id] = line


def _status(kappa: float | None) -> str:
    if kappa is None:
        return "not validated (kappa undefined: a single label only)"
    if float(kappa) >= VALIDATED_KAPPA:
        return f"validated (kappa {kappa:.3f} >= {VALIDATED_KAPPA:.2f})"
    digits = 3  # more when three would round a failing kappa up to the threshold
    while float(f"{kappa:.{digits}f}") >= VALIDATED_KAPPA and digits < 9:
        digits += 1
    return f"failed validation (kappa {kappa:.{digits}f} < {VALIDATED_KAPPA:.2f})"


def validated(doc: dict[str, Any]) -> bool:
    """Whether every judge of an :func:`agreement` result reached the threshold."""
    judges = doc.get("judges") if isinstance(doc, dict) else None
    if not isinstance(judges, dict) or not judges:
        return False
    return all(str(j.get("status", "")).startswith("validated") for j in judges.values())


def validation_status(doc: dict[str, Any]) -> str:
    """The status of a judge-validation result, in words, judge by judge.

    ``validated (gathering: kappa K >= 0.80; provision: ...)`` when every judge with labelled items
    reaches :data:`VALIDATED_KAPPA`; else ``failed validation (...)`` or, when a kappa is undefined
    or the result unreadable, ``not validated (...)``. A result without per-judge figures (written
    before judges were validated separately) is ``not validated``.
    """
    try:
        judges = doc["judges"]
        parts = {phase: j["status"] for phase, j in judges.items()}
    except (KeyError, TypeError, AttributeError):
        return "not validated (no per-judge result; run `carebench interrupt validate-judge` again)"
    if not parts:
        return "not validated (no labelled items)"
    detail = "; ".join(f"{phase}: {status}" for phase, status in parts.items())
    if all(status.startswith("validated") for status in parts.values()):
        return f"validated ({detail})"
    if any(status.startswith("failed") for status in parts.values()):
        return f"failed validation ({detail})"
    return f"not validated ({detail})"
