from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from carebench.interruptions.truncation import check_prefix, cut_points, nearest_cut

WORDS = st.lists(st.text(alphabet="abcXY,.?'", min_size=1, max_size=6), min_size=1, max_size=12)


@given(WORDS, st.lists(st.sampled_from([" ", "  ", "\n"]), min_size=12, max_size=12))
def test_every_cut_is_an_exact_word_boundary_prefix(words: list[str], gaps: list[str]) -> None:
    utterance = "".join(w + g for w, g in zip(words, gaps, strict=False)).rstrip()
    for k in cut_points(utterance):
        kept = utterance[:k]
        assert utterance.startswith(kept) and kept and not kept[-1].isspace()
        assert utterance[k].isspace() and utterance[k:].strip()
        assert check_prefix(utterance, kept) is None


@given(WORDS, st.integers(0, 200))
def test_check_prefix_accepts_only_word_boundary_prefixes(words: list[str], k: int) -> None:
    utterance = " ".join(words)
    kept = utterance[:k].strip()  # proposals are compared after stripping surrounding whitespace
    ok = check_prefix(utterance, utterance[:k]) is None
    n = len(kept)
    expected = bool(kept) and n < len(utterance) and utterance[n] == " "
    assert ok == expected


def test_rejections_name_the_problem() -> None:
    u = "Have you noticed any redness in the eye?"
    assert check_prefix(u, "Have you noticed") is None
    assert "exact prefix" in (check_prefix(u, "Did you notice") or "")
    assert "word boundary" in (check_prefix(u, "Have you noti") or "")
    assert "whole utterance" in (check_prefix(u, u) or "")
    assert "empty" in (check_prefix(u, "  ") or "")
    assert "sub-unit" in (check_prefix(u, "Have you noticed", subunit=True) or "")
    assert check_prefix("Yes, it is normal. Call us.", "Yes, it is normal.", subunit=True) is None
    assert nearest_cut(u, 20) == len("Have you noticed any")


def test_transitional_cuts_end_sentences_not_commas() -> None:
    from carebench.interruptions.truncation import check_prefix

    text = "Yes, that is common. It settles."
    assert check_prefix(text, "Yes,", subunit=True) is not None
    assert check_prefix(text, "Yes, that is common.", subunit=True) is None
