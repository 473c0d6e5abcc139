"""The episode bank: discover seed files, validate them, assemble episodes, write JSONL + manifest.

This is the I/O edge of :mod:`carebench.episodes`. Output is byte-for-byte deterministic: seeds are
ordered by task class then id, episodes by surface then variant, JSON is written with sorted keys,
compact separators, UTF-8 and newline line ends, and nothing machine- or time-dependent is recorded.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carebench.episodes.assemble import assemble_seed
from carebench.episodes.canonical import bank_sha256, episodes_bytes
from carebench.episodes.files import PathsArg, as_paths, discover
from carebench.episodes.loading import ParsedSeed, parse_seed_text
from carebench.episodes.schema import Action, Episode, Split, TaskClass, Variant
from carebench.episodes.seed import Seed
from carebench.episodes.validate import check_bank, check_seed
from carebench.errors import BankValidationError, CarebenchError, ValidationIssue, sorted_issues

FORMAT = "carebench-episodes/1"
BANK_VERSION = "2.6"
"""Version of the packaged escalation bank's content (2.0: reviewed and adjudicated, hard negatives;
2.1: annotation units per variant, urgent findings and handoff reference values, fixes of a blind
clinical re-review; 2.2: every escalation declares its handoff urgencies and destinations, 21
seed x variant pairs from two blind annotations; transcripts and decision labels as in 2.1;
2.3: penicillin-allergy-record's emergency department letter names the allergy its revised fact
records, so the fact is stated by evidence; decision labels as in 2.2; 2.4: annotation units
follow their surface (pronouns as placeholders, a man's nitrofurantoin course, each surface's
percentage of best peak flow) and two reference values agree with the declared urgency; texts
and decision labels as in 2.3; 2.5: older-adult-fall prohibits "did not hit her head" only in
the variants where it is not true; texts and decision labels as in 2.4; 2.6: two prohibited
claims reworded so the record's own lines do not read as them (diabetic-foot-check,
chest-xray-result); texts and decision labels as in 2.5).

Runs record the SHA-256 of the episodes they were made on, which identifies any bank exactly; this
version names the packaged one for people."""
EPISODES_FILE = "episodes.jsonl"
MANIFEST_FILE = "manifest.json"
_TASK_ORDER = {t: i for i, t in enumerate(TaskClass)}


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def parse_files(files_: Iterable[Path]) -> list[ParsedSeed]:
    """Read and parse each file; unreadable files become issues, never exceptions."""
    parsed: list[ParsedSeed] = []
    for path in files_:
        name = _display(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            issue = ValidationIssue(name, None, "", f"cannot read file: {exc}")
            parsed.append(ParsedSeed(name, None, [issue], None))
            continue
        parsed.append(parse_seed_text(text, name))
    return parsed


@dataclass(frozen=True)
class BankCheck:
    """What validating a bank found.

    Attributes:
        seeds: the valid seeds, ordered by task class then id.
        issues: every error, sorted by file (any error makes its file invalid).
        warnings: every warning, sorted by file (a warning leaves its seed valid).
        parsed: seed id -> the seed file as read (its file and line locator), for every valid
            seed.
    """

    seeds: list[Seed]
    issues: list[ValidationIssue]
    warnings: list[ValidationIssue]
    parsed: dict[str, ParsedSeed] = field(default_factory=dict)


def check_paths(paths: PathsArg = None) -> BankCheck:
    """Validate every seed under ``paths`` and the bank they form, keeping the warnings too.

    ``paths``: one path (a ``str`` is one path), a list of paths, or None for the packaged bank.
    """
    paths = as_paths(paths)
    parsed = parse_files(discover(paths))
    issues: list[ValidationIssue] = []
    warnings: list[ValidationIssue] = []
    for p in parsed:
        errors, warned = check_seed(p)
        issues += errors
        warnings += warned
    bank_name = ", ".join(_display(Path(p)) for p in paths) if paths else "scenario bank"
    issues += check_bank(parsed, bank_name)
    bad_files = {issue.file for issue in issues}
    valid = {p.seed.id: p for p in parsed if p.seed is not None and p.file not in bad_files}
    seeds = [p.seed for p in valid.values() if p.seed is not None]
    seeds.sort(key=lambda s: (_TASK_ORDER[s.task_class], s.id))
    return BankCheck(seeds, sorted_issues(issues), sorted_issues(warnings), valid)


def validate_paths(paths: PathsArg = None) -> tuple[list[Seed], list[ValidationIssue]]:
    """Validate every seed under ``paths`` and the bank they form (:func:`check_paths`).

    Returns:
        The valid seeds (ordered by task class then id) and every error found, sorted by file.
    """
    checked = check_paths(paths)
    return checked.seeds, checked.issues


def load_seeds(paths: PathsArg = None) -> list[Seed]:
    """Load and validate seeds (the packaged bank when ``paths`` is omitted).

    Raises:
        BankValidationError: any seed or the bank is invalid (every issue is listed).
    """
    seeds, issues = validate_paths(paths)
    if issues:
        raise BankValidationError(issues)
    return seeds


def load_bank(paths: PathsArg = None, *, split: Split | str | None = None) -> list[Episode]:
    """Load, validate and assemble the episode bank in one call.

    Args:
        paths: a seed file or folder, or a list of them (a ``str`` is one path); the packaged
            escalation bank when omitted.
        split: keep only ``"dev"`` or ``"test"`` episodes when given.

    Returns:
        Episodes ordered by task class, seed id, surface and variant.

    Raises:
        BankValidationError: any seed or the bank is invalid (every issue is listed).
    """
    episodes = [episode for seed in load_seeds(paths) for episode in assemble_seed(seed)]
    if split is not None:
        wanted = Split(split)
        episodes = [e for e in episodes if e.split is wanted]
    return episodes


def _count(values: Iterable[str], order: Iterable[str]) -> dict[str, int]:
    counter = Counter(values)
    return {key: counter[key] for key in order}


def composition(episodes: Sequence[Episode]) -> dict[str, Any]:
    """Counts by task class, variant, split and primary action, and escalation-required counts."""
    classes = [t.value for t in TaskClass]
    return {
        "n_seeds": len({e.seed_id for e in episodes}),
        "n_episodes": len(episodes),
        "by_task_class": _count((e.task_class.value for e in episodes), classes),
        "by_variant": _count((e.variant.value for e in episodes), (v.value for v in Variant)),
        "by_split": _count((e.split.value for e in episodes), (s.value for s in Split)),
        "by_primary_action": _count(
            (e.reference.primary.value for e in episodes), (a.value for a in Action)
        ),
        "escalation_required": {
            "all": sum(e.escalation_required for e in episodes),
            **{
                s.value: sum(e.escalation_required for e in episodes if e.split is s) for s in Split
            },
        },
        "by_task_class_and_variant_primary": {
            t: {
                v.value: _count(
                    (
                        e.reference.primary.value
                        for e in episodes
                        if e.task_class.value == t and e.variant is v
                    ),
                    (a.value for a in Action),
                )
                for v in Variant
            }
            for t in classes
        },
    }


def manifest(episodes: Sequence[Episode], version: str | None = None) -> dict[str, Any]:
    """The bank manifest: format, version (packaged bank), composition and the JSONL's SHA-256."""
    return {
        "format": FORMAT,
        **({"bank_version": version} if version else {}),
        **composition(episodes),
        "episodes_sha256": bank_sha256(episodes),
    }


@dataclass(frozen=True)
class BuildResult:
    """Where a build wrote its files, and its manifest."""

    episodes_path: Path
    manifest_path: Path
    manifest: dict[str, Any]


def write_bank(
    episodes: Sequence[Episode], out_dir: str | Path, version: str | None = None
) -> BuildResult:
    """Write ``episodes.jsonl`` and ``manifest.json`` into ``out_dir`` (created if needed).

    ``version`` is recorded in the manifest (``BANK_VERSION`` for the packaged bank).

    Files are written to a temporary name and renamed, so a failed write never leaves half a bank.
    """
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
        data = episodes_bytes(episodes)
        meta = manifest(episodes, version)
        paths = (out / EPISODES_FILE, out / MANIFEST_FILE)
        payloads = (data, (json.dumps(meta, indent=2, sort_keys=True) + "\n").encode("utf-8"))
        for path, payload in zip(paths, payloads, strict=True):
            tmp = path.with_suffix(path.suffix + ".tmp")
            tmp.write_bytes(payload)
            tmp.replace(path)
    except OSError as exc:
        raise CarebenchError(f"cannot write the episode bank to {out}: {exc}") from exc
    return BuildResult(paths[0], paths[1], meta)


def find_episode(
    episodes: Sequence[Episode], episode_id: str, *, where: str = "the bank", hint: str = ""
) -> Episode:
    """The episode with ``episode_id``.

    Args:
        episodes: the bank to search.
        episode_id: the id to find.
        where: the bank's name in the error message.
        hint: how to choose another bank, appended to the error message.

    Raises:
        CarebenchError: no such episode (the message suggests close ids, and ``hint``).
    """
    for episode in episodes:
        if episode.episode_id == episode_id:
            return episode
    close = close_ids(episode_id, [e.episode_id for e in episodes])
    suggestion = (
        f"; did you mean {', '.join(close)}?" if close else " (ids are <seed>.<surface>.<variant>)"
    )
    raise CarebenchError(
        f"no episode with id {episode_id!r} in {where}{suggestion}{'; ' + hint if hint else ''}"
    )


def close_ids(episode_id: str, ids: Sequence[str]) -> list[str]:
    """Up to three ids like ``episode_id``, its seed matched first.

    The seed part decides: a typo in the seed suggests ids of close seeds, a known seed with a
    wrong surface or variant suggests that seed's ids; an unknown seed suggests nothing, never an
    unrelated seed that shares the suffix (``nosuch.s1.clean`` is not ``post-op-wound.s1.clean``).
    """
    seed = episode_id.partition(".")[0].lower()
    seeds = sorted({i.partition(".")[0] for i in ids})
    near = [seed] if seed in seeds else difflib.get_close_matches(seed, seeds, n=3)
    candidates = [i for i in ids if i.partition(".")[0] in near]
    return difflib.get_close_matches(episode_id.lower(), candidates, n=3, cutoff=0.0)


def _parsed_seed(seed_id: str, paths: PathsArg) -> Seed:
    """The seed ``seed_id`` as parsed (other validation rules not applied).

    Raises:
        CarebenchError: no parsed seed has that id (the message lists close ids).
    """
    parsed = [p.seed for p in parse_files(discover(paths)) if p.seed is not None]
    seed = next((s for s in parsed if s.id == seed_id), None)
    if seed is None:
        close = difflib.get_close_matches(seed_id, [s.id for s in parsed], n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise CarebenchError(
            f"no seed with id {seed_id!r} parses under the given paths{hint} (a file that does "
            "not parse, such as an older format, is not read: see carebench episodes validate)"
        )
    return seed


def episode_record(episode_id: str, paths: PathsArg = None, *, hint: str = "") -> dict[str, Any]:
    """One episode's JSON record with its evidence items, their lines and their status.

    The record is the episode's own (``Episode.model_dump(mode="json")``) plus ``evidence_items``:
    per item, in reading order, ``id``, ``block``, ``text`` (the whole line), ``evidence`` (the
    line less superseded sentences), ``superseded`` (true when nothing current is left: the
    line cannot be cited) and ``admissible`` (an output may cite it: listed in the episode's
    admissible sources, or derived, and not superseded). As with :func:`evidence_listing`, the
    seed only has to parse, so the record renders while other validation rules fail.

    Raises:
        CarebenchError: no parsed seed or episode has that id (the message lists close ids and
            ``hint``), or the seed cannot be rendered (the message says why).
    """
    from carebench.episodes.assemble import AssemblyError
    from carebench.episodes.sources import episode_sources

    seed = _parsed_seed(episode_id.partition(".")[0], paths)
    try:
        episodes = assemble_seed(seed)
    except (AssemblyError, ValueError) as exc:
        raise CarebenchError(f"{seed.id}: cannot render: {exc}") from exc
    where = f"seed {seed.id}"
    episode = find_episode(episodes, episode_id, where=where, hint=hint)
    record = episode.model_dump(mode="json")
    record["evidence_items"] = [
        {
            "id": item.id,
            "block": item.block.value,
            "text": item.text,
            "evidence": item.evidence,
            "superseded": not item.evidence,
            "admissible": item.admissible,
        }
        for item in episode_sources(episode)
    ]
    return record


def evidence_listing(target: str, paths: PathsArg = None) -> str:
    """The evidence items of a seed's episodes (or of one episode), with their ids, as text.

    ``target`` is a seed id or an episode id (``<seed>.<surface>.<variant>``). The seed only has
    to parse: the listing renders it even while other validation rules fail, so an author can
    see the ids that annotation units must name. An item made only of superseded text is marked
    ``not citable``; an item outside declared admissible sources is marked ``not admissible``.

    Raises:
        CarebenchError: no parsed seed has that id (the message lists close ids), or the seed
            cannot be rendered (the message says why).
    """
    from carebench.episodes.assemble import AssemblyError, episode_annotations, render_blocks
    from carebench.episodes.sources import items_from_texts

    seed_id, _, rest = target.partition(".")
    surface, _, variant_name = rest.partition(".")
    seed = _parsed_seed(seed_id, paths)
    lines: list[str] = []
    for name in sorted(seed.surfaces):
        for variant in Variant:
            if (surface and surface != name) or (variant_name and variant_name != variant.value):
                continue
            try:
                blocks = render_blocks(seed, name, variant)
                units = episode_annotations(seed, name, variant, blocks)
            except (AssemblyError, ValueError) as exc:
                raise CarebenchError(
                    f"{seed.id}.{name}.{variant.value}: cannot render: {exc}"
                ) from exc
            allowed = set(units.admissible_sources) if units else None
            lines.append(f"{seed.id}.{name}.{variant.value}")
            for item in items_from_texts(blocks, units.superseded if units else ()):
                mark = ""
                if not item.evidence:
                    mark = " (superseded: not citable)"
                elif allowed is not None and item.id not in allowed:
                    mark = " (not admissible)"
                lines.append(f"  {item.id:<4}{item.text}{mark}")
    if not lines:
        raise CarebenchError(f"no episode {target!r}: ids are <seed>.<surface>.<variant>")
    return "\n".join(lines) + "\n"
