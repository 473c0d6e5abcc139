"""The escalation cost matrix, declared before evaluation (paper 001), per task class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from carebench.episodes.schema import TaskClass

#: The largest utility weight or cost a matrix accepts (a million times the primary unit).
MAX_WEIGHT = 1e6


def declared_number(value: Any) -> Any:
    """A number as a YAML or JSON file wrote it: never a boolean or a quoted string.

    Pydantic would read ``true`` as 1 and ``"5"`` as 5; a declared weight that is not written as a
    number is a mistake in the file, so it is refused with the value named.
    """
    if isinstance(value, bool | str):
        raise ValueError(f"got {value!r}; expected a number (unquoted, like 0.5)")
    return value


#: A number a plan or cost matrix declares: ``true`` / ``false`` and quoted strings are refused.
DeclaredNumber = Annotated[float, BeforeValidator(declared_number)]


class CostMatrix(BaseModel):
    """Escalation utility weights, declared before a run (paper 001).

    U = u_tp*TP + u_tn*TN - c_fn*FN - c_fp*FP over escalation decisions, divided by the number of
    episodes. The primary matrix of paper 000 is u_tp = u_tn = c_fp = 1, c_fn = 5; the robustness
    check uses c_fn = 10. Every weight is a finite number in [0, :data:`MAX_WEIGHT`] (costs are
    subtracted, so a negative cost would be a reward; the upper bound keeps every utility, its
    interval and its JSON finite: a sum of 400 episodes' weights stays far below the largest
    float), written as a number: YAML's ``true`` / ``false`` and quoted strings are refused.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    u_tp: DeclaredNumber = Field(default=1.0, ge=0.0, le=MAX_WEIGHT)
    u_tn: DeclaredNumber = Field(default=1.0, ge=0.0, le=MAX_WEIGHT)
    c_fp: DeclaredNumber = Field(default=1.0, ge=0.0, le=MAX_WEIGHT)
    c_fn: DeclaredNumber = Field(default=5.0, ge=0.0, le=MAX_WEIGHT)

    def describe(self) -> str:
        """``u_TP=1, u_TN=1, c_FP=1, c_FN=5`` (numbers in %g form)."""
        names = {"u_tp": "u_TP", "u_tn": "u_TN", "c_fp": "c_FP", "c_fn": "c_FN"}
        return ", ".join(f"{names[k]}={v:g}" for k, v in self.model_dump().items())


PRIMARY = CostMatrix()
ROBUSTNESS = CostMatrix(c_fn=10.0)


class ClassCosts(BaseModel):
    """A cost matrix per task class: ``default`` for every class not listed in ``by_class``.

    Convention: a row's utility uses the matrix of its episode's task class, so a report's
    utility over several classes is the mean of per-row utilities under each row's own matrix.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    default: CostMatrix = PRIMARY
    by_class: dict[TaskClass, CostMatrix] = Field(default_factory=dict)

    @field_validator("by_class")
    @classmethod
    def _sorted(cls, value: dict[TaskClass, CostMatrix]) -> dict[TaskClass, CostMatrix]:
        # a canonical order, so equal declarations dump (and hash) equally
        return dict(sorted(value.items()))

    def of(self, task_class: str) -> CostMatrix:
        """The matrix of one task class (its own, or the default)."""
        return self.by_class.get(TaskClass(task_class), self.default)

    @property
    def uniform(self) -> bool:
        """True iff every class uses the default matrix."""
        return all(m == self.default for m in self.by_class.values())

    def describe(self) -> str:
        """One line: the default matrix, and each class that differs from it."""
        parts = [f"{self.default.describe()}"]
        parts += [
            f"{c.value}: {m.describe()}" for c, m in self.by_class.items() if m != self.default
        ]
        return "; ".join(parts)

    def as_json(self) -> dict[str, Any]:
        """JSON-ready form (task classes as their string values)."""
        return self.model_dump(mode="json")


def uniform(matrix: CostMatrix) -> ClassCosts:
    """The same matrix for every task class."""
    return ClassCosts(default=matrix)


def declared_costs(manifest: Mapping[str, Any]) -> tuple[ClassCosts, ClassCosts]:
    """A stored run's declared (primary, robustness) cost matrices per task class.

    A run made under a plan declares the plan's matrices; any other run declares its ``costs`` for
    every class, with the reference robustness matrix (c_FN = 10) for every class.
    """
    plan = manifest.get("plan")
    if plan:
        return (
            ClassCosts.model_validate(plan["costs"]),
            ClassCosts.model_validate(plan["robustness_costs"]),
        )
    return uniform(CostMatrix.model_validate(manifest["costs"])), uniform(ROBUSTNESS)
