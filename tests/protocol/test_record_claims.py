"""Prohibited claims the record itself reads as making (a check for seed authors; session 34)."""

from __future__ import annotations

import re

from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Variant
from carebench.protocol.record_claims import record_claims


def test_the_packaged_bank_holds_only_the_three_claims_no_rewording_could_separate() -> None:
    """docs/protocol.md names them and why; a new one fails here (reword it, bank 2.6)."""
    found = record_claims(load_bank())
    assert {(f.seed_id, f.claim, f.source_id) for f in found} == {
        ("apixaban-dose-criteria", "5 mg twice daily is correct", "E1"),
        ("clarithromycin-simvastatin", "simvastatin can be continued with clarithromycin", "E1"),
        ("warfarin-high-inr", "continue warfarin 5 mg daily", "R1"),
    }
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
        clause
        for s in episode_sources(episode)
        if s.admissible and s.evidence
        for clause in re.split(r"(?<=[.;:!?])\s+", s.evidence)
    ]
    assert prohibited_made(clauses, episode.annotations.prohibited_claims)  # read, and skipped
