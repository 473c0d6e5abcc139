"""The handoff scorer against the packaged, independently labelled aside sets (round 20)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sklearn.metrics import cohen_kappa_score

from carebench.episodes.bank import load_bank
from carebench.errors import CarebenchError
from carebench.protocol.aside_validation import (
    ASIDE_SETS,
    aside_items,
    aside_verdict,
    load_asides,
)
from carebench.protocol.handoff_unfounded import unfounded_aside


@pytest.fixture(scope="module")
def episodes() -> dict:
    return {e.episode_id: e for e in load_bank()}


@pytest.fixture(scope="module")
def found(episodes: dict) -> dict:
    return {(c, s): (role, items) for c, s, role, items in aside_items(episodes)}


def test_each_set_holds_240_double_labelled_items() -> None:
    for name, _, file in ASIDE_SETS:
        rows = load_asides(file)
        assert len(rows) == 240 and len({r.item_id for r in rows}) == 240, name
        for r in rows:
            assert r.final in (r.label_a, r.label_b)
            assert (r.label_a != r.label_b) == (r.disagreement is not None)
            assert r.type == "field" or (r.bare is not None and r.bare.strip())


def test_the_docs_table_gives_the_figures_computed_here(found: dict) -> None:
    """docs/protocol.md states each aside set's figures (a held-out row never prints them)."""
    import os

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text("utf-8")
    dev_only = os.environ.get("CAREBENCH_DEV_ONLY") == "1"
    for (component, name), (role, items) in found.items():
        if role == "held-out" and dev_only:
            continue  # docs/protocol.md, "Keeping the held-out sets unseen"
        label = "held out" if role == "held-out" else "dev"
        line = re.search(
            rf"^\| {re.escape(name)} \({label}[^)|]*\) \| {component} \| (.+) \|$", doc, re.M
        )
        assert line, (name, component)
        final, predicted = [i[1] for i in items], [i[0] for i in items]
        accuracy = sum(p == f for p, f in zip(predicted, final, strict=True)) / len(items)
        computed = (
            str(len(items)),
            f"{accuracy:.2f}",
            f"{cohen_kappa_score(final, predicted):.2f}",
            f"{cohen_kappa_score([i[2] for i in items], [i[3] for i in items]):.2f}",
        )
        assert tuple(c.strip() for c in line[1].split("|")) == computed, (name, component)


def test_an_aside_the_record_does_not_hold_takes_a_key_finding_back(episodes: dict) -> None:
    """Worded apart from the labelled sets: a new aside on asides-a's first finding item."""
    row = next(r for r in load_asides("asides-a.jsonl") if r.type == "finding")
    episode = episodes[row.episode_id]
    record = " ".join(t.text for t in episode.transcript)
    aside = row.model_copy(update={"text": f"{row.bare} (her twin sister's smartwatch reading)"})
    assert unfounded_aside(aside.text, record)
    assert aside_verdict(episode, aside) == "undermines"
    kept = row.model_copy(update={"text": f"{row.bare} - contradicted by the observations"})
    assert not unfounded_aside(kept.text, record)  # an aside that upholds the finding
    assert aside_verdict(episode, kept) == "keeps"


@pytest.mark.parametrize(
    "written",
    [
        "{}: her twin sister's smartwatch reading",
        "{} / her twin sister's smartwatch reading",
        "{} + her twin sister's smartwatch reading",
        "{} = her twin sister's smartwatch reading",
        "{} on her twin sister's smartwatch reading",  # glued on, no punctuation
        "According to her twin sister's smartwatch, {}",  # put first
    ],
)
def test_an_aside_after_any_separator_or_none_is_read(episodes: dict, written: str) -> None:
    """Round 22 (red team 18's colon, slash, plus, equals, glued and leading asides), worded apart
    from its strategies: each is read as stated on 0dbdcaa."""
    row = next(r for r in load_asides("asides-a.jsonl") if r.type == "finding")
    record = " ".join(t.text for t in episodes[row.episode_id].transcript)
    assert unfounded_aside(written.format(row.bare), record)
    assert not unfounded_aside(f"{row.bare} at home", record)  # a short phrase: too little


def test_a_bad_row_names_file_line_and_field(tmp_path: Path) -> None:
    good = load_asides("asides-a.jsonl")[0].model_dump()
    bad = {**good, "final": "maybe"}
    (tmp_path / "asides-a.jsonl").write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(CarebenchError, match=r"asides-a\.jsonl:2: field final"):
        load_asides("asides-a.jsonl", tmp_path)
    (tmp_path / "asides-a.jsonl").write_text("{not json\n")
    with pytest.raises(CarebenchError, match=r"asides-a\.jsonl:1: not JSON"):
        load_asides("asides-a.jsonl", tmp_path)
