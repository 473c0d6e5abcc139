"""Hostile labelled sets: every bad manifest or labels line is one error naming file, line, field."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carebench.episodes.bank import load_bank
from carebench.errors import CarebenchError
from carebench.protocol.labelled_sets import load_labels, load_set, load_sets, packaged_folder

MANIFEST = (
    "format: carebench-scorer-sets/1\nsets:\n  - name: a\n    role: held-out\n"
    "    claims: claims.jsonl\n    handoffs: handoffs.jsonl\n    provenance: P.md\n"
)


def _first(name: str) -> dict[str, Any]:
    line = (packaged_folder() / name).read_text("utf-8").splitlines()[0]
    row: dict[str, Any] = json.loads(line)
    return row


@pytest.fixture(scope="module")
def episodes() -> dict[str, Any]:
    return {e.episode_id: e for e in load_bank()}


def _folder(
    tmp_path: Path,
    claims: list[Any] | None = None,
    handoffs: list[Any] | None = None,
    manifest: str = MANIFEST,
) -> Path:
    """A one-set folder: the packaged first claim and handoff, or the rows given (str: raw line)."""
    tmp_path.mkdir(exist_ok=True)
    for name, rows, default in (
        ("claims.jsonl", claims, "claims.jsonl"),
        ("handoffs.jsonl", handoffs, "handoffs.jsonl"),
    ):
        rows = [_first(default)] if rows is None else rows
        text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows)
        (tmp_path / name).write_text(text, "utf-8")
    (tmp_path / "P.md").write_text("who labelled\n", "utf-8")
    (tmp_path / "sets.yaml").write_text(manifest, "utf-8")
    return tmp_path


def _claim(**change: Any) -> dict[str, Any]:
    return {**_first("claims.jsonl"), **change}


def _handoff(edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    row = _first("handoffs.jsonl")
    edit(row)
    return row


def _drop_field(row: dict[str, Any], key: str = "final") -> None:
    name = list(row[key])[-1]
    for labels in ("final", "labels_a", "labels_b") if key == "final" else (key,):
        del row[labels][name]


def _add_field(row: dict[str, Any]) -> None:
    for labels in ("final", "labels_a", "labels_b"):
        row[labels]["bogus field"] = "correct"


def _relabel(row: dict[str, Any]) -> None:
    row["final"]["urgency"] = "meh"


def test_the_packaged_sets_pass_every_check(episodes: dict[str, Any]) -> None:
    for entry in load_sets():
        claims, handoffs = load_set(entry, None, episodes)
        assert claims and handoffs


MANIFESTS = [
    ("", "got an empty file; expected a mapping"),
    ("- 1\n", "got a list; expected a mapping"),
    (MANIFEST.replace("sets/1", "sets/9"), r"sets\.yaml:1: format: got 'carebench-scorer-sets/9'"),
    (MANIFEST.replace("held-out", "golden"), r"sets\.yaml:4: sets\.0\.role: got 'golden'"),
    (MANIFEST + MANIFEST.split("sets:\n")[1], r"set name\(s\) a given twice"),
    ("format: carebench-scorer-sets/1\nsets: []\n", r"sets\.yaml:2: sets: got \[\]"),
    (MANIFEST.replace("claims.jsonl", "../../etc/passwd"), r"sets\.0\.claims: got '\.\./\.\./"),
    (MANIFEST.replace("handoffs.jsonl", "claims.jsonl"), r"file\(s\) claims\.jsonl named twice"),
    (MANIFEST.replace("P.md", "Q.md"), r"set a: no file 'Q\.md'"),
    (MANIFEST + "format: carebench-scorer-sets/1\n", r"sets\.yaml:8: \(top level\): key 'format'"),
    (MANIFEST.replace("name: a", 'name: "a\\tb"'), r"sets\.0\.name: got 'a\\tb'; expected a plain"),
]


@pytest.mark.parametrize(("manifest", "message"), MANIFESTS)
def test_a_bad_manifest_is_one_error_naming_the_line_and_field(
    tmp_path: Path, manifest: str, message: str
) -> None:
    with pytest.raises(CarebenchError, match=message):
        load_sets(_folder(tmp_path, manifest=manifest))


def test_a_manifest_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "sets.yaml").write_bytes(b"format: \xff\n")
    with pytest.raises(CarebenchError, match=r"sets\.yaml: not UTF-8 text \(byte 8\)"):
        load_sets(folder)


LINES = [
    ("{not json", r"claims\.jsonl:1: not JSON"),
    ("[" * 100_000, r"claims\.jsonl:1: not JSON \(nested too deeply\)"),
    ('{"format": "other/1"}', r"claims\.jsonl:1: format 'other/1'; expected"),
    (_claim(final=None), r"claims\.jsonl:1: final: got None; input should be 'supported'"),
    ({k: v for k, v in _claim().items() if k != "final"}, r"1: final: required field is missing"),
    (_claim(final="maybe"), r"claims\.jsonl:1: final: got 'maybe'"),
    (_claim(label_b="Supported"), r"claims\.jsonl:1: label_b: got 'Supported'"),
    (_claim(cited="N1"), r"claims\.jsonl:1: cited: got 'N1'; input should be a list"),
    (_claim(cited=[{"id": ""}]), r"claims\.jsonl:1: cited\.0\.id: got ''"),
    (_claim(text=7), r"claims\.jsonl:1: text: got 7; input should be a string"),
    (_claim(text="x" * 5000), r"claims\.jsonl:1: text: got 'xxx.*at most 4000 characters"),
    (_claim(episode_id="nope.s1.clean"), r"1: episode_id: 'nope\.s1\.clean' is not an episode"),
    ({"format": "carebench-scorer-labels/1"}, r"1: neither claim_id nor handoff_id"),
]


HANDOFFS = [
    (_handoff(lambda r: r.pop("final")), r"handoffs\.jsonl:1: final: required field is missing"),
    (_handoff(_relabel), r"handoffs\.jsonl:1: final\.urgency: got 'meh'; input should be"),
    (_handoff(lambda r: r.update(episode_id="x.s1.clean")), r"1: episode_id: 'x\.s1\.clean' is"),
    (
        _handoff(_add_field),
        r"the fields labelled differ from the form of .*: not on the form: 'bogus",
    ),
    (_handoff(_drop_field), r"the fields labelled differ from the form of .*: not labelled: "),
    (_handoff(lambda r: _drop_field(r, "labels_a")), r"1: labels_a and final label different"),
    (_handoff(lambda r: r.update(labels_b=[])), r"1: labels_b: got \[\]; input should be"),
]


@pytest.mark.parametrize(
    ("file", "line", "message"),
    [("claims.jsonl", *case) for case in LINES] + [("handoffs.jsonl", *case) for case in HANDOFFS],
)
def test_a_bad_labels_line_is_one_error_naming_file_line_and_field(
    tmp_path: Path, episodes: dict[str, Any], file: str, line: Any, message: str
) -> None:
    rows = {"claims": [line]} if file == "claims.jsonl" else {"handoffs": [line]}
    folder = _folder(tmp_path, **rows)
    with pytest.raises(CarebenchError, match=message):
        load_labels(file, folder, episodes)


def test_empty_files_repeated_ids_and_mixed_kinds_are_refused(tmp_path: Path) -> None:
    claim, handoff = _first("claims.jsonl"), _first("handoffs.jsonl")
    cases = [
        ([], r"claims\.jsonl: no labelled items"),
        (["", "  "], r"claims\.jsonl: no labelled items"),
        ([claim, claim], r"claims\.jsonl:2: claim_id 'C001' given twice \(first on line 1\)"),
        ([claim, handoff], r"claims\.jsonl:2: a handoff in a file whose line 1 is a claim"),
    ]
    for rows, message in cases:
        with pytest.raises(CarebenchError, match=message):
            load_labels("claims.jsonl", _folder(tmp_path, claims=rows))


def test_a_labels_file_that_is_not_utf8_names_the_byte(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "claims.jsonl").write_bytes(b'{"a": "\xff"}\n')
    with pytest.raises(CarebenchError, match=r"claims\.jsonl: not UTF-8 text \(byte 7\)"):
        load_labels("claims.jsonl", folder)


def test_a_claims_file_named_as_the_handoffs_file_is_refused(
    tmp_path: Path, episodes: dict[str, Any]
) -> None:
    claim, handoff = _first("claims.jsonl"), _first("handoffs.jsonl")
    folder = _folder(tmp_path, claims=[handoff], handoffs=[claim])
    (entry,) = load_sets(folder)
    with pytest.raises(CarebenchError, match=r"set a: claims\.jsonl holds handoffs; the manifest"):
        load_set(entry, folder, episodes)


def test_a_fabricated_citation_and_a_malformed_handoff_are_kept_as_data(
    tmp_path: Path, episodes: dict[str, Any]
) -> None:
    """An id the episode lacks is what a gaming agent cites; a broken handoff is scored invalid."""
    claim = _claim(cited=[{"id": "Z9", "text": "(no such evidence line)"}])
    handoff = _handoff(lambda r: r.update(handoff="see record"))
    folder = _folder(tmp_path, claims=[claim], handoffs=[handoff])
    (entry,) = load_sets(folder)
    claims, handoffs = load_set(entry, folder, episodes)
    assert claims == [claim] and handoffs == [handoff]
