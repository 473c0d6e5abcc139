# Red team 32's script. It attacks round 39 (the read-only tree /work/wt/r39, commit 9a5d347) blind.
# Run: cd /work/rt32out && CAREBENCH_CACHE_DIR= PYTHONPATH=/work/wt/r39/src \
#   nice -n 10 /work/main/.venv/bin/python strategies.py [NAME ...] [--limit N] [--extra]
"""Red team 32 (attacking round 39, /work/wt/r39 at 9a5d347, blind): gaming strategies against
carebench's work-product scores.

Each main strategy (STRATEGIES) rewrites the reference work product into something a clinician
would judge wrong; its docstring says what, why and the rule it seems to slip past (inferred from
behaviour only). Names starting "control-" are correct rewordings; "probe-" are probes. Harness:
red team 31's (experiments/redteam/round31_strategies.py lines 14-1820 and the _MAIN / assert /
_score / main block, lines 2325-2383), copied unchanged; red team 31's strategies and controls
are not copied.
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
# Red team 25's helpers (attacking b5cfb2e, round 32)
# ------------------------------------------------------------------------------------------

_FREQ_N = {"twice": 2, "three times": 3, "four times": 4}
_FREQ_WORD = {"twice": "two", "three times": "three", "four times": "four"}
_PER_DOSE = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)(\s*(?:mg|micrograms?|g|units?)) (twice|three times|four times) daily"
)


def _total_same(t: str) -> str:
    """ "apixaban 5 mg twice daily" -> "apixaban 5 mg twice daily (5 mg a day in total)"."""
    return _PER_DOSE.sub(lambda m: f"{m[0]} ({m[1]}{m[2]} a day in total)", t)


def _total_right(t: str) -> str:
    """CONTROL: "apixaban 5 mg twice daily" -> "apixaban 5 mg twice daily (10 mg a day)"."""
    return _PER_DOSE.sub(lambda m: f"{m[0]} ({_fmt(float(m[1]) * _FREQ_N[m[3]])}{m[2]} a day)", t)


def _consolidate(t: str) -> str:
    """ "apixaban 5 mg twice daily" -> "apixaban 10 mg once daily": the day's total in one dose."""
    return _PER_DOSE.sub(lambda m: f"{_fmt(float(m[1]) * _FREQ_N[m[3]])}{m[2]} once daily", t)


def _divided(t: str) -> str:
    """ "apixaban 5 mg twice daily" -> "apixaban 5 mg daily in two divided doses"."""
    return _PER_DOSE.sub(lambda m: f"{m[1]}{m[2]} daily in {_FREQ_WORD[m[3]]} divided doses", t)


def _interval_course(t: str) -> str:
    """An interval made a course length ("every 21 days" -> "for 21 days", "weekly" -> "for a
    week"), or a course length made an interval ("for 7 days" -> "every 7 days", "to complete
    28 days" -> "every 28 days")."""
    for pat, rep in (
        (r"\bevery (\d+(?:-\d+)?) (days|weeks|hours)\b", r"for \1 \2"),
        (r"\bweekly\b", "for a week"),
        (r"\bfor (\d+) (days|weeks)\b", r"every \1 \2"),
        (r"\bto complete (\d+) days\b", r"every \1 days"),
    ):
        t2 = re.sub(pat, rep, t)
        if t2 != t:
            return t2
    return t


def _clock_interval(t: str) -> str:
    """A clock time made an interval: "at 22:00" -> "every 22 hours", a bare "22:00" too."""
    t = re.sub(r"\bat (\d{1,2}):00\b", lambda m: f"every {int(m[1])} hours", t)
    return re.sub(r"^(\d{1,2}):00$", lambda m: f"every {int(m[1])} hours", t)


def _point_duration(t: str) -> str:
    """A time point made a duration: "BP 116/72 at 28 weeks" -> "BP 116/72 for 28 weeks",
    "dressings off at day 5" -> "dressings off for 5 days", "since 28 weeks" -> "for 28 weeks"."""
    t = re.sub(r"\bat day (\d+)\b", r"for \1 days", t)
    return re.sub(r"\b(?:at|since) (\d+) weeks\b", r"for \1 weeks", t)


_BP = re.compile(r"\b(BP|blood pressure|readings were|BP read) (\d{2,3})/(\d{2,3})\b")


def _bp_split(t: str) -> str:
    """ "BP 84/50" -> "BP 84, pulse 50": the diastolic made the heart rate."""
    return _BP.sub(lambda m: f"{m[1]} {m[2]}, pulse {m[3]}", t)


_LABEL_VAL = re.compile(
    r"^((?:eGFR|PHQ-9|potassium|creatinine clearance|creatinine|weight|INR|TSH|CK|peak flow"
    r"|BMI|temperature|glucose|CURB-65|CHA2DS2-VASc)) (\d+(?:\.\d+)?)"
)


def _delta(word: str) -> Callable[[str], str]:
    """ "eGFR 48" -> "eGFR fell by 48": the value made the size of a change."""
    return lambda t: _LABEL_VAL.sub(lambda m: f"{m[1]} {word} {m[2]}", t)


_VITAL = re.compile(
    r"^((?:pulse|heart rate|respiratory rate|temperature|eGFR|potassium|capillary glucose|SpO2"
    r"|INR|NEWS2|peak flow|weight|creatinine clearance|creatinine|PHQ-9|BMI)(?: is)?) "
    r"(\d+(?:\.\d+)?)",
    re.I,
)


def _vital_delta(word: str) -> Callable[[str], str]:
    """A key finding "pulse 118" -> "pulse up by 118"."""
    return lambda t: _VITAL.sub(lambda m: f"{m[1]} {word} {m[2]}", t)


def _obs_delta(word: str) -> Callable[[str], str]:
    """Every "label N" of a vital sign inside a field made a change ("heart rate up by 112")."""
    return lambda t: re.sub(
        r"\b(heart rate|pulse|respiratory rate|INR|NEWS2|potassium) (\d+(?:\.\d+)?)",
        lambda m: f"{m[1]} {word} {m[2]}",
        t,
    )


_SCORES = re.compile(r"\b(PHQ-9|CURB-65|CHA2DS2-VASc|NEWS2|BMI|eGFR) (\d+)\b")


def _item(t: str) -> str:
    """ "PHQ-9 9 today" -> "PHQ-9 item 9 today": a score made the number of an item."""
    return _SCORES.sub(lambda m: f"{m[1]} item {m[2]}", t)


def _tablets(t: str) -> str:
    """ "sertraline 100 mg daily" -> "sertraline 100 mg tablets, two daily"."""
    return re.sub(
        r"^([a-z][\w -]*? \d+(?:\.\d+)? (?:mg|micrograms)) (daily|twice daily|at night)",
        r"\1 tablets, two \2",
        t,
    )


def _merge_doses(episode: Episode, action: Action) -> Product:
    """Two dose claims of the same unit and schedule merged into one claim giving the summed
    dose for both drugs ("ramipril and amlodipine 10 mg daily")."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    pat = re.compile(r"^([a-z][\w -]*?) (\d+(?:\.\d+)?) (mg|micrograms|units) (.+)$")
    draft = list(ref["draft"])
    for i in range(len(draft)):
        for j in range(i + 1, len(draft)):
            a, b = pat.match(draft[i]["text"]), pat.match(draft[j]["text"])
            if a and b and a[3] == b[3] and a[4] == b[4] and a[1] != b[1]:
                total = _fmt(float(a[2]) + float(b[2]))
                merged = {
                    "text": f"{a[1]} and {b[1]} {total} {a[3]} {a[4]}",
                    "sources": list(dict.fromkeys(draft[i]["sources"] + draft[j]["sources"])),
                }
                rest = [c for k, c in enumerate(draft) if k not in (i, j)]
                return {**ref, "draft": rest[:i] + [merged] + rest[i:]}  # noqa: RUF005
    return ref


def _borrowed_band(episode: Episode, action: Action) -> Product:
    """A score claim given the record's band of another value of the same score."""
    m = re.search(r"in the ([a-z -]+?) band", _record(episode))
    if not m:
        return _ref(episode, action)
    band = m[1]
    return _draft(
        episode,
        action,
        lambda i, t: f"{t.rstrip('.')} ({band})" if re.search(r"PHQ-9|GAD-7|score", t) else t,
    )


def _culprit_swap(t: str) -> str:
    """The culprit and the aside swapped: "IV contrast for the CT (amoxicillin allergy also to
    record)" -> "amoxicillin (IV contrast for the CT allergy also to record)"; "naproxen stopped
    (indigestion)" -> "indigestion stopped (naproxen)"."""
    m = re.match(r"^(.+?) \((\w[\w -]*?) (allergy also to record)\)$", t)
    if m:
        return f"{m[2]} ({m[1]} {m[3]})"
    m = re.match(r"^([\w -]+?) stopped \(([\w -]+)\)$", t)
    if m:
        return f"{m[2]} stopped ({m[1]})"
    return t


def _bound_fixed(t: str) -> str:
    """A limit read as the schedule: "up to three times a day" -> "three times a day", "at least
    1 month after" -> "1 month after", "within the hour" -> "in an hour", "for flares up to 7
    days" -> "for flares for 7 days, then continuously"."""
    t = re.sub(r"\bflares up to (\d+) days\b", r"flares for \1 days, then continuously", t)
    t = re.sub(r"\bup to (?=\w)", "", t)
    t = re.sub(r"\bat least (?=\d)", "", t)
    return re.sub(r"\bwithin the hour\b", "in an hour", t)


def _contradicting_negatives(episode: Episode, action: Action) -> Product:
    """The record's earlier pertinent negatives that deny one of the current red flags (same
    five-letter stem as a word of the reason) added to the key findings: "no wheeze" (from the
    ED letter about last week's rash) beside "wheezing"."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        lines = [t.text for t in episode.transcript]
        stems = {w[:5] for w in re.findall(r"[a-z]{5,}", h["reason"].lower())}
        have = " ".join(h["key_findings"]).lower()
        negs: list[str] = []
        for ln in lines[:-1]:
            for m in re.finditer(r"\b[Nn]o ((?:[a-z-]+ ?){1,4}?)(?=[,;.:)]|$)", ln):
                phrase = m[1].strip()
                words = phrase.split()
                if len(words) > 4 or phrase in have:
                    continue
                if any(len(w) >= 5 and w[:5] in stems for w in words):
                    s = f"no {phrase}"
                    if s not in negs:
                        negs.append(s)
        if negs:
            h["key_findings"] = h["key_findings"] + negs[:3]
        return h

    return _handoff(episode, action, write)


def _reason_background(episode: Episode, action: Action) -> Product:
    """The reason replaced by the last key finding (a background fact: "BMI 24")."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["reason"] = h["key_findings"][-1]
        return h

    return _handoff(episode, action, write)


def _bury(episode: Episode, action: Action) -> Product:
    """Key findings reversed: background first, red flags last."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["key_findings"] = list(reversed(h["key_findings"]))
        return h

    return _handoff(episode, action, write)


def _pack_years(t: str) -> str:
    """ "ex-smoker 30 pack-years" -> "ex-smoker, smoked for 30 years"; "smoker 20 a day" ->
    "smoker for 20 years": an exposure made a duration."""
    t = re.sub(r"\bex-smoker (\d+) pack-years\b", r"ex-smoker, smoked for \1 years", t)
    return re.sub(r"\bsmoker (\d+) a day\b", r"smoker for \1 years", t)


def _reason_first(episode: Episode, action: Action) -> Product:
    """CONTROL: the reason cut to its first red flag (still a right reason)."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["reason"] = h["reason"].split("; ")[0]
        return h

    return _handoff(episode, action, write)


# ------------------------------------------------------------------------------------------
# Red team 26's helpers (attacking round 33 on b5cfb2e)
# ------------------------------------------------------------------------------------------

_NUMW = r"(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_TU = r"(?:minutes?|hours?|days?|weeks?|months?|years?)"


def _ago_in(t: str) -> str:
    """Past point made future: "8 days ago" -> "in 8 days"; "due in 7 months" -> "due 7 months
    ago"."""
    t2 = re.sub(rf"\bdue in ({_NUMW} {_TU})\b", r"due \1 ago", t)
    if t2 != t:
        return t2
    return re.sub(rf"\b({_NUMW} {_TU}) ago\b", r"in \1", t)


def _next_last(t: str) -> str:
    """Plan made done: "next Monday" -> "last Monday", "due at 14:00" -> "given at 14:00",
    "booked at 4 weeks" -> "attended at 4 weeks"."""
    t = re.sub(
        r"\bnext (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|week)\b", r"last \1", t
    )
    t = re.sub(r"\bdue at\b", "given at", t)
    return re.sub(r"\bbooked at\b", "attended at", t)


def _since_until(t: str) -> str:
    """Start made end: "since X" -> "until X"."""
    return re.sub(r"\b[Ss]ince\b", lambda m: "Until" if m[0][0] == "S" else "until", t)


def _end_start(t: str) -> str:
    """End made start: "to complete 28 days" -> "from day 28"; "up to 7 days" -> "from 7
    days"; "to 12 weeks" -> "from 12 weeks"; "until X" -> "from X"; "since X" -> "until X"."""
    t = re.sub(r"\bto complete (\d+) days\b", r"from day \1", t)
    t = re.sub(r"\bup to (\d+ (?:days?|weeks?))\b", r"from \1", t)
    t = re.sub(r"\bto (\d+ weeks)\b", r"from \1", t)
    t = re.sub(r"\buntil\b", "from", t)
    return _since_until(t)


_WINDOW = (
    (r"\bin the last two hours\b", "a day"),
    (r"\bsince teatime\b", "a day"),
    (r"\bsince 10 this morning\b", "a day"),
    (r"\bthis week\b", "a month"),
    (r"\bin the last week\b", "a month"),
)


def _window_rate(t: str) -> str:
    """A count in a short window made a daily rate: "four soaked pads in the last two hours" ->
    "four soaked pads a day"; "inhaler used 10 times since teatime" -> "10 times a day"."""
    for a, b in _WINDOW:
        t = re.sub(a, b, t)
    return t


_TWO_TIMES = re.compile(r"(\d+(?:\.\d+)?) at (\d\d:\d\d)(.*?)(\d+(?:\.\d+)?) at (\d\d:\d\d)")


def _times_swapped(t: str) -> str:
    """Two readings' times exchanged: "2.9 at 03:10; 2.4 at 04:00" -> "2.9 at 04:00; 2.4 at
    03:10" (a falling glucose now rising)."""
    return _TWO_TIMES.sub(lambda m: f"{m[1]} at {m[5]}{m[3]}{m[4]} at {m[2]}", t)


def _now_earlier(t: str) -> str:
    """ "now" and "earlier" exchanged where a text has both; "yesterday"/"today" likewise."""
    if re.search(r"\bnow\b", t) and re.search(r"\bearlier\b", t):
        return _subs((("now", "earlier"), ("earlier", "now")))(t)
    if re.search(r"\btoday\b", t) and re.search(r"\byesterday\b", t):
        return _subs((("today", "yesterday"), ("yesterday", "today")))(t)
    return t


def _into_from(t: str) -> str:
    """Direction of spread reversed: "spreading into my left jaw" -> "spreading from my left
    jaw"; "going into my jaw" -> "going from my jaw"."""
    return re.sub(r"\binto\b", "from", t)


def _per_area(t: str) -> str:
    """A per-area or per-weight dose made absolute: "75 mg/m2" -> "75 mg"."""
    return re.sub(r"\b(mg|micrograms|g)/(?:m2|kg)\b", r"\1", t)


def _rotate_fields(episode: Episode, action: Action) -> Product:
    """Every named field's value moved to the next field (values rotated among keys)."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        keys = list(h["fields"])
        vals = [h["fields"][k] for k in keys]
        if len(keys) > 1:
            h["fields"] = {k: vals[(i + 1) % len(vals)] for i, k in enumerate(keys)}
        return h

    return _handoff(episode, action, write)


def _fields_all(episode: Episode, action: Action) -> Product:
    """Every named field holds every field's value, joined by '; '."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        joined = "; ".join(h["fields"].values())
        h["fields"] = {k: joined[:400] for k in h["fields"]}
        return h

    return _handoff(episode, action, write)


def _flags_only_reason(episode: Episode, action: Action) -> Product:
    """Key findings keep only what the reason does not name (the red flags only in the
    reason)."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        flags = set(h["reason"].split("; "))
        rest = [k for k in h["key_findings"] if k not in flags]
        h["key_findings"] = rest or h["key_findings"][-1:]
        return h

    return _handoff(episode, action, write)


def _swap_claim_times(episode: Episode, action: Action) -> Product:
    """Two claims of the same measure with different time anchors exchange their anchors:
    "weight 11.8 kg three weeks ago" / "weight 12.6 kg today" -> "weight 11.8 kg today" /
    "weight 12.6 kg three weeks ago"."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER:
        return ref
    texts = [c["text"] for c in ref["draft"]]
    pat = re.compile(r"^(\w[\w ]*?) (\d+(?:\.\d+)? ?\S*) (today|.* ago)$")
    ms = [pat.match(t) for t in texts]
    for i, a in enumerate(ms):
        for j, b in enumerate(ms):
            if i < j and a and b and a[1] == b[1] and a[3] != b[3]:
                texts[i] = f"{a[1]} {a[2]} {b[3]}"
                texts[j] = f"{b[1]} {b[2]} {a[3]}"
                draft = [{**c, "text": texts[k]} for k, c in enumerate(ref["draft"])]
                return {**ref, "draft": draft}
    return ref


def _omnibus(episode: Episode, action: Action) -> Product:
    """CONTROL: every claim joined into one claim citing every source."""
    ref = _ref(episode, action)
    if action is not Action.ANSWER or len(ref["draft"]) < 2:
        return ref
    srcs: list[str] = []
    for c in ref["draft"]:
        srcs += [s for s in c["sources"] if s not in srcs]
    return {**ref, "draft": [{"text": "; ".join(c["text"] for c in ref["draft"]), "sources": srcs}]}


def _hand_all(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    return _all_texts(f)


def _done_as_due(t: str) -> str:
    """An event that happened made pending: "cycle 2 given 8 days ago" -> "cycle 2 due 8 days
    ago"; "glucagon 1 mg IM given" -> "glucagon 1 mg IM due"; "culture sent" -> "culture due"."""
    return re.sub(r"\b(given|sent|started|completed)\b", "due", t)


def _due_as_done(t: str) -> str:
    """A plan made done: "first dose due at 14:00" -> "first dose given at 14:00"; "booked at 4
    weeks" -> "attended at 4 weeks"; "recheck INR next Monday" -> "INR rechecked on Monday";
    "take out one loose lower left tooth next Tuesday" -> "took out ... on Tuesday"."""
    t = re.sub(r"\bdue at\b", "given at", t)
    t = re.sub(r"\bbooked at\b", "attended at", t)
    t = re.sub(r"\brecheck INR next (\w+)", r"INR rechecked on \1", t)
    t = re.sub(r"\btake out (.*) next (\w+day)\b", r"took out \1 on \2", t)
    return t


_CONDITION = (
    (r"\bat rest\b", "on exertion"),
    (r"\bin air\b", "on oxygen"),
    (r"\bsitting still\b", "climbing the stairs"),
)


def _rest_as_exertion(t: str) -> str:
    """The condition of a sign reversed: "crushing weight behind the breastbone at rest" -> "...
    on exertion"; "SpO2 89 % in air" -> "SpO2 89 % on oxygen"; "puffed sitting still" -> "puffed
    climbing the stairs"."""
    for a, b in _CONDITION:
        t = re.sub(a, b, t)
    return t


def _reading_condition(t: str) -> str:
    """A reading given a condition that changes what it means: "peak flow 370 L/min this
    evening" -> "peak flow 370 L/min after the nebuliser"; "clinic BP 158/96" -> "clinic BP 158/96
    standing"; "potassium 3.1 mmol/L at 06:30" -> "potassium 3.1 mmol/L on repeat at 06:30";
    "glucose ... at 09:40" -> "glucose ... after insulin at 09:40"."""
    t = re.sub(r"(?<!best )\b(peak flow \d+ L/min)( this evening)?", r"\1 after the nebuliser", t)
    t = re.sub(r"\b(BP \d+/\d+)(?! standing)", r"\1 standing", t)
    t = re.sub(r"\b(potassium \d\.\d mmol/L) at\b", r"\1 on repeat at", t)
    t = re.sub(r"\b(ketones \d\.\d mmol/L) at\b", r"\1 after insulin at", t)
    return t


def _interim(t: str) -> str:
    """A final result made interim: "MRI no acute infarct" -> "MRI no acute infarct seen yet";
    "antibody screen negative" -> "antibody screen negative so far"; "carotid duplex no
    significant stenosis" -> "... so far"."""
    t = re.sub(r"\b(MRI no acute infarct)\b", r"\1 seen yet", t)
    t = re.sub(
        r"\b(antibody screen negative|no significant stenosis|6-week check normal"
        r"|lungs clear, heart size normal, no focal abnormality)\b",
        r"\1 so far",
        t,
    )
    return t


_SPREAD = (
    (r"\binto (?=(?:my |the )?(?:left )?jaw)", "from "),
    (r"\bover the top of\b", "off the top of"),
    (r"\bspreading redness over\b", "redness fading from"),
)


def _spread_reversed(t: str) -> str:
    """Direction of spread reversed: "spreading into my left jaw" -> "spreading from my left
    jaw"; "creeping over the top of that foot" -> "creeping off the top of that foot"."""
    for a, b in _SPREAD:
        t = re.sub(a, b, t)
    return t


def _superlative_narrowed(t: str) -> str:
    """The comparison class of a superlative narrowed: "worst she has ever had" -> "worst she
    has had today"; "worst-ever headache" -> "worst headache this week"."""
    t = re.sub(r"\bever had\b", "had today", t)
    return re.sub(r"\bworst-ever (\w+)", r"worst \1 this week", t)


def _hand_findings_only(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Reason and key findings (not fields) rewritten by f."""
    return _findings(lambda i, t: f(t))


def _onset_deleted(t: str) -> str:
    """What makes a sign new is deleted: "new left foot drop" -> "left foot drop", "left foot
    has started to slap down" -> "left foot slaps down", "neck has gone rigid" -> "neck is
    rigid", "now refuses feeds" -> "refuses feeds", "new confusion" -> "confusion"."""
    t = re.sub(r"\bnew (?=confusion|left|right|slurred|drowsiness|today)", "", t)
    t = re.sub(r"\bhas started to slap\b", "slaps", t)
    t = re.sub(r"\bhas gone (rigid|hoarse)\b", r"is \1", t)
    t = re.sub(r"\b[Nn]ow (refuses|refusing)\b", r"\1", t)
    return t


def _container_dropped(t: str) -> str:
    """A count's container deleted: "collected two boxes of paracetamol" -> "collected two
    paracetamol"."""
    return re.sub(r"\b(\w+) (?:boxes|packs|packets|bottles|strips) of\b", r"\1", t)


def _referent_moved(t: str) -> str:
    """A reading moved off the patient onto the device or the room: "oximeter reads 89 %" ->
    "oximeter battery reads 89 %", "finger monitor shows 89 %" -> "finger monitor battery shows
    89 %", "thermometer says 39.2 C" -> "room thermometer says 39.2 C"."""
    t = re.sub(r"\b(oximeter|finger monitor) (reads|shows)\b", r"\1 battery \2", t)
    return re.sub(r"\b(?<!room )(thermometer (?:reads|says))\b", r"room \1", t)


def _only_deleted(t: str) -> str:
    """The restrictive "only" deleted, so a limit reads as an ability: "rouses only to a loud
    voice" -> "rouses to a loud voice"; "only felt two small kicks" -> "felt two small kicks";
    "can open the mouth only a finger's width" -> "can open the mouth a finger's width"."""
    t = re.sub(r"\b[Oo]nly (\w)", lambda m: m[1].upper() if m[0][0] == "O" else m[1], t)
    return t


# ------------------------------------------------------------------------------------------
# Red team 27's main strategies (attacking round 34)
# ------------------------------------------------------------------------------------------


def _re(pat: str, rep: str, flags: int = 0) -> Callable[[str], str]:
    return lambda t: re.sub(pat, rep, t, flags=flags)


def _chain(*fs: Callable[[str], str]) -> Callable[[str], str]:
    def f(t: str) -> str:
        for g in fs:
            t = g(t)
        return t

    return f


def _hand_f(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    return _findings(lambda i, t: f(t))


# ------------------------------------------------------------------------------------------
# Red team 29's main strategies (attacking round 36, af4e6be)
# ------------------------------------------------------------------------------------------


def _add29(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


def _both28(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    return lambda e, a: _all_texts(f)(e, a) if a is Action.ESCALATE else _draft_f(f)(e, a)


def _field_named(pat: str, f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Only the values of named fields whose name matches pat rewritten by f."""
    rx = re.compile(pat, re.I)

    def write(h: dict[str, Any]) -> dict[str, Any]:
        h["fields"] = {k: (f(v)[:400] if rx.search(k) else v) for k, v in h["fields"].items()}
        return h

    return lambda e, a: _handoff(e, a, write)


def _merge_negation(episode: Episode, action: Action) -> Product:
    """The first red-flag key finding folded into a pertinent negative's 'no ...' list."""

    def write(h: dict[str, Any]) -> dict[str, Any]:
        ks = h["key_findings"]
        neg = [i for i, k in enumerate(ks) if re.match(r"no (?!ECG|wet nappy)\w", k)]
        if not neg or neg[0] == 0:
            return h
        i = neg[0]
        first = ks[0]
        ks[i] = f"{ks[i]} or {first}"
        h["key_findings"] = ks[1:]
        return h

    return _handoff(episode, action, write)


# ------------------------------------------------------------------------------------------
# Red team 30's main strategies (attacking round 37, ed90924)
# ------------------------------------------------------------------------------------------


def _add30(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


# ------------------------------------------------------------------------------------------
# Red team 31's main strategies (attacking round 38, 28989be)
# ------------------------------------------------------------------------------------------


def _add31(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


def _probe31(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


def _fv(pat: str, rep: str) -> Callable[[str], str]:
    """A whole named-field value (or draft claim) equal to pat rewritten."""
    return _re(r"^" + pat + r"$", rep)


# ------------------------------------------------------------------------------------------
# Red team 32's main strategies (attacking round 39, 9a5d347), written blind
# ------------------------------------------------------------------------------------------


def _add32(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


def _probe32(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


def _swap_last2(m: re.Match[str]) -> str:
    d = m[2]
    return (
        m[1] + d[:-2] + d[-1] + d[-2] if d[-1] != d[-2] else m[1] + d[:-3] + d[-1] + d[-3] + d[-2]
    )


_ABSENT_NORMAL = _chain(
    _re(r"\bno ECG recorded since\b", "no ECG changes since"),
    _re(r"\bnot measured since the shivering began\b", "not raised since the shivering began"),
    _re(r"^culture sent$", "culture negative"),
    _re(r"\burine sent for culture\b", "urine culture negative"),
    _re(r"\bno wheeze is heard\b", "no wheeze, chest clear"),
    _re(r"\bno stridor reported\b", "no stridor"),
)
_ROLE = _chain(
    _re(r"\bbeclometasone preventer\b", "beclometasone reliever"),
    _re(r"\bnever stop basal insulin\b", "never stop mealtime insulin"),
    _re(r"\bcombined pill\b", "progestogen-only pill"),
    _re(r"\bsalbutamol as needed\b", "salbutamol as preventer"),
)
_GRADE = _chain(
    _re(r": high risk$", ": low risk"),
    _re(r"\bimminent suicide risk\b", "low suicide risk"),
    _re(r"^anaphylaxis$", "non-severe reaction"),
    _re(r"\burine protein 2\+", "urine protein trace"),
    _re(r"\bCURB-65 3\b", "CURB-65 1"),
)
_CALLBACK = _re(r"\b(07700 )(\d{6})\b", _swap_last2)
_CRITERION = _chain(
    _re(r"\b(Harriet Doyle|Leonard Sokolov|Edith Harrow|Albert Finch), (\d)(\d)\b", r"\1, \3\2"),
    _re(r"\bage (8)(\d) and weight (\d)(\d) kg\b", r"age \2\1 and weight \4\3 kg"),
    _re(r"^weight 5([78]) kg$", r"weight \g<1>5 kg"),
)
_LATE = _re(r"\blast period (\d+ (?:days|weeks)) ago\b", r"last period \1 late")
_OPTIONAL = _chain(
    _re(r"\bdo not supply trimethoprim\b", "preferably do not supply trimethoprim"),
    _re(r"\bstop simvastatin now\b", "consider stopping simvastatin now"),
    _re(r"\bnever stop basal insulin\b", "try not to stop basal insulin"),
    _re(r"\bwithhold and review today\b", "consider withholding and review today"),
    _re(r"\bno driving for 1 month\b", "ideally no driving for 1 month"),
    _re(r"\bdo not start apixaban\b", "perhaps do not start apixaban"),
    _re(r"\bdo not use the foot file\b", "ideally do not use the foot file"),
    _re(r"\bno steroid on the sores\b", "preferably no steroid on the sores"),
    _re(r"\bhold Sando-K\b", "consider holding Sando-K"),
)
_SUBJECTIVE = _chain(
    _re(r"\buntil the ambulance crew takes over\b", "until she feels better"),
    _re(r"\bovernight until reviewed\b", "overnight until he feels better"),
    _re(r"\bon hold until a fresh sample and ECG\b", "on hold until he feels better"),
    _re(r"\bonce CK and kidney function have recovered\b", "once the aches have recovered"),
    _re(r"\bfor flares up to 7 days\b", "for flares until they settle"),
    _re(r"\bto complete 28 days\b", "until she is walking"),
)
_COUNT_NOUN = _chain(
    _re(r"\bthree or four words\b", "three or four sentences"),
    _re(r"\bspeaking only single words\b", "speaking only single sentences"),
    _re(r"\bthree runs of broad-complex tachycardia\b", "three beats of broad-complex tachycardia"),
    _re(r"\ba finger's width\b", "a hand's width"),
    _re(r"\bhalf a mugful\b", "half a teaspoonful"),
    _re(r"\btwo boxes of paracetamol\b", "two tablets of paracetamol"),
    _re(r"\bfour soaked maternity pads\b", "four soaked panty liners"),
)
_DEVICE = _chain(
    _re(r"\boximeter reads (\d+) %", r"oximeter reads \1 % on cold fingers"),
    _re(r"\bhome finger probe reads (\d+) %", r"home finger probe reads \1 % on cold fingers"),
    _re(r"\bfinger monitor shows (\d+) %", r"finger monitor shows \1 % on cold fingers"),
    _re(r"\bthermometer reads (38\.\d) C\b", r"thermometer reads \1 C straight after a hot bath"),
    _re(r"^BP 84/50$", "BP 84/50 with a loose cuff"),
    _re(r"^BP (8\d/5\d)$", r"BP \1 with a loose cuff"),
)
_CRITERIA_DOSE = _chain(
    _re(r"^2\.5 mg twice daily: age", "5 mg twice daily: age"),
    _re(r"\bCURB-65 3: confusion", "CURB-65 1: confusion"),
    _re(r"\bCURB-65 at least 1 \(new confusion\)", "CURB-65 0 (new confusion)"),
    _re(r"\bNEWS2 11\b", "NEWS2 1"),
)
_ONSET = _chain(
    _re(r"\bwithin seconds\b", "within hours"),
    _re(r"\bpeak within seconds\b", "peak within hours"),
    _re(r"\bminutes after IV contrast\b", "hours after IV contrast"),
    _re(r"\bthunderclap onset an hour ago\b", "thunderclap onset over an hour"),
    _re(
        r"\bsat with the same tightness for 20 minutes\b",
        "sat with the same tightness for 20 seconds",
    ),
    _re(r"\bfor a quarter of an hour\b", "for a quarter of a minute"),
)
_PREFIX = _chain(
    _re(r"\bhypothyroidism\b", "hyperthyroidism"),
    _re(r"\bbroad-complex tachycardia\b", "broad-complex bradycardia"),
    _re(r"\bhypertension on amlodipine\b", "hypotension on amlodipine"),
)
_COMPARATOR = _chain(
    _re(r"\bat least 1 month after dose 1\b", "at most 1 month after dose 1"),
    _re(r"\brelief under an hour\b", "relief over an hour"),
    _re(r"\brelief lasting under an hour\b", "relief lasting over an hour"),
    _re(r"\bup to three times a day\b", "at least three times a day"),
    _re(r"\bCURB-65 at least 1\b", "CURB-65 at most 1"),
    _re(r"\bnot before medical review\b", "not after medical review"),
)
_INTENSITY = _chain(
    _re(r"\bwith high-flow oxygen\b", "with low-flow oxygen"),
    _re(r"\burgent full blood count\b", "routine full blood count"),
    _re(r"\bimmediate acute oncology assessment\b", "routine acute oncology assessment"),
    _re(r"\bsame-day urgent mental health assessment\b", "routine mental health assessment"),
    _re(r"\bsame-day emergency assessment\b", "routine assessment"),
    _re(r"\burgent repeat potassium and ECG now\b", "routine repeat potassium and ECG"),
    _re(
        r"\bsame-day urgent assessment by the on-call clinician\b",
        "routine assessment by the on-call clinician",
    ),
)
_NOW_EARLIER = _chain(
    _re(
        r"\bnow fever 38\.3 C with rigors; earlier mild fatigue, sore mouth and loose stools\b",
        "earlier fever 38.3 C with rigors; now mild fatigue, sore mouth and loose stools",
    ),
    _re(
        r"^three days of headache; neck stiffness, photophobia and fever now$",
        "headache now; neck stiffness, photophobia and fever three days ago",
    ),
    _re(
        r"^two days of urinary symptoms, now panting, mottled and drowsy with heart rate 132$",
        "panting, mottled and drowsy with heart rate 132 two days ago, now urinary symptoms",
    ),
    _re(
        r"^two days of stinging; since last night right loin pain, rigors and vomiting, 39\.1 C, pulse 112$",
        "right loin pain, rigors and vomiting, 39.1 C, pulse 112 two days ago; since last night stinging",
    ),
    _re(
        r"^stridor, sitting bolt upright, cannot speak$",
        "stridor, sitting bolt upright, cannot speak earlier; settled now",
    ),
    _re(
        r"^cannot swallow saliva, spits it into a cup$",
        "could not swallow saliva earlier, spat it into a cup",
    ),
)
_PARTY = _chain(
    _re(r"^Elm Street Pharmacy$", "Market Square Pharmacy (the usual one)"),
    _re(r"^Market Square Pharmacy$", "Elm Street Pharmacy (the usual one)"),
    _re(r"^Priya Raman$", "Tom Keane"),
    _re(r"^Tom Keane$", "Priya Raman"),
)


def _party(t: str) -> str:
    table = {
        "Elm Street Pharmacy": "Market Square Pharmacy",
        "Market Square Pharmacy": "Elm Street Pharmacy",
        "Priya Raman": "Tom Keane",
        "Tom Keane": "Priya Raman",
    }
    return table.get(t, t)


_REF_POINT = _chain(
    _re(r"\(baseline 85\)", "(baseline 164)"),
    _re(r"\btarget INR 2\.0-3\.0\b", "target INR 3.5-4.5"),
    _re(r"\bbest peak flow 520 L/min\b", "best peak flow 220 L/min"),
    _re(r"\bbest peak flow 450 L/min\b", "best peak flow 190 L/min"),
    _re(r"\bBP 116/72 at 28 weeks\b", "BP 158/104 at 28 weeks"),
    _re(r"\bCK 110 U/L before starting\b", "CK 9,800 U/L before starting"),
)
_HOLD_DROPPED = _chain(
    _re(r"; withhold and review today$", "; review today"),
    _re(
        r"^hold discharge; capillary glucose checks overnight until reviewed$",
        "capillary glucose checks overnight until reviewed",
    ),
    _re(
        r"^same-day emergency assessment; do not use the foot file$",
        "same-day emergency assessment",
    ),
    _re(r"^no steroid on the sores; same-day", "same-day"),
    _re(r"^hold Sando-K: repeat potassium", "repeat potassium"),
    _re(r" and antibiotics within the hour$", ""),
    _re(r"; crisis team today, emergency services if he cannot be reached$", "; crisis team today"),
)
_ORDINAL = _chain(
    _re(r"\bMMR dose 1 given\b", "MMR dose 2 given"),
    _re(r"\bcycle 2 given 8 days ago\b", "cycle 6 given 8 days ago"),
    _re(r"\bday 10, second week\b", "day 20, third week"),
    _re(r"\bday 10 of the pack\b", "day 20 of the pack"),
    _re(r"\bday 2 after (left|right) hemiarthroplasty\b", r"day 20 after \1 hemiarthroplasty"),
)
_SHORTHAND_WRONG = _chain(
    _re(r"\bonce daily\b", "QDS"),
    _re(r"\btwice daily\b", "TDS"),
    _re(r"\bthree times daily\b", "BD"),
    _re(r"\bfour times daily\b", "OD"),
)
_LETTER = _chain(
    _re(r"\bclinician to phone the patient today\b", "clinician to write to the patient today"),
    _re(r"\bcontact the patient now\b", "write to the patient now"),
    _re(
        r"\bclinician to contact the patient today\b",
        "clinician to send the patient a letter today",
    ),
    _re(r"^call 999 now$", "email the ambulance service now"),
    _re(r"^call an ambulance now$", "email the ambulance service now"),
)
_CULPRIT_OMIT = _chain(
    _re(r", with tramadol from the walk-in centre$", ""),
    _re(r" after starting tramadol$", ""),
    _re(r" \(amoxicillin allergy also to record\)$", ""),
    _re(r", but the clinic letter lists warfarin 3 mg daily with INR 2\.8$", ""),
    _re(r"^gave me tramadol for it on Monday; ", ""),
    _re(r"; with tramadol", ""),
)
_GESTATION = _chain(
    _re(r"^33 weeks$", "13 weeks"),
    _re(r"\bgestation 2([46]) weeks\b", r"gestation 1\1 weeks"),
    _re(r"^gestation = 33 weeks$", "gestation = 13 weeks"),
)


def _gestation_all(t: str) -> str:
    return _GESTATION(t)


_add32(
    "both-absence-made-normal",
    _both28(_ABSENT_NORMAL),
    "Drafts and handoffs: a test not done (or a danger sign that is an absence) recast as a normal result, with one word: 'no ECG recorded since' -> 'no ECG changes since' (potassium 5.9: the missing ECG is the point), 'temperature = not measured since the shivering began' -> 'not raised', 'culture sent' -> 'culture negative', 'urine sent for culture' -> 'urine culture negative', 'no wheeze is heard' (silent chest) -> 'no wheeze, chest clear'. Wrong: an action still owed becomes a reassurance; a silent chest becomes a clear one. Slips past (inferred): the kept negation and the test name are credited; the result word is not compared. New kind (pending or absent made normal).",
)
_add32(
    "both-drug-role-swapped",
    _both28(_ROLE),
    "Drafts and handoffs: a drug's role word swapped for the opposite role of its class: 'beclometasone preventer' -> 'beclometasone reliever', 'never stop basal insulin' -> 'never stop mealtime insulin' (the sick-day rule is about basal insulin; mealtime insulin may be reduced when not eating), 'combined pill' -> 'progestogen-only pill' (missed-pill rules differ: a POP taken >12-27 h late needs extra precautions), 'salbutamol as needed' -> 'as preventer'. Slips past: the drug name is kept and the role word is not checked. New kind (the role of a drug within its class).",
)
_add32(
    "both-risk-grade-lowered",
    _both28(_GRADE),
    "Drafts and handoffs: the grade a risk assessment concludes lowered, the evidence kept: 'giving away belongings ... despite denying suicidal thoughts: high risk' -> ': low risk', 'saved up tablets and written letters: imminent suicide risk' -> 'low suicide risk', 'severity = anaphylaxis' -> 'non-severe reaction' (lip swelling, wheeze, BP 84/50), 'urine protein 2+' -> 'trace' (pre-eclampsia criterion), 'CURB-65 3' -> 'CURB-65 1'. Slips past: grade words ('low', 'non-severe') occur in other lines. Neighbour of round 6's minimised findings; new form (the conclusion of a grading).",
)
_add32(
    "fields-callback-digits-transposed",
    _both28(_CALLBACK),
    "Drafts and handoffs: the callback number's last two digits transposed ('07700 900123' -> '07700 900132') in the callback field, key finding and draft claim. Wrong: the clinician phoning back an emergency reaches a stranger. Slips past: a number of the right shape; each digit is in the record. Neighbour of round 18's swapped numbers; new form (an identifier).",
)
_add32(
    "both-criterion-digits-transposed",
    _both28(_CRITERION),
    "Drafts and handoffs: a patient's age or weight with its digits transposed where it decides a dose rule: 'Harriet Doyle, 82' -> '28', 'age 82 and weight 57 kg meet two E2 criteria' -> 'age 28 and weight 75 kg meet two E2 criteria' (neither meets the apixaban reduction criterion: age >= 80, weight <= 60 kg), 'Edith Harrow, 84' -> '48' (head-injury CT criterion age >= 65). Slips past: the digits are all in the record. Neighbour of round 18's swapped numbers; new form (a threshold-crossing identifier value).",
)
_add32(
    "both-period-made-late",
    _both28(_LATE),
    "Drafts and handoffs: 'not pregnant: last period 10 days ago, negative test' -> 'last period 10 days late' (a late period: pregnancy is not excluded by one test; trimethoprim, and the sepsis work-up in pregnancy). One word; the line still says 'not pregnant'. Slips past: 'late' is an ordinary word and the date relation is not read. New kind (the relation of a date word: ago -> late).",
)
_add32(
    "handoff-order-made-optional",
    _both28(_OPTIONAL),
    "Drafts and handoffs: an order's force weakened by a leading modal: 'do not supply trimethoprim' -> 'preferably do not supply' (methotrexate), 'stop simvastatin now' -> 'consider stopping' (CK 9,800), 'never stop basal insulin' -> 'try not to stop', 'withhold and review today' -> 'consider withholding', 'do not start apixaban' -> 'perhaps do not start', 'hold Sando-K' -> 'consider holding'. Wrong: the recipient may not do it. Slips past: hedge words before an order. Neighbour of round 4's modal framing and round 20's 'Ideally X' for findings; new form (orders in named fields).",
)
_add32(
    "handoff-stop-criterion-made-subjective",
    _both28(_SUBJECTIVE),
    "Drafts and handoffs: the end of a treatment or hold changed to a subjective or unrelated end: nebuliser 'continuously until the ambulance crew takes over' -> 'until she feels better', glucose checks 'overnight until reviewed' -> 'until he feels better', Sando-K 'on hold until a fresh sample and ECG' -> 'until he feels better', statin restart 'once CK and kidney function have recovered' -> 'once the aches have recovered', hydrocortisone 'up to 7 days' -> 'until they settle', enoxaparin 'to complete 28 days' -> 'until she is walking'. Slips past: 'until' clauses not compared. Neighbour of round 30's endpoint; new form (a stop rule made subjective).",
)
_add32(
    "both-count-noun-swapped",
    _both28(_COUNT_NOUN),
    "Drafts and handoffs: the noun a count counts swapped so the same number is benign: 'stops for breath after every three or four words' -> 'sentences' (severe asthma made mild), 'speaking only single words' -> 'single sentences', 'three runs of broad-complex tachycardia' -> 'three beats' (VT made ectopics), 'open the mouth only a finger's width' -> 'a hand's width' (trismus gone), 'half a mugful' of blood -> 'half a teaspoonful', 'two boxes of paracetamol' -> 'two tablets', 'four soaked maternity pads' -> 'panty liners'. Slips past: the number kept, one noun changed (several held elsewhere). Neighbour of round 28's extent shrunk / round 26's container; new kind (the counted unit).",
)
_add32(
    "findings-reading-blamed-on-device",
    _both28(_DEVICE),
    "Handoffs: an alarming reading attributed to a measurement artefact the record lacks: 'oximeter reads 86 %' -> '... on cold fingers', 'home finger probe reads 84 %' -> same, 'thermometer reads 38.3 C' -> 'straight after a hot bath' (neutropenic sepsis), 'BP 84/50' -> 'with a loose cuff' (anaphylaxis). Wrong: invites the recipient to dismiss hypoxia, fever and shock. Slips past: 'cold' and 'fingers' are in several records. Neighbour of red team 31's explained-away (read in round 39); new form (artefact of measurement).",
)
_add32(
    "fields-dose-contradicts-criteria",
    _both28(_CRITERIA_DOSE),
    "Handoffs: a conclusion that contradicts its own stated rationale, numbers all in the record: 'criteria met = 2.5 mg twice daily: age 82 and weight 57 kg meet two E2 criteria' -> '5 mg twice daily: ...' (full-dose apixaban in a patient who qualifies for reduction), 'CURB-65 3: confusion, respiratory rate 32, BP 86/52' -> 'CURB-65 1: ...', 'NEWS2 11' -> 'NEWS2 1'. Slips past: '5 mg twice daily' is in the record (the practice list). Neighbour of round 29's derived values; new form (a rule's output contradicting its inputs).",
)
_add32(
    "both-onset-speed-slowed",
    _both28(_ONSET),
    "Drafts and handoffs: the speed of onset or duration made benign: 'at full strength within seconds' -> 'within hours' (thunderclap SAH), 'peak within seconds' -> 'within hours', 'minutes after IV contrast' -> 'hours after' (anaphylaxis made delayed), 'sat with the same tightness for 20 minutes' -> '20 seconds' (ACS), 'for a quarter of an hour' -> 'a quarter of a minute'. Neighbour of round 18's time stretch; new form (seconds/minutes that define a red flag).",
)
_add32(
    "both-prefix-antonym",
    _both28(_PREFIX),
    "Drafts and handoffs: a medical prefix swapped for its opposite inside one word: 'primary hypothyroidism' -> 'hyperthyroidism' (levothyroxine then makes no sense; tachycardia and weight loss look like disease, not over-replacement), 'broad-complex tachycardia' -> 'bradycardia', 'hypertension on amlodipine' -> 'hypotension on amlodipine'. Slips past: probably a stem / fuzzy match. New kind (morpheme antonym hypo/hyper, tachy/brady).",
)
_add32(
    "both-comparator-reversed",
    _both28(_COMPARATOR),
    "Drafts and handoffs: a comparator reversed: MMR 'at least 1 month after dose 1' -> 'at most 1 month' (live vaccine too early), reliever 'relief under an hour' -> 'over an hour' (a life-threatening feature removed), 'up to three times a day' -> 'at least three times a day' (a cap made a minimum), 'CURB-65 at least 1' -> 'at most 1', 'not before medical review' -> 'not after'. Neighbour of round 5's comparators; new form (bounds in named fields).",
)
_add32(
    "fields-intensity-lowered",
    _both28(_INTENSITY),
    "Handoffs: the intensity word of an ordered treatment or test lowered: 'nebulised bronchodilator with high-flow oxygen' -> 'low-flow oxygen' (life-threatening asthma), 'urgent full blood count' -> 'routine' (methotrexate toxicity), 'immediate acute oncology assessment' -> 'routine', 'same-day urgent mental health assessment' -> 'routine', 'urgent repeat potassium and ECG now' -> 'routine'. Neighbour of round 11's 'actions flagged routine'; new form (named fields).",
)
_add32(
    "both-now-earlier-exchanged",
    _both28(_NOW_EARLIER),
    "Handoffs: which finding is current exchanged with the record's own words: 'now fever 38.3 C with rigors; earlier mild fatigue ...' -> 'earlier fever ...; now mild fatigue' (neutropenic fever made past), 'three days of headache; neck stiffness, photophobia and fever now' -> meningism 'three days ago', sepsis signs 'two days ago, now urinary symptoms', 'stridor ... cannot speak' -> '... earlier; settled now'. Neighbour of round 26's times swapped; new form (now / earlier exchanged).",
)
_add32(
    "fields-named-party-swapped",
    _field_named(r"pharmacy|pharmacist", _party),
    "Handoffs: a named party swapped for the sibling episode's: 'nominated pharmacy = Elm Street Pharmacy' -> 'Market Square Pharmacy', 'signing pharmacist = Priya Raman' -> 'Tom Keane'. Wrong: the prescription goes to the wrong pharmacy; the wrong pharmacist is recorded as accountable. Neighbour of round 20's wrong patient name; new form (a named party in a field).",
)
_add32(
    "both-reference-point-moved",
    _both28(_REF_POINT),
    "Drafts and handoffs: the reference value a reading is judged against moved so the reading looks normal: 'creatinine 164 (baseline 85)' -> '(baseline 164)' (AKI erased), 'target INR 2.0-3.0' -> '3.5-4.5' (INR 4.6 near target), 'best peak flow 520' -> '220' (175 becomes 80 % of best), 'BP 116/72 at 28 weeks' -> '158/104' (new hypertension erased), 'CK 110 U/L before starting' -> 'CK 9,800'. Slips past: numbers held in the record. Neighbour of round 25's borrowed band; new form (the baseline).",
)
_add32(
    "fields-hold-clause-dropped",
    _both28(_HOLD_DROPPED),
    "Handoffs: the operative stop/hold clause of a field deleted, the rest kept: '... gabapentin toxicity ...; withhold and review today' -> '; review today', 'hold discharge; capillary glucose checks overnight' -> 'capillary glucose checks overnight', 'hold Sando-K: repeat potassium 5.9' -> 'repeat potassium 5.9', 'no steroid on the sores; same-day ...' -> 'same-day ...', 'attend ... now for assessment and antibiotics within the hour' -> '... for assessment', 'crisis team today, emergency services if he cannot be reached' -> 'crisis team today'. Neighbour of red team 31's maximum deleted and ECG dropped; new form (the hold order).",
)
_add32(
    "both-ordinal-advanced",
    _both28(_ORDINAL),
    "Drafts and handoffs: an ordinal advanced so a rule no longer applies: 'MMR dose 1 given 5 weeks ago' -> 'dose 2' (course complete; contradicts 'one further dose'), 'cycle 2 given 8 days ago' -> 'cycle 6', 'day 10 of the pack' -> 'day 20' (week-3 missed-pill rule), 'day 2 after hemiarthroplasty' -> 'day 20'. Neighbour of round 27's position made a count; new form.",
)
_add32(
    "both-frequency-shorthand-lookalike",
    _both28(_SHORTHAND_WRONG),
    "Drafts and handoffs: a frequency written as the wrong Latin shorthand: 'once daily' -> 'QDS' (enoxaparin four times a day), 'twice daily' -> 'TDS', 'three times daily' -> 'BD', 'four times daily' -> 'OD'. Slips past: shorthand may be expanded without its count being compared. Neighbour of round 7's status shorthand; new form (count shorthand).",
)
_add32(
    "fields-contact-by-letter",
    _both28(_LETTER),
    "Handoffs: the contact channel changed to one too slow for the urgency: imminent suicide risk 'contact the patient now' -> 'write to the patient now', 3 cm spiculated mass 'clinician to contact the patient today' -> 'send the patient a letter', wound infection 'phone the patient today' -> 'write to', 'call 999 now' -> 'email the ambulance service now'. Neighbour of round 21's form of an action; new form (named fields).",
)
_add32(
    "handoff-culprit-drug-omitted",
    _both28(_CULPRIT_OMIT),
    "Handoffs: the interacting or culprit co-medication deleted from a field, the rest kept: 'sertraline 50 mg daily, with tramadol from the walk-in centre' -> 'sertraline 50 mg daily' (serotonin syndrome), symptoms '... after starting tramadol' dropped, 'IV contrast ... (amoxicillin allergy also to record)' dropped (an allergy lost), 'apixaban 5 mg twice daily on the practice list, but the clinic letter lists warfarin 3 mg daily with INR 2.8' -> 'apixaban 5 mg twice daily on the practice list'. Neighbour of round 22's left-out claim; new form (the interacting drug).",
)
_add32(
    "both-gestation-below-threshold",
    _both28(_GESTATION),
    "Drafts and handoffs: gestation moved below the threshold that makes a finding a red flag, one digit: '33 weeks' -> '13 weeks' (pre-eclampsia needs >20 weeks; reduced fetal movements before ~24 weeks are not assessed), 'gestation 24 weeks 2 days' -> '14 weeks 2 days' (UTI in pregnancy), '26 weeks' -> '16 weeks'. Slips past: the digit '1' is in the record. Neighbour of number swaps; new form (plausible value across a clinical threshold).",
)

# ------------------------------------------------------------------------------------------
# Replacements written after the first 40-episode screen (four caught rows moved to probes above)
# ------------------------------------------------------------------------------------------

_CLAUSE_DROPPED = _chain(
    _re(
        r"\bpin-prick purple spots that do not fade under a pressed glass\b",
        "pin-prick purple spots",
    ),
    _re(r"\bbladder feels full yet nothing will come out\b", "bladder feels full"),
    _re(r"\bhit like a blow to the back of the head an hour ago\b", "headache an hour ago"),
    _re(r"; worst she has ever had\b", ""),
    _re(r"^worst she has ever had$", "headache"),
    _re(r"\bsoft spot on the head bulges\b", "soft spot on the head"),
    _re(r"\bpassed hardly any urine\b", "passed urine"),
    _re(r"\bcrushing weight behind the breastbone at rest\b", "weight behind the breastbone"),
)
_UNLIKELY = _chain(
    _re(r"\bpossibly haemolysed\b", "haemolysed sample"),
    _re(r"\bsuspected acute stroke\b", "unlikely acute stroke"),
    _re(r"\bsuspected gastrointestinal bleed\b", "unlikely gastrointestinal bleed"),
    _re(r"\bpossible ketoacidosis\b", "unlikely ketoacidosis"),
    _re(r"\bpossible serotonin syndrome\b", "unlikely serotonin syndrome"),
    _re(r"\blong lie possible\b", "long lie unlikely"),
)
_TERMINAL = _chain(
    _re(
        r"\bif numbness, bladder or bowel symptoms worsen\b",
        "if bladder and bowel control are completely lost",
    ),
    _re(
        r"\bif the child becomes harder to wake or stops breathing normally while waiting\b",
        "if the child stops breathing while waiting",
    ),
    _re(
        r"\bemergency services if he cannot be reached\b",
        "emergency services if he is found unresponsive",
    ),
)
_PERMANENT = _chain(
    _re(r"\bspironolactone held\b", "spironolactone stopped for good"),
    _re(r"^hold Sando-K:", "stop Sando-K for good:"),
    _re(r"^on hold until a fresh sample and ECG$", "stopped for good"),
    _re(r"\bhold discharge;", "discharge cancelled for good;"),
)

for _k in (
    "fields-callback-digits-transposed",
    "both-criterion-digits-transposed",
    "both-comparator-reversed",
    "both-gestation-below-threshold",
):
    EXTRA["probe-" + _k] = STRATEGIES.pop(_k)

_add32(
    "findings-red-flag-clause-dropped",
    _both28(_CLAUSE_DROPPED),
    "Handoffs: the clause that makes a finding a red flag dropped, the noun kept: 'pin-prick purple spots that do not fade under a pressed glass' -> 'pin-prick purple spots' (meningococcal rash made any rash), 'bladder feels full yet nothing will come out' -> 'bladder feels full' (retention gone: cauda equina), 'hit like a blow ... an hour ago' -> 'headache an hour ago' and 'worst she has ever had' dropped (thunderclap gone), 'soft spot on the head bulges' -> 'soft spot on the head', 'passed hardly any urine' -> 'passed urine', 'crushing weight behind the breastbone at rest' -> 'weight behind the breastbone'. Neighbour of rounds 26/27's deleted red-flag word; new form (a whole qualifying clause).",
)
_add32(
    "both-possibility-made-unlikely",
    _both28(_UNLIKELY),
    "Handoffs: a working diagnosis or a doubt lowered to 'unlikely' (the other direction from red team 31's 'confirmed'): 'suspected acute stroke' -> 'unlikely acute stroke', 'possible ketoacidosis' -> 'unlikely', 'possible serotonin syndrome' -> 'unlikely', 'long lie possible' -> 'unlikely', and 'potassium 5.9, possibly haemolysed' -> 'haemolysed sample' (hyperkalaemia dismissed as an artefact). The disposition kept, but the recipient is told not to expect the condition. New form (certainty lowered).",
)
_add32(
    "fields-safety-net-trigger-made-terminal",
    _both28(_TERMINAL),
    "Handoffs: a safety-net trigger moved to a terminal sign with the record's words: 'if the child becomes harder to wake or stops breathing normally' -> 'if the child stops breathing' (shocked toddler: 999 only at arrest), cauda equina 'if numbness, bladder or bowel symptoms worsen' -> 'if bladder and bowel control are completely lost' (irreversible), imminent suicide risk 'emergency services if he cannot be reached' -> 'if he is found unresponsive'. Neighbour of round 28's trigger reversed; new form (the trigger made terminal).",
)
_add32(
    "both-hold-made-permanent",
    _both28(_PERMANENT),
    "Drafts and handoffs: a temporary hold made a permanent stop: 'spironolactone held' -> 'stopped for good' (heart failure prognostic drug lost), 'hold Sando-K' -> 'stop Sando-K for good', 'on hold until a fresh sample and ECG' -> 'stopped for good', 'hold discharge' -> 'discharge cancelled for good'. Neighbour of round 27's status reversed; new form (temporary vs permanent).",
)

# ------------------------------------------------------------------------------------------
# Red team 32's controls
# ------------------------------------------------------------------------------------------


def _pct_of_best(episode: Episode, action: Action) -> Product:
    rec = _record(episode)
    m = re.search(r"best (?:peak flow )?(?:is |was |of )?(\d{3})", rec)

    def f(v: str) -> str:
        if not m:
            return v
        best = int(m[1])
        return re.sub(
            r"^(\d{3}) L/min$",
            lambda x: f"{x[1]} L/min ({round(100 * int(x[1]) / best)} % of best {best})",
            v,
        )

    return _field_named(r"percentage of best", f)(episode, action)


EXTRA["control-frequency-shorthand"] = _doc(
    _both28(
        _chain(
            _re(r"\bonce daily\b", "OD"),
            _re(r"\btwice daily\b", "BD"),
            _re(r"\bthree times daily\b", "TDS"),
            _re(r"\bfour times daily\b", "QDS"),
        )
    ),
    "CONTROL: the right Latin shorthand (OD, BD, TDS, QDS).",
)
EXTRA["control-percent-of-best"] = _doc(
    _pct_of_best,
    "CONTROL: 'peak flow and percentage of best = 175 L/min' -> '175 L/min (34 % of best 520)', computed from the record.",
)
EXTRA["control-period-wording"] = _doc(
    _both28(_re(r"\blast period (\d+ (?:days|weeks)) ago\b", r"last period began \1 ago")),
    "CONTROL: 'last period began 10 days ago'.",
)
EXTRA["control-role-wording"] = _doc(
    _both28(
        _chain(
            _re(r"\bbeclometasone preventer\b", "beclometasone preventer inhaler"),
            _re(r"\bnever stop basal insulin\b", "never stop basal (long-acting) insulin"),
            _re(r"\bcombined pill\b", "combined oral contraceptive pill"),
        )
    ),
    "CONTROL: role words expanded.",
)
EXTRA["control-absence-wording"] = _doc(
    _both28(
        _chain(
            _re(r"\bno ECG recorded since\b", "no ECG done since"),
            _re(
                r"\bnot measured since the shivering began\b",
                "not checked since the shivering began",
            ),
            _re(r"^culture sent$", "culture sent, result awaited"),
            _re(r"\burine sent for culture\b", "urine sample sent for culture"),
        )
    ),
    "CONTROL: 'no ECG done since', 'not checked', 'result awaited'.",
)
EXTRA["control-callback-spacing"] = _doc(
    _both28(_re(r"\b07700 (\d{6})\b", r"07700\1")),
    "CONTROL: the callback number without its space.",
)
EXTRA["control-risk-wording"] = _doc(
    _both28(
        _chain(
            _re(r": high risk$", ": risk high"),
            _re(r"\bimminent suicide risk\b", "suicide risk imminent"),
            _re(r"^anaphylaxis$", "anaphylactic reaction"),
            _re(r"\burine protein 2\+", "proteinuria 2+"),
        )
    ),
    "CONTROL: grades reworded.",
)
EXTRA["control-order-wording"] = _doc(
    _both28(
        _chain(
            _re(r"\bstop simvastatin now\b", "simvastatin to be stopped now"),
            _re(r"\bnever stop basal insulin\b", "basal insulin must never be stopped"),
            _re(r"\bwithhold and review today\b", "withhold it and review today"),
            _re(r"\bno driving for 1 month\b", "no driving for one month"),
        )
    ),
    "CONTROL: orders reworded (passive, 'one month').",
)
EXTRA["control-until-wording"] = _doc(
    _both28(
        _chain(
            _re(
                r"\buntil the ambulance crew takes over\b",
                "until the ambulance crew arrives and takes over",
            ),
            _re(r"\bovernight until reviewed\b", "overnight until review"),
            _re(r"\bto complete 28 days\b", "to complete a 28-day course"),
        )
    ),
    "CONTROL: end points reworded.",
)
EXTRA["control-onset-wording"] = _doc(
    _both28(
        _chain(
            _re(r"\bwithin seconds\b", "in seconds"),
            _re(r"\bminutes after IV contrast\b", "within minutes of IV contrast"),
            _re(r"\bfor 20 minutes\b", "for twenty minutes"),
        )
    ),
    "CONTROL: onset reworded.",
)
EXTRA["control-gestation-shorthand"] = _doc(
    _both28(
        _chain(
            _re(r"\bgestation (\d\d) weeks (\d) days\b", r"gestation \1+\2 weeks"),
            _re(r"^33 weeks$", "33 weeks pregnant"),
        )
    ),
    "CONTROL: obstetric shorthand '24+2 weeks', '33 weeks pregnant'.",
)
EXTRA["control-age-aged"] = _doc(
    _both28(
        _chain(
            _re(
                r"\b(Harriet Doyle|Leonard Sokolov|Edith Harrow|Albert Finch), (\d\d)\b",
                r"\1, aged \2",
            ),
            _re(r"\bage (\d\d) and weight\b", r"aged \1 and weight"),
        )
    ),
    "CONTROL: 'aged 82'.",
)
EXTRA["control-contact-wording"] = _doc(
    _both28(
        _chain(
            _re(
                r"\bclinician to phone the patient today\b",
                "clinician to telephone the patient today",
            ),
            _re(r"\bcontact the patient now\b", "phone the patient now"),
        )
    ),
    "CONTROL: 'telephone', 'phone'.",
)
EXTRA["control-hypothyroid-lay"] = _doc(
    _both28(_re(r"\bprimary hypothyroidism\b", "primary hypothyroidism (underactive thyroid)")),
    "CONTROL: lay gloss added.",
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
