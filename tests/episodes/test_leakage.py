"""No single word or bigram predicts the variant (issue: the bank is not keyword-solvable)."""

from __future__ import annotations

from carebench import load_bank
from carebench.episodes.leakage import episode_tokens, leaking_markers, variant_markers
from carebench.episodes.schema import Variant


def test_no_token_marks_a_variant_in_the_bank() -> None:
    bank = load_bank()
    leaks = leaking_markers(bank, max_in=0.60, min_out=0.10)
    worst = [
        (m.variant.value, m.token, round(m.share_in, 2), round(m.share_out, 2))
        for m in variant_markers(bank)[:5]
    ]
    print("worst offenders:", worst)
    assert leaks == [], [(m.variant.value, m.token, m.share_in, m.share_out) for m in leaks]


def test_a_planted_marker_is_found() -> None:
    bank = load_bank()
    planted = []
    for episode in bank:
        if episode.variant is Variant.STALE:
            block = episode.transcript[2].model_copy(
                update={"text": episode.transcript[2].text + " zebra"}
            )
            transcript = (*episode.transcript[:2], block, *episode.transcript[3:])
            episode = episode.model_copy(update={"transcript": transcript})
        planted.append(episode)
    leaks = leaking_markers(planted)
    assert [(m.variant, m.token) for m in leaks][:1] == [(Variant.STALE, "zebra")]
    assert leaks[0].share_in == 1.0 and leaks[0].share_out == 0.0


def test_tokens_exclude_headers() -> None:
    episode = load_bank()[0]
    tokens = episode_tokens(episode)
    assert "earlier record" not in tokens
    assert "message received" not in tokens
