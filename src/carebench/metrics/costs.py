"""The escalation cost matrix, declared before evaluation (paper 001)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class CostMatrix(BaseModel):
    """Escalation utility weights, declared before a run (paper 001).

    U = u_tp*TP + u_tn*TN - c_fn*FN - c_fp*FP over escalation decisions, divided by the number of
    episodes. The primary matrix of paper 000 is u_tp = u_tn = c_fp = 1, c_fn = 5; the robustness
    check uses c_fn = 10.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    u_tp: float = 1.0
    u_tn: float = 1.0
    c_fp: float = 1.0
    c_fn: float = 5.0


PRIMARY = CostMatrix()
ROBUSTNESS = CostMatrix(c_fn=10.0)
