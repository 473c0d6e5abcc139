"""The content-addressed cache of derived report data (carebench.derived)."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from carebench import derived
from carebench.derived import cached_json, fingerprint, frame_digest, key


def _counting(value: object) -> tuple[list[int], object]:
    calls: list[int] = []

    def compute() -> object:
        calls.append(1)
        return value

    return calls, compute


def test_a_miss_computes_and_a_hit_reads_the_same_json_data(tmp_path: Path) -> None:
    value = {"estimate": float("nan"), "ci": (0.25, 0.75), "n": 3}
    calls, compute = _counting(value)
    entry = key("report", "part", 1)
    first = cached_json(tmp_path, "kind", entry, compute)
    second = cached_json(tmp_path, "kind", entry, compute)
    assert len(calls) == 1
    assert (tmp_path / f"kind-{entry}.json").is_file()
    for got in (first, second):  # a miss goes through JSON too: the tuple is a list on both
        assert isinstance(got, dict)
        assert got["ci"] == [0.25, 0.75] and got["n"] == 3 and math.isnan(got["estimate"])


def test_without_a_folder_every_call_computes(tmp_path: Path) -> None:
    calls, compute = _counting([1, 2])
    assert cached_json(None, "kind", key("report"), compute) == [1, 2]
    assert cached_json(None, "kind", key("report"), compute) == [1, 2]
    assert len(calls) == 2


def test_the_key_follows_every_part_the_layer_and_the_code() -> None:
    base = key("report", "runs", {"b": 10, "a": [1, 2]}, b"\x00rows")
    assert base == key("report", "runs", {"a": [1, 2], "b": 10}, b"\x00rows")  # key order
    assert base != key("report", "runs", {"a": [1, 2], "b": 11}, b"\x00rows")
    assert base != key("report", "runs", {"a": [1, 2], "b": 10}, b"\x00rowz")
    assert base != key("controller", "runs", {"a": [1, 2], "b": 10}, b"\x00rows")
    # the report layer's code includes the controller's, and more
    assert fingerprint("report") != fingerprint("controller")


def test_a_code_change_changes_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    before = key("controller", "x")
    monkeypatch.setattr(derived, "fingerprint", lambda layer: b"other code")
    assert key("controller", "x") != before


def test_an_unreadable_entry_is_recomputed_and_rewritten(tmp_path: Path) -> None:
    entry = key("report", "broken")
    path = tmp_path / f"kind-{entry}.json"
    path.write_text("{not json", "utf-8")
    calls, compute = _counting({"ok": True})
    assert cached_json(tmp_path, "kind", entry, compute) == {"ok": True}
    assert len(calls) == 1
    assert cached_json(tmp_path, "kind", entry, compute) == {"ok": True}
    assert len(calls) == 1


def test_a_folder_that_cannot_be_written_only_loses_the_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", "utf-8")
    calls, compute = _counting(7)
    assert cached_json(blocker / "cache", "kind", key("report"), compute) == 7
    assert cached_json(blocker / "cache", "kind", key("report"), compute) == 7
    assert len(calls) == 2


def test_each_kind_keeps_its_most_recent_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(derived, "KEEP", 2)
    for i in range(4):
        cached_json(tmp_path, "a", key("report", i), lambda i=i: i)
    cached_json(tmp_path, "b", key("report", "other"), lambda: 0)
    assert len(list(tmp_path.glob("a-*.json"))) == 2
    assert len(list(tmp_path.glob("b-*.json"))) == 1
    assert not list(tmp_path.glob("*.tmp"))


def test_frame_digest_covers_values_order_columns_and_dtypes() -> None:
    frame = pd.DataFrame({"x": [1, 2], "y": ["a", "b"]})
    digest = frame_digest(frame)
    assert digest == frame_digest(frame.set_axis([5, 6]))  # the index is ignored
    assert digest != frame_digest(frame.iloc[::-1])
    assert digest != frame_digest(frame.assign(y=["a", "c"]))
    assert digest != frame_digest(frame.rename(columns={"y": "z"}))
    assert digest != frame_digest(frame.astype({"x": float}))
