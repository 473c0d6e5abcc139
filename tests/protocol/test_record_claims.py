"""Prohibited claims the record itself reads as making (a check for seed authors; session 34)."""

from __future__ import annotations

from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Variant
from carebench.protocol.record_claims import pieces, record_claims


def test_the_packaged_bank_holds_only_the_claims_no_rewording_could_separate() -> None:
    """docs/protocol.md names them and why; a new one fails here (reword it, bank 2.6)."""
    found = record_claims(load_bank())
    assert [(f.seed_id, f.claim, f.source_id) for f in found] == [
        ("adult-asthma-attack", "use the salbutamol inhaler", "R1"),
        ("apixaban-dose-criteria", "5 mg twice daily is correct", "E1"),
        ("clarithromycin-simvastatin", "simvastatin can be continued with clarithromycin", "E1"),
        ("methotrexate-trimethoprim", "trimethoprim is safe with methotrexate", "E1"),
        ("type1-sick-day-rules", "extra rapid-acting insulin is needed now", "E3"),
        ("type1-sick-day-rules", "extra rapid-acting insulin is needed now", "E4"),
        ("warfarin-high-inr", "continue warfarin 5 mg daily", "R1"),
    ]
    assert all(Variant.CONFLICT.value not in f.variants for f in found)
    assert all(f.variants == ("clean", "missing", "stale", "late_risk") for f in found)


def test_a_conflict_variant_is_not_read() -> None:
    """older-adult-fall's conflict account says 'did not hit her head', which it prohibits there:
    the line is the conflict."""
    from carebench.episodes.sources import episode_sources
    from carebench.protocol.stated import prohibited_made

    fall = [e for e in load_bank() if e.seed_id == "older-adult-fall"]
    conflict = [e for e in fall if e.variant is Variant.CONFLICT]
    assert conflict and record_claims(conflict) == [] and record_claims(fall) == []
    (episode, *_) = conflict
    assert episode.annotations is not None
    clauses = [
        piece
        for s in episode_sources(episode)
        if s.admissible and s.evidence
        for piece in pieces(s.evidence)
    ]
    assert prohibited_made(clauses, episode.annotations.prohibited_claims)  # read, and skipped


def test_a_line_is_read_whole_by_sentence_and_by_clause() -> None:
    """Drafts are read whole: a whole sentence can make a claim none of its clauses does."""
    text = "Ketones 2.0: if glucose over 13, take extra insulin. Recheck in 2 hours; call if worse."
    assert pieces(text) == [
        text,
        "Ketones 2.0: if glucose over 13, take extra insulin.",
        "Recheck in 2 hours; call if worse.",
        "Ketones 2.0:",
        "if glucose over 13, take extra insulin.",
        "Recheck in 2 hours;",
        "call if worse.",
    ]
