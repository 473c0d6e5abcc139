"""Validator rules for annotation units (paper 001) that the atomic scores rely on.

:mod:`carebench.episodes.validate` checks that facts to retain, revise and discard are stated
somewhere; the rules here check that the units mean what the scores take them to mean. They apply
to the unit families a seed annotates: the urgent-finding and handoff rules to every episode with
handoff fields of a seed that declares ``urgent_findings`` or ``handoff_values`` anywhere (opt-in,
so a seed written before bank 2.1 stays valid and its handoffs are checked by numbers only), the
stale rules to every seed that declares ``discard_facts`` (a seed without
``annotations:`` is not scored; the packaged bank annotates every family, which its tests check):

* **urgent findings**: every escalation-required episode (primary Escalate) names the finding(s)
  that make it urgent, each stated by an admissible evidence item's current evidence (superseded
  sentences removed); an episode that is not escalation-required names none;
* **handoff values**: every escalation-required episode gives at least one reference value for
  each of its handoff fields, none a placeholder (empty, "see record", "n/a", "as above", ...),
  and names no value for a field it does not have; declared handoff destinations are urgent ones
  (:data:`~carebench.episodes.schema.URGENT_DESTINATIONS`); every escalation-acceptable episode
  (Escalate in its acceptable set) declares both ``handoff_urgency`` and
  ``handoff_destinations`` (bank 2.2: the scorer has no default for them);
* **stale facts**: a fact to discard is stated only by superseded text: no admissible item's
  current evidence states it, in any episode (else carrying it forward could never be counted),
  and every stale episode has at least one fact to discard that its superseded text states;
* **prohibited claims are claims**: a prohibited claim is an assertion an output could make about
  the patient or treatment, not a description of a kind of claim: it does not mention the
  evidence or its ids ("claims not supported by E1-E4"), carries no parenthesis or "when ..."
  condition about the episode, has at least two content words (or a number and a word), and a
  phrase that opens with "a", "an" or "any" has a verb;
* **units follow the surface** (:func:`check_surface_words`, on the authored values): a unit
  written with a word that is one surface's value of a variable the surfaces set differently
  ("she did not hit her head" where s2's ``pronoun`` is "he") says the wrong thing in the other
  surface; the unit must use the placeholder (``{pronoun} did not hit {possessive} head``).
  The value, whatever its case ("He" for "he"), and each capitalised word of it the other
  surface's value lacks (a name's parts: "Doyle" of "Harriet Doyle") are read. Only values holding a letter are read: a number
  such as an age also appears in
  lab values and times, so surface-dependent numbers are for review (bank 2.4: a man's
  nitrofurantoin course was "3 days", the women's course).

"States" is :func:`carebench.episodes.matching.states`, the rule the scores use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.assemble import AssemblyError, assemble_seed, variant_spec
from carebench.episodes.loading import ParsedSeed
from carebench.episodes.matching import states, tokens
from carebench.episodes.rules.common import annotation_texts
from carebench.episodes.schema import URGENT_DESTINATIONS, Action, Episode, Variant
from carebench.episodes.seed import Seed
from carebench.episodes.sources import Source, episode_sources, flat, sentences
from carebench.errors import ValidationIssue

PLACEHOLDER_VALUES = frozenset(
    {
        "",
        "-",
        "?",
        "n/a",
        "na",
        "none",
        "nil",
        "unknown",
        "not known",
        "not applicable",
        "tbc",
        "tbd",
        "pending",
        "see record",
        "see the record",
        "see notes",
        "see the notes",
        "see chart",
        "see the chart",
        "see above",
        "as above",
        "see below",
        "as per record",
        "per record",
        "in the record",
    }
)
"""Handoff values that name nothing a nurse could act on (compared lower-cased, ends stripped)."""

_META = re.compile(
    r"\b(?:E\d+(?:\s*-\s*E?\d+)?|claims?|packet|evidence|supported|unsupported|stated|source)\b"
    r"|\bwhen\s+(?:one|nothing|none|the\s+(?:record|report|packet))\b"
    r"|\bwhen\b.*\b(?:is|are|was|were)\s+(?:reported|stated|recorded|shown|abnormal|unresolved)\b",
    re.IGNORECASE,
)
_KIND_OPENING = re.compile(r"^(?:a|an|any)\s", re.IGNORECASE)
_VERB = re.compile(
    r"\b(?:is|are|was|were|be|can|will|should|must|needs?|needed|means?|proves?|suffices?|"
    r"has|have|does|do|works?|helps?|stops?|causes?|counts?|requires?|required)\b",
    re.IGNORECASE,
)


def _issue(parsed: ParsedSeed, path: tuple[str | int, ...], message: str) -> ValidationIssue:
    return ValidationIssue(
        parsed.file, parsed.line_of(path), ".".join(str(p) for p in path), message
    )


def annotation_path(seed: Seed, variant: Variant, field: str) -> tuple[str, ...]:
    """Where an episode's annotation field was authored: the variant's override, else the seed."""
    declared = variant_spec(seed, variant).annotations
    if declared is not None and field in declared.model_fields_set:
        return ("variants", variant.value, "annotations", field)
    return ("annotations", field)


def _current(sources: Sequence[Source]) -> list[Source]:
    return [s for s in sources if s.admissible and s.evidence]


def is_placeholder(value: str) -> bool:
    """Whether a handoff value is a placeholder (see :data:`PLACEHOLDER_VALUES`)."""
    folded = re.sub(r"\s+", " ", value).strip().strip(".").strip().lower()
    return folded in PLACEHOLDER_VALUES


def claim_problem(claim: str) -> str | None:
    """Why ``claim`` is not a claim an output could make (None when it is one)."""
    meta = _META.search(claim)
    if meta:
        return f"it speaks about the evidence or the episode ({meta.group(0)!r}), not the patient"
    if "(" in claim or ")" in claim:
        return "it carries a parenthetical condition; state the claim itself"
    found = tokens(claim)
    if len(found.words) < 2 and not (found.numbers and found.words):
        return "it has fewer than two content words"
    if _KIND_OPENING.match(claim) and not _VERB.search(claim):
        return "it names a kind of statement (no verb), not a claim"
    return None


def _check_urgent(
    seed: Seed, parsed: ParsedSeed, episode: Episode, current: list[Source]
) -> list[ValidationIssue]:
    units = episode.annotations
    assert units is not None
    path = annotation_path(seed, episode.variant, "urgent_findings")
    where = f"surface {episode.surface!r}, {episode.variant.value}"
    if not episode.escalation_required:
        if units.urgent_findings:
            return [
                _issue(
                    parsed,
                    path,
                    f"{where}: urgent findings are declared but the episode is not "
                    "escalation-required (primary is not Escalate)",
                )
            ]
        return []
    if not units.urgent_findings:
        return [
            _issue(
                parsed,
                ("variants", episode.variant.value, "annotations", "urgent_findings"),
                f"{where}: an escalation-required episode must name its urgent findings (the "
                "red flag or danger sign a handoff's key findings must state)",
            )
        ]
    return [
        _issue(
            parsed,
            (*path, index),
            f"{where}: urgent finding {finding!r} is not stated by any admissible, current "
            "evidence line (every number and most of its words must appear in one line)",
        )
        for index, finding in enumerate(units.urgent_findings)
        if not any(states(s.evidence, finding) for s in current)
    ]


def _check_handoff(seed: Seed, parsed: ParsedSeed, episode: Episode) -> list[ValidationIssue]:
    units = episode.annotations
    assert units is not None
    issues: list[ValidationIssue] = []
    where = f"surface {episode.surface!r}, {episode.variant.value}"
    values_path = annotation_path(seed, episode.variant, "handoff_values")
    for name in sorted(set(units.handoff_values) - set(units.handoff_fields)):
        issues.append(
            _issue(
                parsed,
                (*values_path, name),
                f"{where}: {name!r} is not a handoff field; expected one of "
                f"{list(units.handoff_fields)}",
            )
        )
    urgent = URGENT_DESTINATIONS[episode.task_class]
    for index, dest in enumerate(units.handoff_destinations):
        if dest not in urgent:
            issues.append(
                _issue(
                    parsed,
                    (*annotation_path(seed, episode.variant, "handoff_destinations"), index),
                    f"{where}: {dest!r} is not an urgent destination of "
                    f"{episode.task_class.value}; expected one of {list(urgent)}",
                )
            )
    if Action.ESCALATE in episode.reference.acceptable:
        for name in ("handoff_urgency", "handoff_destinations"):
            if not getattr(units, name):
                issues.append(
                    _issue(
                        parsed,
                        annotation_path(seed, episode.variant, name),
                        f"{where}: an escalation-acceptable episode declares no {name}; "
                        "declare the urgencies / destinations a handoff may give (the scorer "
                        "judges them against these only)",
                    )
                )
    if not episode.escalation_required:
        return issues
    for field in units.handoff_fields:
        values = units.handoff_values.get(field, ())
        good = [v for v in values if not is_placeholder(v)]
        if not values:
            issues.append(
                _issue(
                    parsed,
                    values_path,
                    f"{where}: handoff field {field!r} has no reference value; give the "
                    "value(s) a nurse could act on",
                )
            )
        elif len(good) != len(values):
            bad = [v for v in values if is_placeholder(v)]
            issues.append(
                _issue(
                    parsed,
                    (*values_path, field),
                    f"{where}: handoff field {field!r} has placeholder value(s) {bad}; a "
                    "reference value must be one a nurse could act on",
                )
            )
    return issues


def _check_stale(
    seed: Seed, parsed: ParsedSeed, episode: Episode, sources: Sequence[Source]
) -> list[ValidationIssue]:
    units = episode.annotations
    assert units is not None
    issues: list[ValidationIssue] = []
    where = f"surface {episode.surface!r}, {episode.variant.value}"
    path = annotation_path(seed, episode.variant, "discard_facts")
    current = _current(sources)
    for index, fact in enumerate(units.discard_facts):
        stating = [s.id for s in current if states(s.evidence, fact)]
        if stating:
            issues.append(
                _issue(
                    parsed,
                    (*path, index),
                    f"{where}: fact to discard {fact!r} is also stated by current evidence "
                    f"({', '.join(stating)}), so carrying it forward could never be counted; "
                    "name what only the superseded text says",
                )
            )
    if episode.variant is Variant.STALE:
        gone = [s for text in units.superseded for s in sentences(text)] or list(units.superseded)
        scorable = [
            f
            for f in units.discard_facts
            if any(states(s, f) for s in gone) and not any(states(s.evidence, f) for s in current)
        ]
        if not scorable:
            issues.append(
                _issue(
                    parsed,
                    path,
                    f"{where}: no fact to discard is stated by the superseded text "
                    f"({' '.join(flat(s) for s in units.superseded) or 'none'!r}); a stale "
                    "episode needs at least one scorable stale fact",
                )
            )
    return issues


def check_surface_words(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """Units say each surface's own words (see the module docstring, "units follow the surface")."""
    names = sorted(seed.surfaces)
    # pattern -> {variable: "its value per surface"}: a whole value in any case ("He" for "he"),
    # and each capitalised word of it the other surfaces' values lack (a name's parts), as written
    differing: dict[re.Pattern[str], dict[str, str]] = {}
    for variable in sorted(set().union(*(seed.surfaces[n] for n in names)) if names else ()):
        values = {n: str(seed.surfaces[n].get(variable, "")) for n in names}
        if len(set(values.values())) < 2:
            continue
        for name, value in values.items():
            others = ", ".join(f"{values[o]!r} in {o}" for o in names if o != name)
            shared = {w for o in names if o != name for w in values[o].split()}
            parts = [w for w in value.split() if re.fullmatch(r"[A-Z][a-z]{2,}", w)]
            whole: list[tuple[str, int]] = (
                [(value, re.IGNORECASE)] if len(value) > 1 and re.search("[A-Za-z]", value) else []
            )
            for word, flags in whole + [(w, 0) for w in parts if w not in shared and w != value]:
                pattern = re.compile(rf"(?<![\w{{]){re.escape(word)}(?![\w}}])", flags)
                differing.setdefault(pattern, {})[variable] = f"{name}'s {variable} ({others})"
    issues: list[ValidationIssue] = []
    for path, text in annotation_texts(seed):
        found = {p: m for p in differing if (m := p.search(text))}
        held: list[tuple[re.Pattern[str], re.Match[str]]] = []  # in reading order, none nested
        for p, m in sorted(found.items(), key=lambda pm: (pm[1].start(), -pm[1].end())):
            if not held or m.start() >= held[-1][1].end():
                held.append((p, m))
        if held:
            said = "; ".join(
                f"{m.group(0)!r}, {' or '.join(differing[p].values())}" for p, m in held
            )
            fixes = ", ".join(sorted({f"{{{name}}}" for p, _ in held for name in differing[p]}))
            issues.append(
                _issue(
                    parsed,
                    path,
                    f"{text!r} holds {said}: a unit is the same text in every surface, so "
                    f"write the surface's placeholder ({fixes})",
                )
            )
    return issues


def check_unit_rules(seed: Seed, parsed: ParsedSeed) -> list[ValidationIssue]:
    """All annotation-unit rules (see the module docstring) over a seed's assembled episodes."""
    issues: list[ValidationIssue] = []
    try:
        episodes = assemble_seed(seed)  # cached: validation assembles the seed once
    except (AssemblyError, ValueError):
        return issues  # the rendering rules, or validate_seed's own assembly, say why
    seen: set[tuple[tuple[str | int, ...], str]] = set()
    layers = [seed.annotations] + [variant_spec(seed, v).annotations for v in Variant]
    declared = {f for layer in layers if layer is not None for f in layer.model_fields_set}
    for episode in episodes:
        units = episode.annotations
        if units is None:
            continue
        sources = episode_sources(episode)
        if units.handoff_fields and declared & {"urgent_findings", "handoff_values"}:
            issues += _check_urgent(seed, parsed, episode, _current(sources))
            issues += _check_handoff(seed, parsed, episode)
        if "discard_facts" in declared:
            issues += _check_stale(seed, parsed, episode, sources)
        for index, claim in enumerate(units.prohibited_claims):
            problem = claim_problem(claim)
            path: tuple[str | int, ...] = (
                *annotation_path(seed, episode.variant, "prohibited_claims"),
                index,
            )
            if problem and (path, claim) not in seen:
                seen.add((path, claim))
                issues.append(
                    _issue(parsed, path, f"prohibited claim {claim!r} is not a claim: {problem}")
                )
    return issues
