"""Small modules by concept: no function over 100 lines, no module over 600, in src/carebench.

A function's length runs from its ``def`` line to its last line, docstring and comments included
(decorators, such as a click command's option stack, are not counted); nested functions count
inside their parent too. A module's length is its
line count. The limits are the project's (issue 20); this test keeps them from eroding.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "src" / "carebench"
MAX_FUNCTION_LINES = 100
MAX_MODULE_LINES = 600


def function_lengths(source: str) -> dict[str, int]:
    """Qualified name (``outer.inner``) -> line count, for every function in ``source``."""
    lengths: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    lengths[name] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return lengths


def test_function_lengths_count_from_def_with_nesting_and_methods() -> None:
    source = textwrap.dedent(
        """
        @decorator
        def outer():
            def inner():
                return 1
            return inner

        class K:
            async def method(self):
                pass
        """
    )
    assert function_lengths(source) == {"outer": 4, "outer.inner": 2, "K.method": 2}


def test_no_function_over_the_limit() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50  # the package was found
    too_long = [
        f"{path.relative_to(PACKAGE)}:{name} ({n} lines)"
        for path in modules
        for name, n in function_lengths(path.read_text("utf-8")).items()
        if n > MAX_FUNCTION_LINES
    ]
    assert too_long == [], f"functions over {MAX_FUNCTION_LINES} lines (split them by job)"


def test_no_module_over_the_limit() -> None:
    too_long = [
        f"{path.relative_to(PACKAGE)} ({n} lines)"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (n := len(path.read_text("utf-8").splitlines())) > MAX_MODULE_LINES
    ]
    assert too_long == [], f"modules over {MAX_MODULE_LINES} lines (split them by concept)"
