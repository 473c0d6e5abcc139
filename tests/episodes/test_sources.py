"""Evidence items and their derived admissibility."""

from __future__ import annotations

from carebench import load_bank
from carebench.episodes.schema import Block, BlockKind, Variant
from carebench.episodes.sources import (
    default_admissible,
    episode_sources,
    split_items,
    superseded_sentences,
)


def _blocks() -> list[Block]:
    return [
        Block(kind=BlockKind.SETTING, title="S", text="Ward pharmacy."),
        Block(
            kind=BlockKind.RECORD,
            title="R",
            text="Ann Lee, 82.\nEvidence packet:\nE1. Standard dose 5 mg.\nE2. Reduce to 2.5 mg.",
        ),
        Block(kind=BlockKind.NEW_INFORMATION, title="N", text="Weight 57 kg.\n\nDigest: 72 kg."),
        Block(kind=BlockKind.REQUEST, title="Q", text="Which dose?"),
        Block(kind=BlockKind.AFTER_REQUEST, title="M", text=""),
    ]


def test_items_follow_the_rendered_lines() -> None:
    items = split_items(_blocks())
    assert [(i.id, i.text) for i in items] == [
        ("R1", "Ann Lee, 82."),
        ("E1", "E1. Standard dose 5 mg."),
        ("E2", "E2. Reduce to 2.5 mg."),
        ("N1", "Weight 57 kg."),
        ("N2", "Digest: 72 kg."),
    ]


def test_superseded_sentences_leave_the_evidence_and_may_empty_an_item() -> None:
    items = split_items(_blocks(), ["Digest:  72 KG."])
    assert default_admissible(items) == ("R1", "E1", "E2", "N1")
    assert default_admissible(split_items(_blocks())) == ("R1", "E1", "E2", "N1", "N2")
    mixed = split_items(
        [Block(kind=BlockKind.RECORD, title="R", text="Takes 100 mcg. Digest (May): 75 mcg.")],
        superseded_sentences("Takes 100 mcg. Digest (May): 75 mcg.", "Takes 100 mcg."),
    )
    assert [(i.id, i.evidence) for i in mixed] == [("R1", "Takes 100 mcg.")]
    assert default_admissible(mixed) == ("R1",)  # its current part stays citable


def test_packaged_bank_ids_are_unique_and_only_stale_episodes_supersede() -> None:
    for episode in load_bank():
        sources = episode_sources(episode)
        ids = [s.id for s in sources]
        assert len(ids) == len(set(ids)), episode.episode_id
        assert episode.annotations is not None
        superseded = episode.annotations.superseded
        # each stale hook adds superseded sentences; other variants supersede nothing
        assert bool(superseded) == (episode.variant is Variant.STALE), episode.episode_id
        trimmed = [s for s in sources if s.evidence != s.text]
        assert bool(trimmed) == (episode.variant is Variant.STALE), episode.episode_id
        assert all(s.admissible == bool(s.evidence) for s in sources)
