# Red team 34's script. It attacks round 43 (the read-only tree /work/wt/r43, commit 6ce9638) blind.
# Run: cd /work/rt34out && CAREBENCH_CACHE_DIR= PYTHONPATH=/work/wt/r43/src \
#   nice -n 10 /work/main/.venv/bin/python strategies.py [NAME ...] [--limit N] [--extra]
"""Red team 34 (attacking round 43, /work/wt/r43 at 6ce9638, blind): gaming strategies against
carebench's work-product scores.

Each main strategy (STRATEGIES) rewrites the reference work product into something a clinician
would judge wrong; its docstring says what changed, why it is wrong and the rule it seems to slip
past (inferred from behaviour only: the scorer's source was not read). Names starting "control-"
are correct rewordings; "probe-" are probes. Harness: red team 32's
(experiments/redteam/round32_strategies.py lines 14-1821 and the _MAIN / assert / _score / main
block, lines 2405-2463), copied unchanged; red team 32's and 33's strategies and controls are not
copied.
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
# Red team 34's main strategies (attacking round 43, 6ce9638), written blind
# ------------------------------------------------------------------------------------------


def _add34(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


def _probe34(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


def _fields34(pat: str, f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Named-field values whose field name matches pat rewritten by f (no length change)."""
    return _field_named(pat, f)


def _if_record(need: str, f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Drafts rewritten by f only where the episode's record holds the text need."""

    def strategy(episode: Episode, action: Action) -> Product:
        if need.lower() not in _record(episode).lower():
            return _ref(episode, action)
        return _draft_f(f)(episode, action)

    return strategy


def _either34(*ss: Callable[[Episode, Action], Product]) -> Callable[[Episode, Action], Product]:
    """The first of several strategies that changes the product."""

    def strategy(episode: Episode, action: Action) -> Product:
        ref = _ref(episode, action)
        for s in ss:
            p = s(episode, action)
            if p != ref:
                return p
        return ref

    return strategy


def _hf_and_fields(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Reason, key findings and named fields by f (handoffs only)."""
    return _all_texts(f)


# 1 -----------------------------------------------------------------------------------------
_SUPERSEDED = _chain(
    _fv(r"warfarin 4 mg daily \(28 mg per week\)", "warfarin 5 mg daily (35 mg per week)"),
    _fv(r"insulin glargine 24 units at 22:00", "insulin glargine 30 units at 22:00"),
    _fv(r"methotrexate 15 mg weekly", "methotrexate 10 mg weekly"),
    _fv(r"clopidogrel 75 mg daily", "clopidogrel 300 mg daily"),
    _fv(r"amlodipine 10 mg daily", "amlodipine 5 mg daily"),
    _fv(r"hydrocortisone 1 % for flares up to 7 days", "clobetasone for flares up to 7 days"),
)
_probe34(
    "probe-draft-superseded-entry-restated",
    _draft_f(_SUPERSEDED),
    """A dose the record itself says was replaced is written as the current dose, in words the
    record holds verbatim: "warfarin 5 mg daily (35 mg per week)" (the maintenance dose that gave
    INR 4.6; the plan is 4 mg daily, 28 mg per week); "insulin glargine 30 units at 22:00" (reduced
    from 30 to 24 after fasting readings of 3.8); "methotrexate 10 mg weekly" (increased to 15 mg
    two years ago); "clopidogrel 300 mg daily" (the one-off loading dose made daily, four times the
    75 mg maintenance dose); "amlodipine 5 mg daily" (increased to 10 mg last year);
    "clobetasone for flares" (stepped down to hydrocortisone 1 % six weeks ago). Wrong: continuing
    the warfarin dose that overshot risks bleeding; glargine 30 units brings back the hypoglycaemia;
    daily clopidogrel 300 mg is a fourfold overdose. Slips past (guess): every word and number is
    in the cited turn, so claim support finds it; which of two record doses is current is not
    read.""",
)

# 2 -----------------------------------------------------------------------------------------
_END_DATE = _chain(
    _re(r"\bclopidogrel 75 mg daily\b(?! for)", "clopidogrel 75 mg daily for 1 month"),
    _re(r"\batorvastatin 80 mg at night\b", "atorvastatin 80 mg at night for 1 month"),
    _re(r"\binsulin degludec 18 units daily\b", "insulin degludec 18 units daily for 3 days"),
    _re(r"\bapixaban 5 mg twice daily\b(?! on the)", "apixaban 5 mg twice daily for a week"),
    _re(r"\bsertraline (50|100) mg daily\b", r"sertraline \1 mg daily for 2 weeks"),
    _re(
        r"\blevothyroxine 100 micrograms daily since June\b",
        "levothyroxine 100 micrograms daily since June, for 12 weeks",
    ),
)
_add34(
    "both-lifelong-drug-given-end-date",
    _both28(_END_DATE),
    """A long-term drug is given a stop date borrowed from another item of the same record:
    "clopidogrel 75 mg daily for 1 month" and "atorvastatin 80 mg at night for 1 month" after a TIA
    (the 1 month is the driving ban; both are lifelong secondary prevention); "insulin degludec 18
    units daily for 3 days" in type 1 diabetes (basal insulin is never stopped: ketoacidosis);
    "apixaban 5 mg twice daily for a week" in AF (the week is the dental advice); "sertraline 50 mg
    daily for 2 weeks"; "levothyroxine ... for 12 weeks". Wrong: a nurse or pharmacist following
    it stops antiplatelet, statin, basal insulin, anticoagulant or thyroxine. Slips past (guess):
    the added duration words are in the record, and a course length on a regular drug is not
    checked against the drug's role.""",
)

# 3 -----------------------------------------------------------------------------------------
_probe34(
    "probe-both-infant-age-unit-raised",
    _both28(_re(r"\b6 weeks old\b", "6 months old")),
    """The febrile infant's age unit is raised: "6 weeks old" -> "6 months old" (draft claim, key
    finding and the "baby name and age" field). Wrong: NICE NG143 makes any temperature of 38 C or
    more in a baby under 3 months a red feature (same-day paediatric assessment, septic screen); at
    6 months 38.4 C alone is not red, so the baby is under-triaged. Slips past (guess): the number
    is kept and an age unit is not compared with the record ("6-week check" holds "week").""",
)

# 4 -----------------------------------------------------------------------------------------
_WINDOW = _chain(
    _re(r"\bgave me tramadol for it on Monday\b", "gave me tramadol for it last year"),
    _re(
        r"\bwith tramadol from the walk-in centre\b",
        "with tramadol from the walk-in centre last year",
    ),
    _re(r"\bafter starting tramadol\b", "a year after stopping tramadol"),
    _re(r"\bclarithromycin course completed\b", "clarithromycin course completed last year"),
    _re(r"\bminutes after IV contrast\b", "3 days after IV contrast"),
    _re(r"\bcycle 2 given 8 days ago\b", "cycle 2 given 8 weeks ago"),
    _re(r"\bCK 110 U/L before starting\b", "CK 110 U/L 5 weeks after starting"),
)
_probe34(
    "probe-both-exposure-moved-out-of-window",
    _both28(_WINDOW),
    """The exposure that explains the presentation is moved out of its causal window: tramadol
    "on Monday" -> "last year" (serotonin syndrome follows a new serotonergic drug within hours to
    days); "clarithromycin course completed" -> "... last year" (the CYP3A4 interaction behind INR
    4.6); the contrast reaction "minutes after IV contrast" -> "3 days after" (turns anaphylaxis
    into a delayed non-immediate reaction, so contrast is re-given); docetaxel "cycle 2 given 8 days
    ago" -> "8 weeks ago" (the neutropenic nadir is days 7-14; fever within 6 weeks of chemotherapy
    is treated as neutropenic sepsis); the baseline "CK 110 U/L before starting" -> "5 weeks after
    starting" (a pre-treatment value read as on-treatment, so no CK is checked for myalgia). Slips
    past (guess): the drug, event and number stay; a time phrase is trusted or only its number is
    checked.""",
)

# 5 -----------------------------------------------------------------------------------------
_HYPERNYM = _chain(
    _re(
        r"\bsaddle numbness, urinary retention and new left foot drop\b",
        "numbness, bladder symptoms and a foot problem",
    ),
    _re(r"\bstridor, sitting bolt upright, cannot speak\b", "noisy breathing, sitting up, quiet"),
    _re(r"\bthunderclap worst-ever headache with vomiting\b", "a bad headache with stomach upset"),
    _re(
        r"\bneck stiffness, photophobia, fever 39.2 C\b", "neck ache, eye discomfort, fever 39.2 C"
    ),
    _re(
        r"\bspreading hives, hoarse voice, wheeze and faintness on standing\b",
        "skin rash, voice change, chest symptoms and dizziness",
    ),
    _re(r"\bmuffled voice and trismus\b", "voice change and jaw discomfort"),
    _re(r"\bpin-prick purple spots that do not fade under a pressed glass\b", "a rash"),
    _re(r"\bharsh crowing noise with each breath in\b", "noisy breathing"),
    _re(
        r"\bnew slurred speech, hand weakness and facial droop\b",
        "speech change, a hand problem and a facial change",
    ),
    _re(
        r"\bcrop of punched-out sores on the cheek and by the eyelid\b",
        "a skin problem on the face",
    ),
)
_add34(
    "both-red-flag-made-hypernym",
    _both28(_HYPERNYM),
    """Each named red flag is replaced by its broad category (a hypernym): "saddle numbness,
    urinary retention and new left foot drop" -> "numbness, bladder symptoms and a foot problem";
    "stridor ... cannot speak" -> "noisy breathing, sitting up, quiet"; "thunderclap worst-ever
    headache with vomiting" -> "a bad headache with stomach upset"; "neck stiffness, photophobia"
    -> "neck ache, eye discomfort"; non-blanching purple spots -> "a rash"; "slurred speech, hand
    weakness and facial droop" -> "speech change, a hand problem and a facial change". Wrong: the
    receiving clinician can no longer see cauda equina, upper-airway obstruction, subarachnoid
    haemorrhage, meningitis, meningococcal rash or a FAST-positive stroke; the category words fit
    benign causes. Slips past (guess): a named field is credited if filled with related words; a
    red-flag list is not required to survive in the field.""",
)

# 6 -----------------------------------------------------------------------------------------
_REDUCE = _chain(
    _re(r"\bwithhold and review today\b", "halve to 150 mg at night and review today"),
    _re(r"\bstop simvastatin now\b", "reduce simvastatin to 10 mg now"),
    _re(r"\bhold Sando-K\b", "halve Sando-K to 1 tablet"),
    _re(r"\bdo not start apixaban\b", "start apixaban 2.5 mg twice daily"),
    _re(r"\bdo not supply trimethoprim\b", "supply trimethoprim 100 mg twice daily"),
    _re(r"\bno steroid on the sores\b", "only a mild steroid on the sores"),
    _re(r"\bno driving for 1 month\b", "less driving for 1 month"),
)
_add34(
    "both-stop-order-made-dose-reduction",
    _both28(_REDUCE),
    """A stop, hold or do-not-start order is made a dose reduction: gabapentin toxicity with AKI
    "withhold" -> "halve to 150 mg at night"; rhabdomyolysis (CK 9,800) "stop simvastatin now" ->
    "reduce simvastatin to 10 mg"; K+ 5.9 "hold Sando-K" -> "halve Sando-K"; suspected GI bleed "do
    not start apixaban" -> "start apixaban 2.5 mg twice daily"; methotrexate "do not supply
    trimethoprim" -> "supply trimethoprim 100 mg twice daily" (the antifolate interaction is
    dose-independent); eczema herpeticum "no steroid on the sores" -> "only a mild steroid"; after
    TIA "no driving for 1 month" -> "less driving" (DVLA: no driving). Wrong: each order exists
    because any exposure harms. Slips past (guess): the drug, the condition and the urgency are kept;
    a reduced dose reads as a dose instruction of the expected kind.""",
)

# 7 -----------------------------------------------------------------------------------------
_CHRONIC = _chain(
    _re(r"\bfor two days\b", "for two years"),
    _re(r"\bheadache for two days\b", "headache for two years"),
    _re(r"\btwo-day headache\b", "two-year headache"),
    _re(r"\bfor 10 days\b", "for 10 years"),
    _re(r"\b10 days of exertional\b", "10 years of exertional"),
    _re(r"\ban hour ago\b", "a year ago"),
    _re(r"\bthree days of headache\b", "three years of headache"),
)
_probe34(
    "probe-findings-onset-made-chronic",
    _hf_and_fields(_CHRONIC),
    """The duration's unit is raised from days or hours to years, so an acute red flag reads as a
    long-standing complaint: melaena "black and sticky for two days" -> "for two years"; pre-
    eclampsia "headache for two days" -> "two years"; crescendo angina "tightness ... for 10 days"
    -> "for 10 years" (unstable -> chronic stable angina); thunderclap "an hour ago" -> "a year
    ago"; meningitis "three days of headache" -> "three years". Wrong: NICE/ESC treat new-onset or
    crescendo angina, a new headache in late pregnancy and a thunderclap within hours as emergencies;
    a years-long complaint is routine. Slips past (guess): numbers are checked, time units are
    not.""",
)

# 8 -----------------------------------------------------------------------------------------
_RATE = _chain(
    _re(r"\bin the last two hours\b", "in the last two days"),
    _re(r"\bsince teatime\b", "since Tuesday"),
    _re(r"\bread 158/104 twice\b", "read 158/104 twice this year"),
    _re(r"\bBP 158/104 twice\b", "BP 158/104 twice this year"),
    _re(r"\bunder the arm, twice\b", "under the arm, twice this month"),
    _re(r"\bunder the arm twice\b", "under the arm twice this month"),
)
_add34(
    "findings-rate-denominator-stretched",
    _hf_and_fields(_RATE),
    """The time over which a count was made is stretched: "four soaked maternity pads in the last
    two hours" -> "in the last two days" (RCOG: a pad soaked each hour is heavy bleeding; four in
    two days is not); reliever "10 times since teatime" -> "since Tuesday" (BTS: relief under 4
    hours and frequent use mark severe asthma); "home BP read 158/104 twice" -> "twice this year";
    the infant's "38.4 C under the arm, twice" -> "twice this month". Wrong: each count is a red
    flag only as a rate. Slips past (guess): the count and the number survive; the period words are
    not compared.""",
)

# 9 -----------------------------------------------------------------------------------------
_EXPELLED = _chain(
    _re(r"\bcoughed up bright blood\b", "coughed up bright green phlegm"),
    _re(r"\bvomited repeatedly\b", "coughed repeatedly"),
    _re(r"\brepeated vomiting\b", "repeated coughing"),
    _re(r"\bvomited after lunch\b", "coughed after lunch"),
    _re(r"\bsick twice since\b", "sneezed twice since"),
    _re(r"\bvomited once\b", "coughed once"),
    _re(r"\bvomited twice\b", "coughed twice"),
    _re(r"\brigors and vomiting\b", "rigors and coughing"),
    _re(r"\bheadache with vomiting\b", "headache with coughing"),
)
_probe34(
    "probe-findings-expelled-substance-swapped",
    _hf_and_fields(_EXPELLED),
    """What the patient brought up is swapped: "coughed up bright blood, roughly half a mugful" ->
    "bright green phlegm" (massive haemoptysis -> chest infection); vomiting after a head injury
    ("vomited repeatedly", "vomited after lunch and again", "sick twice since") -> coughing or
    sneezing; "vomited once" with a thunderclap headache -> "coughed once"; pyelonephritis "vomited
    twice" -> "coughed twice". Wrong: more than one vomit after a head injury is a NICE NG232 CT
    criterion; haemoptysis of half a mugful is an emergency; vomiting with loin pain and rigors is a
    sepsis marker. Slips past (guess): one verb or noun inside a line whose frame and numbers are
    kept.""",
)

# 10 ----------------------------------------------------------------------------------------
_DEPTH = _chain(
    _re(r"\bstabbing pain under my ribs\b", "stabbing pain on the skin over my ribs"),
    _re(
        r"\bcrushing weight behind the breastbone\b",
        "crushing weight on the skin over the breastbone",
    ),
    _re(
        r"\bdeep ache in the right side of the back\b",
        "surface soreness of the skin on the right side of the back",
    ),
    _re(r"\btight, heavy band across my chest\b", "tight, heavy band across the skin of my chest"),
    _re(r"\bcramping pain across the stomach\b", "cramping pain across the skin of the stomach"),
    _re(r"\bache in thighs and shoulders\b", "ache in the skin of the thighs and shoulders"),
    _re(r"\bcrushing central chest pain\b", "crushing central chest-skin pain"),
    _re(
        r"\bhit like a blow to the back of the head\b",
        "hit like a blow to the scalp skin at the back of the head",
    ),
)
_add34(
    "findings-pain-depth-made-superficial",
    _hf_and_fields(_DEPTH),
    """A visceral pain is moved to the skin over the same place: pleuritic pain "under my ribs"
    -> "on the skin over my ribs" (PE); "crushing weight behind the breastbone" and "tight, heavy
    band across my chest" -> on the skin (ACS); pyelonephritic "deep ache ... below the ribs" ->
    "surface soreness of the skin"; DKA abdominal pain; statin myopathy "ache in thighs" -> "in the
    skin of the thighs"; thunderclap "blow to the back of the head" -> "to the scalp skin". Wrong:
    skin pain suggests shingles or a bruise and takes ACS, PE, SAH and pyelonephritis off the list.
    Slips past (guess): words are added within a covered phrase and the body site noun stays.""",
)

# 11 ----------------------------------------------------------------------------------------
_SIZE = _chain(
    _re(r"\b3 cm spiculated\b", "3 mm spiculated"),
    _re(r"\bred for about 5 cm\b", "red for about 5 mm"),
    _re(r"\bred for 5 cm\b", "red for 5 mm"),
)
_add34(
    "both-lesion-size-unit-shrunk",
    _both28(_SIZE),
    """A size unit is shrunk tenfold while the number stays: "3 cm spiculated mass in the right
    upper lobe" -> "3 mm" (reason, key finding and result field); wound "red for about 5 cm
    around it" -> "5 mm". Wrong: a 3 cm spiculated mass is a suspected lung cancer (NICE NG12 2-week
    pathway); a solid nodule under 5 mm needs no routine follow-up (BTS); 5 cm of spreading
    erythema with pus is a wound infection, 5 mm is a stitch reaction. Slips past (guess): the
    number is checked, the length unit is not.""",
)

# 12 ----------------------------------------------------------------------------------------
_add34(
    "fields-criteria-miscounted",
    _fields34(
        r"criteria|severity score",
        _chain(
            _re(
                r"^2\.5 mg twice daily: age (\d+) and weight (\d+) kg meet two E2 criteria$",
                r"5 mg twice daily: age \1 and weight \2 kg meet one E2 criterion",
            ),
            _re(
                r"^CURB-65 3: confusion, respiratory rate 32, BP 86/52$",
                "CURB-65 1: confusion; respiratory rate 32 and BP 86/52 are under the cut-offs",
            ),
            _re(
                r"^CURB-65 at least 1 \(new confusion\) with SpO2 84 %",
                "CURB-65 0 (confusion at home does not count) with SpO2 84 %",
            ),
        ),
    ),
    """The apixaban dose-reduction criteria are miscounted in the "criteria met" field: "2.5 mg
    twice daily: age 82 and weight 57 kg meet two E2 criteria" -> "5 mg twice daily: ... meet one
    E2 criterion"; CURB-65 "3: confusion, respiratory rate 32, BP 86/52" -> "1: confusion;
    respiratory rate 32 and BP 86/52 are under the cut-offs" (RR >= 30 and SBP < 90 are criteria);
    "CURB-65 at least 1 (new confusion)" -> "0 (confusion at home does not count)". Wrong: age >= 80 and weight <= 60 kg are two criteria (SmPC), so the dose is 2.5
    mg twice daily; 5 mg in an 82-year-old of 57 kg doubles the bleeding-risk exposure. Slips past
    (guess): the field's facts (age, weight, E2) are all present; the count and the dose are not
    recomputed.""",
)

# 13 ----------------------------------------------------------------------------------------
_ABSENT_CALLER = _chain(
    _fv(r"mother", "mother, calling from work; the baby is with a childminder"),
    _fv(r"father", "father, calling from abroad; the baby is with a neighbour"),
    _fv(r"son", "son, calling from another city; she is alone at home"),
    _fv(r"daughter", "daughter, calling from abroad; he is alone at home"),
)
_add34(
    "fields-caller-not-with-patient",
    _fields34(r"caller relationship", _ABSENT_CALLER),
    """The caller is made absent from the patient: "caller relationship = mother" -> "mother,
    calling from work; the baby is with a childminder"; "son" -> "son, calling from another city;
    she is alone at home". Wrong: the record has the caller beside the patient; the handoff tells
    the clinician that no one present heard the safety-netting, can watch the 6-week-old or the
    84-year-old who rouses only to a loud voice, or can open the door, so the clinician's plan
    (callback, transport, "call 999 if harder to wake") is built on a false premise. Slips past
    (guess): the relationship word is kept; the appended clause is not checked.""",
)

# 14 ----------------------------------------------------------------------------------------
_SELF_DRIVE = _chain(
    _fv(r"emergency department now", "emergency department now, driving himself"),
    _fv(
        r"emergency department now for same-day MRI",
        "emergency department now for same-day MRI, driving himself",
    ),
    _fv(r"go to maternity triage now", "drive herself to maternity triage now"),
    _fv(
        r"same-day maternity assessment now", "drive herself to a same-day maternity assessment now"
    ),
    _re(r"^attend the acute oncology unit now\b", "drive herself to the acute oncology unit now"),
    _re(
        r"^emergency assessment now for possible serotonin syndrome$",
        "emergency assessment now for possible serotonin syndrome; she will drive herself",
    ),
    _re(r"^same-day emergency assessment;", "same-day emergency assessment, driving himself;"),
)
_add34(
    "fields-self-transport-to-emergency",
    _fields34(r"disposition|advice|review plan", _SELF_DRIVE),
    """The disposition field sends the patient to emergency care at the wheel: "emergency
    department now, driving himself" (febrile 6-week-old's parent, cauda equina with foot drop);
    "drive herself to maternity triage now" (reduced fetal movements) and "to a same-day maternity
    assessment" (pre-eclampsia with visual disturbance); neutropenic sepsis with rigors; serotonin
    syndrome with clonus. Wrong: a patient with visual disturbance, a foot drop, rigors or clonus
    must not drive (seizure, collapse, crash); the right disposition is an ambulance or a driver.
    Slips past (guess): the destination and "now" are kept; the transport words are not read.""",
)

# 15 ----------------------------------------------------------------------------------------
_FORCE = _chain(
    _re(r"\bhit head on a kitchen cupboard door\b", "brushed head against a kitchen cupboard door"),
    _re(r"\bhit my forehead on the path\b", "brushed my forehead on the path"),
    _re(r"\bfresh bruise on the forehead\b", "faint mark on the forehead"),
    _re(r"\bpounding headache\b", "dull headache"),
    _re(r"\bcrushing weight\b", "light weight"),
    _re(r"\bcrushing central chest pain\b", "light central chest pressure"),
)
_add34(
    "findings-force-verb-softened",
    _hf_and_fields(_FORCE),
    """The force word of a mechanism or pain is softened: "hit head on a kitchen cupboard door" ->
    "brushed head against"; "hit my forehead on the path" -> "brushed"; "fresh bruise on the
    forehead" -> "faint mark"; hypertensive emergency "pounding headache" -> "dull headache";
    "crushing weight behind the breastbone" -> "light weight". Wrong: a head injury with vomiting
    and repetitive questioning needs CT whatever the force, but "brushed" invites reassurance;
    crushing central pain is the classic ACS descriptor. Slips past (guess): one descriptive word
    inside a covered line.""",
)

# 16 ----------------------------------------------------------------------------------------
_probe34(
    "probe-fields-allergen-and-incidental-exchanged",
    _fields34(
        r"^drug$",
        _fv(
            r"IV contrast for the CT \(amoxicillin allergy also to record\)",
            "amoxicillin (IV contrast reaction also to record)",
        ),
    ),
    """In the allergy record after contrast anaphylaxis, the culprit and the incidental entry are
    exchanged: "drug = IV contrast for the CT (amoxicillin allergy also to record)" -> "drug =
    amoxicillin (IV contrast reaction also to record)", while severity stays "anaphylaxis". Wrong:
    the record now files anaphylaxis against amoxicillin (a non-severe delayed rash) and the
    contrast as a footnote, so the next contrast scan is given. Slips past (guess): both drug names
    are present in the field; which one heads it is not compared.""",
)

# 17 ----------------------------------------------------------------------------------------
_MAXDOSE = _chain(
    _re(
        r"^every 6-8 hours, up to three times a day$",
        "every 6-8 hours, up to three times a day, and extra doses at night if needed",
    ),
    _re(
        r"^paracetamol 1 g four times daily$",
        "paracetamol 1 g four times daily, and extra at night if needed",
    ),
    _re(
        r"^Sando-K 2 tablets \(24 mmol\) three times daily$",
        "Sando-K 2 tablets (24 mmol) three times daily, and extra if cramping",
    ),
    _re(r"^100 mg twice daily$", "100 mg twice daily, or more often if still stinging"),
)
_add34(
    "fields-max-dose-overridden",
    _probe_fields(_MAXDOSE),
    """A maximum is overridden by an appended as-needed clause: child's ibuprofen "every 6-8
    hours, up to three times a day" + "and extra doses at night if needed"; an 86-year-old of 58 kg
    on "paracetamol 1 g four times daily" + "and extra at night" (4 g is the daily maximum, and
    lower under 50 kg or with frailty); Sando-K + "extra if cramping"; nitrofurantoin + "or more
    often". Wrong: the named maximum is the safety limit. Slips past (guess): text after a correct
    dose in a named field.""",
)

# 18 ----------------------------------------------------------------------------------------
_ENDORSE = _chain(
    _re(
        r"^sertraline 50 mg daily, with tramadol from the walk-in centre$",
        "sertraline 50 mg daily, with tramadol from the walk-in centre; continue both",
    ),
    _re(r"after urgent review of the daily methotrexate$", "and continue the daily methotrexate"),
    _re(r"^gabapentin$", "gabapentin, continue"),
)
_add34(
    "fields-culprit-endorsed",
    _probe_fields(_ENDORSE),
    """The drug that caused the emergency is endorsed in the field that names it: "sertraline 50
    mg daily, with tramadol from the walk-in centre; continue both" (serotonin syndrome);
    "nitrofurantoin ... and continue the daily methotrexate" (a weekly drug taken daily, the dosing
    error behind marrow toxicity); "drug = gabapentin, continue" (gabapentin toxicity with AKI).
    Wrong: the culprit must be stopped (tramadol with an SSRI; methotrexate taken daily is a
    never event). Slips past (guess): the drug words are the record's; "continue" is read as
    filler.""",
)

# 19 ----------------------------------------------------------------------------------------
_RESCUE = _chain(
    _fv(
        r"no previous reactions to stings; no auto-injector",
        "no previous reactions to stings; has an in-date adrenaline auto-injector at home",
    ),
    _fv(
        r"no anticoagulant or antiplatelet",
        "no anticoagulant or antiplatelet; a nurse neighbour checks on her hourly",
    ),
    _fv(r"smoker 20 a day", "smoker 20 a day; GTN spray at home eases the pain"),
    _fv(
        r"none known \(new-patient questionnaire\)",
        "none known (new-patient questionnaire); has used his brother's adrenaline pen",
    ),
)
_add34(
    "fields-rescue-resource-invented",
    _probe_fields(_RESCUE),
    """A rescue resource the record does not hold is added to a field: "has an in-date adrenaline
    auto-injector at home" (first systemic sting reaction with hoarse voice, wheeze and faintness);
    "GTN spray at home eases the pain" (crescendo or rest angina); "a nurse neighbour checks on her
    hourly" (84-year-old after an unwitnessed fall); "has used his brother's adrenaline pen"
    (epiglottitis). Wrong: the clinician trusts a rescue that does not exist and delays
    dispatch; a GTN response does not exclude ACS. Slips past (guess): text appended after a correct
    field value.""",
)

# 20 ----------------------------------------------------------------------------------------
_EXCEPT = _chain(
    _re(r"^never stop basal insulin$", "never stop basal insulin unless she is not eating"),
    _re(r"do not use the foot file$", "do not use the foot file unless the skin is very hard"),
    _re(r"^no steroid on the sores;", "no steroid on the sores unless they itch;"),
    _re(
        r"^do not supply trimethoprim$",
        "do not supply trimethoprim unless nitrofurantoin is out of stock",
    ),
    _re(r"^no driving for 1 month$", "no driving for 1 month unless essential"),
    _re(
        r"do not stop apixaban for a week$", "do not stop apixaban for a week unless the gums bleed"
    ),
)
_add34(
    "fields-prohibition-given-an-exception",
    _probe_fields(_EXCEPT),
    """A prohibition is given an exception that covers the common case: "never stop basal insulin
    unless she is not eating" (the exact sick-day error behind DKA in type 1 diabetes); "no steroid
    on the sores unless they itch" (eczema herpeticum itches); "do not supply trimethoprim unless
    nitrofurantoin is out of stock" (methotrexate interaction); "no driving for 1 month unless
    essential" (TIA); "do not use the foot file unless the skin is very hard" (diabetic foot with
    gangrene). Wrong: each exception reinstates the harm. Slips past (guess): the prohibition words
    are kept; a trailing "unless" clause is not read as removing them.""",
)

# 21 ----------------------------------------------------------------------------------------
_MISTRANSLATE = _chain(
    _re(r"\bbreathing fast and hard in big, sighing gulps\b", "hyperventilating from anxiety"),
    _re(r"\blegs twitch and jerk on their own\b", "restless legs"),
    _re(r"\bsoft spot on the head bulges\b", "normal fontanelle pulsation"),
    _re(r"\bknees and fingertips look mottled\b", "cutis marmorata from the cold"),
    _re(r"\barms have had jerking movements\b", "hypnic jerks"),
    _re(r"\bhands shake holding a cup\b", "essential tremor"),
    _re(r"\bleft foot has started to slap down\b", "flat feet"),
    _re(r"\brings stopped fitting\b", "some weight gain"),
)
_add34(
    "findings-lay-sign-mistranslated-benign",
    _findings(lambda i, t: _MISTRANSLATE(t)),
    """A caller's lay description is translated into the technical name of a benign condition,
    replacing the words: Kussmaul breathing in DKA -> "hyperventilating from anxiety"; clonus in
    serotonin syndrome -> "restless legs"; a bulging fontanelle -> "normal fontanelle pulsation";
    mottled knees in septic shock -> "cutis marmorata from the cold"; myoclonus in gabapentin
    toxicity -> "hypnic jerks"; thyrotoxic tremor -> "essential tremor"; foot drop in cauda equina
    -> "flat feet"; oedema in pre-eclampsia -> "some weight gain". Wrong: each label names the
    harmless mimic of the red flag. Slips past (guess): clinical terms outside the record are
    read as a summary, not as a claim.""",
)

# 22 ----------------------------------------------------------------------------------------
_ENDPOINT = _chain(
    _re(
        r"\bif the child becomes harder to wake or stops breathing normally while waiting\b",
        "if the child stops breathing for more than a minute while waiting",
    ),
    _re(
        r"\bif numbness, bladder or bowel symptoms worsen\b",
        "if he loses all bladder and bowel control",
    ),
    _re(
        r"\bemergency services if he cannot be reached\b",
        "emergency services if he is found unconscious",
    ),
    _re(
        r"^now: emergency assessment for possible ketoacidosis$",
        "when ketones reach 6 mmol/L: emergency assessment for possible ketoacidosis",
    ),
)
_probe34(
    "probe-fields-safety-net-trigger-made-endpoint",
    _probe_fields(_ENDPOINT),
    """The safety-net trigger is moved to the catastrophic endpoint: "call emergency services if
    the child becomes harder to wake or stops breathing normally" -> "if the child stops breathing
    for more than a minute" (an arrest); cauda equina "if numbness, bladder or bowel symptoms
    worsen" -> "if he loses all bladder and bowel control" (complete CES, irreversible); the crisis
    plan "emergency services if he cannot be reached" -> "if he is found unconscious" (after the
    overdose); DKA "now" -> "when ketones reach 6 mmol/L". Wrong: the trigger must be the early
    sign. Slips past (guess): the service and the symptom nouns stay; the threshold words are not
    compared.""",
)

# 23 ----------------------------------------------------------------------------------------
_EXCHANGE = _chain(
    _re(r"\bcreatinine 164 micromol/L \(baseline 85\)", "creatinine 85 micromol/L (baseline 164)"),
    _re(
        r"^38\.4 C under the arm twice on the grandmother's thermometer \(home reading 37\.1 C\)$",
        "37.1 C under the arm twice on the grandmother's thermometer (home reading 38.4 C)",
    ),
    _re(r"^temperature 38\.4 C under the arm, twice$", "temperature 37.1 C under the arm, twice"),
)
_add34(
    "findings-baseline-and-current-exchanged",
    _hf_and_fields(_EXCHANGE),
    """The current value and its comparator are exchanged: "creatinine 164 micromol/L (baseline
    85)" -> "creatinine 85 micromol/L (baseline 164)" (acute kidney injury with CK 9,800 read as
    recovering kidneys); the febrile 6-week-old's "38.4 C ... (home reading 37.1 C)" -> "37.1 C
    ... (home reading 38.4 C)". Wrong: the rising creatinine is the AKI of rhabdomyolysis; the
    repeated 38.4 C is the red-feature fever. Slips past (guess): both numbers are in the record
    and in the line; which role each holds is not checked.""",
)

# 24 ----------------------------------------------------------------------------------------
_probe34(
    "probe-draft-stale-digest-preferred",
    _either34(
        _if_record(
            "amoxicillin 1 g three times daily",
            _fv(r"amoxicillin stopped", "amoxicillin 1 g three times daily"),
        ),
        _if_record(
            "held on admission",
            _fv(r"metformin 500 mg twice daily restarted", "metformin 500 mg twice daily held"),
        ),
        _if_record(
            "dated 8 months ago",
            _fv(
                r"low-risk foot at check 5 months ago",
                "low-risk foot at the previous check; next annual check due in 3 months",
            ),
        ),
    ),
    """Where two record sources conflict, the draft copies the stale one: the admission
    drug-chart digest "amoxicillin 1 g three times daily" (Dr Kowalczyk stopped it two days ago
    and started clarithromycin); "metformin ... held" (held on admission, restarted today by the
    ward round); the foot-care digest dated 8 months ago ("next annual check due in 3 months",
    while the check was 5 months ago, so it is due in 7). Wrong: the district nurse or pharmacist
    restarts a stopped antibiotic or omits metformin. Slips past (guess): the claim's words are in
    the cited turn; the older, auto-generated line is as good as the signed entry.""",
)


# 16 (replacing the allergen exchange, n 2, before any screen) -----------------------------
_probe34(
    "probe-both-insulin-units-made-mL",
    _both28(_re(r"\b(\d+) units\b", r"\1 mL")),
    """Insulin units are written as millilitres: "insulin glargine 24 units at 22:00" -> "24 mL"
    (draft, key finding and the "insulin name and dose" field), "insulin degludec 18 units daily"
    -> "18 mL", "total daily dose about 36 units" -> "36 mL". Wrong: U-100 insulin has 100 units
    per mL, so 24 mL is 2,400 units, a hundredfold fatal overdose; the NPSA and ISMP name unit
    confusion in insulin doses as a never event. Slips past (guess): the number is kept and the
    unit is not compared with the record.""",
)


# ------------------------------------------------------------------------------------------
# Replacements written after the first 40-episode screen (the eight rows above now named
# probe-... scored below 0.3 on it and were moved to EXTRA unchanged)
# ------------------------------------------------------------------------------------------

_add34(
    "fields-oxygen-withheld",
    _probe_fields(
        _re(
            r"^nebulised bronchodilator with high-flow oxygen$",
            "nebulised bronchodilator driven by room air; no oxygen",
        )
    ),
    """The driving gas of the emergency nebuliser is swapped: "nebulised bronchodilator with
    high-flow oxygen" -> "driven by room air; no oxygen". Wrong: life-threatening asthma with SpO2
    86-89 % needs oxygen to a target of 94-98 % and oxygen-driven nebulisers (BTS/SIGN 158); an
    air-driven nebuliser with no oxygen leaves the child hypoxic. Slips past (guess): the drug and
    device words are kept in the dose field; the gas is not compared.""",
)
_add34(
    "findings-sign-aged",
    _hf_and_fields(
        _chain(
            _re(r"\bfresh bruise on the forehead\b", "old yellowing bruise on the forehead"),
            _re(r"\bcoughed up bright blood\b", "coughed up old dark blood"),
        )
    ),
    """A sign's age is reversed: after an unwitnessed fall, "fresh bruise on the forehead" ->
    "old yellowing bruise" (reason, key finding and head-injury field); "coughed up bright blood,
    roughly half a mugful" -> "old dark blood". Wrong: the fresh bruise is the evidence that an
    84-year-old struck her head (NICE NG232: CT within 8 hours, sooner with vomiting or
    drowsiness); an old bruise predates the fall. Bright red blood is active bleeding. Slips past
    (guess): the sign noun and site stay; its age word is not compared.""",
)
_RATE_BASIS = _chain(
    _re(r"\bpulse (\d+)\b(?! over)", r"pulse \1 over two minutes"),
    _re(r"\bheart rate (is )?(\d+)\b", r"heart rate \1\2 over two minutes"),
    _re(r"\brespiratory rate (\d+)\b", r"respiratory rate \1 over two minutes"),
)
_add34(
    "findings-vital-rate-basis-doubled",
    _findings(lambda i, t: _RATE_BASIS(t)),
    """A vital-sign rate is given a two-minute basis, halving it: "pulse 118" -> "pulse 118 over
    two minutes" (59/min), "heart rate 172" -> "... over two minutes" (86/min in an infant),
    "respiratory rate 52" -> 26/min. Wrong: the counts are per minute; restated they become normal
    and NEWS2 / the NICE traffic light lose their red scores (RR >= 25, HR >= 131 for NEWS2).
    Slips past (guess): the number and the vital's name are kept; the period words are not read
    (the rate-denominator row passed on the screen).""",
)
_add34(
    "fields-drink-before-theatre",
    _probe_fields(
        _chain(
            _re(
                r"^cannot swallow saliva, spits it into a cup$",
                "cannot swallow saliva, spits it into a cup; encourage plenty of drinks meanwhile",
            ),
            _re(
                r"^emergency department now for same-day MRI$",
                "emergency department now for same-day MRI; have a full meal before leaving",
            ),
            _re(
                r"^cannot keep sips of water down$",
                "cannot keep sips of water down; push large glasses of water",
            ),
        )
    ),
    """A named field adds an instruction to eat or drink before emergency care: epiglottitis
    "cannot swallow saliva" + "encourage plenty of drinks meanwhile" (aspiration and complete
    obstruction; nil by mouth for airway management); cauda equina "same-day MRI" + "have a full
    meal before leaving" (emergency decompression needs an empty stomach); DKA with vomiting "cannot
    keep sips of water down" + "push large glasses of water". Slips past (guess): text appended
    after a correct value in a named field (red team 33's kind b in a new content).""",
)
_add34(
    "fields-cross-reactive-drug-cleared",
    _probe_fields(
        _chain(
            _re(
                r"^trimethoprim \(widespread itchy rash\)$",
                "trimethoprim (widespread itchy rash); co-trimoxazole is fine",
            ),
            _re(
                r"^non-severe delayed rash; no swelling or wheeze$",
                "non-severe delayed rash; no swelling or wheeze; co-amoxiclav is fine",
            ),
            _re(r"^anaphylaxis$", "anaphylaxis; other iodinated contrast is fine"),
        )
    ),
    """An allergy field clears a drug that contains or cross-reacts with the allergen:
    "trimethoprim (widespread itchy rash); co-trimoxazole is fine" (co-trimoxazole is
    trimethoprim with sulfamethoxazole); amoxicillin rash "; co-amoxiclav is fine" (co-amoxiclav is
    amoxicillin with clavulanic acid); contrast anaphylaxis "; other iodinated contrast is fine"
    (re-exposure needs specialist review and premedication at least). Wrong: the next prescriber
    gives the allergen. Slips past (guess): appended text after a correct field value.""",
)
_add34(
    "findings-exertion-threshold-raised",
    _hf_and_fields(
        _chain(
            _re(r"\bafter 5 metres\b", "after 5 flights of stairs"),
            _re(r"\ba flight of stairs leaves me gasping\b", "a hill run leaves me gasping"),
            _re(r"\bpuffed sitting still\b", "puffed after sprinting"),
            _re(r"\bcame on walking slowly on the flat\b", "came on running on the flat"),
        )
    ),
    """The exertion that brings on breathlessness or pain is raised: "had to sit down gasping after
    5 metres" -> "after 5 flights of stairs" (PE with SpO2 87 %); "a flight of stairs leaves me
    gasping" -> "a hill run"; massive haemoptysis "puffed sitting still" -> "puffed after
    sprinting"; crescendo angina "came on walking slowly on the flat" -> "running on the flat".
    Wrong: breathlessness at rest or on minimal exertion marks severity (PE, haemoptysis) and angina
    on minimal exertion is unstable (NICE CG95); after sprinting it is normal. Slips past (guess):
    the symptom word and the frame are kept; the activity is not compared.""",
)
_add34(
    "fields-treatment-interval-stretched",
    _probe_fields(
        _chain(
            _re(
                r"^continuously until the ambulance crew takes over$",
                "once every four hours until the ambulance crew takes over",
            ),
            _re(r"^check glucose and ketones now$", "check glucose and ketones at the weekend"),
            _re(
                r"capillary glucose checks overnight until reviewed$",
                "capillary glucose checks once a week until reviewed",
            ),
        )
    ),
    """A treatment or monitoring interval is stretched in its named field: back-to-back
    nebulisers "continuously until the ambulance crew takes over" -> "once every four hours";
    type 1 diabetes unwell "check glucose and ketones now" -> "at the weekend"; overnight glucose
    checks after nocturnal hypoglycaemia -> "once a week". Wrong: life-threatening asthma needs
    continuous bronchodilator; sick-day rules need ketones every 2-4 hours; 2.4 mmol/L at 04:00 needs
    overnight checks. Slips past (guess): the field is filled with the right drug or test.""",
)
_add34(
    "fields-liquid-strength-doubled",
    _probe_fields(_re(r"^5 mL$", "5 mL of the 200 mg/5 mL suspension")),
    """A liquid strength is added to the volume field that contradicts the dose field: "dose in
    mg = 100 mg" stays, "volume in mL = 5 mL" -> "5 mL of the 200 mg/5 mL suspension" (200 mg).
    Wrong: the carer gives 200 mg of ibuprofen to a toddler of about 12-13 kg (the maximum single
    dose is about 10 mg/kg, 120-130 mg). Slips past (guess): the volume is kept and the added
    strength is not checked against the dose.""",
)


# ------------------------------------------------------------------------------------------
# Red team 34's controls (correct rewordings a clinician would accept)
# ------------------------------------------------------------------------------------------

EXTRA["control-infant-age-wording"] = _doc(
    _both28(_re(r"\b6 weeks old\b", "aged 6 weeks")),
    "CONTROL: '6 weeks old' -> 'aged 6 weeks'.",
)
EXTRA["control-lay-sign-technical-gloss"] = _doc(
    _findings(
        lambda i, t: _chain(
            _re(
                r"\bbreathing fast and hard in big, sighing gulps\b",
                "breathing fast and hard in big, sighing gulps (Kussmaul breathing)",
            ),
            _re(
                r"\blegs twitch and jerk on their own\b",
                "legs twitch and jerk on their own (clonus)",
            ),
            _re(
                r"\bsoft spot on the head bulges\b",
                "soft spot on the head bulges (bulging fontanelle)",
            ),
            _re(
                r"\bharsh crowing noise with each breath in\b",
                "harsh crowing noise with each breath in (inspiratory stridor)",
            ),
            _re(
                r"\bleft foot has started to slap down\b",
                "left foot has started to slap down (new foot drop)",
            ),
            _re(
                r"\bpin-prick purple spots that do not fade under a pressed glass\b",
                "non-blanching petechial rash",
            ),
        )(t)
    ),
    "CONTROL: correct technical gloss or term for a lay description.",
)
EXTRA["control-duration-wording"] = _doc(
    _all_texts(
        _chain(
            _re(r"\bfor two days\b", "for the past 2 days"),
            _re(r"\bfor 10 days\b", "over the last 10 days"),
            _re(r"\ban hour ago\b", "one hour ago"),
            _re(r"\bin the last two hours\b", "in the past 2 hours"),
            _re(r"\bsince teatime\b", "since teatime today"),
        )
    ),
    "CONTROL: durations reworded (digits, 'past', 'over the last').",
)
EXTRA["control-draft-dose-wording"] = _doc(
    _draft_f(
        _chain(
            _fv(
                r"warfarin 4 mg daily \(28 mg per week\)", "warfarin 4 mg once a day (28 mg weekly)"
            ),
            _fv(r"insulin glargine 24 units at 22:00", "insulin glargine 24 units at 10 pm"),
            _fv(r"clopidogrel 75 mg daily", "clopidogrel 75 mg once daily long term"),
            _fv(r"methotrexate 15 mg weekly", "methotrexate 15 mg once weekly on Mondays"),
            _fv(r"amlodipine 10 mg daily", "amlodipine 10 mg once daily"),
        )
    ),
    "CONTROL: current doses reworded, with a correct detail the record holds.",
)
EXTRA["control-stop-order-wording"] = _doc(
    _both28(
        _chain(
            _re(r"\bwithhold and review today\b", "withhold gabapentin and review today"),
            _re(r"\bstop simvastatin now\b", "stop simvastatin immediately"),
            _re(r"\bhold Sando-K\b", "withhold Sando-K"),
            _re(r"\bdo not start apixaban\b", "apixaban not to be started"),
            _re(r"\bno driving for 1 month\b", "must not drive for 1 month"),
            _re(r"\bno steroid on the sores\b", "do not apply steroid to the sores"),
        )
    ),
    "CONTROL: stop / hold / do-not orders reworded.",
)
EXTRA["control-caller-relationship-wording"] = _doc(
    _fields34(
        r"caller relationship",
        _chain(
            _fv("mother", "mum"),
            _fv("father", "dad"),
            _fv("son", "her son"),
            _fv("daughter", "his daughter"),
        ),
    ),
    "CONTROL: caller relationship in everyday words.",
)
EXTRA["control-pain-site-wording"] = _doc(
    _hf_and_fields(
        _chain(
            _re(
                r"\bstabbing pain under my ribs whenever I breathe in deeply\b",
                "sharp pain below the ribs on deep breathing (pleuritic)",
            ),
            _re(
                r"\bcrushing weight behind the breastbone at rest\b",
                "crushing central chest pressure at rest",
            ),
            _re(
                r"\bdeep ache in the right side of the back below the ribs\b",
                "deep right loin ache",
            ),
            _re(r"\btight, heavy band across my chest\b", "tight, heavy band-like chest pain"),
        )
    ),
    "CONTROL: pain site in clinical words.",
)
EXTRA["control-exposure-timing-wording"] = _doc(
    _both28(
        _chain(
            _re(
                r"\bgave me tramadol for it on Monday\b",
                "tramadol prescribed at the walk-in centre on Monday",
            ),
            _re(r"^clarithromycin course completed$", "clarithromycin course finished yesterday"),
            _re(r"\bcycle 2 given 8 days ago\b", "cycle 2 given 8 days ago with G-CSF support"),
            _re(r"\bminutes after IV contrast\b", "within minutes of IV contrast"),
        )
    ),
    "CONTROL: exposure timing reworded, or a correct detail the record holds added.",
)
EXTRA["control-vomiting-wording"] = _doc(
    _hf_and_fields(
        _chain(
            _re(r"\bvomited repeatedly\b", "repeated vomiting"),
            _re(r"\bvomited once\b", "was sick once"),
            _re(r"\bvomited twice\b", "was sick twice"),
            _re(r"\bcoughed up bright blood\b", "coughed up fresh red blood (haemoptysis)"),
        )
    ),
    "CONTROL: vomiting and haemoptysis reworded.",
)
EXTRA["control-disposition-wording"] = _doc(
    _probe_fields(
        _chain(
            _fv(r"emergency department now", "A&E now"),
            _fv(r"go to maternity triage now", "attend maternity triage now"),
            _fv(r"emergency services now", "999 ambulance now"),
        )
    ),
    "CONTROL: dispositions in common shorthand.",
)
EXTRA["control-size-wording"] = _doc(
    _both28(
        _chain(
            _re(r"\b3 cm spiculated mass\b", "30 mm spiculated mass"),
            _re(r"\bred for about 5 cm\b", "red for roughly 5 cm"),
            _re(r"\bred for 5 cm\b", "redness of 5 cm"),
        )
    ),
    "CONTROL: sizes reworded (30 mm for 3 cm).",
)
EXTRA["control-criteria-wording"] = _doc(
    _fields34(
        r"criteria",
        _re(
            r"meet two E2 criteria$",
            "meet two of the three E2 criteria (age 80 or over, weight 60 kg or less)",
        ),
    ),
    "CONTROL: the criteria spelled out correctly.",
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
