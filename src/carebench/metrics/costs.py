"""The escalation cost matrix, declared before evaluation (paper 001)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class CostMatrix(BaseModel):
    """Escalation utility weights, declared before a run (paper 001).

    U = u_tp*TP + u_tn*TN - c_fn*FN - c_fp*FP over escalation decisions, divided by the number of
    episodes. The primary matrix of paper 000 is u_tp = u_tn = c_fp = 1, c_fn = 5; the robustness
    check uses c_fn = 10. Every weight is a finite number >= 0 (costs are subtracted, so a
    negative cost would be a reward).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    u_tp: float = Field(default=1.0, ge=0.0)
    u_tn: float = Field(default=1.0, ge=0.0)
    c_fp: float = Field(default=1.0, ge=0.0)
    c_fn: float = Field(default=5.0, ge=0.0)


PRIMARY = CostMatrix()
ROBUSTNESS = CostMatrix(c_fn=10.0)
