"""What a run costs: prompt and completion tokens, latency, and the cost of k samples.

Conventions (docs/methods.md, "What a run costs"):
    * Tokens are the backend's own counts as stored with each record; records without counts
      (error records, backends that report none) are left out of the token figures and counted
      (``records_without_tokens``). Per sample = mean over records with counts; per episode = per
      sample x k, the samples the run declared (the cost of answering one episode k times);
      total = the sum over the run's stored records.
    * Latency p50 / p95 (numpy's linear-interpolation percentiles) is over records the backend
      answered for this run on its first attempt: cache hits (whose latency is a lookup), error
      records (whose latency is the retry budget) and retried records (whose latency includes
      backoff waits) are left out and counted. The store keeps no invocation id, so records made
      by an earlier invocation of a resumed run cannot be told apart and are included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from carebench.protocol.levels import EvidenceLevel
from carebench.report.section_models import LatencyExcluded, RunCost

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["run_cost"]


def _percentile(values: np.ndarray[Any, Any], q: float) -> float:
    return float(np.percentile(values, q)) if len(values) else float("nan")


def run_cost(rows: pd.DataFrame, repeats: int) -> RunCost:
    """The cost figures of one run (its rows of the results table)."""
    prompt = rows["prompt_tokens"].to_numpy(dtype=float, na_value=np.nan)
    completion = rows["completion_tokens"].to_numpy(dtype=float, na_value=np.nan)
    counted = np.isfinite(prompt) & np.isfinite(completion)
    cache = rows["cache_hit"].to_numpy(bool)
    error = (rows["status"] == "error").to_numpy()
    retried = rows["attempts"].to_numpy(int) > 1
    latency = rows["latency_s"].to_numpy(dtype=float, na_value=np.nan)
    timed = ~cache & ~error & ~retried & np.isfinite(latency)
    k = max(1, int(repeats))
    per_sample_prompt = float(prompt[counted].mean()) if counted.any() else float("nan")
    per_sample_completion = float(completion[counted].mean()) if counted.any() else float("nan")
    return RunCost(
        evidence_level=EvidenceLevel.AGENT.value,
        records=len(rows),
        k=k,
        records_without_tokens=int((~counted).sum()),
        prompt_tokens_total=int(prompt[counted].sum()),
        completion_tokens_total=int(completion[counted].sum()),
        prompt_tokens_per_sample=per_sample_prompt,
        completion_tokens_per_sample=per_sample_completion,
        prompt_tokens_per_episode_k=per_sample_prompt * k,
        completion_tokens_per_episode_k=per_sample_completion * k,
        latency_n=int(timed.sum()),
        latency_p50_s=_percentile(latency[timed], 50),
        latency_p95_s=_percentile(latency[timed], 95),
        latency_excluded=LatencyExcluded(
            cache_hits=int(cache.sum()),
            errors=int((error & ~cache).sum()),
            retried=int((retried & ~error & ~cache).sum()),
        ),
    )
