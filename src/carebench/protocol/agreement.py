"""Inter-annotator agreement: Cohen's kappa and Krippendorff's alpha (nominal), pure functions.

Conventions:

* Both coefficients are over *paired ratings*: one pair per rated item, both raters present.
* Cohen's kappa is scikit-learn's ``cohen_kappa_score`` (unweighted). When both raters use a single
  label over all items, kappa is undefined: the result is NaN (reported, never raised).
* Krippendorff's alpha is computed here from the coincidence matrix (Krippendorff 2011, nominal
  metric): ``alpha = 1 - (n - 1) * D / E`` where ``D`` is the number of off-diagonal coincidences
  and ``E = sum_{c != k} n_c * n_k``. Units with fewer than two values are not pairable and are
  dropped. When only one value occurs (``E == 0``) alpha is NaN. The tests check it against the
  ``krippendorff`` package.
* Empty input gives NaN for both coefficients and for percent agreement.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass


def krippendorff_alpha_nominal(data: Sequence[Sequence[Hashable | None]]) -> float:
    """Krippendorff's alpha for nominal data.

    Args:
        data: reliability data, one row per coder, one column per unit; ``None`` is a missing value.
            Every row must have the same length.

    Returns:
        Alpha in [-1, 1], or NaN when fewer than two pairable values or a single value occurs.
    """
    if not data:
        return math.nan
    width = len(data[0])
    if any(len(row) != width for row in data):
        raise ValueError("every coder's row must rate the same number of units")
    coincidences: defaultdict[tuple[Hashable, Hashable], float] = defaultdict(float)
    for u in range(width):
        values = [row[u] for row in data if row[u] is not None]
        m = len(values)
        if m < 2:
            continue
        counts = Counter(values)
        for c, n_c in counts.items():
            for k, n_k in counts.items():
                pairs = n_c * (n_k - 1) if c == k else n_c * n_k
                if pairs:
                    coincidences[(c, k)] += pairs / (m - 1)
    marginals: defaultdict[Hashable, float] = defaultdict(float)
    for (c, _), o in coincidences.items():
        marginals[c] += o
    n = sum(marginals.values())
    if n < 2:
        return math.nan
    disagree = sum(o for (c, k), o in coincidences.items() if c != k)
    expected = sum(marginals[c] * marginals[k] for c in marginals for k in marginals if c != k)
    if expected == 0:
        return math.nan
    return 1.0 - (n - 1) * disagree / expected


def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    """Cohen's kappa of two raters' paired labels (NaN when empty or a single label is used)."""
    if len(a) != len(b):
        raise ValueError(f"paired ratings differ in length: {len(a)} and {len(b)}")
    if not a or len(set(a) | set(b)) < 2:
        return math.nan
    from sklearn.metrics import cohen_kappa_score

    codes = {label: i for i, label in enumerate(sorted(set(a) | set(b), key=repr))}
    return float(cohen_kappa_score([codes[x] for x in a], [codes[x] for x in b]))


@dataclass(frozen=True)
class PairedAgreement:
    """Agreement of two raters over paired ratings of one unit type.

    Attributes:
        units: annotation units (seed x variant) that contributed ratings.
        ratings: paired ratings (one per unit for categorical unit types, one per candidate item
            for list unit types).
        percent: share of pairs that agree (NaN when there are none).
        kappa: Cohen's kappa (NaN: undefined, see the module conventions).
        alpha: Krippendorff's alpha, nominal (NaN: undefined).
    """

    units: int
    ratings: int
    percent: float
    kappa: float
    alpha: float

    def as_dict(self) -> dict[str, float | int | None]:
        """JSON-ready form; NaN becomes None."""

        def clean(x: float) -> float | None:
            return None if math.isnan(x) else x

        return {
            "units": self.units,
            "ratings": self.ratings,
            "percent": clean(self.percent),
            "kappa": clean(self.kappa),
            "alpha": clean(self.alpha),
        }


def paired_agreement(a: Sequence[Hashable], b: Sequence[Hashable], units: int) -> PairedAgreement:
    """Percent agreement, kappa and alpha of two raters' paired labels."""
    n = len(a)
    percent = sum(x == y for x, y in zip(a, b, strict=True)) / n if n else math.nan
    alpha = krippendorff_alpha_nominal([list(a), list(b)]) if n else math.nan
    return PairedAgreement(units, n, percent, cohen_kappa(a, b), alpha)
