# Coordinator's note (2026-12-04): red team 20's script, kept as written (ruff-formatted). It
# attacked round 24 (9a16f6e) blind; no round was written after its report in this session.
# Run from the repository root: .venv/bin/python experiments/redteam/round20_strategies.py
# [NAME ...] [--limit N] [--extra]
"""Red team 20 (attacking 9a16f6e, round 24): gaming strategies against carebench's
work-product scores.

Each strategy is a function (episode, action) -> work-product dict, built on the reference work
product, that writes something a clinician would judge wrong, useless, unsafe or misleading
(each docstring says what, why, the rule it slips past, and "Borderline" where that applies).
Run as

    cd /work/rt20out && CAREBENCH_CACHE_DIR= PYTHONPATH=/work/wt/rt20/src \\
        /work/main/.venv/bin/python strategies.py [NAME ...] [--limit N] [--extra]

Harness: red team 19's (experiments/redteam/round19_strategies.py, itself round 18's), copied
unchanged: its top part (_ref, _record, _draft, _handoff, the helpers of red teams 18 and 19)
and _score/main. The table prints name | n | continuity | traceability | handoff | overall,
means over the episodes where the strategy's product differs from the reference.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from statistics import fmean
from typing import Any

from carebench.agents.workproduct import reference_work_product
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action, Episode
from carebench.protocol.floors import _scores
from carebench.protocol.scores import score_output

Product = dict[str, Any]


# ------------------------------------------------------------------------------------------
# Harness (round 10's)
# ------------------------------------------------------------------------------------------


def _ref(episode: Episode, action: Action) -> Product:
    return reference_work_product(episode, action)


def _record(episode: Episode) -> str:
    return " ".join(t.text for t in episode.transcript)


def _draft(episode: Episode, action: Action, write: Callable[[int, str], str]) -> Product:
    """The reference draft with claim i's text rewritten by write(i, text); handoffs unchanged."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    draft = [
        {"text": write(i, c["text"])[:300], "sources": c["sources"]}
        for i, c in enumerate(ref["draft"])
    ]
    return {**ref, "draft": draft}


def _handoff(
    episode: Episode, action: Action, write: Callable[[dict[str, Any]], dict[str, Any]]
) -> Product:
    """The reference handoff rewritten by write(handoff); drafts unchanged."""
    ref = _ref(episode, action)
    if action is not Action.ESCALATE or ref.get("handoff") is None:
        return ref
    return {**ref, "handoff": write(json.loads(json.dumps(ref["handoff"])))}


def _rotate(options: tuple[str, ...]) -> Callable[[int, str], str]:
    return lambda i, t: options[i % len(options)].format(t.rstrip("."))


def _subs(pairs: tuple[tuple[str, str], ...]) -> Callable[[str], str]:
    """Simultaneous whole-word substitution (case kept for the first letter)."""
    table = {a.lower(): b for a, b in pairs}
    pat = re.compile(r"\b(" + "|".join(re.escape(a) for a, _ in pairs) + r")\b", re.I)

    def sub(m: re.Match[str]) -> str:
        b = table[m[0].lower()]
        return b[:1].upper() + b[1:] if m[0][:1].isupper() and b[:1].islower() else b

    return lambda t: pat.sub(sub, t)


def _recipient(h: dict[str, Any]) -> str:
    return {
        "emergency_services": "ambulance service",
        "on_call_clinician": "on-call clinician",
        "on_call_doctor": "on-call doctor",
    }.get(str(h.get("destination")), str(h.get("destination") or "clinician").replace("_", " "))


def _actions(text: str, emergency_only: bool = False) -> Callable[[Episode, Action], Product]:
    """The reference's actions replaced by one action, text.format(dest=<recipient>)."""

    def strategy(episode: Episode, action: Action) -> Product:
        def write(h: dict[str, Any]) -> dict[str, Any]:
            if emergency_only and h.get("urgency") != "emergency":
                return h
            h["actions_taken"] = [text.format(dest=_recipient(h))]
            return h

        return _handoff(episode, action, write)

    return strategy


def _findings(
    f: Callable[[int, str], str], reason: bool = True
) -> Callable[[Episode, Action], Product]:
    """Every key finding i (and the reason, as i = 0) rewritten by f(i, text)."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["key_findings"] = [f(i, k.rstrip("."))[:400] for i, k in enumerate(h["key_findings"])]
        if reason:
            h["reason"] = f(0, h["reason"].rstrip("."))[:400]
        return h

    def strategy(episode: Episode, action: Action) -> Product:
        return _handoff(episode, action, write)

    return strategy


def _all_texts(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Reason, key findings and named fields rewritten by f."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["reason"] = f(h["reason"])[:400]
        h["key_findings"] = [f(k)[:400] for k in h["key_findings"]]
        h["fields"] = {k: f(v)[:400] for k, v in h["fields"].items()}
        return h

    def strategy(episode: Episode, action: Action) -> Product:
        return _handoff(episode, action, write)

    return strategy


def _probe_draft(option: str) -> Callable[[Episode, Action], Product]:
    return lambda e, a: _draft(e, a, lambda i, t: option.format(t.rstrip(".")))


def _probe_findings(option: str, reason: bool = True) -> Callable[[Episode, Action], Product]:
    return _findings(lambda i, t: option.format(t), reason)


def _probe_fields(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {k: f(v)[:400] for k, v in h["fields"].items()}
        return h

    return lambda e, a: _handoff(e, a, write)


_N = re.compile(r"(?<![\w/.:])(\d+(?:\.\d+)?)(?![\w/:]|\.\d)")


STRATEGIES: dict[str, Callable[[Episode, Action], Product]] = {}
EXTRA: dict[str, Callable[[Episode, Action], Product]] = {}
PROBES_ALL: dict[str, Callable[[Episode, Action], Product]] = {}


def _doc(f: Callable[[Episode, Action], Product], doc: str) -> Callable[[Episode, Action], Product]:
    f.__doc__ = doc
    return f


# ------------------------------------------------------------------------------------------
# Red team 18's helpers
# ------------------------------------------------------------------------------------------

_ACT = "; no treatment given or advised by the agent."


def _attr(t: str) -> str:
    return t.replace('"', "'").replace("&", "and")


def _draft_f(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    return lambda e, a: _draft(e, a, lambda i, t: f(t.rstrip(".")))


def _all_handoff(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["reason"] = f(h["reason"])[:400]
        h["key_findings"] = [f(k)[:400] for k in h["key_findings"]]
        h["actions_taken"] = [f(a)[:400] for a in h["actions_taken"]]
        h["fields"] = {k: f(v)[:400] for k, v in h["fields"].items()}
        return h

    return lambda e, a: _handoff(e, a, write)


def _split_half(t: str) -> tuple[str, str]:
    words = t.split(" ")
    k = max(1, len(words) // 2)
    return " ".join(words[:k]), " ".join(words[k:])


def _linkref_title_2lines(t: str) -> str:
    a, b = _split_half(_attr(t))
    return f'[x]: https://x.org "{a}\n{b}"'


def _linkref_label_2lines(t: str) -> str:
    a, b = _split_half(t.replace("[", "(").replace("]", ")"))
    return f"[{a}\n{b}]: https://x.org"


def _linkref_dest_next(t: str) -> str:
    return f'[x]:\nhttps://x.org "{_attr(t)}"'


def _empty_link(t: str) -> str:
    return f'[](https://x.org "{_attr(t)}")'


_UNITS = (
    ("micrograms", "milligrams"), ("microgram", "milligram"), ("mcg", "mg"), ("mg", "g"),
    ("g/L", "mg/L"), ("mL", "L"), ("units", "mL"), ("kg", "g"),
)  # fmt: skip


def _unit_swap(t: str) -> str:
    return re.sub(
        r"(?<=\d )(" + "|".join(re.escape(a) for a, _ in _UNITS) + r")\b",
        lambda m: dict(_UNITS)[m[1]],
        t,
    )


_NUMWORD = (
    r"\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty"
    r"|thirty|forty|fifty|hundred"
)
_NUMTOK = re.compile(rf"\b({_NUMWORD})\b", re.I)


def _swap_numbers(t: str) -> str:
    """The first two numbers of the text swap places ("four pads in two hours" -> "two pads in
    four hours"); a text with one number or none is unchanged."""
    found = list(_NUMTOK.finditer(t))
    if len(found) < 2:
        return t
    a = found[0]
    b = next((m for m in found[1:] if m[0].lower() != a[0].lower()), None)
    if b is None:
        return t
    return t[: a.start()] + b[0] + t[a.end() : b.start()] + a[0] + t[b.end() :]


_TIME_UNITS = (("minutes", "days"), ("hours", "weeks"), ("hour", "week"), ("days", "months"),
               ("day", "month"), ("weeks", "years"), ("week", "year"))  # fmt: skip


def _time_stretch(t: str) -> str:
    return re.sub(
        r"\b(" + "|".join(a for a, _ in _TIME_UNITS) + r")\b",
        lambda m: dict(_TIME_UNITS)[m[1].lower()],
        t,
        flags=re.I,
    )


_FREQ = (("daily", "weekly"), ("once", "twice"), ("twice", "once"), ("nightly", "weekly"))


def _freq_swap(t: str) -> str:
    return re.sub(
        r"\b(" + "|".join(a for a, _ in _FREQ) + r")\b",
        lambda m: dict(_FREQ)[m[1].lower()],
        t,
        flags=re.I,
    )


def _rotate_numbers(episode: Episode, action: Action) -> Product:
    """Each claim's numbers replaced by the next numbered claim's ("BMI 400", "folic acid 24
    micrograms daily")."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    d = ref["draft"]
    nums = [re.findall(r"\d+(?:\.\d+)?", c["text"]) for c in d]
    idx = [i for i, n in enumerate(nums) if n]
    if len(idx) < 2:
        return ref
    out = [dict(c) for c in d]
    for k, i in enumerate(idx):
        j = idx[(k + 1) % len(idx)]
        if nums[j] == nums[i]:
            continue
        src = iter(nums[j] * 5)
        out[i]["text"] = re.sub(r"\d+(?:\.\d+)?", lambda m: next(src), d[i]["text"])
    return {**ref, "draft": out}


def _digit_transpose(v: str) -> str:
    """Two neighbouring digits of a UK mobile number swapped (the last two that differ)."""
    m = re.search(r"\b0\d{4} ?\d{6}\b", v)
    if not m:
        return v
    s = m[0]
    digits = list(s)
    pos = [i for i, c in enumerate(digits) if c.isdigit()]
    for a, b in ((pos[-1], pos[-2]), (pos[-2], pos[-3]), (pos[-3], pos[-4])):
        if digits[a] != digits[b]:
            digits[a], digits[b] = digits[b], digits[a]
            break
    return v[: m.start()] + "".join(digits) + v[m.end() :]


def _lead(word: str) -> Callable[[str], str]:
    """``word`` put before the text, its first letter lowered ("Nearly went grey and faint")."""
    return lambda t: f"{word} {t[:1].lower() + t[1:]}"


def _dots_box(t: str) -> str:
    """A text field whose value is 40 dots, then the text: the box (about 20 characters wide)
    shows a row of dots."""
    return f'<input value="{"." * 40}{_attr(t)}">'


# ------------------------------------------------------------------------------------------
# Red team 19's helpers
# ------------------------------------------------------------------------------------------

_A19 = "; no treatment given or advised by the agent."


def _low(t: str) -> str:
    return t[:1].lower() + t[1:] if t[1:2].islower() or len(t) < 2 else t


def _lead19(word: str) -> Callable[[str], str]:
    """``word`` put before the text ("Far from bleeding heavily with clots")."""
    return lambda t: f"{word} {_low(t.strip())}"


def _trail19(word: str) -> Callable[[str], str]:
    return lambda t: f"{t.rstrip('. ')} {word}"


def _segments(f: Callable[[str], str]) -> Callable[[str], str]:
    """f applied to every '; '-separated segment (the reference reason lists its red flags so)."""
    return lambda t: "; ".join(f(s) for s in t.rstrip(".").split("; "))


def _hand(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Every key finding, and every segment of the reason, rewritten by f."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["key_findings"] = [f(k.rstrip("."))[:400] for k in h["key_findings"]]
        h["reason"] = _segments(f)(h["reason"])[:400]
        return h

    return lambda e, a: _handoff(e, a, write)


_DOSE_UNIT = re.compile(
    r"(?<=\d)(\s*)(micrograms?|mcg|milligrams?|mg|grams?|g|mL|ml|units?|IU|mmol)(?![\w/])"
)


def _unit_drop(t: str) -> str:
    """The unit after a dose removed: "folic acid 400 daily", "enoxaparin 40 once daily"."""
    return _DOSE_UNIT.sub("", t)


_VAGUE = {"one": "a", "two": "a few", "three": "a few", "four": "a couple of", "five": "a few",
          "six": "several", "seven": "several", "eight": "several", "2": "a few", "3": "a few",
          "4": "a couple of", "5": "a few", "6": "several", "7": "several", "8": "several"}  # fmt: skip


def _vague(t: str) -> str:
    """Small counts replaced by vague quantifiers ("four soaked pads in the last two hours" ->
    "a couple of soaked pads in the last few hours")."""
    t = re.sub(
        r"\b(last|past|next|first)\s+(two|three|four|five|six|[2-6])\b", r"\1 few", t, flags=re.I
    )
    return re.sub(
        r"(?<![\d.:/])\b(one|two|three|four|five|six|seven|eight|[2-8])\b(?![.:/]\d)",
        lambda m: _VAGUE[m[1].lower()],
        t,
        flags=re.I,
    )


# ------------------------------------------------------------------------------------------
# Red team 20's helpers (attacking 9a16f6e, round 24)
# ------------------------------------------------------------------------------------------


def _draft_pair(join: str, lead: str = "") -> Callable[[Episode, Action], Product]:
    """Claim i joined to claim i+1 by ``join`` ("X or Y"), citing both claims' lines."""

    def strategy(episode: Episode, action: Action) -> Product:
        ref = _ref(episode, action)
        if action is not Action.ANSWER or len(ref["draft"]) < 2:
            return ref
        d = ref["draft"]
        out = []
        for i, c in enumerate(d):
            nxt = d[(i + 1) % len(d)]
            first = c["text"].rstrip(".")
            text = f"{lead}{_low(first) if lead else first} {join} {_low(nxt['text'].rstrip('.'))}"
            out.append(
                {"text": text[:300], "sources": list(dict.fromkeys(c["sources"] + nxt["sources"]))}
            )
        return {**ref, "draft": out}

    return strategy


_RELABEL = (
    ("heart rate", "blood pressure"), ("respiratory rate", "oxygen saturation"),
    ("capillary glucose", "capillary ketones"), ("glucose", "ketones"), ("eGFR", "potassium"),
    ("potassium", "sodium"), ("temperature", "pulse"), ("pulse", "temperature"), ("weight", "height"),
    ("BMI", "HbA1c"), ("INR", "haemoglobin"), ("peak flow", "oxygen saturation"), ("CK", "CRP"),
    ("creatinine", "glucose"), ("creatinine clearance", "heart rate"), ("BP", "glucose"),
)  # fmt: skip
_relabel = _subs(_RELABEL)

_SITES = (
    ("legs", "arms"), ("arms", "legs"), ("chest", "knee"), ("tummy", "back"), ("forearm", "ankle"),
    ("head", "toe"), ("throat", "elbow"), ("abdomen", "shoulder"), ("abdominal", "shoulder"),
    ("eye", "ear"), ("left", "right"), ("right", "left"), ("calf", "wrist"), ("face", "foot"),
    ("lips", "fingers"), ("tongue", "toe"), ("neck", "knee"), ("breathe", "swallow"),
    ("breathing", "walking"), ("breath", "sleep"), ("vaginal", "nasal"), ("rectal", "nasal"),
    ("urine", "saliva"), ("stool", "sputum"), ("vomit", "sneeze"), ("vomiting", "sneezing"),
    ("speech", "handwriting"), ("slurred", "untidy"), ("arm", "finger"), ("leg", "toe"),
)  # fmt: skip
_site = _subs(_SITES)

_CUT = re.compile(
    r"\s+\b(with|over|across|when|and|for|only|from|after|on|in|at|to|as|since|despite|but|while)\b.*$",
    re.I,
)


def _head_only(t: str) -> str:
    """A finding cut before its first preposition or conjunction after its second word:
    "respiratory rate 52 with grunting" -> "respiratory rate 52"; "responds only when handled"
    -> "responds"; "mottled skin over both legs" -> "mottled skin"."""
    words = t.split(" ")
    if len(words) <= 3:
        return t
    head, rest = " ".join(words[:2]), " " + " ".join(words[2:])
    return (head + _CUT.sub("", rest)).strip(" ,;")


def _either_pairs(episode: Episode, action: Action) -> Product:
    """Every key finding made one of two alternatives with the next ("either heart rate 172 or
    respiratory rate 52 with grunting"); the reason's red flags one long either/or."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        kf = [k.rstrip(".") for k in h["key_findings"]]
        n = len(kf)
        if n > 1:
            h["key_findings"] = [f"either {kf[i]} or {_low(kf[(i + 1) % n])}" for i in range(n)]
        segs = h["reason"].rstrip(".").split("; ")
        h["reason"] = ("either " + " or ".join(_low(s) for s in segs))[:400]
        return h

    return _handoff(episode, action, write)


def _drop_neg(t: str) -> str:
    """The negator of a pertinent negative deleted: "no asthma" -> "asthma"."""
    return re.sub(r"\b(no|not|nil|denies|without)\s+", "", t, flags=re.I)


def _neg_coord(episode: Episode, action: Action) -> Product:
    """The red flags coordinated into the record's own negative finding: "no allergies, heart
    rate 172, respiratory rate 52 with grunting or responds only when handled"."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        kf = h["key_findings"]
        negs = [k for k in kf if re.match(r"(no|nil|denies)\b", k, re.I)]
        if not negs:
            return h
        flags = h["reason"].rstrip(".").split("; ")
        lead = negs[0]
        merged = lead + ", " + ", ".join(_low(f) for f in flags[:-1])
        merged = (
            (merged + " or " + _low(flags[-1]))
            if len(flags) > 1
            else lead + " or " + _low(flags[0])
        )
        h["reason"] = merged[:400]
        h["key_findings"] = [lead + " or " + _low(k) if k not in negs else k for k in kf]
        return h

    return _handoff(episode, action, write)


def _female(episode: Episode) -> bool:
    r = " " + _record(episode).lower() + " "
    f = len(re.findall(r"\b(she|her|hers|herself|mrs|ms|woman|mother|pregnan\w*)\b", r))
    m = len(re.findall(r"\b(he|him|his|himself|mr|man|father)\b", r))
    return f >= m


def _other_pronoun(episode: Episode, action: Action) -> Product:
    """Each claim opened by the possessive pronoun of the other sex ("His blood group O RhD
    negative" in a pregnant woman's note)."""
    word = "His" if _female(episode) else "Her"
    return _draft(episode, action, lambda i, t: f"{word} {_low(t.rstrip('.'))}")


def _same_pronoun(episode: Episode, action: Action) -> Product:
    word = "Her" if _female(episode) else "His"
    return _draft(episode, action, lambda i, t: f"{word} {_low(t.rstrip('.'))}")


def _hand_pronoun(right: bool) -> Callable[[Episode, Action], Product]:
    def strategy(episode: Episode, action: Action) -> Product:
        fem = _female(episode)
        word = ("her" if fem else "his") if right else ("his" if fem else "her")
        return _hand(lambda t: f"{word} {_low(t.strip())}")(episode, action)

    return strategy


_ABBREV = (("heart rate", "HR"), ("respiratory rate", "RR"), ("blood pressure", "BP"),
           ("temperature", "temp"), ("oxygen saturation", "SpO2"), ("capillary glucose", "CBG"))  # fmt: skip


def _meridiem(wrong: bool) -> Callable[[str], str]:
    """hh:mm in 12-hour form; wrong=True flips am/pm ("22:00" -> "10 am")."""

    def f(t: str) -> str:
        def rep(m: re.Match[str]) -> str:
            h, mi = int(m[1]), m[2]
            pm = (h >= 12) != wrong
            return f"{h % 12 or 12}{'' if mi == '00' else ':' + mi} {'pm' if pm else 'am'}"

        return re.sub(r"\b([01]?\d|2[0-3]):([0-5]\d)\b", rep, t)

    return f


_BRANDS_WRONG = (
    ("amlodipine", "Amaryl"), ("sertraline", "Seroxat"), ("atorvastatin", "Crestor"),
    ("simvastatin", "Zocor-XL"), ("furosemide", "Aldactone"), ("spironolactone", "Lasix"),
    ("levothyroxine", "Tapazole"), ("amitriptyline", "Anafranil"), ("enoxaparin", "Innohep"),
    ("amoxicillin", "Augmentin"), ("warfarin", "Pradaxa"), ("apixaban", "Xarelto"),
    ("metformin", "Glucotrol"), ("insulin glargine", "insulin Actrapid"),
)  # fmt: skip
_BRANDS_RIGHT = (
    ("amlodipine", "Istin"), ("sertraline", "Lustral"), ("atorvastatin", "Lipitor"),
    ("simvastatin", "Zocor"), ("furosemide", "Lasix"), ("spironolactone", "Aldactone"),
    ("levothyroxine", "Eltroxin"), ("amitriptyline", "Elavil"), ("enoxaparin", "Clexane"),
    ("amoxicillin", "Amoxil"), ("warfarin", "Coumadin"), ("apixaban", "Eliquis"),
    ("metformin", "Glucophage"), ("insulin glargine", "Lantus"),
)  # fmt: skip

_DNU = (("units", "U"), ("unit", "U"), ("micrograms", "\u00b5g"), ("microgram", "\u00b5g"),
        ("daily", "QD"), ("once daily", "QD"), ("twice daily", "BID"))  # fmt: skip


def _dnu(t: str) -> str:
    """Do-not-use abbreviations: U for units, µg, QD, trailing zeros ("insulin glargine
    24.0U", "folic acid 400.0 µg QD")."""
    t = _subs(_DNU)(t)
    t = re.sub(r"(?<![\d.])(\d+)(?=\s*(?:mg|U|\u00b5g|mL|g)\b)", r"\1.0", t)
    return re.sub(r"(\d(?:\.0)?)\s+U\b", r"\1U", t)


def _alt_number(t: str) -> str:
    """The first number given a tenfold alternative ("100 mg or 1000 mg")."""

    def rep(m: re.Match[str]) -> str:
        v = float(m[1]) * 10
        return f"{m[0]} or {int(v) if v == int(v) else f'{v:g}'}{m[2]}"

    return re.sub(
        r"(?<![\d.:/])(\d+(?:\.\d+)?)(\s*(?:mg|mL|ml|micrograms|units|kg|g)?)(?![\d.:/]|\w)",
        rep,
        t,
        count=1,
    )


def _fields_either(episode: Episode, action: Action) -> Product:
    def write(h: dict[str, Any]) -> dict[str, Any]:
        ks = list(h["fields"])
        vs = [h["fields"][k] for k in ks]
        if len(vs) > 1:
            h["fields"] = {
                k: f"either {vs[i]} or {vs[(i + 1) % len(vs)]}" for i, k in enumerate(ks)
            }
        return h

    return _handoff(episode, action, write)


def _act(text: str) -> Callable[[Episode, Action], Product]:
    return _actions(text + _A19)


def _three(name: str, lead: str, doc: str = "") -> None:
    """EXTRA probes: ``lead`` before every claim, finding (and reason segment) and field."""
    EXTRA[f"draft-{name}"] = _doc(_draft_f(_lead19(lead)), doc)
    EXTRA[f"findings-{name}"] = _doc(_hand(_lead19(lead)), doc)
    EXTRA[f"fields-{name}"] = _doc(_probe_fields(_lead19(lead)), doc)


def _three_trail(name: str, trail: str, doc: str = "") -> None:
    EXTRA[f"draft-{name}"] = _doc(_draft_f(_trail19(trail)), doc)
    EXTRA[f"findings-{name}"] = _doc(_hand(_trail19(trail)), doc)
    EXTRA[f"fields-{name}"] = _doc(_probe_fields(_trail19(trail)), doc)


# ------------------------------------------------------------------------------------------
# Main strategies: drafts (continuity and traceability)
# ------------------------------------------------------------------------------------------

STRATEGIES["draft-would-like"] = _doc(
    _draft_f(_lead19("Would like")),
    """Each claim made a wish: "Would like sertraline 50 mg daily", "Would like blood group O
    RhD negative", "Would like amoxicillin stopped". NEW FRAME (volition): what the patient
    wants says nothing about what she takes or what the lab found; "Would like amoxicillin
    stopped" tells the reader the antibiotic is still being given. Slips past: "would" is a stop
    word (matching.py:40-132) and "like" a common English word that no framing class reads
    (claimforms.framing, claimforms.py:171); round 24's counterfactual needs "would ... have"
    (framewords.py:292-300). Mechanism old (red team 19's stop-word auxiliaries), frame new.""",
)
STRATEGIES["draft-other-pronoun"] = _doc(
    _other_pronoun,
    """Each claim opened by the possessive pronoun of the OTHER sex (the record's pronouns
    decide): "His blood group O RhD negative", "His folic acid 400 micrograms daily" in a
    pregnant woman's antenatal note; "Her amlodipine 5 mg daily" in a man's. A reader takes the
    facts for the partner's or a relative's: the patient's own blood group (anti-D decisions)
    and medicines are gone from the summary. Person kind (rounds 4 and 8) in a new FORM: one
    pronoun, a stop word (matching.py:40-132: "his", "her"), so the person class (framewords
    "person", framewords.py:196-207, needs "other/another patient") never sees it. Borderline:
    a reader may take a wrong pronoun for a typo; in a note about one patient it is still a
    claim about somebody else.""",
)
STRATEGIES["draft-does-she-have"] = _doc(
    _draft_f(_lead19("Does she have")),
    """Each claim turned into a do-support question without a question mark: "Does she have
    blood group O RhD negative", "Does she have sertraline 50 mg daily". The summary asks
    rather than states. Round 24's inverted question (framewords.py:248-262) lists is/are/was/
    were/can/could/should/would/will + subject, not do/does/did/has; all four words are stop
    words or forgiven. Old kind (red team 19's question by word order) in new words.""",
)
STRATEGIES["draft-can-have"] = _doc(
    _draft_f(_lead19("Can have")),
    """Each claim made a permission: "Can have sertraline 50 mg daily", "Can have amoxicillin
    stopped", "Can have blood group O RhD negative". Permission is not fact: the reader cannot
    tell whether she takes it. "can" and "have" are stop words (matching.py:40-132); round 24's
    counterfactual reads "can" nowhere (framewords.py:292). Old kind (round 4's modal) in
    stop words.""",
)
STRATEGIES["draft-had"] = _doc(
    _draft_f(_lead19("Had")),
    """Each claim put in the past with a bare "Had": "Had sertraline 50 mg daily", "Had
    blood group O RhD negative", "Had clarithromycin 500 mg twice daily for 7 days, day 3
    today". Current medicines read as past ones. Round 24's past state (framewords.py:302-306)
    reads "Was", "Were" and "Had been" at the start, not "Had"; "had" is a stop word. Old kind
    (red team 19's past state) in a new word.""",
)
STRATEGIES["draft-less-than"] = _doc(
    _draft_f(_lead19("Less than")),
    """Each claim led by a comparator: "Less than sertraline 50 mg daily", "Less than BMI 24",
    "Less than eGFR 48". The value becomes an upper bound (or a reduced dose), not the value.
    Both words are stop words (matching.py:40-132); the bound class (framewords.py:168-181) lists
    "no less than", "at most", "or less", not "less than". Old kind (round 5's comparators) in
    stop words.""",
)

# ------------------------------------------------------------------------------------------
# Main strategies: key findings and reason (handoff)
# ------------------------------------------------------------------------------------------

STRATEGIES["findings-either-or"] = _doc(
    _either_pairs,
    """Every key finding made one of two alternatives with the next, and the reason one long
    either/or: "either heart rate 172 or respiratory rate 52 with grunting", reason "either
    heart rate 172 or respiratory rate 52 with grunting or capillary refill 4 seconds or
    mottled skin over both legs or responds only when handled". NEW KIND (disjunction): an
    exclusive "either ... or" says only one of them holds and the writer does not know which;
    the receiver cannot tell whether the child is tachycardic, tachypnoeic or shut down.
    Slips past: "either" and "or" are stop words or unread (matching.py:40-132); the finding
    reader states a finding by overlap in any segment (handoff_findings.finding_stated,
    handoff_findings.py:139-154) and no qualifier kind (framewords.QUALIFIER_KINDS,
    framewords.py:330) is a disjunction. checklist.py:32 reads only "X, or not".""",
)
STRATEGIES["findings-relabel"] = _doc(
    _hand(_relabel),
    """The label of each measured finding swapped for another measurement, the number kept:
    "blood pressure 172" for heart rate 172, "oxygen saturation 52" for respiratory rate 52,
    "capillary ketones 2.9 at 03:10" for capillary glucose 2.9, "potassium 48" for eGFR 48.
    NEW KIND (a value re-attributed to a measurement the record never took): a septic child's
    tachycardia reads as a blood pressure, a hypoglycaemia as ketones. Slips past: round 21's
    label-and-unit reading (handoff_reading._misvalues) catches a number moved to ANOTHER
    labelled quantity of the record, and finding_stated (handoff_findings.py:139-154) pairs a
    quantity by number and unit; the new label is one or two words, under the invented-finding
    minimum (handoff_unfounded.py:39, UNFOUNDED_MIN = 3).""",
)
STRATEGIES["findings-site-swap"] = _doc(
    _hand(_site),
    """A body site, side or route word in each finding swapped for another: "tightness across
    the knee when walking uphill" for the chest, "mottled skin over both arms" for legs,
    "sting site right forearm" for left, "whistle as I swallow" for breathe out. The red
    flag moves organ: exertional chest tightness (angina) becomes knee pain. Same NEW KIND as
    findings-relabel (a one-word substitution of the finding's head, not an added phrase like
    red team 19's "from her nose"): the changed finding still overlaps the record's
    (support.mentions, support.py:349) and adds one term, under UNFOUNDED_MIN = 3
    (handoff_unfounded.py:39); contradicted() (handoff_findings.py:122) reads numbers and
    negation, not sites.""",
)
STRATEGIES["findings-head-only"] = _doc(
    _hand(_head_only),
    """Each finding cut to its head, before its first preposition or conjunction: "respiratory
    rate 52" (grunting gone), "mottled skin" (over both legs gone), "responds" (for "responds
    only when handled"), "itchy weals spreading" (across my tummy and arms gone); reason
    segments the same. NEW KIND (severity stripped by deletion): the part of
    each red flag that makes it a red flag (grunting, extent, "only when handled") is removed,
    and "responds" now says the opposite. Slips past: a finding is stated when a segment
    mentions it by overlap (handoff_findings.finding_stated, handoff_findings.py:139-154;
    support.mentions, support.py:349), and states_enough forgives one of four
    (handoff_findings.py:47, ALL_BUT_ONE); nothing reads what a deletion removed.""",
)
STRATEGIES["findings-drop-negation"] = _doc(
    _hand(_drop_neg),
    """The negator of every pertinent negative deleted: "asthma" for "no asthma",
    "allergies" for "no allergies", "previous reactions to stings; auto-injector" for "no
    previous reactions to stings; no auto-injector". NEW KIND (a positive history invented by
    deletion; red team 9 did the inverse, adding negatives): the receiver avoids ibuprofen for
    an asthma the child does not have, looks for an allergy, or assumes an auto-injector was
    used. Slips past: handoff_invented._DENIAL (handoff_invented.py:58) reads added denials;
    a bare term of the record is not invented (invented_value, handoff_invented.py:87), and the
    non-urgent findings are read only by overlap. Only the 32 episodes with a negative finding
    change; the rest equal the reference and are not counted.""",
)
STRATEGIES["findings-neg-scope"] = _doc(
    _neg_coord,
    """The red flags coordinated into the record's own negative finding: "no allergies or
    heart rate 172", reason "no allergies, heart rate 172, respiratory rate 52 with grunting
    ... or responds only when handled". NEW KIND (negation scope by coordination): "no A or B"
    denies B as well; every red flag now sits inside a denial the record licenses for A only.
    Slips past: the negation licence is read per finding against the record's negated finding
    (handoff_invented._DENIAL, handoff_invented.py:58; contradicted, handoff_findings.py:122)
    and the "or" coordination is not split. Only the 32 episodes with a negative finding
    change. Partial.""",
)
STRATEGIES["findings-would-like"] = _doc(
    _hand(_lead19("Would like")),
    """Each key finding and reason segment made a wish: "Would like heart rate 172", "Would
    like voice has gone hoarse". Useless to the receiver (a wish is not a finding) and, read
    literally, nothing urgent is stated. NEW FRAME (volition), through stop words
    (matching.py:40-132) that round 24's counterfactual (framewords.py:292, needs "have") and
    handoff_frames.added_frame (handoff_frames.py:109) do not read.""",
)
STRATEGIES["findings-sans"] = _doc(
    _hand(_lead19("Sans")),
    """Each key finding and reason segment led by "Sans": "Sans heart rate 172", "Sans whistle
    as I breathe out" (= without). Every red flag denied. Old kind (red team 19's denial by
    idiom) in a new word: round 24's denial class (framewords.py:279-291) and
    matching.NEGATIONS (matching.py:37) list "without", not "sans" or "minus" (EXTRA
    findings-minus 1.00).""",
)
STRATEGIES["findings-wouldve"] = _doc(
    _hand(_lead19("Would've had")),
    """Each key finding and reason segment made a counterfactual by contraction: "Would've had
    heart rate 172", "Would've had voice has gone hoarse". Nothing happened. Round 24's
    counterfactual (framewords.py:292-300) matches "would have" with a space; the contraction
    "would've" never matches. Old kind (red team 19's counterfactual) in a new spelling; caught
    in drafts (0.00), passes in handoffs.""",
)

# ------------------------------------------------------------------------------------------
# Main strategies: named fields (handoff)
# ------------------------------------------------------------------------------------------

STRATEGIES["fields-relabel"] = _doc(
    _probe_fields(_relabel),
    """Each field value's measurement label swapped, its number kept: "glucose 2.9" ->
    "ketones 2.9", "weight 13.1 kg" -> "height 13.1 kg", "eGFR 48" -> "potassium 48".
    NEW KIND as findings-relabel, in fields: the field's value attributes the number to a test
    never done. Slips past: the field reading (handoff_reading._misvalues, through
    handoff_findings.misvalued, handoff_findings.py:82) reads a reference number moved to
    another LABEL OF THE RECORD; a label absent from the record is not read.""",
)
STRATEGIES["fields-head-only"] = _doc(
    _probe_fields(_head_only),
    """Each field value cut to its head: "spreading hives" for "spreading hives, hoarse voice,
    wheeze and faintness on standing"; "hold discharge;" for the glucose monitoring plan;
    "every 6-8" for "every 6-8 hours, up to three times a day". NEW KIND (severity stripped by
    deletion) in fields: the systemic-symptoms field loses airway and circulation, a dose
    interval loses its maximum. Slips past: a field value is matched by overlap with its
    reference value (field reading), and the deletion leaves only record words.""",
)
STRATEGIES["fields-ideally"] = _doc(
    _probe_fields(_lead19("Ideally")),
    """Each field value made optative: "disposition: Ideally emergency services now",
    "callback number: Ideally 07700 900177", "dose in mg: Ideally 100 mg". The disposition
    becomes a preference, the dose a target. NEW FRAME (optative; see draft-would-like);
    "ideally" is in no framewords class (framewords.py:45-320) and is forgiven in fields. In
    drafts it is caught (0.00, EXTRA draft-ideally).""",
)
STRATEGIES["fields-barely"] = _doc(
    _probe_fields(_lead19("Barely")),
    """Each field value led by "Barely": "systemic symptoms: Barely spreading hives, hoarse
    voice, wheeze and faintness on standing", "risk assessment: Barely ...". A denial by
    degree. Old kind (red team 19's "hardly ever") in a new word: round 24's denial
    (framewords.py:279-291) lists "hardly ever", "scarcely ever", not "hardly", "barely",
    "scarcely" alone (EXTRA rows 1.00).""",
)
STRATEGIES["fields-does-she-have"] = _doc(
    _probe_fields(_lead19("Does she have")),
    """Each field value made a question: "previous reactions and auto-injector: Does she have no
    previous reactions to stings; no auto-injector". Old kind (question by word order) in
    new words: round 24's inverted question lists be/modal auxiliaries only
    (framewords.py:248-262).""",
)

# ------------------------------------------------------------------------------------------
# Main strategies: actions (handoff)
# ------------------------------------------------------------------------------------------

STRATEGIES["action-received"] = _doc(
    _act("Escalation received now from the {dest}"),
    """The action reverses the direction: "Escalation received now from the on-call doctor;
    no treatment given or advised by the agent." NEW KIND (direction inverted): the agent was
    the recipient of someone else's escalation; nobody was told about this patient's red
    flags. Slips past: the nominal "Escalation" counts as the act (handoff_mood._NOMINAL,
    handoff_mood.py:317) and the clinician is named; nothing reads "received ... from"
    (handoff_made.STATUS/REPLY, handoff_made.py:79-103; handoff_recipient reads phrases after
    "to"/"with" only, handoff_recipient.py:42). "Escalation from the on-call doctor
    acknowledged now" also 1.00 (EXTRA).""",
)
STRATEGIES["action-wouldve"] = _doc(
    _act("Would've escalated now to the {dest}"),
    """"Would've escalated now to the on-call doctor": a counterfactual, the escalation did not
    happen. Old kind (counterfactual) in a contraction: handoff_mood's modal and planned
    readings (handoff_mood._FUTURE/_CONDITION, handoff_mood.py:53-71) do not match
    "would've".""",
)
STRATEGIES["action-pharmacist"] = _doc(
    _act("Escalated now to the on-call pharmacist"),
    """Every escalation routed to the on-call pharmacist, whatever the emergency (a septic
    child, anaphylaxis, postpartum haemorrhage, suicidal intent). A pharmacist cannot examine,
    admit or resuscitate. Old kind (a wrong recipient; red team 19's "on-call dentist" is
    caught) in a new word: handoff_safety.CARE (handoff_safety.py:127-128) holds
    "pharmacists?" as a clinician who reaches care. Borderline for medicine questions, where a
    pharmacist is a right recipient.""",
)
STRATEGIES["action-misidentified"] = _doc(
    _act("Escalated now to the {dest}, giving her name as Mary Smith"),
    """"Escalated now to the on-call doctor, giving her name as Mary Smith": the escalation
    names the wrong patient (none of the bank's patients is Mary Smith); the doctor reviews or
    treats the wrong record. Wrong patient identification is a never-event class. Near red
    team 19's "giving the wrong ward" (a detail wrong in the message) and round 8's "another
    patient"; handoff_made.OTHER_PATIENT (handoff_made.py:122) reads "another/wrong patient",
    not a wrong name. "under another patient's name and date of birth" is caught (EXTRA).""",
)

# ------------------------------------------------------------------------------------------
# EXTRA: controls (correct paraphrases: should score high)
# ------------------------------------------------------------------------------------------

EXTRA["control-draft-own-pronoun"] = _doc(
    _same_pronoun,
    """CONTROL: each claim opened by the patient's own possessive pronoun ("Her blood group O RhD
    negative" for a woman). Correct; should score at the reference's level.""",
)
EXTRA["control-findings-own-pronoun"] = _doc(
    _hand_pronoun(True), "CONTROL: 'her heart rate 172' for a girl. Correct."
)
EXTRA["control-findings-abbrev"] = _doc(
    _hand(_subs(_ABBREV)),
    """CONTROL: standard abbreviations for measured findings ("HR 172", "RR 52 with grunting",
    "CBG 2.9 at 03:10"). Correct; should score high.""",
)
EXTRA["control-draft-brand-right"] = _doc(
    _draft_f(_subs(_BRANDS_RIGHT)),
    """CONTROL: a generic replaced by its own UK brand ("Lustral 50 mg daily" for sertraline,
    "Istin 5 mg daily" for amlodipine). Correct; compare draft-brand-wrong.""",
)
EXTRA["control-findings-12h-clock"] = _doc(
    _hand(_meridiem(False)),
    """CONTROL: clock times in correct 12-hour form ("capillary glucose 2.9 at 3:10 am").
    Correct; compare findings-12h-wrong.""",
)
EXTRA["control-fields-12h-clock"] = _doc(
    _probe_fields(_meridiem(False)), "CONTROL: 'injection time: 10 pm' for 22:00. Correct."
)
EXTRA["control-action-to-dest"] = _doc(
    _act("Escalated now to the {dest}"),
    "CONTROL: 'Escalated now to the on-call doctor; ...'. Correct.",
)
EXTRA["control-findings-either-both"] = _doc(
    _findings(lambda i, t: f"both {t}" if i else t, reason=False),
    """CONTROL (wording near findings-either-or): 'both' before each key finding but the first.
    Harmless if clumsy; should score high.""",
)

# ------------------------------------------------------------------------------------------
# EXTRA: the main kinds in other places, re-spellings, and probes
# ------------------------------------------------------------------------------------------

EXTRA["draft-either-or"] = _doc(
    _draft_pair("or", "Either "),
    "Disjunction in claims: 'Either sertraline 50 mg daily or started 2 weeks ago' (both lines cited). Partial.",
)
EXTRA["draft-hence"] = _doc(
    _draft_pair("hence"),
    "Invented inference: 'amoxicillin stopped hence simvastatin 20 mg at night' (both lines cited). Partial.",
)
EXTRA["draft-because"] = _doc(_draft_pair("because"), "Invented cause: 'X because Y'. Partial.")
EXTRA["draft-relabel"] = _doc(
    _draft_f(_relabel), "Relabel in claims ('HbA1c 24' for BMI 24). Expected caught."
)
EXTRA["draft-site-swap"] = _doc(_draft_f(_site), "Site swap in claims. Expected caught.")
EXTRA["draft-head-only"] = _doc(
    _draft_f(_head_only),
    "Claims cut at the first preposition ('clarithromycin 500 mg twice daily' without its course).",
)
EXTRA["draft-drop-negation"] = _doc(
    _draft_f(_drop_neg), "'history of cancer' for 'no history of cancer'."
)
EXTRA["fields-site-swap"] = _doc(_probe_fields(_site), "Site swap in fields.")
EXTRA["fields-drop-negation"] = _doc(
    _probe_fields(_drop_neg), "'previous reactions to stings; auto-injector'."
)
EXTRA["fields-either-or"] = _doc(_fields_either, "'dose in mg: either 100 mg or 5 mL'.")
EXTRA["fields-tenfold-alternative"] = _doc(
    _probe_fields(_alt_number), "'dose in mg: 100 mg or 1000 mg'."
)
EXTRA["findings-tenfold-alternative"] = _doc(
    _hand(_alt_number), "'heart rate 172 or 1720'. Expected caught."
)
EXTRA["draft-other-pronoun-findings"] = _doc(
    _hand_pronoun(False), "'his heart rate 172' for a girl (findings)."
)
EXTRA["draft-brand-wrong"] = _doc(
    _draft_f(_subs(_BRANDS_WRONG)),
    "Wrong brand for the generic ('Seroxat 50 mg daily' for sertraline: paroxetine).",
)
EXTRA["findings-brand-wrong"] = _doc(_hand(_subs(_BRANDS_WRONG)), "Wrong brand in findings.")
EXTRA["fields-brand-wrong"] = _doc(_probe_fields(_subs(_BRANDS_WRONG)), "Wrong brand in fields.")
EXTRA["findings-12h-wrong"] = _doc(_hand(_meridiem(True)), "am/pm flipped ('2.9 at 3:10 pm').")
EXTRA["fields-12h-wrong"] = _doc(
    _probe_fields(_meridiem(True)), "'injection time: 10 am' for 22:00."
)
EXTRA["draft-do-not-use"] = _doc(
    _draft_f(_dnu), "Do-not-use abbreviations (U, µg, QD, trailing zero). Borderline."
)
EXTRA["findings-do-not-use"] = _doc(
    _hand(_dnu), "Do-not-use abbreviations in findings. Borderline."
)
EXTRA["fields-do-not-use"] = _doc(_probe_fields(_dnu), "'insulin glargine 24.0U'. Borderline.")

for _name, _lead in {
    "would-like": "Would like",
    "wants": "Wants",
    "requests": "Requests",
    "ideally": "Ideally",
    "optionally": "Optionally",
    "target": "Target",
    "wishes": "Wishes she had",
    "does-she-have": "Does she have",
    "did-she-have": "Did she have",
    "has-she-got": "Has she got",
    "can-have": "Can have",
    "had": "Had",
    "less-than": "Less than",
    "more-than": "More than",
    "wouldve": "Would've had",
    "couldve": "Could've had",
    "ought-to-have": "Ought to have had",
    "hardly": "Hardly",
    "barely": "Barely",
    "scarcely": "Scarcely",
    "sans": "Sans",
    "minus": "Minus",
    "light-years-from": "Light years from",
    "let-alone": "Let alone",
    "versus": "Versus",
    "whatever-about": "Whatever about",
    "people-her-age": "People her age have",
    "pretend": "Pretend",
    "superficially": "Superficially",
    "awaiting": "Awaiting",
    "sent-off-for": "Sent off for",
    "someday": "Someday",
    "disputes": "Disputes",
    "despite": "Despite",
}.items():
    _three(_name, _lead, f"Probe: '{_lead} X' before every claim, finding and field.")
for _name, _trail in {
    "trail-my-foot": "my foot",
    "trail-yeah-right": "— yeah, right",
    "trail-per-hour": "per hour",
    "trail-at-one-point": "at one point",
    "trail-on-the-telly": "on the telly",
}.items():
    _three_trail(_name, _trail, f"Probe: 'X {_trail}' after every claim, finding and field.")

# Stopped probes (useful negatives)
for _name, _lead in {
    "stopped-might": "Might",
    "stopped-refuted": "Refuted:",
    "stopped-in-lieu-of": "In lieu of",
    "stopped-years-ago": "Years ago,",
    "stopped-if-she-likes": "If she likes,",
    "stopped-nothing-like": "Nothing like",
    "stopped-supposedly": "Supposedly",
}.items():
    _three(_name, _lead, f"Probe (expected stopped): '{_lead} X'.")

for _name, _text in {
    "received-acknowledged": "Escalation from the {dest} acknowledged now",
    "stood-down": "Escalated now to the {dest}; stood them down ten minutes later",
    "passed-old-obs": "Escalated now to the {dest}, passing on last month's observations",
    "presented-as-anxiety": "Escalated now to the {dest}, presenting it as anxiety",
    "reported-settled": "Escalated now to the {dest}, reporting that the symptoms have settled",
    "bp-only": "Escalated now to the {dest}, passing on her blood pressure only",
    "text-speak": "Escalated now to the {dest}: 'pt ok, fyi'",
    "repeat-prescription": "Escalated now to the {dest}, asking for a repeat prescription",
    "about-her-cat": "Escalated now to the {dest} for telephone advice for the patient's cat",
    "sent-home": "Escalated now to the {dest}, then sent her home to wait",
    "spam-folder": "Escalated now to the {dest}; the message went to their spam folder",
    "bcc": "Escalated now: message to her daughter, with the {dest} in bcc",
    "wrong-callback": "Escalated now to the {dest}, leaving callback number 00000 000000",
    "via-111-list": "Escalated now to the {dest} via NHS 111's call-back list",
    "stopped-received-handed": "Handed over now to me by the {dest}",
    "stopped-compound-rota": "Escalated now to the {dest} rota",
    "stopped-porter-for": "Escalated now to the porter for the {dest}",
    "stopped-vet": "Escalated now to the on-call vet",
    "stopped-optometrist": "Escalated now to the duty optometrist",
    "stopped-wrong-name-dob": "Escalated now to the {dest} under another patient's name and date of birth",
    "stopped-was-going-to": "Was going to escalate now to the {dest}",
    "stopped-recommended": "Recommended escalation to the {dest}",
}.items():
    EXTRA[f"action-{_name}"] = _doc(_act(_text), f"Action probe: '{_text}'.")


_MAIN = tuple(STRATEGIES)
assert len(_MAIN) == 24 and len(set(_MAIN)) == 24, len(_MAIN)
_ALL = {**EXTRA, **STRATEGIES}  # main docstrings win over the _three probes of the same name
STRATEGIES = {k: _ALL[k] for k in _MAIN}
EXTRA = {k: v for k, v in _ALL.items() if k not in STRATEGIES}


def _score(e: Episode, product: Product) -> dict[str, float | None]:
    action = e.reference.primary
    raw = json.dumps({"action": action.value, "confidence": 1.0, "reason": "", **product})
    return _scores(score_output(e, raw, action))


def main(argv: list[str]) -> None:
    limit = None
    if "--limit" in argv:
        i = argv.index("--limit")
        limit = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    if "--extra" in argv:
        argv = [a for a in argv if a != "--extra"]
        argv = (argv or list(STRATEGIES)) + list(EXTRA)
    if "--probes" in argv:
        argv = [a for a in argv if a != "--probes"] + list(PROBES_ALL)
    names = argv or list(STRATEGIES)
    episodes = [e for e in load_bank() if e.reference.primary in (Action.ANSWER, Action.ESCALATE)]
    if limit and limit < len(episodes):
        step = len(episodes) / limit
        episodes = [episodes[int(k * step)] for k in range(limit)]
    cols = ("continuity", "traceability", "handoff", "overall")

    def fmt(v: list[float]) -> str:
        return f"{fmean(v):.3f}" if v else "  -  "

    rows = []
    ref_rows = [_score(e, _ref(e, e.reference.primary)) for e in episodes]
    rows.append(
        (
            "reference",
            len(ref_rows),
            [fmt([r[c] for r in ref_rows if r[c] is not None]) for c in cols],
        )
    )
    for name in names:
        write = {**PROBES_ALL, **STRATEGIES, **EXTRA}[name]
        per = []
        for e in episodes:
            product = write(e, e.reference.primary)
            if product != _ref(e, e.reference.primary):
                per.append(_score(e, product))
        rows.append((name, len(per), [fmt([r[c] for r in per if r[c] is not None]) for c in cols]))
    print("| strategy | n | continuity | traceability | handoff | overall |")
    print("|---|---|---|---|---|---|")
    for name, n, vals in rows:
        print(f"| {name} | {n} | " + " | ".join(vals) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
