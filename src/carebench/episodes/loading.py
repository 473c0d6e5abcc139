"""Reading seed YAML files into :class:`Seed` models, with every error located by file and line.

YAML is read once with PyYAML's safe loader (libyaml's where available): the composed node tree
gives positions and the safe constructor builds the data from it, so a pydantic error path such as ``variants.missing.reference.primary`` is reported with
the line it sits on. Duplicate mapping keys, which YAML silently collapses, are reported as errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

import yaml
from pydantic import ValidationError

from carebench.episodes.formats import version_problem
from carebench.episodes.seed import Seed
from carebench.errors import CarebenchError, ValidationIssue

# libyaml's safe loader when PyYAML was built with it (the PyPI wheels are), else the pure one.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: The most nodes a seed file may expand to, aliases expanded (seeds hold a few hundred).
MAX_EXPANDED_NODES = 20_000
#: The largest YAML file any carebench reader accepts (characters; authored files hold a few KB).
MAX_YAML_CHARS = 1_000_000
#: The most YAML events (node starts and scalars, aliases unexpanded) read before composing.
MAX_YAML_EVENTS = 2 * MAX_EXPANDED_NODES
#: The longest quotation of an input value in an issue.
MAX_QUOTED_CHARS = 80


def _expanded_size(root: yaml.Node, limit: int) -> int | None:
    """The number of nodes of the document with aliases expanded, or None.

    None when the count exceeds ``limit`` or an alias refers to a node that contains it. Aliased nodes are shared objects in the composed tree, so sizes are memoized per node; an
    explicit stack keeps deep documents off the call stack. Linear in the composed tree.
    """
    sizes: dict[int, int] = {}
    active: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if key in sizes:
            continue
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        if children_done:
            active.discard(key)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            if sizes[key] > limit:
                return None
            continue
        if key in active:
            return None  # recursive alias
        active.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in active:
                return None
            if id(child) not in sizes:
                stack.append((child, False))
    return sizes[id(root)]


def _quote(value: Any) -> str:
    """``repr(value)``, shortened to :data:`MAX_QUOTED_CHARS` characters."""
    text = repr(value)
    if len(text) <= MAX_QUOTED_CHARS:
        return text
    return f"{text[: MAX_QUOTED_CHARS - 15]}... ({len(text)} characters)"


@dataclass(frozen=True)
class ParsedSeed:
    """A seed file as read: the model (None when it failed), its issues, and a line locator."""

    file: str
    seed: Seed | None
    issues: list[ValidationIssue]
    root: yaml.Node | None

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """The 1-based line of the node at ``path``, or of its deepest existing ancestor."""
        return _line_of(self.root, path)


def _line_of(node: yaml.Node | None, path: Sequence[str | int]) -> int | None:
    if node is None:
        return None
    line: int = node.start_mark.line + 1
    for key in path:
        child: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(key):
                    child = value_node
                    break
        elif (
            isinstance(node, yaml.SequenceNode)
            and isinstance(key, int)
            and 0 <= key < len(node.value)
        ):
            child = node.value[key]
        if child is None:
            return line
        node = child
        line = node.start_mark.line + 1
    return line


def _duplicate_keys(node: yaml.Node, path: tuple[str, ...] = ()) -> list[tuple[str, int, str]]:
    """Find mapping keys given twice: (dotted path, line, key)."""
    found: list[tuple[str, int, str]] = []
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else "?"
            if key in seen:
                found.append((".".join(path), key_node.start_mark.line + 1, key))
            seen.add(key)
            found.extend(_duplicate_keys(value_node, (*path, key)))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            found.extend(_duplicate_keys(item, (*path, str(index))))
    return found


_REQUIRED_HINTS = {
    ("variants", "missing", "deletes"): (
        "required field is missing: the key phrases or values of the fact the missing variant "
        "deletes, so the validator can check that no trace of it remains (`carebench episodes "
        "migrate` proposes them from the clean-versus-missing difference)"
    ),
}


def _describe_pydantic_error(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return _REQUIRED_HINTS.get(tuple(error["loc"]), "required field is missing")
    if kind == "extra_forbidden":
        return "unknown field (not part of the seed format; see docs/authoring.md)"
    message: str = error["msg"]
    if kind == "enum":
        expected = error.get("ctx", {}).get("expected", "")
        return f"got {_quote(error['input'])}; expected one of {expected}"
    if kind == "too_short":
        least = error.get("ctx", {}).get("min_length", 1)
        return f"got {_quote(error['input'])}; expected at least {least} item(s)"
    if kind == "string_pattern_mismatch":
        pattern = str(error.get("ctx", {}).get("pattern", ""))
        expected = _PATTERNS.get(pattern, f"a value matching {pattern}")
        return f"got {_quote(error['input'])}; expected {expected}"
    return f"{message} (got {_quote(error['input'])})" if "input" in error else message


_PATTERNS = {
    r"^[a-z0-9][a-z0-9-]*$": "lowercase letters, digits and hyphens",
    r"^[A-Za-z0-9][A-Za-z0-9._-]*$": "letters, digits, '.', '_' and '-', starting with a letter or digit",
}
"""Plain-words descriptions of the patterns authored fields must match (else the regex is named)."""


def _too_big(text: str, file: str) -> ValidationIssue | None:
    """An issue when ``text`` exceeds the size or event bound (see :func:`compose_yaml`)."""
    if len(text) > MAX_YAML_CHARS:
        return ValidationIssue(
            file,
            None,
            "",
            f"the YAML file is {len(text)} characters; at most {MAX_YAML_CHARS} are read "
            "(an authored file holds a few thousand)",
        )
    parser = _LOADER(text)
    events = 0
    try:
        while parser.check_event():
            parser.get_event()  # type: ignore[no-untyped-call]
            events += 1
            if events > MAX_YAML_EVENTS:
                return ValidationIssue(
                    file,
                    None,
                    "",
                    f"the YAML document has more than {MAX_YAML_EVENTS} nodes (an authored "
                    "file has a few hundred); split it or shorten it",
                )
    except yaml.YAMLError:
        return None  # composing reports it, located
    finally:
        parser.dispose()
    return None


def compose_yaml(text: str, file: str) -> tuple[yaml.Node | None, Any, list[ValidationIssue]]:
    """Read one YAML document safely: its node tree (for line numbers), its data, and any issue.

    Every carebench YAML reader (seeds, plans, pathways, reviews, stress sets, detector patterns)
    reads through here, so the bounds hold for all of them, before any node tree is built: at
    most :data:`MAX_YAML_CHARS` characters, at most :data:`MAX_YAML_EVENTS` parse events (counted
    by a streaming pass that stops at the bound), and aliases expanding to at most
    :data:`MAX_EXPANDED_NODES` nodes, none referring to itself. Malformed YAML and excessive
    nesting become located issues. Never raises for bad input; when an issue is returned, root
    and data are None.
    """
    too_big = _too_big(text, file)
    if too_big is not None:
        return None, None, [too_big]
    loader = _LOADER(text)
    try:
        root = loader.get_single_node()
        if root is not None and _expanded_size(root, MAX_EXPANDED_NODES) is None:
            issue = ValidationIssue(
                file,
                None,
                "",
                f"the YAML document has more than {MAX_EXPANDED_NODES} nodes once aliases are "
                "expanded, or an alias refers to itself (an authored file has a few hundred nodes); "
                "use fewer aliases",
            )
            return None, None, [issue]
        data = loader.construct_document(root) if root is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, None, [ValidationIssue(file, line, "", f"malformed YAML: {problem}")]
    except RecursionError:
        return None, None, [ValidationIssue(file, None, "", "malformed YAML: nested too deeply")]
    finally:
        loader.dispose()
    return root, data, []


def parse_seed_text(text: str, file: str) -> ParsedSeed:
    """Parse one seed file's text; never raises for bad input, returning issues instead.

    Args:
        text: the YAML text.
        file: the name to report in issues (usually the path as the user gave it).

    Returns:
        The parsed seed (or None) with every structural issue found, each located by line.
    """
    root, data, issues = compose_yaml(text, file)
    if issues:
        return ParsedSeed(file, None, issues, None)
    if not isinstance(data, dict):
        got = "an empty file" if data is None else f"a {type(data).__name__}"
        issue = ValidationIssue(
            file, 1, "", f"expected a mapping of seed fields at the top level, got {got}"
        )
        return ParsedSeed(file, None, [issue], root)
    problem = version_problem(data, "seed")
    if problem is not None:
        line = _line_of(root, ["format"]) if "format" in data else 1
        return ParsedSeed(file, None, [ValidationIssue(file, line, "format", problem)], root)
    issues = [
        ValidationIssue(file, line, path, f"duplicate key {key!r} (YAML keeps only the last one)")
        for path, line, key in (_duplicate_keys(root) if root is not None else [])
    ]
    try:
        seed = Seed.model_validate(data)
    except ValidationError as exc:
        union_paths: set[str] = set()
        for error in exc.errors():
            loc = [part for part in error["loc"] if not _is_union_tag(part)]
            path = ".".join(str(part) for part in loc)
            message = _describe_pydantic_error(error)
            if len(loc) != len(error["loc"]):
                if path in union_paths:
                    continue
                union_paths.add(path)
                expected = "a string or a number" if loc[:1] == ["surfaces"] else _UNION_EXPECTED
                message = f"expected {expected}, got {_quote(error.get('input'))}"
            issues.append(ValidationIssue(file, _line_of(root, loc), path, message))
        return ParsedSeed(file, None, _dedupe(issues), root)
    return ParsedSeed(file, seed, issues, root)


_UNION_EXPECTED = "a string, or a mapping from surface name to string"


def _is_union_tag(part: str | int) -> bool:
    """Pydantic inserts union member tags such as ``str`` or ``dict[str,str]`` into error paths."""
    return isinstance(part, str) and (part in {"str", "int", "float"} or part.startswith("dict["))


def _dedupe(issues: list[ValidationIssue]) -> list[ValidationIssue]:
    seen: set[ValidationIssue] = set()
    unique: list[ValidationIssue] = []
    for issue in issues:
        if issue not in seen:
            seen.add(issue)
            unique.append(issue)
    return unique


def read_yaml(text: str, file: str) -> Any:
    """The data of one YAML document, under :func:`compose_yaml`'s bounds.

    Raises:
        CarebenchError: the text is malformed or over a bound (the first issue, located).
    """
    _, data, issues = compose_yaml(text, file)
    if issues:
        raise CarebenchError(str(issues[0]))
    return data


def read_yaml_mapping(
    path: Traversable, what: str, expected: str
) -> tuple[yaml.Node, dict[str, Any]]:
    """The node tree and data of a YAML file that must hold one mapping (a manifest, a review).

    Args:
        path: the file (a path or a packaged resource).
        what: what the file is, for the message when it cannot be read (``the manifest``).
        expected: what the mapping holds, for the message when it is not one
            (``format and sets``).

    Raises:
        CarebenchError: the file is unreadable, not UTF-8, malformed or over
            :func:`compose_yaml`'s bounds, or not a mapping; one line naming the file.
    """
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as exc:
        raise CarebenchError(f"{path}: not UTF-8 text (byte {exc.start}); expected YAML") from exc
    except OSError as exc:
        raise CarebenchError(f"{path}: cannot read {what} ({exc})") from exc
    root, data, issues = compose_yaml(text, str(path))
    if issues:
        raise CarebenchError(str(issues[0]))
    if not isinstance(data, dict) or root is None:
        got = "an empty file" if data is None else f"a {type(data).__name__}"
        raise CarebenchError(f"{path}: got {got}; expected a mapping ({expected})")
    return root, data
