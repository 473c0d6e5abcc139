from __future__ import annotations

import hashlib
import math
import re
from importlib.resources import files

import pandas as pd
import pytest
from statsmodels.stats.proportion import proportion_confint

from carebench import load_bank, render_transcript
from carebench.controller.detectors import (
    DETECTOR_FAMILIES,
    DETECTORS,
    Flags,
    LexiconDetectors,
    RegexDetectors,
    detect_episode,
    detectors,
    families,
    quality,
    register_detector_family,
)
from carebench.controller.lexicon import normalize, stem
from carebench.controller.stress import audit, stress_set
from carebench.episodes.schema import DEFAULT_HEADERS
from carebench.errors import CarebenchError
from carebench.metrics.stats import draw_counts, ratio_interval

STOPWORDS = {
    "the",
    "a",
    "an",
    "is",
    "it",
    "with",
    "of",
    "her",
    "his",
    "their",
    "behind",
    "at",
    "was",
    "to",
}


@pytest.mark.parametrize("family", families())
def test_header_words_never_fire(family: str) -> None:
    det = detectors(family)
    headers = "\n".join(f"## {t}" for t in DEFAULT_HEADERS.values())
    from carebench.episodes.render import strip_headers

    assert det.detect_text(strip_headers(headers)).as_tuple() == (False, False, False)
    # a header that says "missing" or "conflict" is stripped before detection
    planted = "## Missing conflict summary\n\nPatient well, eating normally."
    assert det.detect_text(strip_headers(planted)).as_tuple() == (False, False, False)


@pytest.mark.parametrize("family", families())
def test_detectors_see_only_the_transcript(family: str) -> None:
    """Relabelling an episode (variant, reference, id) never changes its flags."""
    bank = load_bank()
    episode = next(e for e in bank if e.episode_id == "potassium-repletion-hemolysed.s1.conflict")
    other = next(e for e in bank if e.episode_id == "warfarin-high-inr.s1.clean")
    relabelled = episode.model_copy(
        update={
            "variant": other.variant,
            "reference": other.reference,
            "episode_id": "x",
            "rationale": "conflict missing",
        }
    )
    assert detect_episode(relabelled, family) == detect_episode(episode, family)
    assert render_transcript(relabelled) == render_transcript(episode)


def test_regex_family_fires_on_named_patterns() -> None:
    det = detectors("regex")
    assert det.detect_text("The chart does not match the pharmacy label.").C
    assert det.detect_text("The dose is not stated.").M
    assert det.detect_text("She has shortness of breath.").H
    assert not det.detect_text("She has dyspnea.").H


def test_lexicon_scope_negation_and_hypothetical() -> None:
    det = detectors("lexicon")
    assert det.detect_text("He has chest pain on exertion.").H
    assert not det.detect_text("He denies chest pain.").H
    assert not det.detect_text("Call back if you develop chest pain.").H
    assert det.detect_text(
        "No fever, but chest pain since noon."
    ).H  # the terminator closes the scope
    assert det.detect_text("He has no appetite. Chest pain since noon.").H  # the sentence closes it


def test_lexicon_normalization() -> None:
    assert normalize("Dyspnoea and haemoptysis; OEDEMA.") == [
        "dyspnea",
        "and",
        "hemoptysis",
        ";",
        "edema",
        ".",
    ]
    assert [stem(t) for t in ("convulsing", "recorded", "wheezes", "is")] == [
        "convuls",
        "record",
        "wheez",
        "is",
    ]


@pytest.mark.parametrize(("name", "per_detector"), [("paper", 10), ("heldout", 15)])
def test_stress_set_shape(name: str, per_detector: int) -> None:
    items = stress_set(name)
    assert {d: sum(i["detector"] == d for i in items) for d in DETECTORS} == dict.fromkeys(
        DETECTORS, per_detector
    )
    assert len({i["concept"] for i in items}) == len(items)
    for item in items:
        assert item["key"].lower() in item["paraphrase"].lower()
        assert item["key"].lower() not in item["trigger"].lower()


def test_unknown_stress_set_is_named() -> None:
    with pytest.raises(CarebenchError, match="unknown stress set 'nope'; expected one of paper"):
        stress_set("nope")


@pytest.mark.parametrize("name", ["paper", "heldout"])
def test_lexicon_never_lists_a_paraphrase(name: str) -> None:
    """No lexicon phrase or bag contains all the content words of a paraphrase's key."""
    lexicon = LexiconDetectors().lexicon
    entries = [set(stems) for _, stems in lexicon.entries()]
    for item in stress_set(name):
        key = {stem(t) for t in normalize(item["key"]) if t not in STOPWORDS}
        for entry in entries:
            assert not key <= entry, (item["key"], sorted(entry))


# The held-out set was committed (bf821bb) after the lexicon was frozen and before any detector
# ran on it. Its numbers are held-out only for this pair of files: changing either means writing
# and registering a new held-out set (docs/controller.md), not editing these digests.
REGISTERED = {
    "scenarios/stress/heldout.yaml": "39d4ed33560441252c96ef0b6b2ee2b3d7c66c0d621529a0eb021d59d9ac19e0",
    "controller/patterns/lexicon.yaml": "eb3b109f0a3e17bb49d6c8dcdba46c58713637a3c7c35c1e96826e010a76fe8f",
}


@pytest.mark.parametrize("path", sorted(REGISTERED))
def test_heldout_registration_is_intact(path: str) -> None:
    data = (files("carebench") / path).read_bytes()
    assert hashlib.sha256(data).hexdigest() == REGISTERED[path], (
        f"{path} changed after the held-out stress set was registered against it; its audit is no "
        "longer held-out: write and register a new set (docs/controller.md, 'Stress audit')"
    )


def test_regex_collapses_and_lexicon_generalizes_on_the_paper_set() -> None:
    regex = {r.detector: r for r in audit("regex")}
    lexicon = {r.detector: r for r in audit("lexicon")}
    for d in DETECTORS:
        assert regex[d].trigger_recall == 1.0 and lexicon[d].trigger_recall == 1.0
        assert regex[d].paraphrase_recall <= 0.1
    # measured at the last lexicon change (docs/controller.md): C 0.7, M 0.6, H 0.8; the issue's
    # goal of 0.8 is met for H only, and these floors keep it from silently regressing
    assert lexicon["C"].paraphrase_recall >= 0.7
    assert lexicon["M"].paraphrase_recall >= 0.6
    assert lexicon["H"].paraphrase_recall >= 0.8


def test_heldout_triggers_fire_both_families() -> None:
    """Triggers use the paper's regex vocabulary, so both families must fire on every one."""
    for family in families():
        for row in audit(family, "heldout"):
            assert (row.n, row.trigger_hits) == (15, 15), (family, row.detector)


def test_audit_rows_carry_wilson_intervals() -> None:
    row = next(r for r in audit("lexicon") if r.detector == "C")
    d = row.as_dict()
    # the counts straight from the stress set, the interval from statsmodels
    items = [s for s in stress_set("paper") if s["detector"] == "C"]
    hits = sum(detectors("lexicon").detect_text(s["paraphrase"]).C for s in items)
    missed = [s["key"] for s in items if not detectors("lexicon").detect_text(s["paraphrase"]).C]
    assert d["n"] == len(items) and d["paraphrase_hits"] == hits
    assert d["paraphrase_recall"] == pytest.approx(hits / len(items))
    expected = proportion_confint(hits, len(items), alpha=0.05, method="wilson")
    assert d["paraphrase_ci"] == pytest.approx(list(expected))
    assert d["stress_set"] == "paper" and d["missed_paraphrases"] == missed


def test_quality_intervals_resample_seeds() -> None:
    """The intervals equal a ratio interval over per-seed counts built independently with pandas."""
    bank = load_bank()
    flags = [detect_episode(e, "lexicon") for e in bank]
    row = next(q for q in quality(bank, flags, b=400) if (q.detector, q.split) == ("H", "test"))
    frame = pd.DataFrame(
        {
            "seed": [e.seed_id for e in bank],
            "split": [e.split.value for e in bank],
            "fired": [f.H for f in flags],
            "target": [e.escalation_required for e in bank],
        }
    )
    frame = frame[frame["split"] == "test"]
    frame["hit"] = frame["fired"] & frame["target"]
    per_seed = frame.groupby("seed")[["hit", "fired", "target"]].sum().sort_index()
    counts = draw_counts(len(per_seed), 400)
    recall = ratio_interval(per_seed["hit"], per_seed["target"], counts, int(frame["target"].sum()))
    precision = ratio_interval(
        per_seed["hit"], per_seed["fired"], counts, int(frame["fired"].sum())
    )
    assert row.recall_ci == (recall.low, recall.high)
    assert row.precision_ci == (precision.low, precision.high)
    assert (
        row.recall == pytest.approx(recall.estimate)
        and row.recall_ci[0] < row.recall < row.recall_ci[1]
    )


def test_quality_of_a_subset_without_test_episodes() -> None:
    dev = [e for e in load_bank() if e.split.value == "dev"][:10]
    rows = quality(dev, [detect_episode(e) for e in dev], b=100)
    empty = [q for q in rows if q.split == "test"]
    assert len(empty) == 3 and all(q.tp == q.fp == q.fn == 0 for q in empty)
    assert all(math.isnan(v) for q in empty for v in (*q.precision_ci, *q.recall_ci))


def test_in_bank_precision_of_lexicon_not_worse_for_risk_and_missing() -> None:
    """Negation scope keeps the lexicon's H at least as precise as the regex family's on the bank.

    C is not claimed: bank 2.0 puts minimization and contradiction wording into harmless variants on
    purpose (hard negatives), and the lexicon's wider conflict vocabulary fires on more of them.
    """
    bank = load_bank()
    rows = {}
    for family in families():
        flags = [detect_episode(e, family) for e in bank]
        rows[family] = {q.detector: q for q in quality(bank, flags) if q.split == "all"}
    for d in ("H", "M"):
        assert rows["lexicon"][d].precision >= rows["regex"][d].precision - 1e-9, d


def test_unknown_family() -> None:
    """The registry's error names the family and lists every known one."""
    with pytest.raises(
        CarebenchError, match=r"unknown detector family 'bert'; expected one of lexicon, regex$"
    ):
        detectors("bert")


def test_built_in_families_are_registered_like_plugins() -> None:
    """The built-ins are "module:attribute" paths in the registry, not branches of an if/elif."""
    assert {"regex", "lexicon"} <= set(families())
    assert DETECTOR_FAMILIES.group == "carebench.detector_families"
    for name, cls in (("regex", RegexDetectors), ("lexicon", LexiconDetectors)):
        assert DETECTOR_FAMILIES.get(name) is cls
        assert detectors(name).family == name


_PLUGIN = """
from carebench.controller.detectors import Flags


class Shouting:
    family = "shouting"

    def detect_text(self, text):
        hits = [w for w in text.split() if len(w) > 2 and w.isupper()]
        return Flags(False, False, bool(hits), {"C": [], "M": [], "H": hits})
"""


@pytest.fixture
def shouting_plugin(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """A third-party family installed through the entry-point group (a module on sys.path)."""
    from importlib.metadata import EntryPoint

    import carebench.registry

    (tmp_path / "shouting_family.py").write_text(_PLUGIN, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    point = EntryPoint("shouting", "shouting_family:Shouting", "carebench.detector_families")
    real = carebench.registry.entry_points

    def fake(group: str):  # type: ignore[no-untyped-def]
        return [point] if group == "carebench.detector_families" else real(group=group)

    monkeypatch.setattr(carebench.registry, "entry_points", fake)
    detectors.cache_clear()
    yield
    DETECTOR_FAMILIES._items.pop("shouting", None)
    detectors.cache_clear()


@pytest.mark.usefixtures("shouting_plugin")
def test_a_plugin_family_from_its_entry_point() -> None:
    assert families() == ["regex", "lexicon", "shouting"]  # built-ins first, the paper's first
    flags = detectors("shouting").detect_text("patient says STOP now")
    assert flags.as_tuple() == (False, False, True)
    assert flags.evidence["H"] == ["STOP"]


@pytest.mark.usefixtures("shouting_plugin")
def test_the_cli_takes_a_plugin_family_and_refuses_an_unknown_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from carebench.cli import main

    episode = next(
        e
        for e in load_bank()
        if any(w.isupper() and len(w) > 2 for w in render_transcript(e).split())
    )
    main(["detect", episode.episode_id, "--family", "shouting"])
    assert " H=1" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_info:
        main(["detect", episode.episode_id, "--family", "bert"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == (
        "error: unknown detector family 'bert'; expected one of lexicon, regex, shouting\n"
    )


def test_registering_a_family_in_code_replaces_built_detectors() -> None:
    class Nothing:
        family = "nothing"

        def detect_text(self, text: str) -> Flags:
            return Flags(False, False, False)

    try:
        register_detector_family("nothing", Nothing)
        assert "nothing" in families()
        assert detectors("nothing").detect_text("chest pain").as_tuple() == (False, False, False)
        register_detector_family("nothing", RegexDetectors)  # a second registration wins
        assert isinstance(detectors("nothing"), RegexDetectors)
    finally:
        DETECTOR_FAMILIES._items.pop("nothing", None)
        detectors.cache_clear()


def test_pattern_files_document_every_entry() -> None:
    from importlib.resources import files

    import yaml

    spec = yaml.safe_load((files("carebench.controller") / "patterns" / "regex.yaml").read_text())
    for d in DETECTORS:
        for entry in spec[d]:
            assert entry["why"].strip()
            re.compile(entry["pattern"])
