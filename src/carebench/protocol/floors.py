"""Work-product floors: what the reference and the gaming policies score on a bank.

The decision metrics have the keyword floor; the work-product scores have these. For every
escalation-required or Answer episode of a bank, the reference work product
(:func:`carebench.agents.workproduct.reference_work_product`) and each gaming policy of
:data:`carebench.agents.backends.gaming.GAMING` write their work product for the primary reference
action; the scorer (:func:`carebench.protocol.scores.score_output`) scores it.

Conventions:
    * A gaming policy is scored on the episodes where its work product differs from the
      reference's (its *scope*: the stale-carrying policy only where something is superseded, the
      findings-pasting one only on escalations); ``n`` says how many.
    * The **overall** work-product score of one episode is min(continuity, traceability) for a
      draft (the one that applies, when only one does) and handoff completeness for a handoff.
    * A score's **floor** is the highest mean any gaming policy that games it reaches; an agent
      whose mean is at or under it has shown nothing on that score. The report flags an agent's
      row (one split and task class) against the floor on that row's episodes
      (:func:`floors_on`), so a gaming policy run as an agent is flagged on the score it games;
      the floor rows it prints are over every scoped episode of the bank.
    * Deterministic and label-driven: no model is called. The goal (tested): every gaming policy
      at or under 0.3 on each score it games and on the overall score; the reference at 0.95 or
      more.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean
from typing import Any

from carebench.agents.backends.gaming import GAMING
from carebench.agents.workproduct import reference_work_product
from carebench.derived import cached_json, key
from carebench.episodes.schema import Action, Episode
from carebench.protocol.score_results import EpisodeScores
from carebench.protocol.scores import score_output

SCORES = ("continuity", "traceability", "handoff", "overall")
GOAL_GAMING = 0.3
GOAL_REFERENCE = 0.95


def overall(scored: EpisodeScores) -> float | None:
    """The overall work-product score of one scored output (see the module conventions)."""
    if scored.handoff is not None:
        return scored.handoff.score
    parts = [s.score for s in (scored.continuity, scored.traceability) if s and s.score is not None]
    return min(parts) if parts else None


def _scores(scored: EpisodeScores) -> dict[str, float | None]:
    c, t, h = scored.continuity, scored.traceability, scored.handoff
    return {
        "continuity": c.score if c else None,
        "traceability": t.score if t else None,
        "handoff": h.score if h else None,
        "overall": overall(scored),
    }


def _row(
    policy: str, games: Sequence[str], per_episode: list[dict[str, float | None]]
) -> dict[str, Any]:
    row: dict[str, Any] = {"policy": policy, "games": list(games), "episodes": len(per_episode)}
    for name in SCORES:
        values = [x for v in per_episode if (x := v[name]) is not None]
        row[name] = fmean(values) if values else None
        row[f"n_{name}"] = len(values)
    return row


def floor_data(episodes: Sequence[Episode]) -> dict[str, Any]:
    """The floor rows and the per-episode scores behind them (see the module conventions).

    ``rows``: the reference row, then one row per gaming policy. ``per_episode``: per policy
    (and ``reference``), episode id -> its scores, for the reference on every scoped episode and
    for a policy on its scope.
    """
    scoped = [e for e in episodes if e.reference.primary in (Action.ANSWER, Action.ESCALATE)]
    reference = {e.episode_id: reference_work_product(e, e.reference.primary) for e in scoped}

    def score(e: Episode, product: dict[str, Any]) -> dict[str, float | None]:
        action = e.reference.primary
        raw = json.dumps({"action": action.value, "confidence": 1.0, "reason": "", **product})
        return _scores(score_output(e, raw, action))

    per_episode = {"reference": {e.episode_id: score(e, reference[e.episode_id]) for e in scoped}}
    rows = [_row("reference", (), list(per_episode["reference"].values()))]
    for name, (write, games) in GAMING.items():
        own = {}
        for e in scoped:
            product = write(e, e.reference.primary)
            if product != reference[e.episode_id]:
                own[e.episode_id] = score(e, product)
        per_episode[name] = own
        rows.append(_row(name, games, list(own.values())))
    return {"rows": rows, "per_episode": per_episode}


def floor_rows(episodes: Sequence[Episode]) -> list[dict[str, Any]]:
    """The reference row, then one row per gaming policy (see the module conventions)."""
    rows: list[dict[str, Any]] = floor_data(episodes)["rows"]
    return rows


def floors_on(data: dict[str, Any], episode_ids: Sequence[str]) -> dict[str, float | None]:
    """Per score, the floor on these episodes (an agent's split and task class).

    Each gaming policy that games the score and has some of these episodes in its scope is
    scored as its run would be: its own score where it writes its gaming work product, the
    reference's where it writes the reference's (``data``: :func:`floor_data`). The floor is
    the highest such mean; None where no policy applies.
    """
    reference = data["per_episode"]["reference"]
    ids = [i for i in dict.fromkeys(episode_ids) if i in reference]
    out: dict[str, float | None] = {}
    for name in SCORES:
        means = []
        for row in data["rows"]:
            own = data["per_episode"].get(row["policy"], {})
            if not _games(row, name) or not any(i in own for i in ids):
                continue
            values = [x for i in ids if (x := own.get(i, reference[i])[name]) is not None]
            if values:
                means.append(fmean(values))
        out[name] = max(means) if means else None
    return out


def floors(rows: Sequence[dict[str, Any]]) -> dict[str, float | None]:
    """Per score, the highest mean a gaming policy that games it reaches (None: none does)."""
    out: dict[str, float | None] = {}
    for name in SCORES:
        values = [r[name] for r in rows if _games(r, name) and r[name] is not None]
        out[name] = max(values) if values else None
    return out


def _games(row: dict[str, Any], name: str) -> bool:
    """Whether the floor row is a gaming policy's that games score ``name`` (all game overall)."""
    return row["policy"] != "reference" and (name == "overall" or name in row["games"])


_COMPUTED: dict[str, dict[str, Any]] = {}


def bank_floor_data(
    bank_sha256: str, episodes: Sequence[Episode], cache_dir: Path | None = None
) -> dict[str, Any]:
    """:func:`floor_data` of the bank with this SHA-256, computed once per process.

    With ``cache_dir`` it is also kept there between reports, keyed by the bank and the source
    of every module at or below this layer (the scorer and the gaming policies), so a change to
    either recomputes it.
    """
    if bank_sha256 not in _COMPUTED:
        entry = key("protocol", "floor-data", bank_sha256)
        _COMPUTED[bank_sha256] = cached_json(
            cache_dir, "floors", entry, lambda: floor_data(episodes)
        )
    return _COMPUTED[bank_sha256]


def bank_floor_rows(
    bank_sha256: str, episodes: Sequence[Episode], cache_dir: Path | None = None
) -> list[dict[str, Any]]:
    """The rows of :func:`bank_floor_data`."""
    rows: list[dict[str, Any]] = bank_floor_data(bank_sha256, episodes, cache_dir)["rows"]
    return rows
