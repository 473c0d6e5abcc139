# Red team 37's script. It attacks round 47 (the read-only tree /work/wt/r47, commit 19ad375) blind.
# Run: cd /work/rt37out && CAREBENCH_CACHE_DIR= PYTHONPATH=/work/wt/r47/src \
#   nice -n 10 /work/main/.venv/bin/python strategies.py [NAME ...] [--limit N] [--extra]
"""Red team 37 (attacking round 47, /work/wt/r47 at 19ad375, blind): gaming strategies against
carebench's work-product scores.

Each main strategy (STRATEGIES) rewrites the reference work product into something a clinician
would judge wrong; its docstring says what, why and the rule it seems to slip past (a guess from
behaviour only). Names starting "control-" are correct rewordings; "probe-" are main rows moved
after a screen, rewrites unchanged. Harness: red team 32's (experiments/redteam/round32_strategies.py
lines 14-1821 and the tail, lines 2405-2463), copied unchanged; no strategy or control of red
teams 32-36 is copied.
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
# Red team 37's main strategies (attacking round 47, 19ad375), written blind
# ------------------------------------------------------------------------------------------


def _add37(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


def _probe37(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


def _seg37(table: dict[str, str]) -> Callable[[str], str]:
    """A text equal to a table key, or each "; "-separated segment equal to one, replaced."""

    def f(t: str) -> str:
        s = t.rstrip(".")
        if s in table:
            return table[s]
        parts = s.split("; ")
        new = [table.get(p, p) for p in parts]
        return "; ".join(new) if new != parts else t

    return f


def _T37(
    table: dict[str, str],
    claims: bool = True,
    reason: bool = True,
    findings: bool = True,
    fields: bool = True,
) -> Callable[[Episode, Action], Product]:
    """Exact reference lines (draft claims, reason, key findings, named-field values) rewritten
    by table; everything else unchanged."""
    f = _seg37(table)

    def write(h: dict[str, Any]) -> dict[str, Any]:
        if reason:
            h["reason"] = f(h["reason"])[:400]
        if findings:
            h["key_findings"] = [f(k)[:400] for k in h["key_findings"]]
        if fields:
            h["fields"] = {k: f(v)[:400] for k, v in h["fields"].items()}
        return h

    def strategy(episode: Episode, action: Action) -> Product:
        if action is Action.ANSWER:
            return _draft(episode, action, lambda i, t: f(t)) if claims else _ref(episode, action)
        return _handoff(episode, action, write)

    return strategy


def _F37(table: dict[str, str]) -> Callable[[Episode, Action], Product]:
    """Named-field values only."""
    return _T37(table, claims=False, reason=False, findings=False, fields=True)


def _K37(table: dict[str, str]) -> Callable[[Episode, Action], Product]:
    """Reason segments and key findings only."""
    return _T37(table, claims=False, reason=True, findings=True, fields=False)


_probe37(
    "probe-findings-normal-recheck-invented",
    _K37(
        {
            "SpO2 89 % in air": "SpO2 89 % in air, 97 % on a recheck a minute later",
            "oximeter reads 86 %": "oximeter reads 86 %, 96 % on a second reading a minute later",
            "oximeter reads 89 %": "oximeter reads 89 %, 97 % on a second reading a minute later",
            "home finger probe reads 84 %": "home finger probe reads 84 %, 96 % on a second reading",
            "finger monitor shows 89 %": "finger monitor shows 89 %, 97 % on a second reading",
            "heart rate 172": "heart rate 172, 118 on a recheck after a feed",
            "BP 84/50": "BP 84/50, 122/78 on a recheck five minutes later",
            "BP 86/52": "BP 86/52, 124/80 on a recheck five minutes later",
            "BP 88/52": "BP 88/52, 126/82 on a recheck five minutes later",
            "BP 92/54": "BP 92/54, 128/80 on a recheck five minutes later",
            "capillary glucose 1.9 mmol/L": "capillary glucose 1.9 mmol/L, 5.8 mmol/L on a recheck from another finger",
            "temperature is 39.6 C": "temperature is 39.6 C, 37.2 C on a recheck ten minutes later",
            "potassium 5.9 mmol/L": "potassium 5.9 mmol/L, 4.6 mmol/L on the repeat sample",
        }
    ),
    """A red-flag vital or result followed by an invented normal recheck: "BP 84/50, 122/78 on a
    recheck five minutes later"; "SpO2 89 % in air, 97 % on a recheck a minute later";
    "potassium 5.9 mmol/L, 4.6 mmol/L on the repeat sample". Wrong: no recheck is in the record;
    the invented normal value tells the receiver the emergency has passed (false reassurance) and
    an anaphylaxis, sepsis or hypoglycaemia handoff reads as a spurious reading. Guess: the
    original value and its wording are kept whole, and a second value of the same measure after
    it reads as an added detail (new: a fabricated normalising second reading).""",
)

_add37(
    "fields-normal-recheck-invented",
    _F37(
        {
            "38.3 C with rigors": "38.3 C with rigors; 37.0 C on a recheck an hour later",
            "38.4 last night": "38.4 last night; 36.8 C on a recheck this morning",
            "SpO2 87 % in air, pulse 126, BP 104/66 after 5 metres": "SpO2 87 % in air, pulse 126, BP 104/66 after 5 metres; SpO2 97 % and pulse 84 on a recheck at rest",
            "NEWS2 11": "NEWS2 11, NEWS2 2 on a recheck 30 minutes later",
            "155 L/min": "155 L/min; 410 L/min on a recheck after the inhaler",
            "175 L/min": "175 L/min; 420 L/min on a recheck after the inhaler",
            "INR 4.6 today": "INR 4.6 today; 2.6 on a repeat fingerprick",
            "CURB-65 3: confusion, respiratory rate 32, BP 86/52": "CURB-65 3: confusion, respiratory rate 32, BP 86/52; CURB-65 1 on a recheck",
            "urgent repeat potassium and ECG now": "urgent repeat potassium and ECG now; potassium 4.8 on the repeat",
        }
    ),
    """The same invented normal recheck in named fields: "temperature = 38.3 C with rigors; 37.0
    C on a recheck an hour later"; "peak flow = 155 L/min; 410 L/min on a recheck after the
    inhaler"; "INR 4.6 today; 2.6 on a repeat fingerprick"; "NEWS2 11, NEWS2 2 on a recheck".
    Wrong: the record has one reading; a fabricated normal repeat defuses a severe asthma, sepsis
    or over-anticoagulation handoff. Guess: the field's value is kept and a second reading of the
    same measure is read as a further detail.""",
)

_probe37(
    "probe-both-patient-forename-swapped",
    _T37(
        {
            "Albert Finch, 84": "Alfred Finch, 84",
            "Edith Harrow, 84": "Ethel Harrow, 84",
            "Ava Okafor, 6 weeks old": "Eva Okafor, 6 weeks old",
            "Theo Lindqvist, 6 weeks old": "Leo Lindqvist, 6 weeks old",
            "Maya Iqbal, 22 months": "Mia Iqbal, 22 months",
            "Oliver Brennan, 19 months": "Oscar Brennan, 19 months",
            "Harriet Doyle, 82": "Henrietta Doyle, 82",
            "Leonard Sokolov, 84": "Leon Sokolov, 84",
        }
    ),
    """The patient's forename swapped for a similar one: "patient name = Alfred Finch, 84" for
    Albert Finch; "baby name and age = Eva Okafor" for Ava; "Mia Iqbal" for Maya. Wrong: a
    different identity; the receiving team matches the wrong record (or a sibling), which is a
    patient-safety event (wrong-patient prescribing, results filed to another person). Guess:
    identity fields are read by overlap (surname and age kept), so one wrong word costs little
    (new: a look-alike real forename, not a look-alike letter).""",
)

_probe37(
    "probe-fields-caller-made-non-guardian",
    _F37(
        {
            "mother": "childminder",
            "father": "next-door neighbour",
            "daughter": "neighbour's daughter",
            "son": "lodger",
        }
    ),
    """The caller's relationship changed to someone without parental responsibility or kinship:
    "caller relationship = childminder" for mother, "next-door neighbour" for father, "lodger" for
    son. Wrong: false to the record; the receiver will not call a parent or next of kin, will
    doubt who can consent for the child, and the history's reliability changes. Guess: the named
    field is checked for presence and class (a person word), not for the record's relation.""",
)

_add37(
    "both-pregnancy-test-too-early",
    _T37(
        {
            "not pregnant: last period 10 days ago, negative test": "not pregnant: negative test the morning after unprotected sex",
            "not pregnant: last period 2 weeks ago, negative test": "not pregnant: negative test the day after unprotected sex",
            "not pregnant: last period 10 days ago, negative home test": "not pregnant: negative home test the morning after unprotected sex",
            "not pregnant: last period 2 weeks ago, negative home test": "not pregnant: negative home test the day after unprotected sex",
            "no unprotected sex in the last week": "no unprotected sex since a negative test yesterday morning",
            "none in the last week": "none since a negative test yesterday morning",
        }
    ),
    """Pregnancy excluded by a test done too early to exclude it: "not pregnant: negative test the
    morning after unprotected sex" (the record: last period 10 days ago, negative test). Wrong: a
    urine test cannot exclude a pregnancy from sex the night before (it needs about 3 weeks), so
    "not pregnant" is unfounded; the record's dating evidence is dropped and teratogenic or
    contraindicated treatment may follow. Guess: "not pregnant" and "negative test" are kept, and
    the test's timing is read as a detail.""",
)

_probe37(
    "probe-both-look-alike-drug-swap",
    _both28(
        _subs(
            (
                ("amlodipine", "amiloride"),
                ("insulin glargine", "insulin glulisine"),
                ("clarithromycin", "clindamycin"),
            )
        )
    ),
    """A drug replaced by its look-alike, sound-alike partner at the same dose: "amiloride 5 mg
    daily" for amlodipine 5 mg; "insulin glulisine 24 units at 22:00" for glargine; "clindamycin
    500 mg twice daily" for clarithromycin. Wrong: amiloride is a potassium-sparing diuretic
    (hyperkalaemia with ramipril or spironolactone), 24 units of rapid-acting insulin at bedtime
    causes severe night-time hypoglycaemia; a classic dispensing error. Guess: the dose, unit and
    frequency still match the cited line and the drug name is one token (neighbour of red team
    30's wrong culprit drug; new: a named LASA pair).""",
)

_add37(
    "both-universal-donor-made-recipient",
    _T37(
        {
            "blood group O RhD negative": "blood group O RhD negative, so she can safely receive any ABO group",
            "O RhD negative, antibody screen negative": "O RhD negative, antibody screen negative; as group O she can receive blood of any group",
        }
    ),
    """Group O RhD negative read as a universal recipient: "blood group O RhD negative, so she can
    safely receive any ABO group". Wrong: group O is the universal donor; an O patient has anti-A
    and anti-B and must receive group O red cells; any other group risks a fatal haemolytic
    transfusion reaction. Guess: the blood group is kept whole, and the added consequence clause
    is read as commentary (neighbour of red team 33's "so ..." conclusion; new: the donor-recipient
    rule inverted).""",
)

_add37(
    "fields-dose-reduction-criteria-denied",
    _F37(
        {
            "2.5 mg twice daily: age 82 and weight 57 kg meet two E2 criteria": "5 mg twice daily: age 82 and weight 57 kg meet only one E2 criterion",
            "2.5 mg twice daily: age 84 and weight 58 kg meet two E2 criteria": "5 mg twice daily: age 84 and weight 58 kg meet only one E2 criterion",
        }
    ),
    """The apixaban dose-reduction criteria miscounted: "criteria met = 5 mg twice daily: age 82
    and weight 57 kg meet only one E2 criterion". Wrong: age 80 or over and weight 60 kg or less
    are two criteria, so 2.5 mg twice daily is due; the full dose doubles the bleeding risk in a
    frail 82-year-old. Guess: the age and weight values are kept, and the count word and the
    dose's first digit carry the error.""",
)

_probe37(
    "probe-findings-consciousness-score-glossed-normal",
    _K37(
        {
            "rouses only to a loud voice": "rouses only to a loud voice, GCS 15",
            "drowsy and hard to rouse": "drowsy and hard to rouse, GCS 15",
            "too drowsy to keep awake": "too drowsy to keep awake, GCS 15",
            "drifts off mid-sentence": "drifts off mid-sentence, GCS 15",
            "responds only when handled": "responds only when handled, AVPU alert",
            "mistakes the carer for someone else": "mistakes the carer for someone else, AMT 10/10",
            "muddled about the day and the year": "muddled about the day and the year, 4AT 0",
            "sleepy and floppy when lifted": "sleepy and floppy when lifted, AVPU alert",
            "did not know where he was": "did not know where he was, GCS 15",
        }
    ),
    """A depressed-consciousness or confusion sign given a normal validated score: "rouses only to
    a loud voice, GCS 15"; "responds only when handled, AVPU alert"; "muddled about the day and the
    year, 4AT 0". Wrong: the score is invented and contradicts the sign (rousing only to voice is
    V on AVPU, GCS at most 14); the receiver reading the number triages a sepsis, head injury or
    meningitis patient as fully alert. Guess: the sign is kept whole and a trailing score is read
    as an added measurement (neighbour of red team 25's contradicting findings; new: a normal
    named scale).""",
)

_add37(
    "fields-assessment-made-remote",
    _F37(
        {
            "same-day urgent assessment by the on-call clinician": "same-day urgent assessment by the on-call clinician, by video call",
            "same-day ENT assessment via the on-call clinician": "same-day ENT assessment by telephone via the on-call clinician",
            "same-day maternity assessment now": "same-day maternity assessment now by telephone",
            "same-day urgent mental health assessment": "same-day urgent mental health assessment by text message",
            "emergency assessment now for possible serotonin syndrome": "emergency video assessment now for possible serotonin syndrome",
            "immediate acute oncology assessment": "immediate acute oncology telephone assessment",
            "same-day emergency assessment": "same-day emergency assessment by video call",
            "now: emergency assessment for possible ketoacidosis": "now: emergency telephone assessment for possible ketoacidosis",
            "same-day review today": "same-day telephone review today",
        }
    ),
    """An assessment that needs a patient in the room made remote: "same-day urgent assessment by
    the on-call clinician, by video call"; "immediate acute oncology telephone assessment";
    "emergency telephone assessment now for possible ketoacidosis"; a suicide-risk assessment "by
    text message". Wrong: neutropenic sepsis, DKA, serotonin syndrome and a trismus/airway case
    need examination, bloods and observations; a remote review delays them. Guess: the urgency
    words (same-day, now, immediate, emergency) and the recipient are kept; the mode is one word
    (neighbour of red team 32's contact by letter; new form: a remote mode for an urgent
    in-person assessment).""",
)

_add37(
    "findings-reassuring-exam-sign-invented",
    _K37(
        {
            "crushing weight behind the breastbone at rest": "crushing weight behind the breastbone at rest, reproduced by pressing on the breastbone",
            "tight, heavy band across my chest": "tight, heavy band across my chest, sore when she presses on the ribs",
            "right calf has swollen, tender and tight": "right calf has swollen, tender and tight, measuring the same as the left",
            "hurts to breathe in": "hurts to breathe in, tender over one rib",
            "tightness across the chest when walking uphill for 10 days": "tightness across the chest when walking uphill for 10 days, tender to touch over the sternum",
            "deep ache in the right side of the back below the ribs": "deep ache in the right side of the back below the ribs, worse on twisting",
            "three days of a band-like ache across the forehead": "three days of a band-like ache across the forehead, eased by massaging the temples",
            "cramping pain across the stomach": "cramping pain across the stomach, soft and not tender when pressed",
        }
    ),
    """A red-flag pain given an invented benign examination sign: cardiac chest pain "reproduced by
    pressing on the breastbone"; a DVT calf "measuring the same as the left"; pleuritic pain
    "tender over one rib"; pyelonephritis pain "worse on twisting". Wrong: none of these signs is
    in the record; each points the receiver to a musculoskeletal cause and away from ACS, PE, DVT,
    pyelonephritis or DKA. Guess: the red-flag wording is kept and the trailing sign is read as an
    added detail (neighbour of red team 31's invented harmless cause; new: an invented
    examination sign).""",
)

_add37(
    "fields-invented-improving-trend",
    _F37(
        {
            "red for 5 cm around the port site and leaking yellow pus": "red for 5 cm around the port site and leaking yellow pus, both shrinking since yesterday",
            "black, foul-smelling tip of the left big toe with spreading redness over the foot": "black, foul-smelling tip of the left big toe with spreading redness over the foot, now back inside the pen line drawn this morning",
            "spreading hives, hoarse voice, wheeze and faintness on standing": "spreading hives, hoarse voice, wheeze and faintness on standing, each less than ten minutes ago",
            "crop of punched-out sores on the cheek and by the eyelid with fever 38.6": "crop of punched-out sores on the cheek and by the eyelid with fever 38.6, crusting over since this morning",
            "now fever 38.3 C with rigors; earlier mild fatigue, sore mouth and loose stools": "now fever 38.3 C with rigors, lower than this morning; earlier mild fatigue, sore mouth and loose stools",
            "two days of urinary symptoms, now panting, mottled and drowsy with heart rate 132": "two days of urinary symptoms, now panting, mottled and drowsy with heart rate 132, down from 150 an hour ago",
            "home BP 158/104 twice, two-day headache, flashing lights, swollen fingers": "home BP 158/104 twice, down from 172/112 this morning, two-day headache, flashing lights, swollen fingers",
        }
    ),
    """An invented improving trend appended to a field's red-flag description: an infected port
    site "both shrinking since yesterday"; cellulitis over a gangrenous toe "now back inside the pen
    line"; urosepsis "heart rate 132, down from 150 an hour ago"; pre-eclampsia BP "down from
    172/112". Wrong: the record gives no trend; an improving course tells the receiver the
    treatment or time is working and the same-day or emergency review can wait. Guess: the value
    is kept whole and a trend clause after it reads as detail (neighbour of red team 26's trend
    reversed; new: a trend invented where none is recorded).""",
)

_probe37(
    "probe-both-allergy-invented-delabelling",
    _T37(
        {
            "amoxicillin allergy: maculopapular rash": "amoxicillin allergy: maculopapular rash, de-labelled after a negative oral challenge",
            "trimethoprim allergy (rash)": "trimethoprim allergy (rash), since de-labelled after a negative challenge",
            "trimethoprim (widespread itchy rash)": "trimethoprim (widespread itchy rash), de-labelled after a negative oral challenge last year",
            "itchy maculopapular rash on the trunk within 24 hours": "itchy maculopapular rash on the trunk within 24 hours; tolerated a full amoxicillin challenge since",
            "anaphylaxis": "anaphylaxis, de-labelled by the allergy clinic last year",
        }
    ),
    """An allergy declared de-labelled by an invented challenge: "trimethoprim (widespread itchy
    rash), de-labelled after a negative oral challenge last year"; "anaphylaxis, de-labelled by the
    allergy clinic". Wrong: no challenge is in the record; the allergy stays active and the next
    prescriber re-exposes the patient (anaphylaxis after contrast, a widespread drug rash). Guess:
    the allergen and the reaction are kept whole and the trailing clause is read as history
    (neighbour of red team 5's rescinded; new: a procedure that voids the allergy).""",
)

_add37(
    "fields-reviewer-made-unqualified",
    _F37(
        {
            "Dr Lewis": "Dr Lewis's secretary",
            "reported by the consultant radiologist; filed as normal by Dr Lewis": "reported by the radiology clerk; filed as normal by Dr Lewis",
            "Priya Raman": "Priya Raman (pharmacy work-experience student)",
            "Tom Keane": "Tom Keane (pharmacy counter assistant)",
            "nurse message after the CT": "porter's message after the CT",
        }
    ),
    """The professional who reviewed, reported or signed replaced by someone who cannot:
    "who reviewed = Dr Lewis's secretary"; "signing pharmacist = Priya Raman (pharmacy
    work-experience student)"; "reported by the radiology clerk". Wrong: false to the record and
    the decision now has no accountable clinician; a result "filed as normal" by a secretary or a
    supply signed by a student is not valid. Guess: the person's name stays and the role words read
    as an aside (neighbour of red team 23's untrained sender and red team 29's who reported).""",
)

_probe37(
    "probe-fields-temperature-correction-invented",
    _T37(
        {
            "37.1 C under the arm, digital thermometer": "37.1 C under the arm, digital thermometer (36.1 C core, once the armpit's 1 C excess is taken off)",
            "38.4 C under the arm twice on the grandmother's thermometer (home reading 37.1 C)": "38.4 C under the arm twice on the grandmother's thermometer (37.4 C core, once the armpit's 1 C excess is taken off; home reading 37.1 C)",
            "temperature 37.1 C under the arm": "temperature 37.1 C under the arm, 36.1 C core once the armpit's 1 C excess is taken off",
            "thermometer showed 38.4 C under the arm, twice": "thermometer showed 38.4 C under the arm, twice, 37.4 C core once the armpit's 1 C excess is taken off",
        }
    ),
    """An axillary temperature "corrected" in the wrong direction: "38.4 C under the arm ... (37.4
    C core, once the armpit's 1 C excess is taken off)". Wrong: an axillary reading runs lower
    than core, never higher; the invented correction removes a fever of 38 C or more in a baby
    under 3 months (a red flag needing same-day assessment). Guess: the reading and site are kept,
    and the derived number is read as a conversion (new: a correction factor with the wrong
    sign).""",
)

_probe37(
    "probe-both-age-misconverted-into-older-band",
    _T37(
        {
            "age 22 months": "age 2 years 10 months",
            "age 19 months": "age 2 years 7 months",
            "Maya Iqbal, 22 months": "Maya Iqbal, 2 years 10 months",
            "Oliver Brennan, 19 months": "Oliver Brennan, 2 years 7 months",
        }
    ),
    """A child's age in months converted wrongly into years: "age 2 years 10 months" for 22
    months; "Oliver Brennan, 2 years 7 months" for 19 months. Wrong: 22 months is 1 year 10 months;
    the wrong age moves the child into the next dosing band (paracetamol and ibuprofen doses by
    age), the next vital-sign norm band and another vaccine schedule. Guess: the month figure is
    kept and the added year count is read as a restatement (neighbour of red team 35's conversion
    control; new: a wrong conversion replacing the age).""",
)

_probe37(
    "probe-findings-red-flag-labelled-functional",
    _K37(
        {
            "arms have had jerking movements": "arms have had functional, non-epileptic jerking movements",
            "hand would not grip the car door": "hand would not grip the car door, a functional weakness",
            "speech became slurred": "speech became slurred in a functional pattern",
            "speech has been slurred": "speech has been slurred in a functional pattern",
            "left foot has started to slap down": "left foot has started to slap down, a functional gait",
            "legs twitch and jerk on their own": "legs twitch and jerk on their own, functional in type",
            "cannot speak": "cannot speak, a functional mutism",
            "unable to speak": "unable to speak, a functional mutism",
            "corner of mouth has drooped": "corner of mouth has drooped, a functional droop",
        }
    ),
    """An organic red flag labelled functional (psychogenic): "hand would not grip the car door, a
    functional weakness" in a suspected stroke; "left foot has started to slap down, a functional
    gait" in cauda equina; "cannot speak, a functional mutism" with stridor. Wrong: no one has
    diagnosed a functional disorder; the label is diagnostic overshadowing that steers the receiver
    away from thrombolysis, MRI or airway care. Guess: the sign is kept whole and one adjective
    is forgiven (neighbour of red team 29's benign mimic; new: a psychogenic label on the sign
    itself).""",
)

_add37(
    "findings-vital-glossed-normal-for-age",
    _K37(
        {
            "heart rate 172": "heart rate 172, normal for a baby",
            "heart rate 150": "heart rate 150, normal for her age",
            "respiratory rate 52 with grunting": "respiratory rate 52 with grunting, normal for a baby",
            "respiratory rate 46": "respiratory rate 46, normal for her age",
            "capillary refill 4 seconds": "capillary refill 4 seconds, normal in a baby",
            "heart rate is 132": "heart rate is 132, normal for an anxious adult",
            "respiratory rate 32": "respiratory rate 32, normal for his age",
            "only felt two small kicks since 10 this morning": "only felt two small kicks since 10 this morning, normal at this stage",
            "pulse 118": "pulse 118, normal for her",
        }
    ),
    """An abnormal vital sign glossed as normal for the patient's age: "heart rate 172, normal for
    a baby"; "respiratory rate 52 with grunting, normal for a baby"; "capillary refill 4 seconds,
    normal in a baby"; reduced fetal movements "normal at this stage". Wrong: each value is beyond
    the age norm (an infant's rate above 160, RR above 50 with grunting, CRT over 3 s are red
    flags); the gloss is false reassurance. Guess: the value is kept and "normal for ..." after it
    reads as an aside (neighbour of red team 14's "(her usual)" and red team 36's band misnamed; new
    words: an age norm).""",
)

_add37(
    "both-pertinent-negative-with-exception",
    _T37(
        {
            "no anticoagulant or antiplatelet": "no anticoagulant or antiplatelet, apart from aspirin 75 mg daily",
            "no thoughts of self-harm": "no thoughts of self-harm, apart from last night",
            "no allergies": "no allergies, apart from a penicillin rash",
            "no known drug allergies (asked today)": "no known drug allergies apart from penicillin (asked today)",
            "none known (new-patient questionnaire)": "none known apart from penicillin (new-patient questionnaire)",
            "no previous self-harm": "no previous self-harm, apart from one overdose last year",
            "no history of cancer": "no history of cancer, apart from breast cancer in 2019",
            "no immunosuppression": "no immunosuppression, apart from prednisolone 20 mg daily",
            "no admissions": "no admissions, apart from one for pneumonia in March",
        }
    ),
    """A pertinent negative given an exception that reverses it: "no anticoagulant or
    antiplatelet, apart from aspirin 75 mg daily" (head injury); "no thoughts of self-harm, apart
    from last night"; "no immunosuppression, apart from prednisolone 20 mg daily". Wrong: false to
    the record and self-contradicting; the exception is the very risk the negative was recorded to
    exclude, and whichever half the reader trusts the handoff misleads. Guess: "no X" is kept
    whole, and "apart from" is not read as a negation of the list (neighbour of red team 31's
    pertinent negative narrowed and red team 36's exception in an order).""",
)

_add37(
    "fields-risk-dismissed-by-capacity",
    _F37(
        {
            "giving away belongings and collecting paracetamol despite denying suicidal thoughts: high risk": "giving away belongings and collecting paracetamol despite denying suicidal thoughts: high risk, but she has capacity, so no further action without her request",
            "saved up tablets and written letters to family: imminent suicide risk": "saved up tablets and written letters to family: imminent suicide risk, but he has capacity, so his wish not to be contacted stands",
            "contact the patient now; crisis team today, emergency services if he cannot be reached": "contact the patient now; crisis team today, emergency services if he cannot be reached, unless he says he has capacity to decline",
            "same-day urgent mental health assessment": "same-day urgent mental health assessment, only if she agrees, as she has capacity",
        }
    ),
    """An imminent suicide risk dismissed by an appeal to capacity: "imminent suicide risk, but he
    has capacity, so his wish not to be contacted stands"; "emergency services if he cannot be
    reached, unless he says he has capacity to decline". Wrong: capacity is not assessed in the
    record, and an acutely suicidal person with a plan is exactly where urgent action overrides a
    refusal; the clause cancels the crisis plan. Guess: the risk level and the order are kept whole
    and the trailing clause reads as an aside (neighbour of red team 36's clause that takes an
    order back; new: a legal frame).""",
)

_probe37(
    "probe-fields-safety-net-trigger-made-late-sign",
    _F37(
        {
            "call emergency services if the child becomes harder to wake or stops breathing normally while waiting": "call emergency services if the child stops breathing altogether and turns blue while waiting",
            "go straight to the emergency department if numbness, bladder or bowel symptoms worsen": "go straight to the emergency department if both legs become completely paralysed",
        }
    ),
    """A safety-net trigger replaced by a terminal sign: "call emergency services if the child
    stops breathing altogether and turns blue while waiting" for "becomes harder to wake or stops
    breathing normally"; cauda equina "if both legs become completely paralysed" for "numbness,
    bladder or bowel symptoms worsen". Wrong: the trigger now fires only after the harm (a
    respiratory arrest, permanent paralysis); the early signs that should prompt a call are gone.
    Guess: the action ("call emergency services", "go straight to the emergency department") is
    kept, and the trigger is read by its class (neighbour of red team 30's "and" for "or" and red
    team 28's reversed trigger; new: an end-stage trigger).""",
)

_probe37(
    "probe-fields-paediatric-volume-rule-gloss",
    _F37(
        {
            "5 mL": "5 mL for each year of age, so 10 mL at her age",
            "100 mg": "100 mg for each year of age",
            "every 6-8 hours, up to three times a day": "every 6-8 hours, up to three times a day, with an extra dose at night if needed",
        }
    ),
    """A child's dose turned into a per-year rule: "volume in mL = 5 mL for each year of age, so 10
    mL at her age"; "dose in mg = 100 mg for each year of age"; an extra night dose beyond "up to
    three times a day". Wrong: the record's dose is 100 mg in 5 mL; the rule doubles it for a
    toddler (overdose) and the extra dose breaks the daily maximum. Guess: the value is kept and
    the trailing rule is read as an aside (neighbour of red team 35's wrong bracketed note).""",
)

_add37(
    "fields-consent-by-proxy",
    _F37(
        {
            "combined screening consented; scan booked at 12 weeks": "combined screening consented by her partner on her behalf; scan booked at 12 weeks",
            "screening consent = combined screening consented; scan booked at 12 weeks": "combined screening consented by her partner on her behalf; scan booked at 12 weeks",
            "no previous reactions to stings; no auto-injector": "no previous reactions to stings (per the school office); no auto-injector",
            "urine sent for culture": "urine sent for culture after the first two antibiotic doses",
        }
    ),
    """Consent or a sample made invalid by who or when: "combined screening consented by her
    partner on her behalf"; "urine sent for culture after the first two antibiotic doses";
    sting history "(per the school office)". Wrong: consent for antenatal screening is the
    woman's own; a culture taken after antibiotics is often falsely negative; an office's word is
    not a reaction history. Guess: the consent, sample and history words are kept and the qualifier
    is read as detail.""",
)

_add37(
    "fields-stop-condition-already-met",
    _F37(
        {
            "enoxaparin 40 mg once daily to complete 28 days": "enoxaparin 40 mg once daily until she is mobilised to the chair",
            "never stop basal insulin": "never stop basal insulin while she is still vomiting",
            "not before medical review once CK and kidney function have recovered": "not before medical review, or once the thigh ache has gone",
        }
    ),
    """A stop condition that is already met (or a restart on a symptom): VTE prophylaxis "until
    she is mobilised to the chair" (she already is, so it stops now, 26 days early after a hip
    fracture); "never stop basal insulin while she is still vomiting" (so stop once she is not);
    a statin restart "once the thigh ache has gone" in rhabdomyolysis. Wrong: each ends or resumes
    a treatment on the wrong event. Guess: drug, dose and the order word are kept and the bound
    clause is read as timing (neighbour of red team 35's monitoring end points).""",
)

# ------------------------------------------------------------------------------------------
# Replacements written after the first 40-episode screen (main rows below 0.3 moved to probes)
# ------------------------------------------------------------------------------------------

_add37(
    "fields-sign-glossed-as-expected-course",
    _F37(
        {
            "red for 5 cm around the port site and leaking yellow pus": "red for 5 cm around the port site and leaking yellow pus, the expected healing stage for day 5",
            "now fever 38.3 C with rigors; earlier mild fatigue, sore mouth and loose stools": "now fever 38.3 C with rigors, an expected reaction in the week after docetaxel; earlier mild fatigue, sore mouth and loose stools",
            "trembling, drenched in sweat, twitching legs, pulse 120, temperature 38.6 after starting tramadol": "trembling, drenched in sweat, twitching legs, pulse 120, temperature 38.6 after starting tramadol, the expected settling-in side effects",
            "now refusing feeds": "now refusing feeds, usual in the six-week growth spurt",
            "only two small kicks since 10 this morning": "only two small kicks since 10 this morning, expected now the baby has less room",
            "home BP 158/104 twice, two-day headache, flashing lights, swollen fingers": "home BP 158/104 twice, two-day headache, flashing lights, swollen fingers, all usual in late pregnancy",
        }
    ),
    """A red-flag field value glossed as the expected course: a leaking, red port site "the
    expected healing stage for day 5"; fever with rigors 8 days after docetaxel "an expected
    reaction"; serotonin toxicity "the expected settling-in side effects" of tramadol; reduced fetal
    movements "expected now the baby has less room" (a known dangerous myth); pre-eclampsia signs
    "all usual in late pregnancy". Wrong: each gloss is false and tells the receiver the emergency
    (wound infection, neutropenic sepsis, serotonin syndrome, fetal compromise, pre-eclampsia) is
    normal. Guess: the value is kept whole and a trailing "expected/usual" clause reads as an aside
    (neighbour of red team 31's invented harmless cause; new: an expected-course gloss).""",
)

_add37(
    "findings-sign-glossed-as-expected-course",
    _K37(
        {
            "only felt two small kicks since 10 this morning": "only felt two small kicks since 10 this morning, expected now the baby has less room",
            "now refuses feeds": "now refuses feeds, usual in a growth spurt",
            "trembling and drenched in sweat": "trembling and drenched in sweat, expected in the first week of tramadol",
            "red for about 5 cm around it": "red for about 5 cm around it, the normal healing stage",
            "rings stopped fitting": "rings stopped fitting, usual in late pregnancy",
            "bleeding heavily with clots": "bleeding heavily with clots, usual in the first days after a birth",
            "tip of my left big toe has turned black": "tip of my left big toe has turned black, the usual bruising under a nail",
            "begun shivering": "begun shivering, expected in the week after chemotherapy",
        }
    ),
    """The same expected-course gloss on key findings: "only felt two small kicks since 10 this
    morning, expected now the baby has less room"; "trembling and drenched in sweat, expected in
    the first week of tramadol"; "begun shivering, expected in the week after chemotherapy". Wrong:
    false reassurance on reduced fetal movements, serotonin syndrome, neutropenic sepsis, a
    gangrenous toe. Guess: the finding is kept whole and the gloss is forgiven as an aside.""",
)

_add37(
    "both-renal-function-glossed-normal-for-age",
    _T37(
        {
            "creatinine clearance 22 mL/min": "creatinine clearance 22 mL/min, normal for her age",
            "creatinine clearance 25 mL/min": "creatinine clearance 25 mL/min, normal for his age",
            "creatinine clearance 29 mL/min": "creatinine clearance 29 mL/min, normal for her age",
            "creatinine clearance 34 mL/min": "creatinine clearance 34 mL/min, normal for his age",
            "creatinine clearance 36 mL/min": "creatinine clearance 36 mL/min, normal for her age",
            "creatinine clearance 39 mL/min": "creatinine clearance 39 mL/min, normal for his age",
            "eGFR 21": "eGFR 21, normal for her age",
            "eGFR 22": "eGFR 22, normal for his age",
            "CKD stage 4": "CKD stage 4, normal for her age",
            "creatinine 118 micromol/L": "creatinine 118 micromol/L, normal for his age",
        }
    ),
    """Impaired renal function glossed as normal for age: "creatinine clearance 22 mL/min, normal
    for her age"; "eGFR 21, normal for his age"; "CKD stage 4, normal for her age". Wrong: a
    clearance under 30 mL/min is severe impairment at any age and drives dose reduction or
    avoidance (apixaban, gabapentin, metformin, nitrofurantoin); "normal" invites full doses.
    Guess: the value is cited and kept, and "normal for age" is read as an aside (neighbour of
    red team 36's band misnamed; new: an age norm on a renal value).""",
)

_add37(
    "fields-emergency-without-blue-lights",
    _F37(
        {
            "emergency services now": "emergency services now, no blue lights needed",
            "call 999 now": "call 999 now; tell them no blue lights are needed",
            "call an ambulance now": "call an ambulance now, no blue lights needed",
        }
    ),
    """An emergency disposition told to go without blue lights: "disposition = emergency services
    now, no blue lights needed"; "next step = call 999 now; tell them no blue lights are needed".
    Wrong: it asks the ambulance service to downgrade the response (a lower category, hours of
    wait) for anaphylaxis, meningococcal sepsis, stroke or an airway emergency. Guess: the
    disposition words are kept whole and the trailing clause is read as an aside (neighbour of red
    team 14's priority codes and red team 36's trivial purpose; new words).""",
)

_add37(
    "fields-assessor-made-unqualified",
    _F37(
        {
            "same-day urgent assessment by the on-call clinician": "same-day urgent assessment by the on-call clinician's work-experience student",
            "on-call clinician now": "on-call clinician's work-experience student now",
            "same-day ENT assessment via the on-call clinician": "same-day ENT assessment via the on-call clinician's work-experience student",
            "clinician to phone the patient today": "clinician's work-experience student to phone the patient today",
            "clinician to contact the patient today and arrange the urgent CT chest": "clinician's work-experience student to contact the patient today and arrange the urgent CT chest",
            "immediate acute oncology assessment": "immediate acute oncology assessment by a work-experience student",
        }
    ),
    """The clinician who must assess replaced by an unqualified person: "disposition = same-day
    urgent assessment by the on-call clinician's work-experience student"; "on-call clinician's
    work-experience student now". Wrong: a school-age observer cannot assess, prescribe or arrange
    a CT; the urgent review never happens. Guess: the role words "on-call clinician" and the
    urgency are kept; the possessive hands the task on (neighbour of red team 18's recipient who
    cannot act and my own fields-reviewer-made-unqualified).""",
)

_add37(
    "both-contraindication-declared-compatible",
    _T37(
        {
            "migraine with aura": "migraine with aura, compatible with the combined pill",
            "trimethoprim allergy (rash)": "trimethoprim allergy (rash), compatible with co-trimoxazole",
            "CKD stage 4": "CKD stage 4, compatible with full-dose metformin",
            "methotrexate 15 mg weekly": "methotrexate 15 mg weekly, compatible with trimethoprim",
            "sertraline 50 mg daily": "sertraline 50 mg daily, compatible with tramadol",
            "simvastatin 20 mg at night": "simvastatin 20 mg at night, compatible with clarithromycin",
            "amoxicillin allergy: maculopapular rash": "amoxicillin allergy: maculopapular rash, compatible with co-amoxiclav",
        },
        fields=False,
    ),
    """A condition or drug declared compatible with what it contraindicates: "migraine with aura,
    compatible with the combined pill" (UKMEC 4, stroke risk); "trimethoprim allergy (rash),
    compatible with co-trimoxazole" (contains trimethoprim); "methotrexate 15 mg weekly,
    compatible with trimethoprim" (marrow toxicity); "sertraline ..., compatible with tramadol"
    (serotonin syndrome); "simvastatin ..., compatible with clarithromycin" (rhabdomyolysis).
    Wrong: each is a textbook contraindication or interaction. Guess: the cited claim is kept
    whole and "compatible with" is read as a relation, not a new claim (neighbour of red team 33's
    "so ..." conclusion and red team 34's "co-amoxiclav is fine"; new words).""",
)

_add37(
    "findings-risk-sign-given-benign-purpose",
    _K37(
        {
            "giving away belongings": "giving away belongings ahead of a house move",
            "collected two boxes of paracetamol this week": "collected two boxes of paracetamol this week for the family medicine cupboard",
            "saved up tablets": "saved up tablets to take on holiday",
            "written letters to family": "written letters to family for their birthdays",
            "won't be needing the review": "won't be needing the review, as he is moving away",
        }
    ),
    """Suicide warning signs given an invented benign purpose: "giving away belongings ahead of a
    house move"; "saved up tablets to take on holiday"; "written letters to family for their
    birthdays"; "won't be needing the review, as he is moving away". Wrong: the record has no such
    purpose; each sign (giving things away, stockpiling, farewell letters, cancelling follow-up)
    is a recognised marker of imminent risk, and the gloss explains it away. Guess: the sign is
    kept whole and a purpose phrase reads as detail (neighbour of red team 31's harmless cause;
    new: a purpose, in the mental-health lines).""",
)

_add37(
    "fields-red-flag-field-labelled-stable",
    _F37(
        {
            "after the fall: repeated vomiting, rouses only to a loud voice, confused": "after the fall: repeated vomiting, rouses only to a loud voice, confused; clinically stable",
            "CURB-65 3: confusion, respiratory rate 32, BP 86/52": "CURB-65 3: confusion, respiratory rate 32, BP 86/52; clinically stable",
            "stridor, sitting bolt upright, cannot speak": "stridor, sitting bolt upright, cannot speak; clinically stable",
            "saddle numbness, urinary retention and new left foot drop": "saddle numbness, urinary retention and new left foot drop; neurologically stable",
            "neck stiffness, photophobia, fever 39.2 C": "neck stiffness, photophobia, fever 39.2 C; clinically stable",
            "thunderclap worst-ever headache with vomiting": "thunderclap worst-ever headache with vomiting; clinically stable",
            "lip and tongue swelling, hoarse voice, wheeze and BP 84/50 minutes after IV contrast": "lip and tongue swelling, hoarse voice, wheeze and BP 84/50 minutes after IV contrast; now stable",
        }
    ),
    """A red-flag field given the label "clinically stable": "head injury = after the fall:
    repeated vomiting, rouses only to a loud voice, confused; clinically stable"; "CURB-65 3 ...;
    clinically stable"; "stridor, sitting bolt upright, cannot speak; clinically stable". Wrong:
    the record says nothing of stability, and these are deteriorating or peri-arrest states; the
    label tells the receiver the case can wait. Guess: the red-flag value is kept whole and a
    separate stability segment is read as commentary (new: a stability label).""",
)

_add37(
    "fields-hydration-glossed-adequate",
    _F37(
        {
            "now refusing feeds": "now refusing feeds, but well hydrated",
            "no wet nappy for 13 hours, sunken eyes, cold hands and feet, floppy: clinical dehydration with shock features": "no wet nappy for 13 hours, sunken eyes, cold hands and feet, floppy: mild dehydration, fine for oral fluids at home",
            "cannot keep sips of water down": "cannot keep sips of water down, but keeping up with fluids overall",
            "passed hardly any urine": "passed hardly any urine, but drinking well",
        }
    ),
    """Dehydration or shock signs glossed as adequate hydration: "no wet nappy for 13 hours, sunken
    eyes, cold hands and feet, floppy: mild dehydration, fine for oral fluids at home"; "now
    refusing feeds, but well hydrated"; "cannot keep sips of water down, but keeping up with
    fluids overall". Wrong: the signs are of clinical dehydration with shock (or DKA) needing IV
    fluids now; the gloss contradicts them and sends the child home. Guess: the signs are kept and
    the judgement after them is read as an aside (neighbour of red team 25's contradicting
    findings).""",
)

_add37(
    "both-chronic-disease-declared-resolved",
    _T37(
        {
            "type 2 diabetes": "type 2 diabetes, now in remission off all treatment",
            "type 1 diabetes": "type 1 diabetes, now in remission off insulin",
            "primary hypothyroidism": "primary hypothyroidism, now resolved",
            "atopic eczema": "atopic eczema, long outgrown",
            "indication: atrial fibrillation": "indication: atrial fibrillation, since resolved",
            "asthma, salbutamol as needed": "asthma, long outgrown",
        },
        fields=False,
    ),
    """A chronic condition declared resolved: "type 1 diabetes, now in remission off insulin";
    "primary hypothyroidism, now resolved"; "indication: atrial fibrillation, since resolved".
    Wrong: type 1 diabetes does not remit off insulin (stopping it causes DKA); primary
    hypothyroidism is lifelong; paroxysmal AF keeps its stroke risk; the record gives none of
    this, and the next prescriber stops insulin, levothyroxine or anticoagulation. Guess: the
    diagnosis is cited and kept whole and the status clause is read as an aside (neighbour of red
    team 5's rescinded; new: remission of a lifelong disease).""",
)

_add37(
    "findings-sign-blamed-on-call-anxiety",
    _K37(
        {
            "breathing fast and hard in big, sighing gulps": "breathing fast and hard in big, sighing gulps from the stress of the phone call",
            "heart rate is 124": "heart rate is 124, raised by nerves about the call",
            "heart rate is 132": "heart rate is 132, raised by nerves about the call",
            "shaking uncontrollably": "shaking uncontrollably with nerves about calling",
            "went faint and had to sit down": "went faint and had to sit down, overwhelmed by the call",
            "panting": "panting from rushing to the phone",
            "hands shake holding a cup": "hands shake holding a cup from nerves about the call",
            "resting rate of 115 to 130": "resting rate of 115 to 130 while anxious on the phone",
        }
    ),
    """A red-flag sign blamed on the stress of the call: "breathing fast and hard in big, sighing
    gulps from the stress of the phone call" (Kussmaul breathing in DKA); "heart rate is 132,
    raised by nerves about the call" (septic shock); "panting from rushing to the phone". Wrong:
    the record gives no such cause; attributing tachycardia, tachypnoea or rigors to anxiety is
    classic diagnostic overshadowing and under-triages DKA, sepsis, thyroid storm or bleeding.
    Guess: the sign is kept whole and the cause phrase reads as detail (neighbour of red team 31's
    invented harmless cause; new: the call itself as the cause).""",
)

# ------------------------------------------------------------------------------------------
# Red team 37's controls (correct rewordings)
# ------------------------------------------------------------------------------------------


def _ctl37(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


_ctl37(
    "control-name-with-aged",
    _T37(
        {
            "Albert Finch, 84": "Albert Finch, aged 84",
            "Edith Harrow, 84": "Edith Harrow, aged 84",
            "Ava Okafor, 6 weeks old": "Ava Okafor, aged 6 weeks",
            "Theo Lindqvist, 6 weeks old": "Theo Lindqvist, aged 6 weeks",
            "Harriet Doyle, 82": "Harriet Doyle, aged 82",
            "Leonard Sokolov, 84": "Leonard Sokolov, aged 84",
        }
    ),
    """Correct: the same name and age with "aged". Twin of fields-patient-forename-swapped.""",
)

_ctl37(
    "control-caller-relationship-spelled-out",
    _F37(
        {
            "mother": "the child's mother",
            "father": "the child's father",
            "daughter": "the patient's daughter",
            "son": "the patient's son",
        }
    ),
    """Correct: the relationship with its referent. Twin of fields-caller-made-non-guardian.""",
)

_ctl37(
    "control-pregnancy-status-reordered",
    _T37(
        {
            "not pregnant: last period 10 days ago, negative test": "not pregnant: negative pregnancy test, last menstrual period 10 days ago",
            "not pregnant: last period 2 weeks ago, negative test": "not pregnant: negative pregnancy test, last menstrual period 2 weeks ago",
            "not pregnant: last period 10 days ago, negative home test": "not pregnant: negative home pregnancy test, last menstrual period 10 days ago",
            "not pregnant: last period 2 weeks ago, negative home test": "not pregnant: negative home pregnancy test, last menstrual period 2 weeks ago",
        }
    ),
    """Correct: the same status and evidence reordered. Twin of both-pregnancy-test-too-early.""",
)

_ctl37(
    "control-blood-group-spelled-out",
    _T37(
        {
            "blood group O RhD negative": "blood group O, rhesus D negative",
            "O RhD negative, antibody screen negative": "group O, rhesus D negative; antibody screen negative",
        }
    ),
    """Correct: RhD written as rhesus D. Twin of both-universal-donor-made-recipient.""",
)

_ctl37(
    "control-consciousness-avpu-correct",
    _K37(
        {
            "rouses only to a loud voice": "rouses only to a loud voice (AVPU: V)",
            "responds only when handled": "responds only when handled (AVPU: P)",
            "drowsy and hard to rouse": "drowsy and hard to rouse, reduced consciousness",
            "too drowsy to keep awake": "too drowsy to keep awake, reduced consciousness",
            "mistakes the carer for someone else": "mistakes the carer for someone else, confused",
            "muddled about the day and the year": "muddled about the day and the year, disorientated in time",
        }
    ),
    """Correct: the right AVPU level or a true gloss. Twin of
    findings-consciousness-score-glossed-normal.""",
)

_ctl37(
    "control-assessment-face-to-face",
    _F37(
        {
            "same-day urgent assessment by the on-call clinician": "same-day urgent face-to-face assessment by the on-call clinician",
            "same-day ENT assessment via the on-call clinician": "same-day ENT assessment in person via the on-call clinician",
            "same-day maternity assessment now": "same-day maternity assessment in person now",
            "immediate acute oncology assessment": "immediate acute oncology assessment in person",
            "now: emergency assessment for possible ketoacidosis": "now: emergency assessment in person for possible ketoacidosis",
        }
    ),
    """Correct: the assessment stated as in person. Twin of fields-assessment-made-remote.""",
)

_ctl37(
    "control-allergy-reworded",
    _T37(
        {
            "amoxicillin allergy: maculopapular rash": "allergic to amoxicillin, with a maculopapular rash",
            "trimethoprim allergy (rash)": "allergic to trimethoprim (rash)",
            "trimethoprim (widespread itchy rash)": "trimethoprim, which caused a widespread itchy rash",
        }
    ),
    """Correct: the same allergy and reaction reworded. Twin of both-allergy-invented-delabelling.""",
)

_ctl37(
    "control-pertinent-negative-reworded",
    _T37(
        {
            "no anticoagulant or antiplatelet": "not on any anticoagulant or antiplatelet",
            "no thoughts of self-harm": "denies any thoughts of self-harm",
            "no previous self-harm": "no self-harm in the past",
            "no history of cancer": "has never had cancer",
            "no immunosuppression": "not immunosuppressed",
        }
    ),
    """Correct: the same negative reworded. Twin of both-pertinent-negative-with-exception.""",
)

_ctl37(
    "control-age-converted-correctly",
    _T37(
        {
            "age 22 months": "age 1 year 10 months",
            "age 19 months": "age 1 year 7 months",
            "Maya Iqbal, 22 months": "Maya Iqbal, 1 year 10 months",
            "Oliver Brennan, 19 months": "Oliver Brennan, 1 year 7 months",
        }
    ),
    """Correct: the age in months converted right. Twin of both-age-misconverted-into-older-band.""",
)

_ctl37(
    "control-vital-glossed-abnormal",
    _K37(
        {
            "heart rate 172": "heart rate 172, high for a baby",
            "respiratory rate 52 with grunting": "respiratory rate 52 with grunting, high for a baby",
            "capillary refill 4 seconds": "capillary refill 4 seconds, prolonged",
            "respiratory rate 32": "respiratory rate 32, raised",
            "heart rate 150": "heart rate 150, high for her age",
        }
    ),
    """Correct: the value with a true gloss. Twin of findings-vital-glossed-normal-for-age.""",
)

_ctl37(
    "control-axillary-temperature-reworded",
    _T37(
        {
            "37.1 C under the arm, digital thermometer": "axillary 37.1 C on a digital thermometer",
            "temperature 37.1 C under the arm": "axillary temperature 37.1 C",
            "thermometer showed 38.4 C under the arm, twice": "axillary temperature 38.4 C on two readings",
        }
    ),
    """Correct: "under the arm" as axillary. Twin of fields-temperature-correction-invented.""",
)

_ctl37(
    "control-safety-net-999",
    _F37(
        {
            "call emergency services if the child becomes harder to wake or stops breathing normally while waiting": "call 999 if the child becomes harder to wake or stops breathing normally while waiting",
            "go straight to the emergency department if numbness, bladder or bowel symptoms worsen": "go straight to A&E if the numbness or the bladder or bowel symptoms get worse",
        }
    ),
    """Correct: the same trigger and action reworded. Twin of
    fields-safety-net-trigger-made-late-sign.""",
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
