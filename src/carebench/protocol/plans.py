"""Analysis plans, declared before evaluation (paper 001; docs/protocol.md, "Analysis plans").

A plan file (YAML) names the cost matrices per task class (primary and robustness), the primary
and robustness metrics, the splits cited, and the comparisons to test. The comparisons, one test
per (comparison, metric), are the multiple-testing family that Holm's correction runs across in a
report made under the plan, whatever other runs the report shows.

Conventions:
    * A plan's identity is the SHA-256 of its canonical JSON (the validated plan, keys sorted), so
      comments, key order and whitespace in the file do not change it; any declared value does.
    * A comparison side names a run by run id (or unique prefix), by display label, by stored
      label, by label without the ``/condition`` suffix, or by a scripted role such as
      ``always-escalate`` (the ``scripted:always-escalate`` baseline).
    * Comparison metrics are per-seed: ``accuracy``, ``sensitivity``, ``specificity``,
      ``utility`` (the plan's primary costs, each row under its task class's matrix) and
      ``utility_robustness`` (the plan's robustness costs) are **decision metrics**;
      ``continuity``, ``traceability``, ``handoff`` and ``overall`` are **work-product metrics**
      (format 2; extended-output runs; :mod:`carebench.protocol.planned_work`). The two kinds are
      two multiple-testing families, each Holm-corrected on its own (:meth:`AnalysisPlan.family`,
      :meth:`AnalysisPlan.work_product_family`).
    * ``work_product_weights`` (format 2, optional) weights the scores in the ``overall``
      work-product score per task class (key ``default`` for classes not named); without it
      ``overall`` is the floors' overall score (:func:`carebench.protocol.floors.overall`).
    * Format 1 plans (no work-product metrics) load unchanged; their identity does not change,
      because :meth:`AnalysisPlan.canonical` leaves out ``format`` and an empty
      ``work_product_weights``.
    * A comparison may declare ``expected_difference`` (format 2): per decision metric it tests,
      the size of the difference the plan expects, in the metric's own units (a positive number;
      the test is two-sided). The report then states the power the plan had for it
      (:mod:`carebench.report.plan_power`). Declaring none leaves the plan's identity unchanged.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from carebench.episodes.formats import PLAN_FORMAT, PLAN_FORMAT_1, found_version, version_problem
from carebench.episodes.schema import TaskClass
from carebench.errors import CarebenchError, ValidationIssue, sorted_issues
from carebench.metrics.costs import PRIMARY, ROBUSTNESS, ClassCosts, DeclaredNumber
from carebench.protocol.levels import EvidenceLevel, promotion_phrases_in

#: Metrics a plan may name as primary or robustness metrics (keys of a run's headline metrics).
Metric = Literal[
    "accuracy",
    "sensitivity",
    "specificity",
    "missed_rate",
    "precision",
    "utility",
    "utility_robustness",
    "late_risk_sensitivity",
    "invalid_rate",
]
#: Work-product metrics a planned comparison may test (format 2; their own Holm family).
WorkProductMetric = Literal["continuity", "traceability", "handoff", "overall"]
WORK_PRODUCT_METRICS: tuple[str, ...] = get_args(WorkProductMetric)
#: Metrics a planned comparison may test (per-seed values, Wilcoxon signed-rank).
ComparisonMetric = Literal[
    "accuracy",
    "sensitivity",
    "specificity",
    "utility",
    "utility_robustness",
    "continuity",
    "traceability",
    "handoff",
    "overall",
]

#: Scripted baselines a comparison may name by role.
ROLES = (
    "oracle",
    "always-answer",
    "always-ask",
    "always-abstain",
    "always-escalate",
    "random",
    "rule",
)


#: A number a plan declares: YAML's true / false and quoted strings are refused, not coerced.
Number = DeclaredNumber


class PlanValidationError(CarebenchError):
    """A plan file failed validation; ``issues`` lists every problem, with file and field."""

    def __init__(self, issues: list[ValidationIssue]) -> None:
        self.issues = sorted_issues(issues)
        lines = "\n".join(f"  {issue}" for issue in self.issues)
        super().__init__(f"the analysis plan has {len(self.issues)} error(s):\n{lines}")


class PlannedComparison(BaseModel):
    """Run ``a`` vs run ``b`` on each of ``metrics`` (paired by seed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    a: str = Field(min_length=1, max_length=200)
    b: str = Field(min_length=1, max_length=200)
    metrics: tuple[ComparisonMetric, ...] = Field(
        default=("accuracy", "sensitivity", "utility"), min_length=1
    )
    expected_difference: dict[
        ComparisonMetric, Annotated[Number, Field(gt=0, le=10, allow_inf_nan=False)]
    ] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _distinct(self) -> PlannedComparison:
        if self.a == self.b:
            raise ValueError(f"a and b are both {self.a!r}; compare two different runs")
        if len(set(self.metrics)) != len(self.metrics):
            raise ValueError(f"metrics {list(self.metrics)} name a metric twice")
        untested = sorted(set(self.expected_difference) - set(self.metrics))
        if untested:
            raise ValueError(
                f"expected_difference names {', '.join(untested)}, which the comparison does not "
                f"test (its metrics: {', '.join(self.metrics)})"
            )
        work = sorted(set(self.expected_difference) & set(WORK_PRODUCT_METRICS))
        if work:
            raise ValueError(
                f"expected_difference names work-product metric(s) {', '.join(work)}; the power "
                "of the work-product family is not computed (declare it for decision metrics)"
            )
        return self

    @property
    def name(self) -> str:
        """``a vs b``."""
        return f"{self.a} vs {self.b}"


class WorkProductWeights(BaseModel):
    """The weights of the scores in one task class's ``overall`` work-product score.

    The overall score of an episode is the weighted mean of the scores that apply to it (weights
    of scores that do not apply are left out); None when no score with a positive weight applies.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    continuity: Number = Field(default=1.0, ge=0.0, le=1000.0)
    traceability: Number = Field(default=1.0, ge=0.0, le=1000.0)
    handoff: Number = Field(default=1.0, ge=0.0, le=1000.0)

    @model_validator(mode="after")
    def _some_weight(self) -> WorkProductWeights:
        if not math.fsum((self.continuity, self.traceability, self.handoff)) > 0:
            raise ValueError("every weight is 0; give at least one score a positive weight")
        return self


class AnalysisPlan(BaseModel):
    """An analysis plan (see the module docstring); every field but ``name`` has a default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["carebench-plan/1", "carebench-plan/2"] = PLAN_FORMAT
    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    description: str = Field(default="", max_length=2000)
    costs: ClassCosts = Field(default_factory=lambda: ClassCosts(default=PRIMARY))
    robustness_costs: ClassCosts = Field(default_factory=lambda: ClassCosts(default=ROBUSTNESS))
    primary_metrics: tuple[Metric, ...] = Field(default=("utility", "sensitivity"), min_length=1)
    robustness_metrics: tuple[Metric, ...] = ("utility_robustness", "accuracy")
    splits: tuple[Literal["dev", "test"], ...] = Field(default=("test",), min_length=1)
    comparisons: tuple[PlannedComparison, ...] = ()
    work_product_weights: dict[str, WorkProductWeights] = Field(default_factory=dict)

    @field_validator("name", "description")
    @classmethod
    def _not_promoting(cls, text: str, info: ValidationInfo) -> str:
        """Paper 001's reporting rule, checked when the plan is registered.

        A plan's name and description reach the report and metrics.json, and a registered plan
        is never renamed; a name is also read with its words joined ("clinicallyvalidated").
        """
        found = promotion_phrases_in(text, EvidenceLevel.AGENT, joined=info.field_name == "name")
        if found:
            raise ValueError(
                f"contains the promotion phrase {found[0]!r}; carebench report refuses to report "
                "it (paper 001: a result is never promoted to a stronger claim)"
            )
        return text

    @field_validator("work_product_weights")
    @classmethod
    def _known_classes(
        cls, weights: dict[str, WorkProductWeights]
    ) -> dict[str, WorkProductWeights]:
        classes = {"default", *(t.value for t in TaskClass)}
        unknown = sorted(set(weights) - classes)
        if unknown:
            raise ValueError(
                f"names {', '.join(map(repr, unknown))}; expected task classes or default: "
                f"{', '.join(sorted(classes))}"
            )
        return weights

    @model_validator(mode="after")
    def _work_products_need_format_2(self) -> AnalysisPlan:
        named = sorted(
            {m for c in self.comparisons for m in c.metrics if m in WORK_PRODUCT_METRICS}
        )
        if self.format == PLAN_FORMAT_1 and (named or self.work_product_weights):
            what = f"work-product metrics {named}" if named else "work_product_weights"
            raise ValueError(
                f"{what} need format: {PLAN_FORMAT} (this file is {PLAN_FORMAT_1}); run "
                "`carebench plan migrate FILE --out NEW_FILE` and register NEW_FILE"
            )
        return self

    @model_validator(mode="after")
    def _unique_comparisons(self) -> AnalysisPlan:
        seen: set[frozenset[str]] = set()
        for comparison in self.comparisons:
            pair = frozenset((comparison.a, comparison.b))
            if pair in seen:
                raise ValueError(f"comparison {comparison.name!r} is listed twice")
            seen.add(pair)
        return self

    def canonical(self) -> dict[str, Any]:
        """The JSON-ready plan that :meth:`sha256` hashes.

        ``format`` is left out, so naming the format version does not change the identity of a
        plan registered before the line existed; so are an empty ``expected_difference`` and an
        empty ``work_product_weights``, so a plan of format 1 keeps its identity under format 2.
        """
        exclude = {"format"} | (set() if self.work_product_weights else {"work_product_weights"})
        data = self.model_dump(mode="json", exclude=exclude)
        for comparison in data["comparisons"]:
            if not comparison["expected_difference"]:
                del comparison["expected_difference"]
        return data

    def sha256(self) -> str:
        """SHA-256 of the canonical JSON (keys sorted, no whitespace)."""
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def family(self) -> list[tuple[PlannedComparison, str]]:
        """The decision metrics' family: one (comparison, metric) per planned test, in plan order."""
        return [
            (c, m) for c in self.comparisons for m in c.metrics if m not in WORK_PRODUCT_METRICS
        ]

    def work_product_family(self) -> list[tuple[PlannedComparison, str]]:
        """The work-product metrics' family (its own Holm correction), in plan order."""
        return [(c, m) for c in self.comparisons for m in c.metrics if m in WORK_PRODUCT_METRICS]

    def weights_for(self, task_class: str) -> WorkProductWeights | None:
        """The overall score's weights for ``task_class`` (None: the floors' overall score)."""
        return self.work_product_weights.get(task_class, self.work_product_weights.get("default"))


def _message(error: Any) -> str:
    from carebench.episodes.loading import _describe_pydantic_error

    if error["type"] == "extra_forbidden":
        return "unknown field (not part of the plan format; see docs/protocol.md)"
    if error["type"] == "literal_error":
        return f"got {error.get('input')!r}; {error['msg'].lower()}"
    if error["type"] == "value_error":  # the validator's own message names what it got
        return str(error["msg"]).removeprefix("Value error, ")
    return str(_describe_pydantic_error(error)).removeprefix("Value error, ")


def parse_plan(text: str, file: str) -> AnalysisPlan:
    """Parse and validate a plan file's text.

    A file is checked beyond the model: ``expected_difference`` needs format 2, and
    ``work_product_weights`` need a comparison that tests ``overall`` (they weight nothing else).
    A plan read back from the store is validated by the model alone, so a plan registered before
    a check existed stays readable.

    Raises:
        PlanValidationError: malformed YAML, a non-mapping document, duplicate keys, or invalid
            fields; every issue names the file, the line and the field path.
    """
    from carebench.episodes.loading import _duplicate_keys, _line_of, compose_yaml

    root, data, issues = compose_yaml(text, file)
    if issues:
        raise PlanValidationError(issues)
    if not isinstance(data, dict) or root is None:
        got = "an empty file" if data is None else f"a {type(data).__name__}"
        raise PlanValidationError(
            [ValidationIssue(file, 1, "", f"expected a mapping of plan fields, got {got}")]
        )
    problem = version_problem(data, "plan")
    if problem is not None:
        raise PlanValidationError(
            [ValidationIssue(file, _line_of(root, ["format"]), "format", problem)]
        )
    issues = [
        ValidationIssue(file, line, path, f"duplicate key {key!r} (YAML keeps only the last one)")
        for path, line, key in _duplicate_keys(root)
    ]
    # a file without the line is format 1 (episodes.formats)
    declared = data if "format" in data else {"format": PLAN_FORMAT_1, **data}
    try:
        plan = AnalysisPlan.model_validate(declared)
    except ValidationError as exc:
        errors = exc.errors()
        for error in errors:
            loc = list(error["loc"])
            if error["type"] == "too_short" and any(
                len(e["loc"]) > len(loc) and list(e["loc"][: len(loc)]) == loc for e in errors
            ):
                continue  # "at least 1 item" because its only items were refused: said above
            issues.append(
                ValidationIssue(file, _line_of(root, loc), ".".join(map(str, loc)), _message(error))
            )
    if not issues and found_version(data, "plan") == PLAN_FORMAT_1:
        issues += [
            ValidationIssue(
                file,
                _line_of(root, ["comparisons", i, "expected_difference"]),
                f"comparisons.{i}.expected_difference",
                f"expected_difference is new in {PLAN_FORMAT}; this plan is format 1 "
                f"({'no format: line' if 'format' not in data else 'format: ' + PLAN_FORMAT_1}): "
                f"add or set `format: {PLAN_FORMAT}` (nothing else changes)",
            )
            for i, c in enumerate(plan.comparisons)
            if c.expected_difference
        ]
    if not issues and plan.work_product_weights and not _tests_overall(plan):
        issues.append(
            ValidationIssue(
                file,
                _line_of(root, ["work_product_weights"]),
                "work_product_weights",
                "weights the overall work-product score, which no comparison tests: add overall "
                "to a comparison's metrics, or remove work_product_weights",
            )
        )
    if issues:
        raise PlanValidationError(issues)
    # a valid format-1 plan is a format-2 plan: migrated in memory (identity unchanged)
    return plan.model_copy(update={"format": PLAN_FORMAT})


def _tests_overall(plan: AnalysisPlan) -> bool:
    return any("overall" in c.metrics for c in plan.comparisons)


def load_plan(path: str | Path) -> AnalysisPlan:
    """Read and validate a plan file.

    Raises:
        CarebenchError: the file is missing or unreadable.
        PlanValidationError: the file is invalid (see :func:`parse_plan`).
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CarebenchError(f"{file}: cannot read the analysis plan: {exc}") from exc
    return parse_plan(text, str(file))


def migrate_plan_text(text: str, file: str) -> str:
    """A plan file's text rewritten to the current format (the content is unchanged).

    Format 1 becomes format 2 by its ``format:`` line alone (every format-1 plan is a format-2
    plan; its identity stays the same): the line is replaced, or added first when absent.
    Comments and layout are kept.

    A format-1 file that names work-product metrics (valid only as format 2) is migrated too:
    the rewritten text is what is validated. A plan written as one flow mapping (JSON) is
    written back as JSON with its ``format`` key set (its comments, if any, are lost).

    Raises:
        PlanValidationError: the text is not a valid plan of a format this carebench reads.
    """
    import re

    from carebench.episodes.loading import compose_yaml

    _, data, issues = compose_yaml(text, file)
    if issues or not isinstance(data, dict) or version_problem(data, "plan") is not None:
        parse_plan(text, file)  # raises the error that names the problem
    line = f"format: {PLAN_FORMAT}"
    pattern = re.compile(r"^format:.*$", re.MULTILINE)
    if text.lstrip().startswith("{"):  # a flow mapping (JSON): a line before it is no YAML
        import json

        rewritten = json.dumps({**data, "format": PLAN_FORMAT}, indent=2) + "\n"
    elif pattern.search(text):
        rewritten = pattern.sub(line, text, count=1)
    else:
        rewritten = f"{line}\n{text}"
    parse_plan(rewritten, file)  # the rewritten text must be a valid format-2 plan
    return rewritten


def changed_fields(old: dict[str, Any], new: dict[str, Any], prefix: str = "") -> list[str]:
    """Dotted paths of the values that differ between two canonical plans (sorted)."""
    out: list[str] = []
    for key in sorted(set(old) | set(new)):
        path = f"{prefix}{key}"
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += changed_fields(a, b, f"{path}.")
        elif a != b:
            out.append(path)
    return out
