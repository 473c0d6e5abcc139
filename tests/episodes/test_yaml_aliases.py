"""YAML aliases are bounded: a 'billion laughs' file is refused at once and never echoed."""

from __future__ import annotations

from pathlib import Path

import pytest

from carebench.episodes.loading import MAX_EXPANDED_NODES, MAX_QUOTED_CHARS, parse_seed_text
from carebench.episodes.validate import validate_seed
from carebench.errors import CarebenchError

from ..conftest import TINY_SEED

# 9 ** 9 (387 million) strings once expanded, from about 400 bytes
BILLION_LAUGHS = "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
)


def test_billion_laughs_is_refused_without_expanding() -> None:
    assert len(BILLION_LAUGHS) < 500
    parsed = parse_seed_text(BILLION_LAUGHS, "bomb.yaml")  # the old loader took minutes and GBs
    (issue,) = validate_seed(parsed)
    assert parsed.seed is None
    assert f"more than {MAX_EXPANDED_NODES} nodes once aliases are expanded" in issue.message
    assert "lol" not in str(issue)


def test_a_self_referencing_alias_is_refused() -> None:
    (issue,) = parse_seed_text("id: &a [x, *a]\n", "loop.yaml").issues
    assert "an alias refers to itself" in issue.message


def test_small_aliases_still_work() -> None:
    text = TINY_SEED.replace(
        "  clean:\n    reference: {primary: Answer, rationale: Stable repeat.}",
        "  clean:\n    reference: &ok {primary: Answer, rationale: Stable repeat.}",
    ).replace(
        "    reference: {primary: Answer, acceptable: [Answer, Ask_Clarification], rationale: Old summary superseded.}",
        "    reference: *ok",
    )
    assert "*ok" in text
    parsed = parse_seed_text(text, "alias.yaml")
    assert parsed.seed is not None and parsed.issues == []


def test_issues_quote_inputs_briefly() -> None:
    text = TINY_SEED.replace("split: dev", "split: " + "x" * 100_000)
    issues = parse_seed_text(text, "long.yaml").issues
    (split,) = [i for i in issues if i.path == "split"]
    assert len(split.message) < MAX_QUOTED_CHARS + 200
    assert "characters)" in split.message


def test_every_authored_yaml_format_is_bounded(tmp_path: Path) -> None:
    """Pathway files and review files go through the same bounded reader as seeds."""
    from carebench.episodes.review import load_reviews
    from carebench.interruptions.pathway import parse_pathway_text

    pathway, issues = parse_pathway_text(BILLION_LAUGHS, "bomb-pathway.yaml")
    assert pathway is None
    assert "once aliases are expanded" in issues[0].message and "lol" not in str(issues[0])
    (tmp_path / "bomb.yaml").write_text(BILLION_LAUGHS)
    with pytest.raises(CarebenchError, match="once aliases are expanded") as caught:
        load_reviews(tmp_path)
    assert "lol" not in str(caught.value)
