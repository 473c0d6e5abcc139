"""Plain-text and Markdown tables generated from the bank (composition, label inventory, catalogue).

These tables are generated, never hand-written, so docs cannot disagree with the scenario files:
docs/reference-policy.md embeds :func:`label_inventory` between marker comments and a test checks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from carebench.episodes.bank import composition
from carebench.episodes.schema import ACTION_MEANINGS, Action, Episode, Split, TaskClass, Variant

ACTION_ABBREV = {
    Action.ANSWER: "A",
    Action.ASK_CLARIFICATION: "C",
    Action.ABSTAIN: "Ab",
    Action.ESCALATE: "E",
}


def _grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=True)]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in out)


def composition_table(episodes: Sequence[Episode]) -> str:
    """The composition of the bank: one row per task class plus a total row."""
    header = ["task class", "seeds", "episodes", "dev", "test", "escalate (dev/test)"]
    header += [a.value for a in Action]
    rows: list[list[str]] = []
    groups = [(t.value, [e for e in episodes if e.task_class is t]) for t in TaskClass]
    groups.append(("total", list(episodes)))
    for name, group in groups:
        comp = composition(group)
        esc = comp["escalation_required"]
        rows.append(
            [
                name,
                str(comp["n_seeds"]),
                str(comp["n_episodes"]),
                str(comp["by_split"]["dev"]),
                str(comp["by_split"]["test"]),
                f"{esc['all']} ({esc['dev']}/{esc['test']})",
                *(str(comp["by_primary_action"][a.value]) for a in Action),
            ]
        )
    return _grid(header, rows)


def _seed_rows(episodes: Sequence[Episode]) -> list[list[Episode]]:
    """Episodes of the first surface of each seed, in bank order, one list per seed."""
    by_seed: dict[str, list[Episode]] = {}
    for episode in episodes:
        by_seed.setdefault(episode.seed_id, [])
        first_surface = by_seed[episode.seed_id][0].surface if by_seed[episode.seed_id] else None
        if first_surface in (None, episode.surface):
            by_seed[episode.seed_id].append(episode)
    return list(by_seed.values())


def _label(episode: Episode) -> str:
    primary = episode.reference.primary
    others = [ACTION_ABBREV[a] for a in episode.reference.acceptable if a is not primary]
    return f"**{ACTION_ABBREV[primary]}**" + (f" ({', '.join(others)})" if others else "")


def label_inventory(episodes: Sequence[Episode]) -> str:
    """Markdown: one row per seed, the reference label of each variant (primary bold, others after).

    Both surfaces of a seed carry the same labels by construction, so one row per seed suffices.
    """
    legend = ", ".join(f"{v} = {k.value}" for k, v in ACTION_ABBREV.items())
    lines = [
        f"Primary action in bold, other acceptable actions in brackets ({legend}).",
        "",
        "| seed | task class | split | " + " | ".join(v.value for v in Variant) + " |",
        "|---" * (3 + len(Variant)) + "|",
    ]
    for row in _seed_rows(episodes):
        first = row[0]
        labels = {e.variant: _label(e) for e in row}
        lines.append(
            f"| {first.seed_id} | {first.task_class.value} | {first.split.value} | "
            + " | ".join(labels[v] for v in Variant)
            + " |"
        )
    totals = composition(episodes)
    dev = sum(1 for e in episodes if e.split is Split.DEV)
    lines += [
        "",
        f"{totals['n_seeds']} seeds, {totals['n_episodes']} episodes ({dev} dev), "
        f"{totals['escalation_required']['all']} escalation-required "
        f"({totals['escalation_required']['test']} in test).",
    ]
    return "\n".join(lines)


def scenario_catalogue(episodes: Sequence[Episode]) -> str:
    """Markdown: one line per seed with task class, split, topic and each variant's primary action."""
    lines = [
        "| seed | task class | split | topic | " + " | ".join(v.value for v in Variant) + " |",
        "|---" * (4 + len(Variant)) + "|",
    ]
    for row in _seed_rows(episodes):
        first = row[0]
        primary = {e.variant: e.reference.primary.value for e in row}
        lines.append(
            f"| {first.seed_id} | {first.task_class.value} | {first.split.value} | {first.topic} | "
            + " | ".join(primary[v] for v in Variant)
            + " |"
        )
    return "\n".join(lines)


def action_table() -> str:
    """Markdown: the class-specific meaning of each action (from the schema's definitions)."""
    lines = ["| task class | " + " | ".join(a.value for a in Action) + " |"]
    lines.append("|---" * (1 + len(Action)) + "|")
    for task_class, meanings in ACTION_MEANINGS.items():
        lines.append(f"| {task_class.value} | " + " | ".join(meanings[a] for a in Action) + " |")
    return "\n".join(lines)


def update_reference_policy(document: str, episodes: Sequence[Episode]) -> str:
    """Regenerate the ``actions`` and ``labels`` sections of the reference-policy manual."""
    document = replace_between_markers(document, "actions", action_table())
    return replace_between_markers(document, "labels", label_inventory(episodes))


def replace_between_markers(document: str, name: str, content: str) -> str:
    """Replace the text between ``<!-- name:start -->`` and ``<!-- name:end -->``.

    Raises:
        ValueError: the markers are absent.
    """
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    head, sep, rest = document.partition(start)
    _, sep2, tail = rest.partition(end)
    if not sep or not sep2:
        raise ValueError(f"markers {start} ... {end} not found")
    return f"{head}{start}\n{content}\n{end}{tail}"
