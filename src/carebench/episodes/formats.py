"""Format versions of the authored files: seeds, pathways, analysis plans and review files.

Every authored file names its format on a top-level ``format:`` line, ``<kind>/<version>``
(``format: carebench-seed/2``). CHANGELOG.md records each version and what authors must do.

Conventions:
    * Seeds: version 2 is current. A seed file without a ``format:`` line is version 1 (every
      seed written before versions were named, bank 1.0 and 2.0 included); it is not read as a
      seed but reported in one line naming ``carebench episodes migrate``
      (:mod:`carebench.episodes.migrate`).
    * Pathways and review files: version 1 is current and the only one; a file without a
      ``format:`` line is version 1, so files written before the line existed still load.
    * Plans: version 2 is current (it adds ``expected_difference`` to planned comparisons, and
      work-product metrics with their ``work_product_weights``). Version 1 (a plan without a
      ``format:`` line included) is a subset of it and still loads unchanged (:data:`COMPATIBLE`)
      with the same identity; a plan that uses anything new must say
      ``format: carebench-plan/2`` (so an older carebench refuses it by its version, not by an
      unknown field); ``carebench plan migrate`` rewrites the line.
    * Any other value is an error naming the versions this carebench reads.
"""

from __future__ import annotations

from typing import Any, Final, Literal

SEED_FORMAT: Final = "carebench-seed/2"
SEED_FORMAT_1: Final = "carebench-seed/1"
PATHWAY_FORMAT: Final = "carebench-pathway/1"
PLAN_FORMAT: Final = "carebench-plan/2"
PLAN_FORMAT_1: Final = "carebench-plan/1"
REVIEW_FORMAT: Final = "carebench-review/1"

Kind = Literal["seed", "pathway", "plan", "review"]

CURRENT: dict[Kind, str] = {
    "seed": SEED_FORMAT,
    "pathway": PATHWAY_FORMAT,
    "plan": PLAN_FORMAT,
    "review": REVIEW_FORMAT,
}
"""The format version each kind of file is written in now."""

UNVERSIONED: dict[Kind, str] = {
    "seed": SEED_FORMAT_1,
    "pathway": PATHWAY_FORMAT,
    "plan": PLAN_FORMAT_1,
    "review": REVIEW_FORMAT,
}
"""The version a file without a ``format:`` line is taken to be."""

COMPATIBLE: dict[Kind, frozenset[str]] = {
    "seed": frozenset(),
    "pathway": frozenset(),
    "plan": frozenset({PLAN_FORMAT_1}),
    "review": frozenset(),
}
"""Older versions read as they are, without migration (a subset of the current format)."""

MIGRATE_HINT = (
    "run `carebench episodes migrate FILE_OR_FOLDER --out NEW_FOLDER`, finish the few edits it "
    "lists in each seed's .todo.txt, then validate NEW_FOLDER (CHANGELOG.md, seed format 2)"
)


def found_version(data: dict[str, Any], kind: Kind) -> str:
    """The format version a file's data declares (its ``format`` value, or the unversioned one)."""
    value = data.get("format")
    return UNVERSIONED[kind] if value is None else str(value)


def version_problem(data: dict[str, Any], kind: Kind) -> str | None:
    """Why a file's declared format cannot be read (one line), or None when it is current.

    A version-1 seed gets the migration hint; an unknown value gets the versions read here.
    """
    found = found_version(data, kind)
    if found == CURRENT[kind] or found in COMPATIBLE[kind]:
        return None
    if kind == "seed" and found == SEED_FORMAT_1:
        how = "no 'format:' line" if data.get("format") is None else "format: " + found
        return f"seed format 1 ({how}); this carebench reads {SEED_FORMAT}: {MIGRATE_HINT}"
    readable = " and ".join([CURRENT[kind], *sorted(COMPATIBLE[kind])])
    readable += f" (and migrates {SEED_FORMAT_1})" if kind == "seed" else ""
    return f"unknown format {found!r}; this carebench reads {readable}"
