"""A treatment stated as current that the cited lines say was stopped (moved from support.py)."""

from __future__ import annotations

from carebench.episodes.claimtext import analyze
from carebench.episodes.former import resumed

LINE = "Naproxen 500 mg twice daily, started for a sprain, was stopped 2 months ago."


def test_a_stopped_treatment_stated_as_current_is_resumed() -> None:
    claim = "Takes naproxen 500 mg twice daily"
    assert resumed(analyze(claim), claim, LINE)


def test_a_claim_that_places_it_in_the_past_is_not() -> None:
    claim = "Naproxen was stopped 2 months ago"
    assert not resumed(analyze(claim), claim, LINE)
    switched = "Switched from desogestrel 18 months ago to the combined pill."
    assert resumed(analyze("Currently on desogestrel"), "Currently on desogestrel", switched)
