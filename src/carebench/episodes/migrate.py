"""Migrate seed files from format 1 (no ``format:`` line) to :data:`~formats.SEED_FORMAT`.

What changed from format 1 to 2 (CHANGELOG.md) and what this module does about each:

* the ``format: carebench-seed/2`` line: added above the first field;
* ``admissible_sources`` became evidence-item ids (``R1``, ``N2``; :mod:`carebench.episodes.sources`)
  instead of free-text descriptions: a description is replaced by the id of the one evidence line
  whose content words include all of its content words (:func:`carebench.episodes.matching.tokens`)
  in the clean episode of every surface. A description that matches no line or several is left for
  a person, with the candidate lines; when none matches the field is removed (the sources are then
  derived: every item less the stale-only ones);
* the missing variant must declare ``deletes``: derived from the clean-versus-missing difference of
  its hooked slot (the word runs the hook removes, split at punctuation and ``and``/``or``, trimmed
  of stop words), keeping each phrase that the clean episode states and the missing episode does
  not, for every surface. A removed phrase that the missing episode still states elsewhere (a
  digest restating the deleted fact) is left for a person, with the block, slot and item where it
  remains;
* no field was renamed between format 1 and 2 (git history: only additions), so there is no rename
  step.

Edits are made in the file's text, so comments and layout survive. The migrated text is then
validated with every format-2 rule; each remaining issue is a to-do line too, so the list a person
gets is exactly what stands between the file and a valid seed.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from carebench.episodes.assemble import (
    AssemblyError,
    render_blocks,
    slot_values,
    substitute,
    variant_spec,
)
from carebench.episodes.formats import SEED_FORMAT, found_version
from carebench.episodes.loading import compose_yaml, parse_seed_text
from carebench.episodes.matching import STOP_WORDS, tokens
from carebench.episodes.rules.common import contains
from carebench.episodes.rules.rendered import first_words, where_phrase
from carebench.episodes.schema import TaskClass, Variant
from carebench.episodes.seed import Seed
from carebench.episodes.sources import Source, split_items
from carebench.episodes.validate import validate_seed
from carebench.errors import CarebenchError

_ID = re.compile(r"^[RNME]\d+$")
_TOKEN = re.compile(r"\{[A-Za-z_]\w*\}|[A-Za-z0-9]+(?:['./-][A-Za-z0-9]+)*|[^\sA-Za-z0-9]")
_BREAK = frozenset({"and", "or", "but"})
_WEAK = STOP_WORDS | frozenset({"a", "an", "is", "it", "i", "i've", "it's", "to", "of", "in", "on"})


@dataclass
class SeedMigration:
    """The result of migrating one seed file.

    Attributes:
        source: the file read.
        text: the migrated YAML text.
        found: the format version the file was in.
        done: what was converted, one line each.
        todo: what a person must finish, one line each (field, problem, what to do).
    """

    source: str
    text: str
    found: str
    done: list[str] = field(default_factory=list)
    todo: list[str] = field(default_factory=list)

    @property
    def migrated(self) -> bool:
        """Whether the file was read as a seed of a known format (False: nothing was written)."""
        return self.found in {SEED_FORMAT, "carebench-seed/1"}


def _node(root: yaml.Node, path: Sequence[str]) -> tuple[yaml.Node | None, yaml.Node | None]:
    """The (key node, value node) at ``path`` in a mapping tree, or (None, None)."""
    key_node: yaml.Node | None = None
    node: yaml.Node | None = root
    for part in path:
        if not isinstance(node, yaml.MappingNode):
            return None, None
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == part:
                key_node, node = k, v
                break
        else:
            return None, None
    return key_node, node


def _flow(items: Sequence[str]) -> str:
    return "[" + ", ".join(_scalar(i) for i in items) + "]"


def _scalar(text: str) -> str:
    dumped = yaml.safe_dump(text, default_flow_style=True, width=10_000).strip()
    return dumped.removesuffix("\n...").removesuffix("...").strip()


def _probe_seed(data: dict[str, Any]) -> Seed:
    """A format-2 seed built from format-1 data for rendering only (sources and deletes stubbed)."""
    probe = copy.deepcopy(data)
    probe["format"] = SEED_FORMAT
    variants = probe.get("variants")
    if isinstance(variants, dict) and isinstance(variants.get("missing"), dict):
        variants["missing"].setdefault("deletes", ["-"])
    for layer in [probe.get("annotations")] + [
        v.get("annotations") for v in (variants or {}).values() if isinstance(v, dict)
    ]:
        if isinstance(layer, dict):
            layer.pop("admissible_sources", None)
    return Seed.model_validate(probe)


def _match_source(description: str, per_surface: list[list[Source]]) -> tuple[str | None, str]:
    """The id of the one line matching ``description`` in every surface, or None and why not."""
    want = tokens(description).words | tokens(description).numbers
    ids: set[str] | None = None
    first: list[Source] = per_surface[0]
    for items in per_surface:
        hits = {
            i.id for i in items if want and want <= tokens(i.text).words | tokens(i.text).numbers
        }
        ids = hits if ids is None else ids & hits
    if ids and len(ids) == 1:
        return next(iter(ids)), ""
    shown = [i for i in first if i.id in (ids or set())] or first
    why = f"matches {len(ids or ())} lines"
    return None, f"{why}; the lines: " + ", ".join(f'{i.id} "{first_words(i.text)}"' for i in shown)


def _sources_edit(seed: Seed, data: dict[str, Any], result: SeedMigration) -> list[str] | None:
    """The converted seed-level admissible sources, with notes.

    ``[]``: leave the field as written; None: remove it (nothing could be converted).
    """
    units = data.get("annotations")
    declared = units.get("admissible_sources") if isinstance(units, dict) else None
    if not declared or all(isinstance(s, str) and _ID.match(s) for s in declared):
        return []  # nothing to convert: the field is left as written
    per_surface = []
    for surface in sorted(seed.surfaces):
        blocks = render_blocks(seed, surface, Variant.CLEAN)
        per_surface.append(split_items([_block(k, t) for k, t in blocks.items()]))
    converted: list[str] = []
    unmatched: list[str] = []
    for index, description in enumerate(declared):
        text = str(description)
        found, why = (text, "") if _ID.match(text) else _match_source(text, per_surface)
        if found is None:
            unmatched.append(f"{text!r} {why}")
            continue
        converted.append(found)
        if found != text:
            result.done.append(f"annotations.admissible_sources.{index}: {text!r} -> {found}")
    if not converted:
        result.todo.append(
            f"annotations.admissible_sources: removed, as no description matched one evidence "
            f"line ({'; '.join(unmatched)}): the sources are now derived (every evidence item but "
            "the stale-only ones); declare ids only to narrow them"
        )
        return None
    result.todo += [
        f"annotations.admissible_sources: {u}; add the id it means, or leave it out"
        for u in unmatched
    ]
    return converted


def _block(kind: Any, text: str) -> Any:
    from carebench.episodes.schema import DEFAULT_HEADERS, Block

    return Block(kind=kind, title=DEFAULT_HEADERS[kind], text=text)


def _chunks(removed: list[str]) -> list[str]:
    """Phrases of a removed token run: split at punctuation and conjunctions, weak words trimmed."""
    out: list[str] = []
    current: list[str] = []
    for tok in [*removed, ","]:
        if not re.match(r"[\w{]", tok) or tok.lower() in _BREAK:
            while current and current[0].lower() in _WEAK:
                current.pop(0)
            while current and current[-1].lower() in _WEAK:
                current.pop()
            if any(t.startswith("{") or t.lower() not in _WEAK for t in current):
                out.append(" ".join(current))
            current = []
        else:
            current.append(tok)
    return list(dict.fromkeys(out))


def derive_deletes(seed: Seed) -> tuple[list[str], list[tuple[str, str]]]:
    """Phrases the missing hook deletes, and removed phrases still stated elsewhere (with where).

    See the module docstring for the rule. Phrases keep their surface placeholders.
    """
    change = variant_spec(seed, Variant.MISSING).change
    found: list[str] = []
    for slot, new in change.items():
        old = seed.slots.get(slot)
        if old is None:
            continue
        for surface in sorted(seed.surfaces):
            a = _TOKEN.findall(old if isinstance(old, str) else old.get(surface, ""))
            b = _TOKEN.findall(new if isinstance(new, str) else new.get(surface, ""))
            matcher = difflib.SequenceMatcher(
                None, [t.lower() for t in a], [t.lower() for t in b], autojunk=False
            )
            for op, i1, i2, _, _ in matcher.get_opcodes():
                if op in ("delete", "replace"):
                    found += _chunks(a[i1:i2])
    deleted: list[str] = []
    restated: list[tuple[str, str]] = []
    for phrase in dict.fromkeys(found):
        where: str | None = None
        in_clean, elsewhere = True, False
        for surface in sorted(seed.surfaces):
            values = {k: str(v) for k, v in seed.surfaces[surface].items()}
            text = substitute(phrase, values)
            clean = " ".join(
                "\n".join(render_blocks(seed, surface, Variant.CLEAN).values()).split()
            )
            missing = "\n".join(render_blocks(seed, surface, Variant.MISSING).values())
            in_clean = in_clean and contains(clean, text)
            slots = slot_values(seed, surface, Variant.CLEAN)
            for slot in change:  # the clean episode less the hooked slot: shared context?
                clean = clean.replace(" ".join(slots.get(slot, "").split()), " ", 1)
            elsewhere = elsewhere or contains(clean, text)
            if where is None and contains(missing, text):
                where = f"surface {surface}: " + where_phrase(seed, surface, Variant.MISSING, text)
        if not in_clean:
            continue
        if where is None and not elsewhere:
            deleted.append(phrase)
        elif where is not None and (re.search(r"\d", phrase) or len(tokens(phrase).words) > 1):
            restated.append((phrase, where))  # a value or a phrase, not a word of shared context
    return deleted, restated


def _deletes_edit(seed: Seed, result: SeedMigration) -> list[str]:
    """The derived ``deletes`` of the missing variant, noting what a person must check."""
    if variant_spec(seed, Variant.MISSING).deletes != ["-"]:
        return []  # declared already
    deleted, restated = derive_deletes(seed)
    for phrase, where in restated:
        result.todo.append(
            f"variants.missing.deletes: the hook removes {phrase!r} but the missing episode still states "
            f"it ({where}); if it is the deleted fact, delete it there too (a digest restating it "
            "undoes the deletion) and add it to variants.missing.deletes"
        )
    if deleted:
        result.done.append(
            f"variants.missing.deletes: derived {_flow(deleted)} from the clean-versus-missing "
            "difference (check they name the deleted fact; remove any that do not)"
        )
    elif not restated:
        result.todo.append(
            "variants.missing.deletes: nothing could be derived from the clean-versus-missing "
            "difference; list the key phrases of the fact the missing variant deletes"
        )
    return deleted


def migrate_text(text: str, file: str) -> SeedMigration:
    """Migrate one seed file's text (see the module docstring); never raises for bad input."""
    root, data, issues = compose_yaml(text, file)
    if issues or root is None or not isinstance(data, dict) or not data:
        why = issues[0].message if issues else "expected a mapping of seed fields (id, title, ...)"
        return SeedMigration(file, text, "unknown", todo=[f"cannot read the file: {why}"])
    if getattr(root, "flow_style", False):
        why = "written as one flow mapping ({...}); write it as a block mapping, one field a line"
        return SeedMigration(file, text, "unknown", todo=[f"cannot migrate the file: {why}"])
    result = SeedMigration(file, text, found_version(data, "seed"))
    if result.found == SEED_FORMAT:
        result.done.append(f"already {SEED_FORMAT}: copied unchanged")
        return result
    if result.found != "carebench-seed/1":
        result.todo.append(f"unknown format {result.found!r}: not migrated")
        return result
    try:
        seed = _probe_seed(data)
        sources = _sources_edit(seed, data, result)
        deletes = _deletes_edit(seed, result)
    except (ValueError, AssemblyError) as exc:  # pydantic's ValidationError is a ValueError
        result.todo.append(
            f"the seed does not render as format 2 ({str(exc).splitlines()[0]}); "
            "fix the issues below, then migrate again"
        )
        sources, deletes = [], []
    result.text = _apply(text, root, sources, deletes, result)
    result.done.insert(0, f"format: {SEED_FORMAT} added")
    noted = {line.split(":", 1)[0] for line in result.todo}
    for found in validate_seed(parse_seed_text(result.text, file)):
        if found.path in noted and found.message.startswith("required field is missing"):
            continue  # the migration's own line says what to write
        where = f" (line {found.line})" if found.line else ""
        result.todo.append(f"{found.path or '(file)'}: {found.message}{where}")
    return result


def _apply(
    text: str,
    root: yaml.Node,
    sources: list[str] | None,
    deletes: list[str],
    result: SeedMigration,
) -> str:
    """The text with the edits made, bottom-up so earlier offsets stay valid."""
    edits: list[tuple[int, int, str]] = []
    key, value = _node(root, ["annotations", "admissible_sources"])
    if key is not None and value is not None:
        if sources is None:
            line_start = text.rfind("\n", 0, key.start_mark.index) + 1
            line_end = text.find("\n", value.end_mark.index)
            edits.append((line_start, len(text) if line_end < 0 else line_end + 1, ""))
        elif sources:
            edits.append((value.start_mark.index, value.end_mark.index, _flow(sources)))
    if deletes:
        ref_key, _ = _node(root, ["variants", "missing", "reference"])
        _, missing = _node(root, ["variants", "missing"])
        if ref_key is None or getattr(missing, "flow_style", False):
            result.todo.append(
                f"variants.missing.deletes: add `deletes: {_flow(deletes)}` (the variant is "
                "written in flow style, so it was not edited)"
            )
        else:
            at = ref_key.start_mark.index - ref_key.start_mark.column
            indent = " " * ref_key.start_mark.column
            edits.append((at, at, f"{indent}deletes: {_flow(deletes)}\n"))
    first = re.search(r"^[A-Za-z_]", text, re.MULTILINE)
    at = first.start() if first else 0
    edits.append((at, at, f"format: {SEED_FORMAT}\n"))
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + new + text[end:]
    return text


def target_for(path: Path, root: Path) -> Path:
    """Where a migrated file goes under the output folder: its path below ``root``.

    A file given alone keeps its task-class folder when it is in one.
    """
    if root.is_dir():
        return path.relative_to(root)
    parent = path.parent.name
    return Path(parent) / path.name if parent in {t.value for t in TaskClass} else Path(path.name)


def todo_text(result: SeedMigration) -> str:
    """The per-seed to-do file: what was converted, then what a person must finish."""
    lines = [f"# carebench episodes migrate: {result.source} ({result.found} -> {SEED_FORMAT})"]
    lines += ["", "converted:"] + [f"  - {d}" for d in result.done]
    lines += ["", "to finish by hand (then run carebench episodes validate):"]
    lines += [f"  - {t}" for t in result.todo] or ["  (nothing)"]
    return "\n".join(lines) + "\n"


def migrate_paths(paths: Sequence[Path], out: Path) -> list[tuple[Path, SeedMigration]]:
    """Migrate every seed file under ``paths`` into ``out``; write each seed and its to-do file.

    Each seed is written to ``out/<path below its root>``; a seed with anything left to finish
    gets ``<name>.todo.txt`` beside it (not a seed file, so validation ignores it). A file that
    is not a seed of a known format (:attr:`SeedMigration.migrated` False) is listed but not
    written.

    Raises:
        CarebenchError: a path does not exist, ``out`` is one of the inputs or inside one, or a
            file cannot be read or written.
    """
    from carebench.episodes.files import discover

    resolved = out.resolve()
    for p in paths:
        root = Path(p).resolve()
        if resolved == root or (root.is_dir() and root in resolved.parents):
            raise CarebenchError(f"--out {out} is inside the input {p}; choose a new folder")
    written: list[tuple[Path, SeedMigration]] = []
    for root in paths:
        for path in discover([root]):
            try:
                result = migrate_text(path.read_text("utf-8"), str(path))
                target = out / target_for(path, Path(root))
                if not result.migrated:
                    written.append((target, result))
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(result.text, "utf-8")
                todo = target.with_name(target.stem + ".todo.txt")
                if result.todo:
                    todo.write_text(todo_text(result), "utf-8")
                elif todo.exists():
                    todo.unlink()
            except (OSError, UnicodeDecodeError) as exc:
                raise CarebenchError(f"cannot migrate {path}: {exc}") from exc
            written.append((target, result))
    return written
