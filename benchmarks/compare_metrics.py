"""Compare two reports' metrics.json, CSVs and summary.txt: equal content, or the first difference.

Run: .venv/bin/python benchmarks/compare_metrics.py REPORT_A REPORT_B

``carebench_version`` is ignored (two trees differ in it); every other value must be equal, NaN
(null) included, and so must each CSV file present in both folders.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def first_difference(a: Any, b: Any, where: str = "$") -> str | None:
    """The path of the first value that differs between two JSON documents (None: equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{where}.{k} (only in {'B' if k not in a else 'A'})"
            found = first_difference(a[k], b[k], f"{where}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} (lengths {len(a)} and {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if a == b and type(a) is type(b) else f"{where}: {a!r} != {b!r}"


def main() -> None:
    a_dir, b_dir = Path(sys.argv[1]), Path(sys.argv[2])
    a, b = (json.loads((d / "metrics.json").read_text("utf-8")) for d in (a_dir, b_dir))
    a.pop("carebench_version"), b.pop("carebench_version")
    problems = []
    if found := first_difference(a, b):
        problems.append(f"metrics.json differs at {found}")
    csvs = sorted({p.name for p in a_dir.glob("*.csv")} | {p.name for p in b_dir.glob("*.csv")})
    csvs += [n for n in ("summary.txt",) if (a_dir / n).exists() or (b_dir / n).exists()]
    for name in csvs:
        if not (a_dir / name).exists() or not (b_dir / name).exists():
            problems.append(f"{name} is in one report only")
        elif (a_dir / name).read_bytes() != (b_dir / name).read_bytes():
            problems.append(f"{name} differs")
    print("\n".join(problems) if problems else f"equal: metrics.json and {', '.join(csvs)}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
