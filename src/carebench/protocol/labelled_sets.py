"""The labelled sets the work-product scorer is validated on: the manifest and its labels files.

A folder of labelled sets holds ``sets.yaml`` (format ``carebench-scorer-sets/1``) naming each set
(name, role ``dev`` or ``held-out``, its claims and handoffs files, its PROVENANCE note), and the
labels files, JSON Lines of format ``carebench-scorer-labels/1``. Every file is hostile input: each
problem is one :class:`~carebench.errors.CarebenchError` naming the file, the line, the field and
what was expected, raised before anything is scored.

Conventions:
    * The manifest is read through :func:`carebench.episodes.loading.compose_yaml` (its size,
      alias and nesting bounds; a key given twice is an error). Set names are unique, letters,
      digits, ``.``, ``_`` and ``-`` (they are printed in a tab-separated table); a file is named
      by its plain name inside the folder (no path), at most once in the manifest.
    * A labels file is UTF-8, at most :data:`MAX_FILE_BYTES`, with at least one labelled item;
      blank lines are skipped. A claims file holds claim rows, a handoffs file handoff rows.
    * A **claim row**: ``claim_id`` (unique in its file), ``episode_id``, ``text``, ``cited`` (a
      list of ``{id, text}``: the lines as the labellers saw them), ``label_a``, ``label_b`` and
      ``final``, each one of :data:`CLAIM_LABELS`.
    * A **handoff row**: ``handoff_id`` (unique in its file), ``episode_id``, ``handoff`` (any JSON
      value: a handoff that breaks the contract on purpose is scored as an agent's invalid one
      would be), and ``labels_a``, ``labels_b`` and ``final``: field name -> one of
      :data:`FIELD_LABELS`, the three naming the same fields.
    * Against the bank (when given): every row's episode is in it, and each handoff's labelled
      fields are exactly the episode's form (the routing fields, then the seed's handoff fields).
      A claim citing an id its episode does not have is kept: it is a fabricated citation, as a
      gaming agent writes one (set-3 has one), scored on the cited text the labellers saw.
    * A set may name a ``current`` claims file (same row format): its claims whose cited lines
      the bank changed after labelling, relabelled against the current lines
      (:mod:`carebench.protocol.paraphrase`; the agreement command scores the text the
      labellers saw and does not read it).
    * Other keys (``disagreement``, ``writer_kind``, notes) are kept unchecked, so a set may carry
      more than the scorer reads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from carebench.agents.workproduct import ROUTING_FIELDS, handoff_fields
from carebench.episodes.schema import Episode
from carebench.errors import CarebenchError, first_error

FORMAT = "carebench-scorer-labels/1"
SETS_FORMAT = "carebench-scorer-sets/1"
#: The labels of a claim (claim support) and of a handoff field.
CLAIM_LABELS = ("supported", "unsupported", "contradicts")
FIELD_LABELS = ("correct", "wrong", "missing")
#: The largest labels file read (the packaged ones are a few hundred kilobytes).
MAX_FILE_BYTES = 32 * 1024 * 1024

_PLAIN = r"^[A-Za-z0-9][A-Za-z0-9._-]*$"
FileName = Annotated[str, Field(min_length=1, max_length=200, pattern=_PLAIN)]
ClaimLabel = Literal["supported", "unsupported", "contradicts"]
FieldLabel = Literal["correct", "wrong", "missing"]


class LabelledSet(BaseModel):
    """One labelled set of the manifest."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=64, pattern=_PLAIN)
    role: Literal["dev", "held-out"]
    claims: FileName
    handoffs: FileName
    provenance: FileName
    current: FileName | None = None
    """Optional claims file: the set's claims whose cited lines the bank has changed since they
    were labelled, relabelled blind against the current lines (same row format; the rows'
    ``claim_id`` are the set's). Only :mod:`carebench.protocol.paraphrase` reads it."""


class SetsManifest(BaseModel):
    """The manifest of labelled sets (``sets.yaml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["carebench-scorer-sets/1"]
    sets: tuple[LabelledSet, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> SetsManifest:
        names = [s.name for s in self.sets]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"set name(s) {', '.join(twice)} given twice; name each set once")
        used = [f for s in self.sets for f in (s.claims, s.handoffs, s.current) if f]
        twice = sorted({f for f in used if used.count(f) > 1})
        if twice:
            raise ValueError(
                f"file(s) {', '.join(twice)} named twice; each labels file is one set's"
            )
        return self


class _Row(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    format: Literal["carebench-scorer-labels/1"]
    episode_id: str = Field(min_length=1, max_length=200)


class CitedLine(BaseModel):
    """One line a labelled claim cites, as the labellers saw it."""

    model_config = ConfigDict(extra="allow", frozen=True)

    id: str = Field(min_length=1, max_length=64)
    text: str = Field(max_length=8000)


class ClaimRow(_Row):
    """One labelled claim (module conventions)."""

    claim_id: str = Field(min_length=1, max_length=200)
    text: str = Field(max_length=4000)
    cited: tuple[CitedLine, ...] = Field(max_length=64)
    label_a: ClaimLabel
    label_b: ClaimLabel
    final: ClaimLabel


class HandoffRow(_Row):
    """One labelled handoff (module conventions)."""

    handoff_id: str = Field(min_length=1, max_length=200)
    handoff: Any
    labels_a: dict[str, FieldLabel]
    labels_b: dict[str, FieldLabel]
    final: dict[str, FieldLabel] = Field(min_length=1)

    @model_validator(mode="after")
    def _same_fields(self) -> HandoffRow:
        for name in ("labels_a", "labels_b"):
            labels: dict[str, str] = getattr(self, name)
            if set(labels) != set(self.final):
                differ = sorted(set(labels) ^ set(self.final))
                raise ValueError(
                    f"{name} and final label different fields ({', '.join(map(repr, differ))}); "
                    "expected the same fields in both"
                )
        return self


def packaged_folder() -> Traversable:
    """The folder of the packaged labelled sets."""
    return files("carebench") / "scenarios" / "validation" / "workproduct"


def _problem(exc: ValidationError) -> str:
    """The first pydantic error as ``field: what was wrong; what was expected``."""
    first = exc.errors()[0]
    where, message = first_error(exc, "(top level)")
    kind = first["type"]
    if kind == "value_error":
        return message if not first["loc"] else f"{where}: {message}"
    if kind == "missing":
        return f"{where}: required field is missing"
    if kind == "string_pattern_mismatch":
        message = (
            "expected a plain name: letters, digits, '.', '_' and '-', starting with a letter "
            "or digit"
        )
    if "input" in first:
        shown = repr(first["input"])
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        return f"{where}: got {shown}; {message[:1].lower()}{message[1:]}"
    return f"{where}: {message}"


def load_sets(folder: Traversable | None = None) -> tuple[LabelledSet, ...]:
    """The labelled sets named by ``sets.yaml`` in ``folder`` (default: the packaged one).

    Raises:
        CarebenchError: the manifest is unreadable or invalid, or names a file that is not there
            (module conventions); the message names the file, line and field.
    """
    from carebench.episodes.loading import _duplicate_keys, _line_of, read_yaml_mapping

    folder = folder or packaged_folder()
    path = folder / "sets.yaml"
    root, data = read_yaml_mapping(path, "the manifest", f"format: {SETS_FORMAT} and sets")
    twice = _duplicate_keys(root)
    if twice:
        where, at, key = twice[0]
        raise CarebenchError(f"{path}:{at}: {where or '(top level)'}: key {key!r} given twice")
    try:
        manifest = SetsManifest.model_validate(data)
    except ValidationError as exc:
        loc = [p for p in exc.errors()[0]["loc"] if isinstance(p, str | int)]
        line = _line_of(root, loc)
        raise CarebenchError(
            f"{path}{'' if line is None else f':{line}'}: {_problem(exc)}"
            f" (a manifest is format: {SETS_FORMAT}, sets: [name, role, claims, handoffs, "
            "provenance], optionally current)"
        ) from exc
    for entry in manifest.sets:
        for name in (entry.claims, entry.handoffs, entry.provenance, entry.current):
            if name and not (folder / name).is_file():
                raise CarebenchError(f"{path}: set {entry.name}: no file {name!r}")
    return manifest.sets


def _text(path: Traversable) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CarebenchError(f"{path}: cannot read the labels file ({exc})") from exc
    if len(data) > MAX_FILE_BYTES:
        raise CarebenchError(
            f"{path}: {len(data)} bytes; a labels file is read up to {MAX_FILE_BYTES} bytes"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CarebenchError(
            f"{path}: not UTF-8 text (byte {exc.start}); expected JSON Lines in UTF-8"
        ) from exc


def _check_row(
    row: dict[str, Any], episodes: Mapping[str, Episode] | None
) -> ClaimRow | HandoffRow:
    """The validated row; ValueError / ValidationError with the problem otherwise."""
    if "claim_id" in row:
        model: type[ClaimRow] | type[HandoffRow] = ClaimRow
    elif "handoff_id" in row:
        model = HandoffRow
    else:
        raise ValueError("neither claim_id nor handoff_id; expected a labelled claim or handoff")
    checked = model.model_validate(row)
    if episodes is None:
        return checked
    episode = episodes.get(checked.episode_id)
    if episode is None:
        raise ValueError(f"episode_id: {checked.episode_id!r} is not an episode of the bank")
    if isinstance(checked, HandoffRow):
        form = {*ROUTING_FIELDS, *handoff_fields(episode)}
        extra, lacking = sorted(set(checked.final) - form), sorted(form - set(checked.final))
        if extra or lacking:
            raise ValueError(
                f"final: the fields labelled differ from the form of {episode.episode_id}: "
                + "; ".join(
                    f"{what} {', '.join(map(repr, names))}"
                    for what, names in (("not on the form:", extra), ("not labelled:", lacking))
                    if names
                )
            )
    return checked


def load_labels(
    name: str, folder: Traversable | None = None, episodes: Mapping[str, Episode] | None = None
) -> list[dict[str, Any]]:
    """The labelled items of the file ``name`` (``claims.jsonl``; ``.jsonl`` may be left off).

    Args:
        name: the file's name in ``folder``.
        folder: the folder (default: the packaged sets).
        episodes: episode id -> episode; when given, every row is checked against the bank too
            (module conventions).

    Returns:
        The rows as read (JSON objects), every one checked.

    Raises:
        CarebenchError: the file is unreadable, empty, or a line is not a valid labelled claim or
            handoff (the message names the file, line and field).
    """
    path = (folder or packaged_folder()) / (name if name.endswith(".jsonl") else f"{name}.jsonl")
    rows: list[dict[str, Any]] = []
    kinds: dict[str, int] = {}
    seen: dict[str, int] = {}
    for number, line in enumerate(_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            what = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            raise CarebenchError(f"{path}:{number}: not JSON ({what})") from exc
        if not isinstance(row, dict) or row.get("format") != FORMAT:
            found = row.get("format") if isinstance(row, dict) else type(row).__name__
            raise CarebenchError(f"{path}:{number}: format {found!r}; expected {FORMAT}")
        try:
            checked = _check_row(row, episodes)
        except ValidationError as exc:
            raise CarebenchError(f"{path}:{number}: {_problem(exc)}") from exc
        except ValueError as exc:
            raise CarebenchError(f"{path}:{number}: {exc}") from exc
        kind, key = (
            ("claim", checked.claim_id)
            if isinstance(checked, ClaimRow)
            else ("handoff", checked.handoff_id)
        )
        kinds.setdefault(kind, number)
        if len(kinds) > 1:
            raise CarebenchError(
                f"{path}:{number}: a {kind} in a file whose line {kinds[_other(kind)]} is a "
                f"{_other(kind)}; expected one kind per file"
            )
        if key in seen:
            raise CarebenchError(
                f"{path}:{number}: {kind}_id {key!r} given twice (first on line {seen[key]})"
            )
        seen[key] = number
        rows.append(row)
    if not rows:
        raise CarebenchError(f"{path}: no labelled items; expected one JSON object a line")
    return rows


def _other(kind: str) -> str:
    return "handoff" if kind == "claim" else "claim"


def load_set(
    entry: LabelledSet, folder: Traversable | None, episodes: Mapping[str, Episode]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One set's claims and handoffs, checked against the bank and against their file's role.

    Raises:
        CarebenchError: see :func:`load_labels`; also a claims file holding handoffs or the
            reverse.
    """
    claims = load_labels(entry.claims, folder, episodes)
    handoffs = load_labels(entry.handoffs, folder, episodes)
    for file, rows, kind in (
        (entry.claims, claims, "claim"),
        (entry.handoffs, handoffs, "handoff"),
    ):
        if f"{kind}_id" not in rows[0]:
            raise CarebenchError(
                f"set {entry.name}: {file} holds {_other(kind)}s; the manifest names it as the "
                f"set's {kind}s file"
            )
    return claims, handoffs
