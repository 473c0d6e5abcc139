"""Property-based: any malformed seed text yields clear issues, never an uncaught exception."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carebench.episodes.loading import parse_seed_text
from carebench.episodes.validate import validate_seed

VALID = (Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml").read_text()
BASE: dict[str, Any] = yaml.safe_load(VALID)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


PATHS = _paths(BASE)


def _check(text: str) -> None:
    parsed = parse_seed_text(text, "fuzz.yaml")
    issues = validate_seed(parsed)
    if parsed.seed is None:
        assert issues, "an unparsable seed must report at least one issue"
    for issue in issues:
        assert issue.file == "fuzz.yaml"
        assert issue.message and "Traceback" not in issue.message
        assert str(issue).startswith("fuzz.yaml")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text_never_raises(text: str) -> None:
    _check(text)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(VALID)), st.integers(0, 40), st.text(max_size=30))
def test_spliced_valid_seed_never_raises(at: int, cut: int, insert: str) -> None:
    _check(VALID[:at] + insert + VALID[at + cut :])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), values, st.booleans())
def test_mutated_fields_never_raise(path: tuple[Any, ...], value: Any, delete: bool) -> None:
    data = yaml.safe_load(VALID)
    node = data
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    _check(yaml.safe_dump(data, sort_keys=False))
