"""Evidence items and their derived admissibility."""

from __future__ import annotations

from carebench import load_bank
from carebench.episodes.schema import Block, BlockKind, Variant
from carebench.protocol.sources import default_admissible, episode_sources, split_items


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


def test_superseded_text_makes_its_item_inadmissible() -> None:
    items = split_items(_blocks())
    assert default_admissible(items, ["Digest:  72 KG."]) == ("R1", "E1", "E2", "N1")
    assert default_admissible(items) == ("R1", "E1", "E2", "N1", "N2")


def test_packaged_bank_ids_are_unique_and_only_stale_items_are_inadmissible() -> None:
    for episode in load_bank():
        sources = episode_sources(episode)
        ids = [s.id for s in sources]
        assert len(ids) == len(set(ids)), episode.episode_id
        inadmissible = [s for s in sources if not s.admissible]
        # each stale hook replaces one slot, which the derivation finds in exactly one item
        assert len(inadmissible) == (episode.variant is Variant.STALE), episode.episode_id
