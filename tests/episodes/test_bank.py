"""The packaged bank: composition, determinism, pairing and rendering."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from carebench import load_bank, render_transcript
from carebench.episodes.bank import find_episode, manifest, validate_paths, write_bank
from carebench.episodes.canonical import episodes_bytes
from carebench.episodes.render import strip_headers
from carebench.episodes.schema import BLOCK_ORDER, Action, Split, TaskClass, Variant
from carebench.errors import BankValidationError, CarebenchError


@pytest.fixture(scope="module")
def bank() -> list:
    return load_bank()


def test_packaged_bank_validates() -> None:
    """Paper 000: 40 seeds, 10 per task class, 2 per class in dev and 8 in test."""
    seeds, issues = validate_paths()
    assert issues == []
    assert len(seeds) == 40 and len({s.id for s in seeds}) == 40
    assert Counter(s.task_class for s in seeds) == {t: 10 for t in TaskClass}
    assert Counter((s.task_class, s.split) for s in seeds) == {
        (t, split): n for t in TaskClass for split, n in ((Split.DEV, 2), (Split.TEST, 8))
    }


def test_dev_split_composition(bank: list) -> None:
    dev = [e for e in bank if e.split is Split.DEV]
    assert len(dev) == 80
    for task_class in TaskClass:
        in_class = [e for e in dev if e.task_class is task_class]
        assert len(in_class) == 20
        assert len({e.seed_id for e in in_class}) == 2
    # paper 000: 130 of 400 escalation-required, 100 in test, hence 30 in dev
    assert sum(e.escalation_required for e in dev) == 30


def test_every_seed_has_two_surfaces_and_five_variants(bank: list) -> None:
    by_seed: dict[str, set[tuple[str, Variant]]] = {}
    for episode in bank:
        by_seed.setdefault(episode.seed_id, set()).add((episode.surface, episode.variant))
    for combos in by_seed.values():
        assert len(combos) == 10
        assert {v for _, v in combos} == set(Variant)


def test_late_risk_is_always_escalation_required(bank: list) -> None:
    assert all(e.escalation_required for e in bank if e.variant is Variant.LATE_RISK)


def test_variants_differ_from_clean_in_exactly_one_block(bank: list) -> None:
    clean = {(e.seed_id, e.surface): e for e in bank if e.variant is Variant.CLEAN}
    for episode in bank:
        if episode.variant is Variant.CLEAN:
            continue
        base = clean[(episode.seed_id, episode.surface)]
        changed = [
            kind
            for kind, a, b in zip(BLOCK_ORDER, base.transcript, episode.transcript, strict=True)
            if a.text != b.text
        ]
        assert len(changed) == 1, (episode.episode_id, changed)
        if episode.variant is Variant.LATE_RISK:
            assert changed == ["after_request"]
        assert [b.title for b in base.transcript] == [b.title for b in episode.transcript]


def test_surfaces_share_labels_but_not_text(bank: list) -> None:
    by_key = {(e.seed_id, e.variant, e.surface): e for e in bank}
    for (seed_id, variant, surface), episode in by_key.items():
        other = [
            e for (s, v, o), e in by_key.items() if s == seed_id and v == variant and o != surface
        ]
        assert len(other) == 1
        assert other[0].reference == episode.reference
        assert render_transcript(other[0]) != render_transcript(episode)


def test_build_is_byte_identical(tmp_path: Path, bank: list) -> None:
    first = write_bank(load_bank(), tmp_path / "one")
    second = write_bank(load_bank(), tmp_path / "two")
    assert first.episodes_path.read_bytes() == second.episodes_path.read_bytes()
    assert first.manifest_path.read_bytes() == second.manifest_path.read_bytes()
    digest = hashlib.sha256(first.episodes_path.read_bytes()).hexdigest()
    assert first.manifest["episodes_sha256"] == digest
    assert json.loads(first.manifest_path.read_text())["episodes_sha256"] == digest


def test_jsonl_round_trips(tmp_path: Path, bank: list) -> None:
    from carebench.episodes.schema import Episode

    result = write_bank(bank, tmp_path)
    lines = result.episodes_path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(bank)
    assert [Episode.model_validate_json(line) for line in lines] == bank


def test_manifest_counts(bank: list) -> None:
    meta = manifest(bank)
    assert meta["n_episodes"] == len(bank)
    assert sum(meta["by_primary_action"].values()) == len(bank)
    assert meta["by_primary_action"][Action.ESCALATE.value] == meta["escalation_required"]["all"]
    assert meta["by_variant"] == {v.value: len(bank) // 5 for v in Variant}


def test_split_filter(bank: list) -> None:
    assert load_bank(split="dev") == [e for e in bank if e.split is Split.DEV]


def test_load_bank_raises_with_every_issue(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("format: carebench-seed/2\nid: Bad Id\n")
    with pytest.raises(BankValidationError) as info:
        load_bank([tmp_path])
    assert len(info.value.issues) > 1
    assert "bad.yaml" in str(info.value)


def test_rendering_has_only_headers_and_text(bank: list) -> None:
    episode = bank[0]
    text = render_transcript(episode)
    for block in episode.transcript:
        assert f"## {block.title}\n\n{block.text}" in text
    stripped = strip_headers(text)
    assert "## " not in stripped
    assert all(block.text in stripped for block in episode.transcript)


def test_agent_text_never_names_the_variant(bank: list) -> None:
    for episode in bank:
        text = render_transcript(episode).lower()
        for word in ("late_risk", "late-risk", "stale", "conflict", "variant", "escalat"):
            assert word not in text, (episode.episode_id, word)


def test_episodes_bytes_is_utf8_jsonl(bank: list) -> None:
    data = episodes_bytes(bank)
    assert data.endswith(b"\n") and b"\r" not in data
    assert data.count(b"\n") == len(bank)


def test_episode_composition_counted_from_the_bank(bank: list) -> None:
    """Paper 000's composition, counted from the episodes themselves (not from the manifest)."""
    assert len(bank) == 400 and len({e.episode_id for e in bank}) == 400
    assert len({e.seed_id for e in bank}) == 40
    assert Counter(e.split for e in bank) == {Split.DEV: 80, Split.TEST: 320}
    assert Counter(e.task_class for e in bank) == {t: 100 for t in TaskClass}
    escalate = [e for e in bank if e.reference.primary is Action.ESCALATE]
    assert len(escalate) == 130
    assert Counter(e.split for e in escalate) == {Split.DEV: 30, Split.TEST: 100}
    assert all(e.escalation_required == (e.reference.primary is Action.ESCALATE) for e in bank)


def test_full_bank_composition_matches_paper_000(bank: list) -> None:
    meta = manifest(bank)
    assert meta["n_seeds"] == 40
    assert meta["n_episodes"] == 400
    assert meta["by_task_class"] == {t.value: 100 for t in TaskClass}
    assert meta["by_split"] == {"dev": 80, "test": 320}
    assert meta["escalation_required"] == {"all": 130, "dev": 30, "test": 100}
    for task_class in TaskClass:
        test_seeds = {
            e.seed_id for e in bank if e.task_class is task_class and e.split is Split.TEST
        }
        assert len(test_seeds) == 8


def test_named_situations_of_paper_000_are_present(bank: list) -> None:
    seeds = {e.seed_id for e in bank}
    for seed_id in (
        "warfarin-high-inr",
        "clarithromycin-simvastatin",
        "post-op-wound",
        "exertional-chest-pain",
        "levothyroxine-refill",
        "potassium-repletion-hemolysed",
        "behavioural-health-followup-note",
    ):
        assert seed_id in seeds
    chest = [e for e in bank if e.seed_id == "exertional-chest-pain" and e.surface == "s1"]
    assert "58" in render_transcript(chest[0])
    potassium = next(
        e
        for e in bank
        if e.seed_id == "potassium-repletion-hemolysed" and e.variant is Variant.CONFLICT
    )
    text = render_transcript(potassium)
    assert "5.9" in text and "hemolyzed?" in text and "3.1" in text


def test_every_seed_has_annotation_units(bank: list) -> None:
    for episode in bank:
        assert episode.annotations is not None, episode.episode_id
        assert episode.annotations.handoff_fields
        assert episode.annotations.admissible_sources


def test_evidence_retrieval_seeds_carry_numbered_evidence(bank: list) -> None:
    for episode in bank:
        if episode.task_class is TaskClass.EVIDENCE_RETRIEVAL:
            assert "E1." in render_transcript(episode) and "E2." in render_transcript(episode)


def test_load_bank_takes_one_path_as_a_string_or_a_path_or_a_list(tmp_path: Path) -> None:
    from tests.conftest import write_custom_bank

    folder = write_custom_bank(tmp_path / "my bank")
    expected = load_bank([folder])
    assert len(expected) == 20
    assert load_bank(str(folder)) == expected  # a str is one path, not a list of letters
    assert load_bank(folder) == expected
    assert load_bank([str(folder / "custom-dev.yaml"), folder / "custom-test.yaml"]) == expected


@pytest.mark.parametrize(
    ("asked", "suggested"),
    [
        ("nosuch.s1.clean", None),  # an unknown seed: no unrelated id that shares the suffix
        ("post-op-wnd.s1.clean", "post-op-wound.s1.clean"),
        ("POST-OP-WOUND.s1.clean", "post-op-wound.s1.clean"),
        ("post-op-wound.s1.late-risk", "post-op-wound.s1.late_risk"),
    ],
)
def test_an_unknown_episode_id_suggests_ids_of_its_seed_only(
    asked: str, suggested: str | None
) -> None:
    with pytest.raises(CarebenchError) as raised:
        find_episode(load_bank(), asked)
    message = str(raised.value)
    if suggested is None:
        assert "did you mean" not in message and "<seed>.<surface>.<variant>" in message
    else:
        assert f"did you mean {suggested}," in message
