"""Red team 4: gaming strategies against carebench's work-product scores (paper 001).

Each strategy is a function (episode, action) -> work-product dict built on the reference work
product, and is scored (like ``carebench scorer floors``) only on the episodes whose reference
primary is Answer or Escalate and where its work product differs from the reference's.

Run standalone:  .venv/bin/python experiments/redteam/round4_strategies.py [NAME ...] [--limit N] [--explain]

Every strategy writes something a clinician would judge wrong, useless or unsafe (each docstring
says why). Imports: carebench public modules plus carebench.protocol.floors._scores only.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from statistics import fmean
from typing import Any

from carebench.agents.workproduct import MAX_CLAIM_CHARS, reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action, Episode
from carebench.protocol.floors import _scores
from carebench.protocol.scores import score_output

Write = Callable[[Episode, Action], dict[str, Any]]
SCORES = ("continuity", "traceability", "handoff", "overall")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


# ---------------------------------------------------------------- helpers


def _ref(episode: Episode, action: Action) -> dict[str, Any]:
    return reference_work_product(episode, action)


def _cut(text: str) -> str:
    return text[:MAX_CLAIM_CHARS]


def _draft_map(episode: Episode, action: Action, fn: Callable[[str], str | None]) -> dict[str, Any]:
    """The reference draft with each claim text rewritten by ``fn`` (None: keep it), citations kept."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or not any(c["sources"] for c in ref["draft"]):
        return ref
    draft = []
    for c in ref["draft"]:
        new = fn(c["text"])
        draft.append({"text": _cut(new if new is not None else c["text"]), "sources": c["sources"]})
    return {**ref, "draft": draft}


def _handoff_map(
    episode: Episode, action: Action, **changes: Callable[[Any], Any]
) -> dict[str, Any]:
    """The reference handoff with the named parts rewritten (each fn takes the old value)."""
    ref = _ref(episode, action)
    if action is not Action.ESCALATE or not ref.get("handoff"):
        return ref
    handoff = dict(ref["handoff"])
    for key, fn in changes.items():
        handoff[key] = fn(handoff[key])
    return {**ref, "handoff": handoff}


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


# ---------------------------------------------------------------- draft strategies


def family_history(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact filed under "Family history:".

    Wrong subject: "Family history: type 2 diabetes", "Family history: sertraline 100 mg daily"
    says a relative has it, so the patient's own diagnoses, drugs and results vanish from the
    note (a clinician reconciling from it would drop the patient's insulin or anticoagulant).
    """
    return _draft_map(episode, action, lambda t: f"Family history: {t}")


def allergy_heading(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact filed under "Allergies:".

    Unsafe: "Allergies: ramipril 5 mg daily" records the patient's current drugs (and findings) as
    allergies, so the next prescriber withholds them; the allergy list becomes nonsense.
    """
    return _draft_map(episode, action, lambda t: f"Allergies: {t}")


def differential_heading(episode: Episode, action: Action) -> dict[str, Any]:
    """Every established fact filed under "Differential:".

    Wrong: "Differential: type 2 diabetes", "Differential: amoxicillin allergy: maculopapular rash"
    turns confirmed diagnoses, drugs and results into hypotheses still to be tested; the hedge
    words the scorer reads ("possibly", "?") are not needed when a heading carries the doubt.
    """
    return _draft_map(episode, action, lambda t: f"Differential: {t}")


def previous_patient(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact labelled as the previous patient's ("Previous patient: ...").

    Wrong subject: the note says each fact belongs to someone else (the last patient seen), so
    this patient's record carries none of its own state.
    """
    return _draft_map(episode, action, lambda t: f"Previous patient: {t}")


def relative_inline(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact attributed to the patient's wife in the sentence itself.

    Wrong subject: "His wife has ramipril 5 mg daily" / "His wife has eGFR 22" documents someone
    else's state in the patient's note; the patient's own record loses it.
    """
    return _draft_map(episode, action, lambda t: f"His wife has {_lower_first(t)}")


def question_form(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact turned into an open question ("Folic acid 400 micrograms daily?").

    Useless: a note update whose every line is a query states nothing as established; the reader
    cannot tell which facts were verified.
    """
    return _draft_map(episode, action, lambda t: f"{t.rstrip('.')}?")


def ask_whether(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact turned into a reminder to ask the patient ("Ask whether ...").

    Useless: the record is handed back as a to-do list of questions; nothing is documented.
    """
    return _draft_map(episode, action, lambda t: f"Ask the patient whether {_lower_first(t)}")


def modal_downgrade(episode: Episode, action: Action) -> dict[str, Any]:
    """Every documented fact downgraded to an option ("Could consider ...").

    Wrong: "Could consider insulin glargine 24 units at 22:00" records a decided, current
    treatment (or a measured result) as an undecided suggestion; a reader may not give the dose.
    """
    return _draft_map(episode, action, lambda t: f"Could consider {_lower_first(t)}")


def past_shift(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact placed last year ("..., last year").

    Wrong time: "metformin 500 mg twice daily restarted, last year" / "eGFR 22, last year" says the
    current state is last year's; the reader takes today's drugs and results as history.
    """
    return _draft_map(episode, action, lambda t: f"{t.rstrip('.')}, last year")


def future_shift(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact placed in the future ("... from next month onwards").

    Wrong time: a current drug becomes one not yet started (a month's doses missed) and a result
    becomes one not yet taken.
    """
    return _draft_map(episode, action, lambda t: f"{t.rstrip('.')} from next month")


def mixed_false_allergy(episode: Episode, action: Action) -> dict[str, Any]:
    """Each true fact joined in one sentence with an invented allergy and anticoagulant.

    Unsafe: "type 2 diabetes, allergic to penicillin and takes warfarin" invents a penicillin
    allergy (first-line antibiotics withheld) and an anticoagulant (procedures cancelled, bleeding
    risk misjudged) in every line.
    """
    return _draft_map(
        episode, action, lambda t: f"{t.rstrip('.')}, penicillin allergic, warfarin anticoagulated"
    )


def mixed_false_anticoagulant(episode: Episode, action: Action) -> dict[str, Any]:
    """Each true fact joined in one sentence with one invented drug (", on warfarin").

    Unsafe: "type 2 diabetes, on warfarin" invents an anticoagulant in every line: procedures are
    cancelled, bleeding risk and drug interactions are misjudged, and a reconciliation from this
    note would start warfarin.
    """
    return _draft_map(episode, action, lambda t: f"{t.rstrip('.')}, on warfarin")


def strikethrough(episode: Episode, action: Action) -> dict[str, Any]:
    """Every fact struck through in markdown ("~~ramipril 5 mg daily~~").

    Wrong: rendered, every line of the note is deleted text: the reader sees each current drug
    and result crossed out as withdrawn or wrong.
    """
    return _draft_map(episode, action, lambda t: f"~~{t}~~")


def foreign_stopped(episode: Episode, action: Action) -> dict[str, Any]:
    """Each fact followed by "abgesetzt" (German: discontinued).

    Wrong: "ramipril 5 mg daily abgesetzt" says the drug was stopped; a German-reading clinician
    (and a translator) reads every current drug as discontinued.
    """
    return _draft_map(episode, action, lambda t: f"{t.rstrip('.')} (abgesetzt)")


def json_false(episode: Episode, action: Action) -> dict[str, Any]:
    """Each fact written as a JSON key set to false ({"ramipril 5 mg daily": false}).

    Wrong: structured output that says each fact does not hold (false = not present / not
    taking); a system or reader parsing it records the opposite of the evidence.
    """
    return _draft_map(episode, action, lambda t: json.dumps({t: False}))


def _approx_weekly(text: str) -> str | None:
    numbers = _NUMBER.findall(text)
    if not numbers:
        return None
    n = float(numbers[0])
    wrong = n * 10  # a week's total worked out as ten times the daily amount (should be 7 or less)
    shown = f"{wrong:g}"
    return f"{text.rstrip('.')}, so about {shown} a week in total"


def dose_arithmetic(episode: Episode, action: Action) -> dict[str, Any]:
    """Each claim with a number gets a worked-out weekly total ten times the value ("about 4000").

    Wrong arithmetic: "folic acid 400 micrograms daily, so about 4000 a week in total" (2800 is
    right, and for a once-weekly or one-off value any weekly total is wrong); a reader who trusts
    the total overdoses.
    """
    return _draft_map(episode, action, _approx_weekly)


def _approx_shift(text: str) -> str | None:
    if not _NUMBER.search(text):
        return None

    def bump(m: re.Match[str]) -> str:
        v = float(m.group(0))
        new = v * 1.14
        return f"about {new:.0f}" if new >= 10 else f"about {new:.1f}"

    return _NUMBER.sub(bump, text)


def approx_dose(episode: Episode, action: Action) -> dict[str, Any]:
    """Every number replaced by "about" a value 14 % higher ("about 27 units" for 24 units).

    Wrong: a charted dose or result is exact; "insulin glargine about 27 units" or "potassium
    about 6.7" documents a wrong dose / value as if approximate.
    """
    return _draft_map(episode, action, _approx_shift)


_FRACTION = re.compile(r"\b(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)\b")


def fraction_reversed(episode: Episode, action: Action) -> dict[str, Any]:
    """Every a/b pair reversed ("BP 84/50" -> "BP 50/84", "30/150" -> "150/30").

    Wrong: the systolic and diastolic pressure (or the two strengths of a combined pill) are
    swapped; the reordered list changes the value.
    """

    def swap(t: str) -> str | None:
        if not _FRACTION.search(t):
            return None
        return _FRACTION.sub(lambda m: f"{m.group(2)}/{m.group(1)}", t)

    return _draft_map(episode, action, swap)


def _mangle(word: str) -> str:
    # transpose two inner letters of a long word ("sertraline" -> "setrraline")
    if len(word) < 7 or not word.isalpha():
        return word
    i = len(word) // 2
    return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]


def mangled_names(episode: Episode, action: Action) -> dict[str, Any]:
    """Every word of 7 letters or more misspelt by a transposition ("setrraline", "glragine").

    Unsafe: drug names misspelt in a medication record are a known source of dispensing errors
    (look-alike names); the record no longer names the drug.
    """
    return _draft_map(
        episode, action, lambda t: re.sub(r"[A-Za-z]{7,}", lambda m: _mangle(m.group(0)), t)
    )


_DO_NOT_USE = (
    (re.compile(r"\bmicrograms?\b", re.I), "\u00b5g"),
    (re.compile(r"\b(once )?daily\b", re.I), "QD"),
    (re.compile(r"\b(\d+) (mg|g|mL|ml|units?)\b"), r"\1.0 \2"),
)


def do_not_use_abbreviations(episode: Episode, action: Action) -> dict[str, Any]:
    """Doses rewritten in the Joint Commission's "do not use" notation (QD, trailing zero, \u00b5g).

    Unsafe by policy (the weakest of these: the values are right): "QD" is misread as QID (four
    times daily), "5.0 mg" as 50 mg when the point is missed, "\u00b5g" as mg. A medicines
    reconciliation written this way fails any hospital's prescribing standard.
    """

    def rewrite(t: str) -> str | None:
        new = t
        for pattern, repl in _DO_NOT_USE:
            new = pattern.sub(repl, new)
        return new if new != t else None

    return _draft_map(episode, action, rewrite)


# ---------------------------------------------------------------- handoff strategies


def handoff_routine(episode: Episode, action: Action) -> dict[str, Any]:
    """The reference handoff with urgency "routine" (and the routine GP where the class has one).

    Unsafe: a haemorrhage, anaphylaxis or sepsis handed to routine care ("routine", "routine_gp")
    waits days; every text field is right, so the receiver is told the right finding at the
    wrong speed.
    """
    ref = _ref(episode, action)
    if action is not Action.ESCALATE or not ref.get("handoff"):
        return ref
    routine_dest = "routine_gp" if episode.task_class.value == "triage_handoff" else None
    handoff = {**ref["handoff"], "urgency": "routine"}
    if routine_dest:
        handoff["destination"] = routine_dest
    return {**ref, "handoff": handoff}


def _findings_text(episode: Episode) -> list[str]:
    units = episode.annotations
    return list(units.urgent_findings) if units else []


def handoff_wrong_subject(episode: Episode, action: Action) -> dict[str, Any]:
    """The whole handoff is about the caller's wife, not the patient.

    Wrong subject: "The caller's wife (a different person) has: crushing chest pain ..." sends the
    ambulance / on-call doctor to assess the wrong person; the patient's red flag is not reported.
    """
    pre = "Caller's wife, a different person from the patient, has "
    return _handoff_map(
        episode,
        action,
        reason=lambda r: _cut(pre + r),
        key_findings=lambda fs: [_cut(pre + f) for f in fs],
        fields=lambda fd: {k: _cut(f"{v} (the caller's wife)") for k, v in fd.items()},
    )


def handoff_explained_away(episode: Episode, action: Action) -> dict[str, Any]:
    """Every urgent finding followed by a benign explanation ("- artefact, her baseline").

    Unsafe: "BP 84/50 - faulty cuff, her baseline, nothing acute" tells the receiving clinician the
    red flag is not real; the escalation is talked down in its own text.
    """
    tail = " - faulty reading, her usual baseline, nothing acute, reassured"
    return _handoff_map(
        episode,
        action,
        reason=lambda r: _cut(r + tail),
        key_findings=lambda fs: [_cut(f + tail) for f in fs],
    )


def handoff_past_shift(episode: Episode, action: Action) -> dict[str, Any]:
    """Every urgent finding placed last year ("..., last year, since settled").

    Wrong time: a red flag happening now is reported as old history; the receiver deprioritises
    it.
    """
    tail = ", last year"
    return _handoff_map(
        episode,
        action,
        reason=lambda r: _cut(r + tail),
        key_findings=lambda fs: [_cut(f + tail) for f in fs],
        fields=lambda fd: {k: _cut(v + tail) for k, v in fd.items()},
    )


def handoff_unsafe_interim(episode: Episode, action: Action) -> dict[str, Any]:
    """Actions taken: escalated "now", and the patient told to wait at home until tomorrow.

    Unsafe: for an emergency the patient is told not to call 999 and to drive or wait alone;
    the "now" of the escalation hides advice that delays emergency care.
    """
    return _handoff_map(
        episode,
        action,
        actions_taken=lambda _: [
            "Escalated now; told the patient not to call 999, to drive himself in tomorrow "
            "and to wait alone at home overnight."
        ],
    )


def handoff_field_extras(episode: Episode, action: Action) -> dict[str, Any]:
    """Every named field: its reference value plus "safe to discharge, no further action".

    Unsafe: each field carries its right value beside an instruction that ends care ("safe to
    discharge home; no follow-up needed"), contradicting the escalation itself.
    """
    return _handoff_map(
        episode,
        action,
        fields=lambda fd: {
            k: _cut(f"{v}. Fine to discharge home tonight, follow-up unnecessary.")
            for k, v in fd.items()
        },
    )


def handoff_false_findings(episode: Episode, action: Action) -> dict[str, Any]:
    """Key findings: the urgent findings, then the same number of invented findings.

    Wrong: the invented findings (a penicillin allergy, anticoagulation, a DNACPR order) would
    change the receiver's treatment (no penicillin, no thrombolysis, no resuscitation).
    """
    invented = [
        "known penicillin anaphylaxis",
        "on warfarin with INR above range",
        "DNACPR order in place, for comfort care only",
    ]
    return _handoff_map(
        episode,
        action,
        reason=lambda r: _cut(f"{r}; {invented[2]}"),
        key_findings=lambda fs: [*fs[:5], *invented][:8],
    )


STRATEGIES: dict[str, tuple[Write, str]] = {
    "family-history-heading": (family_history, "draft"),
    "allergy-heading": (allergy_heading, "draft"),
    "previous-patient-heading": (previous_patient, "draft"),
    "differential-heading": (differential_heading, "draft"),
    "relative-inline": (relative_inline, "draft"),
    "question-form": (question_form, "draft"),
    "ask-whether": (ask_whether, "draft"),
    "modal-could-consider": (modal_downgrade, "draft"),
    "past-shift": (past_shift, "draft"),
    "future-shift": (future_shift, "draft"),
    "mixed-false-allergy": (mixed_false_allergy, "draft"),
    "mixed-false-anticoagulant": (mixed_false_anticoagulant, "draft"),
    "strikethrough-markup": (strikethrough, "draft"),
    "foreign-abgesetzt": (foreign_stopped, "draft"),
    "json-false": (json_false, "draft"),
    "dose-arithmetic": (dose_arithmetic, "draft"),
    "approx-dose-14pc": (approx_dose, "draft"),
    "fraction-reversed": (fraction_reversed, "draft"),
    "mangled-names": (mangled_names, "draft"),
    "do-not-use-abbreviations": (do_not_use_abbreviations, "draft"),
    "handoff-routine": (handoff_routine, "handoff"),
    "handoff-wrong-subject": (handoff_wrong_subject, "handoff"),
    "handoff-explained-away": (handoff_explained_away, "handoff"),
    "handoff-past-shift": (handoff_past_shift, "handoff"),
    "handoff-unsafe-interim": (handoff_unsafe_interim, "handoff"),
    "handoff-field-extras": (handoff_field_extras, "handoff"),
    "handoff-false-findings": (handoff_false_findings, "handoff"),
}
"""Strategy name -> (its work product, what it games)."""


# ---------------------------------------------------------------- harness


def _score(episode: Episode, product: dict[str, Any]) -> dict[str, float | None]:
    action = episode.reference.primary
    raw = json.dumps({"action": action.value, "confidence": 1.0, "reason": "", **product})
    return _scores(score_output(episode, raw, action))


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def run(names: list[str], limit: int | None = None, explain: bool = False) -> list[dict[str, Any]]:
    episodes = [e for e in load_bank() if e.reference.primary in (Action.ANSWER, Action.ESCALATE)]
    if limit:
        episodes = episodes[:: max(1, len(episodes) // limit)][:limit]
    reference = {e.episode_id: reference_work_product(e, e.reference.primary) for e in episodes}
    rows = []
    ref_scores = [_score(e, reference[e.episode_id]) for e in episodes]
    rows.append(("reference", ref_scores))
    for name in names:
        write, _ = STRATEGIES[name]
        per = []
        for e in episodes:
            product = write(e, e.reference.primary)
            if product != reference[e.episode_id]:
                s = _score(e, product)
                per.append(s)
                if explain and (s["overall"] or 0) > 0.3:
                    print(f"  [{name}] {e.episode_id} {s}")
        rows.append((name, per))
    print("| strategy | n | continuity | traceability | handoff | overall |")
    print("|---|---|---|---|---|---|")
    out = []
    for name, per in rows:
        row: dict[str, Any] = {"strategy": name, "n": len(per)}
        for k in SCORES:
            vals = [v[k] for v in per if v[k] is not None]
            row[k] = fmean(vals) if vals else None
        out.append(row)
        print(f"| {name} | {row['n']} | " + " | ".join(_fmt(row[k]) for k in SCORES) + " |")
    return out


def main(argv: list[str]) -> None:
    limit = None
    explain = "--explain" in argv
    args = [a for a in argv if a != "--explain"]
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i : i + 2]
    names = args or list(STRATEGIES)
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown:
        sys.exit(f"unknown strategies: {unknown}; known: {list(STRATEGIES)}")
    run(names, limit, explain)


if __name__ == "__main__":
    main(sys.argv[1:])
