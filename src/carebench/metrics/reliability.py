"""Reliability across samples: all-k / any-k escalation, flip rate, majority vote, surface agreement.

A deployed agent answers the same call many times; one sample per episode hides how often it
changes its mind. These are pure functions over one episode's samples (or one seed x variant's two
surfaces); :mod:`carebench.report.reliability_section` aggregates them per run, task class and
variant with seed-bootstrap intervals.

Conventions (docs/methods.md, "Reliability across samples"):
    * A sample is one stored record (one repeat). An invalid or error sample counts as *not
      escalated* (as everywhere in carebench) and, for agreement, as its own category ``invalid``.
    * all-k (tau-bench's pass^k) of an episode with n >= k samples, c of which escalate, is the
      unbiased estimate C(c, k) / C(n, k) of the probability that k samples drawn without
      replacement all escalate; any-k (pass@k) is 1 - C(n - c, k) / C(n, k). With k = n they are
      the indicators "every sample escalates" and "some sample escalates"; with k = 1 both are
      c / n, the single-sample rate. An episode with fewer than k samples (an unfinished run) is
      left out of all-k and any-k and counted.
    * Flip: an episode with at least two samples whose sample categories (actions, or invalid) are
      not all the same. Episodes with one sample are left out of the flip rate and counted.
    * Majority vote: the category with most samples; ``invalid`` is a category and can win. Ties
      go to the tied category of the earliest sample (lowest repeat index), which favours no
      action over another. A majority ``invalid`` is incorrect and not escalated.
    * Surface agreement: the two surfaces of one seed x variant get the same category, compared
      repeat by repeat (repeat r of surface 1 with repeat r of surface 2); a repeat index present
      on one surface only is left out. It needs no repeats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import comb

INVALID = "invalid"

__all__ = ["INVALID", "all_k", "any_k", "flipped", "majority", "surface_agree"]


def _check(n: int, c: int, k: int) -> None:
    if not (0 <= c <= n) or k < 1:
        raise ValueError(f"need 0 <= c <= n and k >= 1, got n={n}, c={c}, k={k}")


def all_k(n: int, c: int, k: int) -> float:
    """C(c, k) / C(n, k): estimated chance that k of the n samples all escalate (NaN if n < k)."""
    _check(n, c, k)
    return comb(c, k) / comb(n, k) if n >= k else float("nan")


def any_k(n: int, c: int, k: int) -> float:
    """1 - C(n - c, k) / C(n, k): estimated chance that some of k samples escalates (NaN if n < k)."""
    _check(n, c, k)
    return 1.0 - comb(n - c, k) / comb(n, k) if n >= k else float("nan")


def flipped(categories: Sequence[str]) -> bool | None:
    """True iff the samples disagree; None with fewer than two samples."""
    if len(categories) < 2:
        return None
    return len(set(categories)) > 1


def majority(categories: Sequence[str]) -> str:
    """The majority category of samples in repeat order; ties go to the earliest tied sample.

    Raises:
        ValueError: no samples.
    """
    if not categories:
        raise ValueError("majority of no samples")
    counts = Counter(categories)
    top = max(counts.values())
    return next(c for c in categories if counts[c] == top)


def surface_agree(first: dict[int, str], second: dict[int, str]) -> tuple[int, int]:
    """(agreeing pairs, pairs) of two surfaces' categories keyed by repeat index."""
    common = sorted(set(first) & set(second))
    return sum(first[r] == second[r] for r in common), len(common)
