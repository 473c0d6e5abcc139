"""Calibration and selective prediction from stated confidence.

Conventions:
    * Only valid outputs have a confidence; callers pass valid rows only (invalid outputs are
      excluded from calibration, and their rate is reported separately).
    * ECE uses ``n_bins`` equal-width bins on [0, 1]; bin k holds confidences in [k/n, (k+1)/n),
      the last bin also holds 1.0. The edges are the floating-point quotients k/n and confidences
      are compared with them, so a stated confidence equal to k/n is in bin k.
      ECE = sum over bins of (n_b / N) * |accuracy_b - confidence_b|. Empty bins get weight 0 and
      are reported with n = 0 and NaN means. No rows: NaN.
    * Failure AUROC: the score (1 - confidence) ranks failures (incorrect decisions) above
      successes; ties count one half (the Mann-Whitney statistic, as scikit-learn's roc_auc_score).
      With only one class present it is NaN.
    * Risk-coverage: accept decisions in order of decreasing confidence; tied confidences are
      accepted together, so there is one point per distinct confidence (order within ties never
      matters). Coverage = accepted / N, risk = 1 - accuracy of the accepted. AURC is the step
      integral sum_k risk_k * (coverage_k - coverage_{k-1}) with coverage_0 = 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.stats import rankdata

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ReliabilityBin:
    """One bin of the reliability diagram."""

    lower: float
    upper: float
    n: int
    mean_confidence: float
    accuracy: float


def bin_edges(n_bins: int) -> FloatArray:
    """The n_bins + 1 edges k / n_bins, each the correctly rounded quotient (as Python's k/n)."""
    return np.arange(n_bins + 1, dtype=float) / n_bins


def bin_index(confidence: npt.ArrayLike, n_bins: int) -> npt.NDArray[np.int64]:
    """The ECE bin of each confidence: k with edge k <= confidence < edge k + 1 (1.0 in the last).

    The comparison is against the edges of :func:`bin_edges`, so a confidence written as k/n lands
    in bin k for every n. ``floor(confidence * n)`` does not: 0.58 * 50 = 28.999999999999996.
    """
    conf = np.asarray(confidence, dtype=float)
    index = np.searchsorted(bin_edges(n_bins), conf, side="right") - 1
    return np.clip(index, 0, n_bins - 1).astype(np.int64)


def reliability(
    confidence: npt.ArrayLike, correct: npt.ArrayLike, n_bins: int = 10
) -> list[ReliabilityBin]:
    """Per-bin counts, mean confidence and accuracy."""
    conf = np.asarray(confidence, dtype=float)
    ok = np.asarray(correct, dtype=float)
    idx = bin_index(conf, n_bins)
    edges = bin_edges(n_bins)
    counts = np.bincount(idx, minlength=n_bins)
    conf_sum = np.bincount(idx, weights=conf, minlength=n_bins)
    ok_sum = np.bincount(idx, weights=ok, minlength=n_bins)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_conf = conf_sum / counts
        acc = ok_sum / counts
    return [
        ReliabilityBin(
            float(edges[k]),
            float(edges[k + 1]),
            int(counts[k]),
            float(mean_conf[k]),
            float(acc[k]),
        )
        for k in range(n_bins)
    ]


def ece(confidence: npt.ArrayLike, correct: npt.ArrayLike, n_bins: int = 10) -> float:
    """Expected calibration error with equal-width bins (NaN without rows)."""
    bins = reliability(confidence, correct, n_bins)
    total = sum(b.n for b in bins)
    if total == 0:
        return float("nan")
    return float(sum(b.n / total * abs(b.accuracy - b.mean_confidence) for b in bins if b.n))


def failure_auroc(confidence: npt.ArrayLike, correct: npt.ArrayLike) -> float:
    """AUROC of (1 - confidence) for predicting an incorrect decision (NaN with one class)."""
    score = 1.0 - np.asarray(confidence, dtype=float)
    failed = ~np.asarray(correct, dtype=bool)
    n_pos, n_neg = int(failed.sum()), int((~failed).sum())
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    ranks = rankdata(score, method="average")
    return float((ranks[failed].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def mean_confidence_by_outcome(
    confidence: npt.ArrayLike, correct: npt.ArrayLike
) -> tuple[float, float]:
    """(mean confidence on correct, mean confidence on incorrect); NaN where a group is empty."""
    conf = np.asarray(confidence, dtype=float)
    ok = np.asarray(correct, dtype=bool)
    right = float(conf[ok].mean()) if ok.any() else float("nan")
    wrong = float(conf[~ok].mean()) if (~ok).any() else float("nan")
    return right, wrong


def risk_coverage(
    confidence: npt.ArrayLike, correct: npt.ArrayLike
) -> tuple[FloatArray, FloatArray]:
    """(coverage, risk) at each distinct confidence, from most to least confident."""
    conf = np.asarray(confidence, dtype=float)
    ok = np.asarray(correct, dtype=float)
    n = len(conf)
    if n == 0:
        return np.empty(0), np.empty(0)
    order = np.argsort(-conf, kind="stable")
    conf_sorted, ok_sorted = conf[order], ok[order]
    cum_ok = np.cumsum(ok_sorted)
    # last index of each group of equal confidence
    ends = np.flatnonzero(np.r_[conf_sorted[1:] != conf_sorted[:-1], True])
    accepted = ends + 1
    coverage = accepted / n
    risk = 1.0 - cum_ok[ends] / accepted
    return coverage, risk


def aurc(confidence: npt.ArrayLike, correct: npt.ArrayLike) -> float:
    """Area under the risk-coverage curve (step integral; NaN without rows)."""
    coverage, risk = risk_coverage(confidence, correct)
    if len(coverage) == 0:
        return float("nan")
    widths = np.diff(np.r_[0.0, coverage])
    return float(np.sum(risk * widths))
