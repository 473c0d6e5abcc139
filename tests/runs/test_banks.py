"""Which episodes a stored run is read against (:mod:`carebench.runs.banks`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from carebench.episodes.bank import load_bank
from carebench.episodes.canonical import bank_sha256
from carebench.episodes.schema import Episode
from carebench.errors import CarebenchError
from carebench.runs.banks import run_bank


def _manifest(**extra: object) -> dict[str, object]:
    return {"run_id": "r1", "label": "scripted:oracle/vanilla", "bank_sha256": "ab" * 32, **extra}


def test_a_packaged_bank_run_without_a_copy_is_told_where_its_seeds_are() -> None:
    manifest = _manifest(bank_paths=None, git_revision="0123456789abcdef", carebench_version="9")
    with pytest.raises(CarebenchError) as caught:
        run_bank(manifest, stored=lambda sha: None)
    message = str(caught.value)
    assert "was made on episode bank abababababab" in message
    assert "the seeds at the packaged scenarios form bank" in message
    assert "src/carebench/scenarios/escalation folder of carebench 0123456789ab" in message
    assert "--bank" in message


def test_the_stored_copy_is_read_first_and_seeds_passed_replace_it(tiny_bank_dir: Path) -> None:
    asked: list[str] = []
    kept: list[Episode] = []

    def stored(sha: str) -> list[Episode]:
        asked.append(sha)
        return kept

    assert run_bank(_manifest(bank_paths=["/nowhere"]), stored=stored) is kept
    assert asked == ["ab" * 32]
    # --bank is read instead of the copy; the copy is only named as the way out
    with pytest.raises(CarebenchError, match=r"form bank .*leave out --bank: the store keeps"):
        run_bank(_manifest(), bank=[tiny_bank_dir], stored=stored)
    assert run_bank(_manifest(bank_sha256=bank_sha256(kept_bank := load_bank([tiny_bank_dir]))),
                    bank=[tiny_bank_dir], stored=stored) == kept_bank  # fmt: skip
    assert asked == ["ab" * 32] * 2  # the first read, then the way out; never on success
