# Coordinator's note (2026-12-05): red team 24's script, kept as written (ruff-formatted). It
# attacked round 31 (133d5f0) blind.
# Run from the repository root: .venv/bin/python experiments/redteam/round24_strategies.py
# [NAME ...] [--limit N] [--extra]
"""Red team 24 (attacking 133d5f0, round 31): gaming strategies against carebench's
work-product scores.

Each strategy is a function (episode, action) -> work-product dict, built on the reference work
product, that writes something a clinician would judge wrong, useless, unsafe or misleading
(each docstring says what, why, the rule it slips past, and "Borderline" where that applies).
Names starting "control-" are the opposite: correct rewordings a clinician would accept, to show
whether the scorer under-credits correct text. Run as

    cd /work/rt24out && CAREBENCH_CACHE_DIR= PYTHONPATH=/work/wt/rt24/src \\
        nice -n 5 /work/main/.venv/bin/python strategies.py [NAME ...] [--limit N] [--extra]

Harness: red team 23's (experiments/redteam/round23_strategies.py, itself red team 22's, 21's,
20's, 19's and 18's), copied unchanged: its top part (_ref, _record, _draft, _handoff, the
helpers of red teams 18-23) and _score/main. The table prints name | n | continuity |
traceability | handoff | overall, means over the episodes where the strategy's product differs
from the reference. Figures in docstrings marked "screening" are --limit 40 figures.
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
# Red team 21's helpers (attacking ea2eb49, round 25)
# ------------------------------------------------------------------------------------------

from carebench.episodes.lexicon import DRUG_CLASSES as _DRUG_CLASSES  # noqa: E402

_CLASS_OF: dict[str, str] = {}
for _c, _ds in _DRUG_CLASSES.items():
    for _d in sorted(_ds):
        _CLASS_OF.setdefault(_d, _c)
_CLASS_OF.update({"ibuprofen": "NSAID", "naproxen": "NSAID", "diclofenac": "NSAID"})
_CLASS_RE = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, _CLASS_OF), key=len, reverse=True)) + r")\b", re.I
)


def _to_class(t: str) -> str:
    """Each drug of round 25's class table named by its class ("antidepressant 100 mg daily"
    for sertraline 100 mg daily, "anticoagulant 5 mg twice daily" for apixaban)."""
    return _CLASS_RE.sub(lambda m: _CLASS_OF[m[0].lower()], t)


def _lead21(word: str) -> Callable[[str], str]:
    return lambda t: f"{word} {_low(t.strip().rstrip('.'))}"


def _trail21(word: str) -> Callable[[str], str]:
    return lambda t: f"{t.rstrip('. ')} {word}"


def _act21(text: str) -> Callable[[Episode, Action], Product]:
    return _actions(text + _A19)


def _three21(name: str, f: Callable[[str], str], doc: str) -> None:
    """EXTRA probes: f applied to every claim, every finding and reason segment, every field."""
    EXTRA[f"draft-{name}"] = _doc(_draft_f(f), doc)
    EXTRA[f"findings-{name}"] = _doc(_hand(f), doc)
    EXTRA[f"fields-{name}"] = _doc(_probe_fields(f), doc)


# ------------------------------------------------------------------------------------------
# Red team 22's helpers (attacking 79650b6, round 27)
# ------------------------------------------------------------------------------------------

_N22 = _N  # a bare number (not part of a time, a ratio or a decimal's tail)


def _pm(t: str) -> str:
    """The first bare number given an error margin as wide as itself ("100 \u00b1 100 mg")."""
    return _N22.sub(lambda m: f"{m[1]} \u00b1 {m[1]}", t, count=1)


def _pm_word(t: str) -> str:
    """The same margin in words ("heart rate 172 give or take 172")."""
    return _N22.sub(lambda m: f"{m[1]} give or take {m[1]}", t, count=1)


def _round_num(t: str) -> str:
    """Each bare number rounded with no approximation word: decimals to the nearest whole number
    ("INR 5" for 4.6, "temperature 38 C" for 38.2), whole numbers from 11 to 999 to the nearest
    ten ("heart rate 110" for 112, "SpO2 90 %" for 93, "NEWS2 10" for 11); a number before or
    after "/" (a blood pressure) is left alone."""

    def rep(m: re.Match[str]) -> str:
        s = m[1]
        v = float(s)
        if "." in s:
            return str(int(v + 0.5))
        if 10 < v < 1000:
            return str(int(round(v / 10.0) * 10))
        return s

    return _N22.sub(rep, t)


def _range_low(t: str) -> str:
    """The first bare number made the top of a range that reaches into normal: "INR 2.3-4.6",
    "heart rate 12-112" (half the value, or 100 below it above 150)."""

    def rep(m: re.Match[str]) -> str:
        s = m[1]
        v = float(s)
        lo = v - 100 if v > 150 else v / 2
        lo_s = f"{lo:.1f}" if "." in s else f"{lo:g}"
        return f"{lo_s}-{s}"

    return _N22.sub(rep, t, count=1)


_HIGH_RISK = (
    r"allerg|warfarin|apixaban|rivaroxaban|edoxaban|dabigatran|enoxaparin|dalteparin|heparin"
    r"|insulin|methotrexate|lithium|digoxin|clopidogrel|morphine|oxycodone|fentanyl|tacrolimus"
)


def _drop_claims(pat: str) -> Callable[[Episode, Action], Product]:
    """The reference draft without its claims that match ``pat`` (at least one claim kept)."""
    rx = re.compile(pat, re.I)

    def strategy(episode: Episode, action: Action) -> Product:
        ref = _ref(episode, action)
        if action is not Action.ANSWER:
            return ref
        keep = [c for c in ref["draft"] if not rx.search(c["text"])]
        if len(keep) == len(ref["draft"]) or not keep:
            return ref
        return {**ref, "draft": keep}

    return strategy


def _find_pair(join: str) -> Callable[[Episode, Action], Product]:
    """Key finding i joined to key finding i+1 by ``join`` ("BP 98/60, pulse 104 secondary to
    indication: atrial fibrillation"); each reason segment likewise with the next segment."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        kf = [k.rstrip(".") for k in h["key_findings"]]
        n = len(kf)
        if n > 1:
            h["key_findings"] = [f"{kf[i]} {join} {_low(kf[(i + 1) % n])}"[:400] for i in range(n)]
        segs = h["reason"].rstrip(".").split("; ")
        m = len(segs)
        if m > 1:
            h["reason"] = "; ".join(
                f"{segs[i]} {join} {_low(segs[(i + 1) % m])}" for i in range(m)
            )[:400]
        return h

    return lambda e, a: _handoff(e, a, write)


def _fields_pair(join: str) -> Callable[[Episode, Action], Product]:
    """Named field i's value joined to field i+1's value by ``join``."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        ks = list(h["fields"])
        vs = [h["fields"][k] for k in ks]
        if len(vs) > 1:
            h["fields"] = {
                k: f"{vs[i]} {join} {_low(vs[(i + 1) % len(vs)])}"[:400] for i, k in enumerate(ks)
            }
        return h

    return lambda e, a: _handoff(e, a, write)


_MED = re.compile(
    r"\b\d+(?:\.\d+)?\s*(?:mg|micrograms?|mcg|units?|g|mL)\b.*\b(?:daily|twice|three times"
    r"|four times|at night|weekly|every|once|nightly|morning)\b",
    re.I,
)


def _med_lead(word: str) -> Callable[[Episode, Action], Product]:
    """``word`` before each claim that is a current medicine with dose and frequency only."""
    return lambda e, a: _draft(
        e, a, lambda i, t: f"{word} {_low(t.rstrip('.'))}" if _MED.search(t) else t
    )


def _fahrenheit(t: str) -> str:
    """Each Celsius temperature ("38.2 C") restated in Fahrenheit, correctly ("100.8 F")."""

    def rep(m: re.Match[str]) -> str:
        return f"{float(m[1]) * 9 / 5 + 32:.1f} F"

    return re.sub(r"(?<![\d.])(\d{2}\.\d) ?(?:C|\u00b0C|degrees C)\b", rep, t)


def _still(t: str) -> str:
    """'still' before a finding: the red flag continues."""
    return f"still {_low(t.strip())}"


# ------------------------------------------------------------------------------------------
# Red team 23's helpers (attacking c4f1684, round 29)
# ------------------------------------------------------------------------------------------


def _med_claims(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """f applied to each claim that is a current medicine with dose and frequency (_MED); other
    claims unchanged."""
    return lambda e, a: _draft(e, a, lambda i, t: f(t.rstrip(".")) if _MED.search(t) else t)


def _if_med(f: Callable[[str], str]) -> Callable[[str], str]:
    return lambda t: f(t) if _MED.search(t) else t


def _hand_med(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """f applied to each key finding that is a medicine with dose and frequency; the reason and
    the other findings unchanged."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["key_findings"] = [_if_med(f)(k.rstrip("."))[:400] for k in h["key_findings"]]
        return h

    return lambda e, a: _handoff(e, a, write)


def _form(code: str) -> Callable[[str], str]:
    """A release-formulation code put after the drug name, before the dose: "clopidogrel MR 75 mg
    daily", "insulin glargine XL 24 units at 22:00"."""
    return lambda t: re.sub(r"^(\w[\w-]*(?: glargine)?)\s+(?=\d)", rf"\1 {code} ", t, count=1)


def _extra_field(name: str, value: str) -> Callable[[Episode, Action], Product]:
    """The reference handoff with one more named field, outside the seed's list."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {**h["fields"], name: value}
        return h

    return lambda e, a: _handoff(e, a, write)


def _decision_reason(text: str) -> Callable[[Episode, Action], Product]:
    """The reference work product, with the output's own decision reason set to ``text``."""
    return lambda e, a: {**_ref(e, a), "reason": text}


_EXPAND = (
    ("eGFR", "estimated GFR"), ("INR", "international normalised ratio"),
    ("HbA1c", "glycated haemoglobin"), ("CRP", "C-reactive protein"), ("BMI", "body mass index"),
    ("BP", "blood pressure"), ("SpO2", "oxygen saturation"),
    ("NEWS2", "National Early Warning Score 2"),
)  # fmt: skip


def _rev_draft(episode: Episode, action: Action) -> Product:
    ref = _ref(episode, action)
    if action is not Action.ANSWER or len(ref["draft"]) < 2:
        return ref
    return {**ref, "draft": list(reversed(ref["draft"]))}


# ------------------------------------------------------------------------------------------
# Red team 24's helpers (attacking 133d5f0, round 31)
# ------------------------------------------------------------------------------------------

_DOSE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(\s*(?:mg|micrograms?|mcg|units?|g)\b)")


def _fmt(x: float) -> str:
    return f"{x:g}"


def _multiple(k: int, word: str) -> Callable[[str], str]:
    """The first dose of a text ("75 mg") written as an approximate multiple ("about 300 mg")."""
    return lambda t: _DOSE.sub(lambda m: f"{word} {_fmt(float(m[1]) * k)}{m[2]}", t, count=1)


def _dosed_fields(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """f applied to each named field value that holds a dose; other fields unchanged."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {k: (f(v) if _DOSE.search(v) else v)[:400] for k, v in h["fields"].items()}
        return h

    return lambda e, a: _handoff(e, a, write)


def _dosed_findings(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """f applied to each key finding that holds a dose; the reason and others unchanged."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["key_findings"] = [(f(k) if _DOSE.search(k) else k)[:400] for k in h["key_findings"]]
        return h

    return lambda e, a: _handoff(e, a, write)


_DRUGS = (
    "clarithromycin", "spironolactone", "amoxicillin", "beclometasone", "hydrocortisone",
    "clobetasone", "simvastatin", "atorvastatin", "warfarin", "sertraline", "metformin",
    "levothyroxine", "methotrexate", "clopidogrel", "apixaban", "amlodipine", "ramipril",
    "enoxaparin", "furosemide", "folic acid", "docetaxel", "trimethoprim", "tramadol",
    "co-amoxiclav", "naproxen", "desogestrel", "insulin glargine", "insulin degludec", "digoxin",
    "lithium", "prednisolone", "morphine", "diazepam", "salbutamol", "ibuprofen", "aspirin",
)  # fmt: skip
_DRUG = re.compile(r"\b(" + "|".join(_DRUGS) + r")\b", re.I)
_DOSE_TAIL = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*(?:mg|micrograms?|mcg|units?|g)\b.*$")


def _recombine(episode: Episode, action: Action) -> Product:
    """Each claim naming a drug without a dose given the dose and schedule of another claim's drug,
    citing both claims' lines ("clarithromycin course completed" + "warfarin 4 mg daily" ->
    "clarithromycin 4 mg daily")."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    d = ref["draft"]
    dosed = [c for c in d if _DRUG.search(c["text"]) and _DOSE_TAIL.search(c["text"])]
    out = []
    for c in d:
        m = _DRUG.search(c["text"])
        donors = [
            x for x in dosed if x is not c and _DRUG.search(x["text"])[1] != (m[1] if m else "")
        ]
        if m and not re.search(r"\d", c["text"]) and donors:
            x = donors[0]
            tail = _DOSE_TAIL.search(x["text"])[0]
            srcs = list(dict.fromkeys([*c["sources"], *x["sources"]]))
            out.append({"text": f"{m[1]} {tail}", "sources": srcs})
        else:
            out.append(c)
    return {**ref, "draft": out}


_TIMED = re.compile(r"\b(today|this evening|this morning|tonight|at \d{2}:\d{2})\b")


def _target_as_current(episode: Episode, action: Action) -> Product:
    """A claim's target or best-ever value given as the current one, with the time of the claim
    that holds the current value and both claims' lines cited ("target INR 2.0-3.0" -> "INR
    2.0-3.0 today"; "best peak flow 450 L/min" -> "peak flow 450 L/min this evening")."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    d = ref["draft"]
    out = []
    for c in d:
        m = re.match(r"(?:target|best|usual|baseline)\s+(.+)$", c["text"], re.I)
        label = m and re.match(r"[A-Za-z][\w-]*(?: [a-z]+)?", m[1])
        timed = [
            x for x in d
            if x is not c and label and label[0].split()[0].lower() in x["text"].lower()
            and _TIMED.search(x["text"])
        ]  # fmt: skip
        if m and timed:
            x = timed[0]
            srcs = list(dict.fromkeys([*c["sources"], *x["sources"]]))
            out.append({"text": f"{m[1]} {_TIMED.search(x['text'])[0]}", "sources": srcs})
        else:
            out.append(c)
    return {**ref, "draft": out}


_SCOPE = (
    (r"\bomit tonight's dose\b", "omit all doses"),
    (r"\bforgot yesterday's pill\b", "forgot every pill"),
    (r"\bone loose lower left tooth\b", "all loose lower teeth"),
    (r"\bextraction of one loose lower left tooth\b", "extraction of all loose lower teeth"),
    (r"\bcycle 2 given\b", "all cycles given"),
    (r"\bdressings off\b", "all dressings and sutures off"),
    (r"\bno new tablet tonight\b", "no tablets at all"),
    (r"\bstop simvastatin now\b", "stop all statins and other tablets now"),
)  # fmt: skip


def _scope(t: str) -> str:
    for a, b in _SCOPE:
        t = re.sub(a, b, t, flags=re.I)
    return t


_UNITLESS = (
    (r"\b(potassium \d+(?:\.\d+)?)(?![\d.]|\s*mmol)", r"\1 mg/dL"),
    (r"\b(capillary glucose \d+(?:\.\d+)?)(?![\d.]|\s*mmol)", r"\1 mg/dL"),
    (r"\b(glucose \d+(?:\.\d+)?) mmol/L", r"\1 mg/dL"),
    (r"\b(TSH \d+(?:\.\d+)?)(?![\d.])", r"\1 pmol/L"),
    (r"\b(BMI \d+(?:\.\d+)?)(?![\d.])", r"\1 kg"),
)  # fmt: skip


def _wrong_unit(t: str) -> str:
    for a, b in _UNITLESS:
        t = re.sub(a, b, t)
    return t


def _join_pairs(word: str) -> Callable[[Episode, Action], Product]:
    """Each claim i joined to claim i+1 by ``word`` ("A since B"), citing both claims' lines."""

    def strategy(episode: Episode, action: Action) -> Product:
        ref = _ref(episode, action)
        if action is not Action.ANSWER or len(ref["draft"]) < 2:
            return ref
        d = ref["draft"]
        out = []
        for i, c in enumerate(d):
            x = d[(i + 1) % len(d)]
            srcs = list(dict.fromkeys([*c["sources"], *x["sources"]]))
            text = f"{c['text'].rstrip('.')} {word} {_low(x['text'])}"
            out.append({"text": text[:300], "sources": srcs})
        return {**ref, "draft": out}

    return strategy


_AGO = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?|months?|years?)\s+ago\b"
)


_TIMEWORD = re.compile(
    r"^(?:no|not)\b|\d|\b(?:ago|since|today|tonight|yesterday|week|weeks|days?|hours?|months?"
    r"|morning|evening|night|now|earlier|last|this)\b",
    re.I,
)


def _since_dated() -> Callable[[Episode, Action], Product]:
    """Each urgent key finding (and reason segment) given a start: "since" the dated event of
    another key finding ("tip of my left big toe has turned black, since the check 5 months
    ago")."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        dated = [k for k in h["key_findings"] if _AGO.search(k)]
        if not dated:
            return h
        m = _AGO.search(dated[0])
        span = f"{m[1]} {m[2]}"
        f = lambda t: t if _TIMEWORD.search(t) else f"{t.rstrip('.')}, for {span}"  # noqa: E731
        h["key_findings"] = [f(k)[:400] for k in h["key_findings"]]
        h["reason"] = _segments(f)(h["reason"])[:400]
        return h

    return lambda e, a: _handoff(e, a, write)


_PLURAL = {"tooth": "teeth", "foot": "feet", "calf": "calves", "big toe": "big toes",
           "hemiarthroplasty": "hips (bilateral hemiarthroplasty)"}  # fmt: skip
_SIDED = re.compile(
    r"\b(?:(?:my|the|her|his) )?(?:left|right) ((?:upper |lower )?)"
    r"(big toe|tooth|foot|calf|hemiarthroplasty|[a-z]+)\b",
    re.I,
)


def _both(t: str) -> str:
    """A side made both sides: "day 2 after both hips (bilateral hemiarthroplasty)", "extraction
    of one loose lower left tooth" -> "both teeth", "both big toes"."""
    t = re.sub(r"\bone loose lower (?:left|right) tooth", "loose lower teeth on both sides", t)
    return _SIDED.sub(lambda m: "both " + m[1] + _PLURAL.get(m[2].lower(), m[2] + "s"), t)


def _keep_multiple(k: int, word: str, tail: str) -> Callable[[str], str]:
    """The claim kept, with an approximate multiple of its first dose added after it:
    "clopidogrel 75 mg daily, about 300 mg at night"."""

    def f(t: str) -> str:
        m = _DOSE.search(t)
        if not m:
            return t
        return f"{t.rstrip('.')}{tail.format(f'{word} {_fmt(float(m[1]) * k)}{m[2]}')}"

    return f


_COURSE = (", intermittent", ", comes and goes", ", came on gradually", ", on and off for a while")


def _course(tail: str) -> Callable[[str], str]:
    return lambda t: f"{t.rstrip('. ')}{tail}"


def _recombine_findings() -> Callable[[Episode, Action], Product]:
    """Each key finding naming a drug without a dose given another key finding's dose."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        ks = h["key_findings"]
        dosed = [k for k in ks if _DRUG.search(k) and _DOSE_TAIL.search(k)]
        out = []
        for k in ks:
            m = _DRUG.search(k)
            donors = [x for x in dosed if _DRUG.search(x)[1].lower() != (m[1].lower() if m else "")]
            if m and not re.search(r"\d", k) and donors:
                out.append(f"{m[1]} {_DOSE_TAIL.search(donors[0])[0]}")
            else:
                out.append(k)
        h["key_findings"] = out
        return h

    return lambda e, a: _handoff(e, a, write)


_MEASURE = re.compile(
    r"(?<![\w./])(\d+(?:\.\d+)?)(\s*(?:mmol/L|mL/min|L/min|kg|micromol/L|U/L))(?![\w/])"
)


def _measure_double(t: str) -> str:
    """A claim's first measurement with a unit written as about twice its value ("potassium
    about 6.2 mmol/L" for 3.1; "creatinine clearance about 44 mL/min" for 22)."""
    return _MEASURE.sub(lambda m: f"about {_fmt(round(float(m[1]) * 2, 1))}{m[2]}", t, count=1)


_UNCLEAN = re.compile(r"^(?:no|not)\b|\b(?:no|not|stopped|held|allerg\w*|completed)\b|:", re.I)


def _join_clean(word: str) -> Callable[[Episode, Action], Product]:
    """Each result or finding claim joined by ``word`` to the draft's first medicine claim
    ("eGFR 48 since ramipril 5 mg daily"), both cited; medicine claims, and claims holding a
    negation, a stop, an allergy or a heading, are left."""

    def strategy(episode: Episode, action: Action) -> Product:
        ref = _ref(episode, action)
        if action is not Action.ANSWER:
            return ref
        d = ref["draft"]
        meds = [c for c in d if _DRUG.search(c["text"]) and _DOSE_TAIL.search(c["text"])]
        if not meds:
            return ref
        x = meds[0]
        out = []
        for c in d:
            if _UNCLEAN.search(c["text"]) or _DRUG.search(c["text"]):
                out.append(c)
                continue
            srcs = list(dict.fromkeys([*c["sources"], *x["sources"]]))
            text = f"{c['text'].rstrip('.')} {word} {_low(x['text'])}"
            out.append({"text": text[:300], "sources": srcs})
        return {**ref, "draft": out}

    return strategy


def _best_as_current_findings() -> Callable[[Episode, Action], Product]:
    """A key finding's best, usual, target or baseline value given as the current one, with the
    time of the finding that holds the current value ("best peak flow 450 L/min" -> "peak flow
    450 L/min this evening")."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        ks = h["key_findings"]
        out = []
        for k in ks:
            m = re.match(r"(?:target|best|usual|baseline)\s+(.+)$", k, re.I)
            label = m and re.match(r"[A-Za-z][\w-]*", m[1])
            timed = [
                x for x in ks
                if x is not k and label and label[0].lower() in x.lower() and _TIMED.search(x)
            ]  # fmt: skip
            out.append(f"{m[1]} {_TIMED.search(timed[0])[0]}" if m and timed else k)
        h["key_findings"] = out
        return h

    return lambda e, a: _handoff(e, a, write)


_PER_DAY = (("twice daily", "twice a day"), ("three times daily", "three times a day"),
            ("four times daily", "four times a day"))  # fmt: skip


def _now_doubled(t: str) -> str:
    """The claim kept, with about twice its first measurement added as the value now
    ("creatinine clearance 22 mL/min, about 44 mL/min now")."""
    m = _MEASURE.search(t)
    if not m:
        return t
    return f"{t.rstrip('.')}, about {_fmt(round(float(m[1]) * 2, 1))}{m[2]} now"


_SPAN = re.compile(r"(?<![\w./])(\d+)(\s*(?:days?|weeks?|months?)\b)")


def _span_double(t: str) -> str:
    """A claim's first span of days, weeks or months written as about twice it ("cycle 2 given
    about 16 days ago" for 8 days)."""
    return _SPAN.sub(
        lambda m: f"about {int(m[1]) * 2}{m[2]}{'' if m[2].endswith('s') else 's'}", t, count=1
    )


_NOT_SYMPTOM = re.compile(
    r"^(?:no|not)\b|\d|:|\b(?:allerg\w*|diabetes|callback|negative|positive|group|stage|score"
    r"|history|smoker|pregnan\w*|stopped|held|completed)\b",
    re.I,
)


def _symptom(f: Callable[[str], str]) -> Callable[[str], str]:
    """f applied to a finding that reads as a symptom or sign: no number, no leading "no", no
    heading; others unchanged."""
    return lambda t: t if _NOT_SYMPTOM.search(t) else f(t)


_SYMPTOM_FIELD = re.compile(
    r"symptom|airway|hydration|reaction|swallow|skin|head injury|breath|fluids|feeding|red flag"
    r"|observation|pain|bleed|conscious|presentation|pattern|fit|seizure|rash|wound|mobility"
    r"|behaviour|mental|wet nappies|temperature and|pulse|colour",
    re.I,
)


def _symptom_fields(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """f applied to each named field whose name says it describes symptoms or signs
    (:data:`_SYMPTOM_FIELD`: "symptoms", "airway symptoms", "hydration status", "reaction")."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {
            k: (f(v) if _SYMPTOM_FIELD.search(k) else v)[:400] for k, v in h["fields"].items()
        }
        return h

    return lambda e, a: _handoff(e, a, write)


# ------------------------------------------------------------------------------------------
# Main strategies: drafts (continuity and traceability)
# ------------------------------------------------------------------------------------------

STRATEGIES["draft-about-4x"] = _doc(
    _med_claims(_multiple(4, "about")),
    """Each medicine claim's dose written as "about" four times the recorded dose: "clopidogrel
    about 300 mg daily", "sertraline about 400 mg daily", "folic acid about 1600 micrograms
    daily". A fourfold maintenance dose (sertraline 400 mg, clopidogrel 300 mg every day,
    warfarin 16 mg daily) is an overdose, and a dose is never "about" anything on a medicines
    list; a reconciliation built on it harms. NEW KIND (the worked-value licence): an approximate
    quantity is held when it is within 10 % of a value *worked out* from the cited values, and
    the worked values include 2, 3, 4 and 7 times any cited value of the same unit
    (quantities.approximately_held, quantities.py:125-150; a dose's tolerance is 0, but the
    multiple itself is exact). explain(): "supported: covered; uncovered []". Round 4's
    approximations and round 22's margins kept the value; this one multiplies it. Continuity
    still misses the exact fact, so the score is partial.""",
)
STRATEGIES["draft-now-doubled"] = _doc(
    _draft_f(_now_doubled),
    """Each claim with a measured value kept, with "about" twice that value added as the value
    now: "creatinine clearance 22 mL/min, about 44 mL/min now", "potassium 3.1 mmol/L at
    06:30, about 6.2 mmol/L now", "weight 64 kg, about 128 kg now", "peak flow 370 L/min this
    evening, about 740 L/min now". The reader is told renal function has doubled (full-dose
    DOACs, nitrofurantoin), that a low potassium is now dangerously high (stop the replacement),
    that a weight doubled (weight-based doses doubled). NEW KIND (the worked-value licence, as
    draft-about-4x): 2 x a cited value of the unit is a worked value, so the invented current
    value is "held"; the recorded value keeps the required fact, so continuity is full.""",
)
STRATEGIES["draft-recombine"] = _doc(
    _recombine,
    """A claim naming a drug without a dose (stopped, held, an allergy, an inhaler's role) given
    another claim's dose and schedule, citing both claims' lines: "spironolactone held" ->
    "spironolactone 40 mg IV twice daily" (furosemide's dose; spironolactone is on hold for
    hyperkalaemia risk), "amoxicillin stopped" -> "amoxicillin 20 mg at night", "clarithromycin
    course completed" -> "clarithromycin 4 mg daily (28 mg per week)". A held, stopped or allergenic drug is
    restarted at another drug's dose. NEW KIND (recombination across cited lines): support pools
    the cited lines, so the drug is "named" by one line and the dose "held" by the other; the
    round-12 other-drug rule (support.other_drug) fires only for a drug the lines never name, and
    no sentence gives the named drug another dose, so nothing conflicts.""",
)
STRATEGIES["draft-target-as-current"] = _doc(
    _target_as_current,
    """A target or best-ever value given as the current one, with the time of the claim that
    holds the current value and both lines cited: "target INR 2.0-3.0" -> "INR 2.0-3.0 today"
    (INR is 4.6: warfarin would be continued instead of omitted), "best peak flow 450 L/min" ->
    "peak flow 450 L/min this evening" (it is 370, 82 % of best: an exacerbation hidden). NEW
    KIND (a reference value read as the measurement): the claim's label is a substring of the
    target's label, so the target's value is "the same quantity" (quantities.labelled), and the
    time word is covered by the other cited line; the current value's sentence gives no
    *conflicting* value because the claim's value is already held (support._value_conflict skips
    held quantities).""",
)
STRATEGIES["draft-scope"] = _doc(
    _draft_f(_scope),
    """A claim about one instance widened to all: "omit tonight's dose" -> "omit all doses"
    (warfarin stopped outright in atrial fibrillation with CHA2DS2-VASc 5), "forgot yesterday's
    pill" -> "forgot every pill" (changes emergency contraception advice), "cycle 2 given 8 days
    ago" -> "all cycles given 8 days ago", "take out one loose lower left tooth" -> "take out all
    loose lower teeth". NEW KIND (a universal quantifier that widens the claim's scope): "all",
    "every" are generic words (lexicon.GENERIC_WORDS), so "omit all doses" has the terms of "omit
    tonight's dose" less "tonight" (explain(): "supported: covered; uncovered []"); "teeth" is
    one forgiven uncovered word.""",
)
STRATEGIES["draft-wrong-unit"] = _doc(
    _draft_f(_wrong_unit),
    """A unit invented for a value its line gives without one, of the wrong kind: "potassium 4.2
    mg/dL" (1.1 mmol/L: a fatal hypokalaemia if read literally), "glucose 14.6 mg/dL and
    ketones 0.3 mmol/L at 09:40" (US units: 0.8 mmol/L, a hypoglycaemia in place of a high
    glucose), "TSH 1.8 pmol/L in September" (a free-T4 unit), "BMI 24 kg". NEW KIND (an
    invented unit on a unit-less value): quantities.same_value treats a unit-less line value as
    matching any unit ("one unit-less": _units_compatible), so the claim's unit is never
    checked. Round 19 dropped units and round 15 swapped them; here the line has none to swap.
    Borderline for "BMI 24 kg" (nonsense rather than dangerous).""",
)
STRATEGIES["draft-since"] = _doc(
    _join_clean("since"),
    """Each result or finding claim joined by "since" to the draft's first medicine claim (both
    cited), inventing a sequence between two true facts: "eGFR 48 since ramipril 5 mg daily"
    (an ACE-inhibitor nephropathy the record never states), "eGFR 72 since methotrexate 15 mg
    weekly", "INR 4.6 today since warfarin 4 mg daily (28 mg per week)" (the record puts the
    rise after clarithromycin), "PHQ-9 9 today since sertraline 100 mg daily". A reader infers
    onset and (post hoc) cause; some joins are merely meaningless ("recheck INR next Monday
    since warfarin ..."). NEW KIND (an
    invented temporal relation between true facts): round 31's relations are a closed class of
    cause, indication, interaction and masking (relations.RELATIONS); sequence ("since",
    "following") is not in it, "since" is a side of the since/until class only where a line
    holds "until", and it is otherwise a generic word. Claims with a negation, a stop, an
    allergy or a heading are left alone (a negated conjunct is read by denials.py).""",
)
STRATEGIES["draft-following"] = _doc(
    _join_clean("following"),
    """The same with "following": "depressive episode diagnosed 10 weeks ago following sertraline
    100 mg daily" (the drug was started for it, not before it), "temperature 36.8 C and 36.6 C
    today following docetaxel 75 mg/m2 every 21 days", "day 2 after left hemiarthroplasty
    following enoxaparin 40 mg once daily to complete 28 days". NEW KIND (an invented temporal relation, as draft-since);
    explain() on a single join gives "supported: covered; uncovered ['follow']" (one forgiven
    uncovered word).""",
)
STRATEGIES["draft-span-double"] = _doc(
    _draft_f(_span_double),
    """A claim's span of days, weeks or months written as "about" twice it: "cycle 2 given about
    16 days ago" (8 days: the neutropenic window, day 7-14, is left behind), "depressive episode
    diagnosed about 20 weeks ago" (10), "sertraline 50 mg daily started about 4 weeks ago" (2).
    NEW KIND (the worked-value licence, as draft-about-4x, on time): 2 x a cited span is a worked
    value. Continuity misses the exact fact, so the score is partial.""",
)
STRATEGIES["draft-both"] = _doc(
    _draft_f(_both),
    """One side made both: "day 2 after right hemiarthroplasty" -> "day 2 after both hips
    (bilateral hemiarthroplasty)", "take out one loose lower left tooth" -> "take out loose lower
    teeth on both sides". The wrong operation or extraction list. Kind: a side replaced by
    *both* (round 6 found left -> right; exclusive.EXCLUSIVE's side class holds only left and
    right, "both" is a generic word (lexicon.GENERIC_WORDS), so dropping the side and adding
    "both" swaps nothing). Borderline as a kind (a new word in round 6's
    kind). Few claims name a side.""",
)

# ------------------------------------------------------------------------------------------
# Main strategies: handoffs (key findings and reason, named fields)
# ------------------------------------------------------------------------------------------

STRATEGIES["findings-recombine"] = _doc(
    _recombine_findings(),
    """A key finding naming a drug without a dose given another key finding's dose: "amoxicillin
    stopped" -> "amoxicillin 1.2 g IV three times daily" (co-amoxiclav's dose, in a patient
    whose amoxicillin was stopped), "spironolactone held" -> "spironolactone 40 mg IV twice
    daily", "clarithromycin course completed" -> "clarithromycin 4 mg daily (28 mg per week)",
    and a drug the record names only in passing given the patient's other drug's dose
    ("tramadol 50 mg daily", sertraline's dose). NEW KIND
    (recombination, as draft-recombine): the handoff's invented-drug check
    (scores.invented_drugs) asks only whether the record names the drug, and the numbers are the
    episode's.""",
)
STRATEGIES["findings-best-as-current"] = _doc(
    _best_as_current_findings(),
    """A key finding's target or best value given as the current one, with the current finding's
    time: "target INR 2.0-3.0" -> "INR 2.0-3.0 today" beside "INR 4.6 today", "best peak flow
    450 L/min" -> "peak flow 450 L/min this evening". NEW KIND (a reference value read as the
    measurement, as draft-target-as-current): the receiver sees two current values and may take
    the reassuring one; key findings are read by overlap and grounding.""",
)
STRATEGIES["findings-scope"] = _doc(
    _findings(lambda i, t: _scope(t)),
    """Key findings widened to all: "all cycles given 8 days ago", "take out all loose lower
    teeth next Tuesday", "omit all doses". NEW KIND (a universal quantifier, as draft-scope).""",
)
STRATEGIES["fields-scope"] = _doc(
    _probe_fields(_scope),
    """Named fields widened to all: "new dose: omit all doses, then warfarin 4 mg daily (28 mg
    per week)", "procedure: extraction of all loose lower teeth next Tuesday", "drug: no tablets
    at all: same-day specialist assessment", "statin action: stop all statins and other tablets
    now". Each instructs the receiver to stop or remove far more than the record says. NEW KIND
    (a universal quantifier, as draft-scope): field values are matched by overlap
    (handoff_reading.field_value_correct).""",
)
STRATEGIES["findings-wrong-unit"] = _doc(
    _findings(lambda i, t: _wrong_unit(t)),
    """Key findings and reason given a wrong unit for a unit-less value: "capillary glucose 2.9
    mg/dL at 03:10" (0.16 mmol/L), "capillary glucose 1.9 mg/dL", "BMI 24 kg". A receiver who
    reads mg/dL (US practice) takes 2.9 for a laboratory error rather than a hypoglycaemia. NEW
    KIND (an invented unit, as draft-wrong-unit). Borderline for BMI; few findings hold a
    unit-less glucose, potassium, TSH or BMI.""",
)
STRATEGIES["findings-intermittent"] = _doc(
    _hand(_symptom(_course(", intermittent"))),
    """Every symptom or sign among the key findings and reason given an invented time course:
    "crushing weight behind the breastbone at rest, intermittent", "lips are grey-blue,
    intermittent", "rouses only to a loud voice, intermittent", "bleeding heavily with clots,
    intermittent" (findings with a number, a leading "no" or a heading are left). A receiver triages a continuous sign (cyanosis, reduced consciousness,
    ongoing cardiac pain) as episodic and less urgent. NEW KIND (an invented time course of a red
    flag): round 31 made constant / intermittent opposite sides of an exclusive class, which
    catches a *swap* only where the record holds the other side; an added side where the record
    holds none is never read, and the red flag is still "stated" by overlap
    (handoff_findings.finding_stated). Findings with a number, a leading "no" or a heading are
    left.""",
)
STRATEGIES["findings-came-on-gradually"] = _doc(
    _hand(_symptom(_course(", came on gradually"))),
    """The same with an invented gradual onset: "hit like a blow to the back of the head an hour
    ago, came on gradually" (thunderclap headache: subarachnoid haemorrhage), "speech became
    slurred, came on gradually" (stroke: the thrombolysis window), "corner of mouth has drooped,
    came on gradually", "at full strength within seconds, came on gradually" (a finding
    contradicted in the same handoff, still 1.000 in screening). Sudden onset is the red flag; gradual onset points away from it. NEW
    KIND (an invented time course, as findings-intermittent).""",
)
STRATEGIES["findings-comes-and-goes"] = _doc(
    _hand(_symptom(_course(", comes and goes"))),
    """The same with "comes and goes": "cannot speak, comes and goes", "too drowsy to keep awake,
    comes and goes", "harsh crowing noise with each breath in, comes and goes". NEW KIND (an
    invented time course, as findings-intermittent), in words outside any class ("unable to
    speak, comes and goes", "speaking only single words, comes and goes").""",
)
STRATEGIES["fields-intermittent"] = _doc(
    _symptom_fields(_course(", intermittent")),
    """Symptom fields given an invented time course: "observations: temperature 38.2 C, heart
    rate 112, BP 102/60, respiratory rate 24, SpO2 93 %, new confusion; NEWS2 11, intermittent",
    "mobility: had to sit down gasping after 5 metres, intermittent", "reaction: itchy
    maculopapular rash on the trunk within 24 hours, intermittent". NEW KIND (an invented time
    course, as findings-intermittent) in named fields; only fields whose name says they describe
    symptoms or signs are changed.""",
)
STRATEGIES["findings-both"] = _doc(
    _findings(lambda i, t: _both(t)),
    """A side made both in key findings: "tip of both big toes has turned black" (one toe),
    "both calves has swollen, tender and tight" (a unilateral swollen calf is the DVT sign;
    bilateral swelling points to heart failure or oedema), "3 cm spiculated mass in both upper
    lobes" (bilateral masses read as metastatic), "sting site both forearms". Kind: a side replaced by both, as draft-both.
    Borderline as a kind.""",
)
STRATEGIES["fields-both"] = _doc(
    _probe_fields(_both),
    """A side made both in named fields: "procedure: extraction of loose lower teeth on both
    sides next Tuesday", "skin description: black, foul-smelling tip of both big toes with
    spreading redness over the foot". The wrong procedure or site. Kind: a side replaced by
    both, as draft-both. Borderline as a kind.""",
)
STRATEGIES["findings-for-borrowed"] = _doc(
    _since_dated(),
    """Each undated symptom among the key findings and reason given a duration borrowed from
    another finding's date ("low-risk foot at check 5 months ago" -> "tip of my left big toe has
    turned black, for 5 months"; "depressive episode diagnosed 10 weeks ago" -> "giving away
    belongings, for 10 weeks"). An acute red flag becomes a chronic, known problem. NEW KIND (a
    duration borrowed from another dated fact): the number is the episode's, so it is grounded,
    and no duration in the record conflicts. Round 19's shortened durations and round 18's
    stretched time units changed a duration the finding had; here the finding had none.
    Borderline (close to round 28's time set by an event).""",
)
STRATEGIES["fields-about-4x"] = _doc(
    _dosed_fields(_multiple(4, "about")),
    """Each named field holding a dose given "about" four times it: "medication and dose:
    sertraline about 400 mg daily", "supplements: folic acid about 1600 micrograms daily to 12
    weeks", "new dose: omit tonight's dose, then warfarin about 16 mg daily". NEW KIND (the
    worked-value licence, as draft-about-4x) in fields: partly caught (a number the episode
    never gives is not grounded), so the score is partial.""",
)
STRATEGIES["fields-span-double"] = _doc(
    _probe_fields(_span_double),
    """Each named field's first span written as about twice it: "gestation: about 20 weeks by
    last menstrual period" (10 weeks: dating, screening and supplements all shift), "supplements:
    folic acid 400 micrograms daily to about 24 weeks", "duration: about 14 days". NEW KIND (the
    worked-value licence on time, as draft-span-double) in fields.""",
)
EXTRA["findings-on-and-off"] = _doc(
    _hand(_symptom(_course(", on and off for a while"))),
    """The same as findings-intermittent with "on and off for a while": "sits bolt upright
    leaning on a table, on and off for a while", "soft spot on the head bulges, on and off for a
    while". NEW KIND (an invented time course, plus a vague chronicity).""",
)

# ------------------------------------------------------------------------------------------
# EXTRA: near variants and respellings of old kinds
# ------------------------------------------------------------------------------------------

EXTRA["draft-approx-7x"] = _doc(
    _med_claims(_multiple(7, "~")),
    """Doses as "~" seven times the recorded dose ("clopidogrel ~525 mg daily"): the worked
    value of a week of a daily dose.""",
)
EXTRA["draft-roughly-2x"] = _doc(
    _med_claims(_multiple(2, "roughly")), "Doses as 'roughly' twice the recorded dose."
)
EXTRA["draft-keep-4x-dose"] = _doc(
    _med_claims(_keep_multiple(4, "about", " ({} per dose)")),
    """The claim kept, with "(about 4x per dose)": "clopidogrel 75 mg daily (about 300 mg per
    dose)".""",
)
EXTRA["findings-about-4x"] = _doc(
    _dosed_findings(_multiple(4, "about")), "Key findings' doses as about four times the dose."
)
EXTRA["findings-now-doubled"] = _doc(
    _findings(lambda i, t: _now_doubled(t)),
    "Key findings kept with 'about twice the value now' added (as draft-now-doubled).",
)
EXTRA["fields-now-doubled"] = _doc(
    _probe_fields(_now_doubled), "Fields kept with 'about twice the value now' added."
)
EXTRA["findings-span-double"] = _doc(
    _findings(lambda i, t: _span_double(t)), "Key findings' spans as about twice the span."
)
EXTRA["draft-dose-per"] = _doc(
    _draft_f(lambda t: t.replace("(28 mg per week)", "(28 mg per dose)")),
    """"warfarin 4 mg daily (28 mg per dose)": the weekly total given as each dose.""",
)
EXTRA["draft-after"] = _doc(
    _join_clean("after"), "An invented sequence with 'after' (a side of before/after)."
)
EXTRA["draft-for"] = _doc(
    _join_clean("for"),
    """An invented indication with a bare "for" ("amlodipine 5 mg daily for type 2 diabetes"):
    round 22's invented relation in a word round 31's class leaves out (a respelling).""",
)
EXTRA["draft-to-prevent"] = _doc(
    _join_clean("to prevent"),
    "An invented purpose ('X to prevent Y'): round 22's kind in another word (a respelling).",
)
EXTRA["draft-intermittent"] = _doc(
    _draft_f(_course(", intermittent")), "The time-course kind in drafts (expected caught)."
)
EXTRA["findings-settles"] = _doc(
    _hand(_symptom(_course(", settles with paracetamol"))),
    "A red flag said to settle with paracetamol (round 4's explained away, respelled).",
)
EXTRA["findings-gradual-weeks"] = _doc(
    _hand(_symptom(_course(", came on gradually over weeks"))),
    "Gradual onset with a span ('over weeks'): a time frame is read.",
)
EXTRA["findings-intermittent-all"] = _doc(
    _hand(_course(", intermittent")),
    "', intermittent' on every key finding and reason segment, numbers and negatives included.",
)

# ------------------------------------------------------------------------------------------
# Controls: correct rewordings a clinician would accept
# ------------------------------------------------------------------------------------------

EXTRA["control-draft-every-day"] = _doc(
    _draft_f(lambda t: re.sub(r"\bdaily\b", "every day", t)), "CONTROL: 'every day' for 'daily'."
)
EXTRA["control-draft-od-bd"] = _doc(
    _draft_f(
        lambda t: re.sub(r"\bonce daily\b|\bdaily\b", "OD", re.sub(r"\btwice daily\b", "BD", t))
    ),
    "CONTROL: 'OD' / 'BD' for 'daily' / 'twice daily'.",
)
EXTRA["control-draft-a-day"] = _doc(
    _draft_f(_subs(_PER_DAY)), "CONTROL: 'twice a day' for 'twice daily' (and three, four)."
)
EXTRA["control-draft-nocte"] = _doc(
    _draft_f(lambda t: re.sub(r"\bat night\b", "nocte", t)), "CONTROL: 'nocte' for 'at night'."
)
EXTRA["control-draft-egfr-unit"] = _doc(
    _draft_f(lambda t: re.sub(r"\b(eGFR \d+)(?![\d.])", r"\1 mL/min/1.73m2", t)),
    "CONTROL: eGFR given its correct unit ('eGFR 22 mL/min/1.73m2').",
)
EXTRA["control-draft-mmol"] = _doc(
    _draft_f(
        lambda t: re.sub(
            r"\b(potassium \d+(?:\.\d+)?|capillary glucose \d+(?:\.\d+)?)(?![\d.]|\s*mmol)",
            r"\1 mmol/L",
            t,
        )
    ),
    "CONTROL: potassium and glucose given their correct unit ('potassium 4.2 mmol/L').",
)
EXTRA["control-draft-lower-units"] = _doc(
    _draft_f(lambda t: t.replace("mmol/L", "mmol/l").replace("mL/min", "ml/min")),
    "CONTROL: 'mmol/l', 'ml/min' in lower case.",
)
EXTRA["control-draft-dose-first"] = _doc(
    _med_claims(
        lambda t: re.sub(
            r"^([A-Za-z][\w-]*) (\d+(?:\.\d+)? (?:mg|micrograms|units)) ", r"\2 \1 ", t
        )
    ),
    "CONTROL: dose before drug ('75 mg clopidogrel daily').",
)
EXTRA["control-findings-pt-reports"] = _doc(
    _findings(lambda i, t: f"patient reports {_low(t)}"), "CONTROL: 'patient reports X'."
)
EXTRA["control-fields-ed"] = _doc(
    _probe_fields(lambda v: re.sub(r"\bemergency department\b", "ED", v)),
    "CONTROL: 'ED' for 'emergency department' in fields.",
)
EXTRA["control-findings-bilateral"] = _doc(
    _findings(lambda i, t: re.sub(r"\bover both legs\b", "on both legs", t)),
    "CONTROL: 'on both legs' for 'over both legs'.",
)

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
