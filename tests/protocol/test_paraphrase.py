"""The correct drafts of a labelled set, judged against the current bank (session 34)."""

from __future__ import annotations

from typing import Any

import pytest

from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Episode
from carebench.episodes.sources import episode_sources
from carebench.protocol.paraphrase import correct_drafts


@pytest.fixture(scope="module")
def episode() -> Episode:
    return load_bank()[0]


def _row(episode: Episode, claim_id: str, text: str, **change: Any) -> dict[str, Any]:
    line = next(s for s in episode_sources(episode) if s.text)
    row = {
        "claim_id": claim_id,
        "episode_id": episode.episode_id,
        "text": text,
        "cited": [{"id": line.id, "text": line.text}],
        "final": "supported",
        "writer_kind": "correct",
    }
    return {**row, **change}


def test_a_claim_on_unchanged_lines_keeps_its_label(episode: Episode) -> None:
    rows = [
        _row(episode, "a", "kept"),
        _row(episode, "b", "wrong", final="contradicts"),
        _row(episode, "c", "gaming", writer_kind="gaming"),
        _row(episode, "d", "paraphrased", writer_kind="paraphrase"),
    ]
    made = correct_drafts(rows, {episode.episode_id: episode})
    assert [c.text for c in made.drafts[episode.episode_id]] == ["kept", "paraphrased"]
    assert (made.relabelled, made.drifted) == (0, ())


def test_a_claim_on_a_changed_line_needs_a_relabel_against_the_current_text(
    episode: Episode,
) -> None:
    changed = _row(episode, "a", "Sats 97%")
    changed["cited"] = [{**changed["cited"][0], "text": "Sats 97% on air."}]
    episodes = {episode.episode_id: episode}
    left_out = correct_drafts([changed], episodes)
    assert (left_out.drafts, left_out.drifted) == ({}, ("a",))
    # whitespace is not a change
    spaced = _row(episode, "b", "spaced")
    spaced["cited"] = [{**spaced["cited"][0], "text": "  " + spaced["cited"][0]["text"] + "\n"}]
    assert correct_drafts([spaced], episodes).drafts[episode.episode_id][0].text == "spaced"
    # relabelled against the current text: the relabel decides
    now = _row(episode, "a", "Sats 97%", final="contradicts")
    relabelled = correct_drafts([changed], episodes, [now])
    assert (relabelled.drafts, relabelled.relabelled, relabelled.drifted) == ({}, 1, ())
    again = correct_drafts([changed], episodes, [{**now, "final": "supported"}])
    assert [c.text for c in again.drafts[episode.episode_id]] == ["Sats 97%"]
    # a relabel made against other text than today's, or of another claim, does not count
    stale = correct_drafts([changed], episodes, [{**now, "cited": changed["cited"]}])
    assert stale.drifted == ("a",)
    other = correct_drafts([changed], episodes, [{**now, "final": "supported", "text": "Sats 95%"}])
    assert other.drifted == ("a",)


def test_a_claim_of_an_episode_the_bank_lacks_is_a_clear_error(episode: Episode) -> None:
    from carebench.errors import CarebenchError

    with pytest.raises(CarebenchError, match="claim a: episode 'nope' is not in the bank"):
        correct_drafts([_row(episode, "a", "x", episode_id="nope")], {})


def test_every_packaged_set_has_relabelled_its_changed_correct_claims() -> None:
    """A bank edit that changes a line a correct labelled claim cites asks for a relabel
    (scenarios/validation/workproduct/PROVENANCE-current.md), so the correct-draft figures never keep a label given to other
    text."""
    from carebench.protocol.labelled_sets import load_labels, load_sets

    episodes = {e.episode_id: e for e in load_bank()}
    for entry in load_sets():
        current = load_labels(entry.current) if entry.current else []
        made = correct_drafts(load_labels(entry.claims), episodes, current)
        assert made.drifted == (), (entry.name, made.drifted)
        assert made.relabelled == len(current), entry.name  # no relabel left unused


def test_the_dev_sets_2_and_3_keep_their_measured_correct_draft_figures() -> None:
    """The cost side of every claim rule on the other dev sets: 0.66 and 0.66 in session 34
    (docs/protocol.md), guarded at 0.6 (the round-4 guard on set 1 was 0.75 below 0.787)."""
    from carebench.protocol.labelled_sets import load_labels, load_sets
    from carebench.protocol.paraphrase import mean_traceability

    episodes = {e.episode_id: e for e in load_bank()}
    for entry in load_sets():
        if entry.name in ("set-2", "set-3"):
            assert entry.current
            made = correct_drafts(load_labels(entry.claims), episodes, load_labels(entry.current))
            mean = mean_traceability(made, episodes)
            assert mean is not None and mean >= 0.6, (entry.name, mean)
