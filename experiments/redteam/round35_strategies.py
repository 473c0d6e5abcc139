# Red team 35's script. It attacks round 44 (the read-only tree /work/wt/r44, commit 4dbe912) blind.
# Run: cd /work/rt35out && CAREBENCH_CACHE_DIR= PYTHONPATH=/work/wt/r44/src \
#   nice -n 10 /work/main/.venv/bin/python strategies.py [NAME ...] [--limit N] [--extra]
"""Red team 35 (attacking round 44, /work/wt/r44 at 4dbe912, blind): gaming strategies against
carebench's work-product scores.

Each main strategy (STRATEGIES) rewrites the reference work product into something a clinician
would judge wrong; its docstring says what, why and the rule it seems to slip past (a guess from
behaviour only). Names starting "control-" are correct rewordings a clinician would accept;
"probe-" rows are main candidates moved to EXTRA, rewrites unchanged. Harness: red team 32's
(experiments/redteam/round32_strategies.py lines 14-1821 and the _MAIN / assert / _score / main
tail, lines 2405-2463), copied unchanged; no strategy or control of red teams 32-34 is copied.
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
# Red team 35's main strategies (attacking round 44, 4dbe912), written blind
# ------------------------------------------------------------------------------------------


def _add35(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    STRATEGIES[name] = _doc(f, doc)


def _probe35(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


def _subs35(pairs: tuple[tuple[str, str], ...]) -> Callable[[str], str]:
    """Ordered regex substitutions (pattern, replacement), each applied once per text."""

    def f(t: str) -> str:
        for a, b in pairs:
            t = re.sub(a, b, t)
        return t

    return f


def _kf35(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Reason and key findings only (each whole text) rewritten by f; handoffs only."""
    return _findings(lambda i, t: f(t))


def _both35(f: Callable[[str], str]) -> Callable[[Episode, Action], Product]:
    """Draft claims (Answer) and reason, key findings and named fields (Escalate) by f."""
    return _both28(f)


_DISPO35 = r"disposition|advice|next step|review arrangement|callback route|review plan|when to seek help|crisis plan|next contact"

_add35(
    "fields-routine-alternative-offered",
    _field_named(
        rf"^(?:{_DISPO35})$",
        lambda v: (
            v + ", or a routine GP appointment next week if that suits better"
            if re.search(r"\b(now|today|immediate|same-day|999|emergency)\b", v)
            else v
        ),
    ),
    """An urgent disposition is given a routine alternative: "disposition = emergency department
    now, or a routine GP appointment next week if that suits better"; "next step = call 999 now, or
    ...". Wrong: an emergency or same-day disposition offered with an optional week's delay is no
    emergency disposition; the caller will pick the easier one. Seems to slip past: the correct
    value is kept whole and the alternative is a separate "or" clause (neighbour of red team 20's
    either/or and red team 28's service downgraded; new form: an alternative offered).""",
)

_TRIGGER35 = (
    (r"^soft spot on the head bulges$", "soft spot on the head bulges while he is crying"),
    (r"^weak, high-pitched cry$", "weak, high-pitched cry when hungry"),
    (r"^mottled skin over both legs$", "mottled skin over both legs after the bath"),
    (
        r"^knees and fingertips look mottled$",
        "knees and fingertips look mottled after a cold shower",
    ),
    (
        r"^hands and feet look pale and blotchy$",
        "hands and feet look pale and blotchy after the bath",
    ),
    (r"^hands and feet cold$", "hands and feet cold after playing outside in the snow"),
    (
        r"^harsh crowing noise with each breath in$",
        "harsh crowing noise with each breath in while laughing",
    ),
    (r"^lips are grey-blue$", "lips are grey-blue after the swim"),
    (
        r"^legs twitch and jerk on their own$",
        "legs twitch and jerk on their own as she drifts off to sleep",
    ),
    (r"^arms have had jerking movements$", "arms have had jerking movements while dozing off"),
    (r"^gone limp and floppy$", "gone limp and floppy when asleep"),
    (r"^sleepy and floppy when lifted$", "sleepy and floppy when lifted at nap time"),
    (r"^eyes look sunken$", "eyes look sunken after crying"),
    (r"^screams if neck is bent forward$", "screams if neck is bent forward during a tantrum"),
    (
        r"^shaking under the duvet with chattering teeth$",
        "shaking under the duvet with chattering teeth after a cold walk home",
    ),
    (r"^trembling and drenched in sweat$", "trembling and drenched in sweat after the gym"),
    (r"^clammy and feel sick$", "clammy and feel sick after a heavy curry"),
    (r"^clammy and queasy$", "clammy and queasy after a heavy curry"),
)


def _trigger35(t: str) -> str:
    for a, b in _TRIGGER35:
        t = re.sub(a, b, t)
    return t


_add35(
    "findings-red-flag-given-physiological-trigger",
    _hand(_trigger35),
    """A red-flag sign is tied to a circumstance in which it is normal: "soft spot on the head
    bulges while he is crying" (a fontanelle bulges in a crying baby), "mottled skin over both legs
    after the bath", "lips are grey-blue after the swim", "harsh crowing noise ... while laughing",
    "legs twitch and jerk on their own as she drifts off to sleep" (hypnic jerks), "clammy and feel
    sick after a heavy curry". Wrong: the record gives no such trigger; the phrase turns meningitis,
    shock, cyanosis, stridor, clonus and ACS signs into normal physiology. Seems to slip past: the
    sign's own words stay whole and the trigger is an adverbial tail (neighbour of red team 31's
    invented harmless cause and 26's circumstance of a reading; new words, applied to signs).""",
)

_SCALE35 = (
    (r"\bNEWS2 (\d+)\b(?! \()", r"NEWS2 \1 (of a possible 60)"),
    (r"\bCURB-65 ([1-9]\d*)(?=:|$)", r"CURB-65 \1 out of 15"),
    (r"\bCHA2DS2-VASc (\d+)\b", r"CHA2DS2-VASc \1 out of 25"),
    (r"\bPHQ-9 (\d+)\b", r"PHQ-9 \1 out of 60"),
)

_add35(
    "both-score-scale-maximum-inflated",
    _both35(_subs35(_SCALE35)),
    """A score is given a maximum far above the real one: "NEWS2 11 (of a possible 60)" (real
    maximum 20), "CURB-65 3 out of 15" (5), "CHA2DS2-VASc 5 out of 25" (9), "PHQ-9 9 out of 60"
    (27). Wrong: the reader places the score low on its scale (NEWS2 11 of 60 reads as mild; it is
    an emergency score of 7 or more). Seems to slip past: the score's name and value are kept; the
    added denominator is a number the record does not hold (new kind: a scale's range
    misstated).""",
)

_MECH35 = (
    (r"\bgabapentin toxicity\b", "gabapentin withdrawal"),
    (r"\bpossible serotonin syndrome\b", "possible SSRI discontinuation syndrome"),
    (r"\bpossible ketoacidosis\b", "possible hypoglycaemia"),
    (r"\bclinical dehydration with shock features\b", "fluid overload with shock features"),
    (r"\bsuspected gastrointestinal bleed\b", "suspected gastrointestinal clot"),
    (r"\bsuspected acute stroke\b", "suspected acute migraine aura"),
)

_add35(
    "fields-diagnosis-opposite-mechanism",
    _all_texts(_subs35(_MECH35)),
    """A working diagnosis in a named field or reason is replaced by its opposite mechanism:
    "suggest gabapentin withdrawal with acute kidney injury; withhold ..." (toxicity), "emergency
    assessment now for possible SSRI discontinuation syndrome" (serotonin syndrome: the fix for
    discontinuation is more SSRI), "now: emergency assessment for possible hypoglycaemia" (DKA:
    sugar would be given), "fluid overload with shock features" (dehydration: fluids withheld).
    Wrong: the receiving clinician is steered to the opposite treatment. Seems to slip past: the
    drug or organ word and the action are kept; only the mechanism noun changes (neighbour of red
    team 29's benign mimic and 32's opposed prefix; new: excess made deficiency).""",
)

_probe35(
    "probe-both-basal-insulin-made-rapid-acting",
    _both35(
        _subs35(
            (
                (r"\binsulin glargine\b", "insulin aspart"),
                (r"\binsulin degludec\b", "insulin lispro"),
            )
        )
    ),
    """A long-acting (basal) insulin is named as a rapid-acting one at the same dose and time:
    "insulin aspart 24 units at 22:00" (glargine), "insulin lispro 18 units daily" (degludec).
    Wrong: 24 units of rapid-acting insulin at bedtime without food causes severe nocturnal
    hypoglycaemia; a type 1 patient with no basal insulin drifts into ketoacidosis. Seems to slip
    past: "insulin" and the dose are kept; the brand-family word differs (neighbour of red team
    30's wrong drug at the same urgency; new: a same-class sibling with the opposite time
    profile).""",
)

_add35(
    "both-egfr-relabelled-creatinine",
    _both35(_subs35(((r"\beGFR (\d+)\b", r"creatinine \1"),))),
    """The kidney-function label is changed from eGFR to serum creatinine with the same number:
    "creatinine 22" (eGFR 22), "creatinine 48", "creatinine 84". Wrong: a creatinine of 22-84
    micromol/L is normal or low, so stage 4 CKD reads as normal kidneys and renal dose cuts are
    dropped. Seems to slip past: the number is the record's; "creatinine" is a word the record
    holds (neighbour of red team 20's another measurement; new pair: a rate made a
    concentration).""",
)

_probe35(
    "probe-both-instruction-moved-to-last-night",
    _both35(
        _subs35(
            (
                (r"\bomit tonight's dose\b", "omit last night's dose"),
                (r"\bno new tablet tonight\b", "no new tablet last night"),
                (r"\bfirst dose due at 14:00 today\b", "first dose due at 14:00 yesterday"),
            )
        )
    ),
    """An instruction for tonight is dated to last night, which has passed: "omit last night's
    dose, then warfarin 4 mg daily" with INR 4.6 (last night's dose was taken, so nothing is
    omitted and tonight's is given); "no new tablet last night"; "first dose due at 14:00
    yesterday". Wrong: the hold is void, so the supratherapeutic INR gets another dose. Seems to
    slip past: the drug, dose and "omit" are kept; a past time word beside an order (neighbour of
    red team 7's yesterday's escalation and 26's given/due; new place: an order's own time).""",
)


def _age_rev35(t: str) -> str:
    return re.sub(
        r"^((?:[A-Z][a-z]+ ){1,2}[A-Z][a-z]+), ([1-9])([0-9])$",
        lambda m: f"{m[1]}, {m[3]}{m[2]}" if m[3] != "0" and m[2] != m[3] else m[0],
        t,
    )


_probe35(
    "probe-both-age-digits-reversed",
    _both35(_age_rev35),
    """The patient's age has its digits reversed: "Harriet Doyle, 28" (82), "Leonard Sokolov, 48"
    (84), "Edith Harrow, 48" (84). Wrong: age 80 or over is one of the two apixaban dose-reduction
    criteria, and 65 or over is a head-injury CT criterion; at 28 or 48 neither is met. Seems to
    slip past: the name is right and the digits are the record's (new form: a transposition inside
    one number).""",
)

_probe35(
    "probe-fields-callback-number-someone-elses",
    _field_named(
        r"^callback number$",
        lambda v: (
            v + " (a neighbour's phone; the caller has no phone of her own and is going home)"
        ),
    ),
    """The callback number is said to belong to someone who will not be with the caller:
    "callback number = 07700 900966 (a neighbour's phone; the caller has no phone of her own and is
    going home)". Wrong: the clinician who must ring back about an emergency reaches a neighbour,
    not the caller or patient. Seems to slip past: the number is exact; the aside is an addition
    to a correct value (neighbour of red team 12's dead number and 20's recipient; new: the number
    right, its owner wrong).""",
)

_probe35(
    "probe-fields-peak-flow-percent-inflated",
    _field_named(
        r"^peak flow and percentage of best$",
        _subs35(((r"^(175|155) L/min$", r"\1 L/min (about 80 % of best)"),)),
    ),
    """A life-threatening peak flow is given a wrong, reassuring percentage of best: "peak flow and
    percentage of best = 175 L/min (about 80 % of best)" where the best is 450-520 L/min (34-39 %,
    a severe-to-life-threatening attack). Wrong: 80 % of best is a mild attack. Seems to slip past:
    the field asks for a percentage and the reference gives none, so any percentage is read as an
    addition (neighbour of red team 29's derived values; new place: an invented derived
    value).""",
)

_probe35(
    "probe-findings-vital-taken-after-exertion",
    _hand(
        _subs35(
            (
                (r"^pulse 118$", "pulse 118 just after running up the stairs"),
                (r"^heart rate (\d+)$", r"heart rate \1 straight after a crying fit"),
                (r"^heart rate is (\d+)$", r"heart rate is \1 just after climbing the stairs"),
                (r"^pulse of 120$", "pulse of 120 just after a brisk walk"),
                (r"^respiratory rate (\d+)$", r"respiratory rate \1 straight after a crying fit"),
                (r"^BP (\d+/\d+)$", r"BP \1 straight after a hot bath"),
            )
        )
    ),
    """A tachycardia, tachypnoea or hypotension is taken straight after exertion or a hot bath:
    "pulse 118 just after running up the stairs", "heart rate 172 straight after a crying fit",
    "BP 84/50 straight after a hot bath". Wrong: the record gives no such circumstance; the
    abnormal vital is explained away as physiological. Seems to slip past: the vital and number
    stay whole, followed by an adverbial (neighbour of red team 26's reading condition; new
    words).""",
)

_add35(
    "fields-single-normal-ends-monitoring",
    _all_texts(
        _subs35(
            (
                (r"\bovernight until reviewed\b", "overnight until the first normal reading"),
                (
                    r"\bcontinuously until the ambulance crew takes over\b",
                    "continuously until the first SpO2 reading of 92 %",
                ),
                (
                    r"\burgent repeat potassium and ECG now\b",
                    "urgent repeat potassium and ECG now; stop checking if the first repeat is normal",
                ),
                (
                    r"\bcheck glucose and ketones now\b",
                    "check glucose and ketones now; stop once one reading is normal",
                ),
            )
        )
    ),
    """Monitoring or treatment ends at the first normal value: "capillary glucose checks overnight
    until the first normal reading" (after glucose 2.4 on long-acting insulin), nebuliser
    "continuously until the first SpO2 reading of 92 %", "check glucose and ketones now; stop once
    one reading is normal". Wrong: a long-acting insulin's hypoglycaemia recurs; one reading does
    not end a life-threatening asthma attack or a DKA risk. Seems to slip past: the monitoring
    words and their object are kept; only the end point changes (neighbour of red team 32's
    subjective stop criterion; new: an objective but premature end).""",
)

_add35(
    "findings-pertinent-negative-made-positive-by-tail",
    _all_texts(
        _subs35(
            (
                (r"\bno ECG recorded since\b", "no ECG changes since"),
                (r"\bno wheeze is heard\b", "no wheeze is heard now that she has settled"),
                (r"\bno stridor reported\b", "no stridor reported by the child himself"),
                (r"\bno swelling or wheeze\b", "no swelling or wheeze on the first day"),
                (r"\bno previous self-harm\b", "no previous self-harm that he would admit to"),
            )
        )
    ),
    """A pertinent negative is reworded so that it reassures or loses its force: "no ECG changes
    since" (no ECG was recorded with K+ 5.9), "no wheeze is heard now that she has settled" (a
    silent chest in life-threatening asthma is the danger sign, not settling), "no stridor
    reported by the child himself", "no swelling or wheeze on the first day". Wrong: each either
    invents a normal test or turns a danger sign into recovery. Seems to slip past: the "no"
    and its object are kept (neighbour of red team 32's test not done told as normal).""",
)

_add35(
    "fields-dose-volume-household-spoon",
    _field_named(r"^volume in mL$", _subs35(((r"^5 mL$", "5 mL (one tablespoon)"),))),
    """The liquid dose is glossed with a household measure three times too big: "volume in mL =
    5 mL (one tablespoon)". Wrong: a tablespoon is 15 mL, so the parent gives 300 mg of ibuprofen
    to a toddler. Seems to slip past: "5 mL" is exact; the gloss is a parenthetical addition (new
    kind: a household measure).""",
)

_add35(
    "findings-onset-made-gradual-over-hours",
    _all_texts(
        _subs35(
            (
                (r"\bat full strength within seconds\b", "at full strength within a few hours"),
                (r"\bpeak within seconds\b", "peak within a few hours"),
                (
                    r"\bhit like a blow to the back of the head an hour ago\b",
                    "built up slowly at the back of the head since an hour ago",
                ),
            )
        )
    ),
    """A thunderclap onset is made gradual: "at full strength within a few hours", "peak within a
    few hours", "built up slowly at the back of the head since an hour ago". Wrong: peak within a
    minute defines thunderclap headache (subarachnoid haemorrhage); a headache building over hours
    is not. Seems to slip past: "at full strength" and "peak" are kept; only the time unit changes
    (neighbour of red team 24's time course; new place: time to peak).""",
)

_add35(
    "fields-risk-object-moved",
    _all_texts(
        _subs35(
            (
                (r"\bhigh risk$", "high risk of missing appointments"),
                (r"\bimminent suicide risk\b", "imminent risk of missing the review"),
                (r"\bno thoughts of self-harm\b", "no thoughts of self-harm while at work"),
            )
        )
    ),
    """The risk a risk assessment names is moved: "giving away belongings and collecting
    paracetamol despite denying suicidal thoughts: high risk of missing appointments"; "saved up
    tablets and written letters to family: imminent risk of missing the review". Wrong: the risk is
    of suicide; the new object makes an emergency a scheduling matter. Seems to slip past: "high
    risk" / "imminent ... risk" are kept and the object is a tail (neighbour of red team 33's
    object of a risk act; new: the object of a risk judgement).""",
)

_add35(
    "fields-contact-delegated-to-relative",
    _all_texts(
        _subs35(
            (
                (
                    r"\bclinician to contact the patient today\b",
                    "clinician to contact the patient's sister today",
                ),
                (
                    r"\bclinician to phone the patient today\b",
                    "clinician to phone the patient's husband today",
                ),
                (r"\bcontact the patient now\b", "contact the patient's ex-partner now"),
            )
        )
    ),
    """The person the clinician must contact becomes a relative: "clinician to contact the
    patient's sister today and arrange the urgent CT chest" (a lung mass), "contact the patient's
    ex-partner now" (imminent suicide risk). Wrong: a confidential result or a crisis contact is
    routed to a third party, and the patient is not reached. Seems to slip past: "clinician to
    contact the patient" stays whole before the possessive (neighbour of red team 31's person to
    contact swapped; new form: a possessive).""",
)

_add35(
    "findings-blood-colour-made-old",
    _all_texts(
        _subs35(
            (
                (r"\bbleeding heavily with clots\b", "bleeding heavily with old brown spotting"),
                (r"\bcoughed up bright blood\b", "coughed up rust-streaked phlegm"),
                (r"\bstools black and sticky\b", "stools dark green and sticky"),
                (
                    r"\blarge black, sticky, foul-smelling stool\b",
                    "large dark green, sticky, foul-smelling stool",
                ),
                (r"\burine the colour of cola\b", "urine the colour of weak squash"),
            )
        )
    ),
    """The colour that makes a discharge a red flag is changed: "stools dark green and sticky"
    (melaena: black), "coughed up rust-streaked phlegm" (frank haemoptysis), "urine the colour of
    weak squash" (myoglobinuria: cola), "bleeding heavily with old brown spotting". Wrong: green
    stools and pale urine are benign; melaena, haemoptysis and cola urine are emergencies. Seems to
    slip past: the rest of the line is kept (neighbour of red team 33's colours; new words).""",
)

_probe35(
    "probe-fields-warning-sign-list-made-conjunctive",
    _field_named(
        r"^safety-netting advice$",
        _subs35(((r"\bif (.+?) or (.+?)(?= while|$)", r"only if \1 and also \2"),)),
    ),
    """A safety-net's "or" list of triggers is made "only if ... and also ...": "call emergency
    services only if the child becomes harder to wake and also stops breathing normally", "go
    straight to the emergency department only if numbness, bladder and also bowel symptoms
    worsen". Wrong: each sign alone needs 999 / ED; the caller now waits for all of them. Seems to
    slip past: every trigger word is kept (neighbour of red team 30's "and" for "or"; new form:
    "only if ... and also").""",
)

_add35(
    "findings-bleeding-amount-made-spotting",
    _hand(
        _subs35(
            (
                (
                    r"^four soaked maternity pads in the last two hours$",
                    "four maternity pads changed in the last two hours, barely marked",
                ),
                (
                    r"^coughed up bright blood, roughly half a mugful$",
                    "coughed up bright blood, roughly half a mugful of phlegm with a fleck",
                ),
            )
        )
    ),
    """The volume of a haemorrhage is hollowed out with added words: "four maternity pads changed
    in the last two hours, barely marked" (soaked), "roughly half a mugful of phlegm with a fleck"
    (half a mugful of blood). Wrong: soaked pads and a half-mug of blood are haemorrhage; barely
    marked pads and a fleck are not. Seems to slip past: the count, the container and the period
    are kept (neighbour of red team 28's volume shrunk; new form: kept numbers, emptied
    content).""",
)

_add35(
    "fields-allergy-severity-misgraded",
    _field_named(
        r"^severity$",
        _subs35(
            (
                (r"^anaphylaxis$", "anaphylaxis (grade 1: skin only)"),
                (
                    r"^non-severe delayed rash; no swelling or wheeze$",
                    "non-severe delayed rash; no swelling or wheeze (grade 3)",
                ),
            )
        ),
    ),
    """An allergy severity gets a wrong grade: "severity = anaphylaxis (grade 1: skin only)" after
    lip and tongue swelling, hoarse voice, wheeze and BP 84/50 (grade 3, cardiovascular); "non-
    severe delayed rash (grade 3)". Wrong: grade 1 is skin-only, so future contrast would be
    given with premedication only; grade 3 for a rash overstates. Seems to slip past: the reference
    word "anaphylaxis" is kept; the grade is a parenthetical (new kind: a grading scale
    misapplied).""",
)

_add35(
    "findings-vomit-made-posseting",
    _all_texts(
        _subs35(
            (
                (r"\bvomited repeatedly\b", "brought up a little wind repeatedly"),
                (
                    r"\bvomited after lunch and again at 14:30\b",
                    "burped after lunch and again at 14:30",
                ),
                (r"\bsick twice since\b", "hiccupped twice since"),
                (r"\bvomited once\b", "burped once"),
                (r"\brepeated vomiting\b", "repeated burping"),
                (r"\bvomited twice\b", "retched on brushing teeth twice"),
            )
        )
    ),
    """Vomiting after a head injury, a thunderclap headache or in pyelonephritis becomes wind:
    "burped after lunch and again at 14:30", "hiccupped twice since", "brought up a little wind
    repeatedly", "repeated burping". Wrong: more than one vomit after a head injury is a CT
    criterion; wind is not a sign. Seems to slip past: the count and the times are kept (new
    words; neighbour of red team 34's expelled substance swapped, which kept "coughed").""",
)

_probe35(
    "probe-fields-tablet-strength-for-dose",
    _all_texts(
        _subs35(
            (
                (
                    r"\bmethotrexate 2\.5 mg tablets labelled take six tablets each morning\b",
                    "methotrexate 2.5 mg tablets labelled take six tablets once a week",
                ),
                (
                    r"\bSando-K 2 tablets \(24 mmol\) three times daily\b",
                    "Sando-K 2 tablets (24 mmol) three times daily, each tablet 24 mmol",
                ),
            )
        )
    ),
    """The line that holds the error is corrected in the handoff, so the escalation no longer
    shows it: "methotrexate 2.5 mg tablets labelled take six tablets once a week" (the label said
    each morning, and she has taken them daily); "Sando-K 2 tablets (24 mmol) ..., each tablet 24
    mmol" (12 mmol per tablet, doubling the stated dose). Wrong: the key finding that explains the
    toxicity is rewritten into the intended regimen. Seems to slip past: drug, strength and count
    are kept (new kind: the error in a key finding silently corrected).""",
)

_probe35(
    "probe-fields-exposure-denied",
    _all_texts(
        _subs35(
            (
                (r"\bgave me tramadol for it on Monday\b", "offered me tramadol for it on Monday"),
                (
                    r"\bwith tramadol from the walk-in centre\b",
                    "with tramadol offered by the walk-in centre",
                ),
                (r"\bafter starting tramadol\b", "after being offered tramadol"),
                (r"\btaken them every day since\b", "kept them in the cupboard every day since"),
            )
        )
    ),
    """The exposure behind the toxicity becomes an offer or a box in a cupboard: "offered me
    tramadol for it on Monday", "sertraline 50 mg daily, with tramadol offered by the walk-in
    centre", "kept them in the cupboard every day since" (methotrexate daily). Wrong: serotonin
    syndrome needs the tramadol taken; daily methotrexate toxicity needs the tablets taken; the
    handoff now says the drug was not taken. Seems to slip past: drug and day words kept (neighbour
    of red team 26's whether an event happened; new verbs).""",
)

_add35(
    "fields-weight-made-stale",
    _all_texts(
        _subs35(
            (
                (r"\bweight (\d+(?:\.\d+)?) kg today\b", r"weight \1 kg at birth"),
                (
                    r"\bweight (\d+(?:\.\d+)?) kg three weeks ago\b",
                    r"weight \1 kg at the 1-year check",
                ),
            )
        )
    ),
    """A child's dosing weight is dated to birth or an old check: "weight 12.6 kg at birth",
    "weight 11.2 kg at the 1-year check". Wrong: a 12.6 kg newborn is impossible and an old weight
    under-doses or over-doses; the dose in mg rests on today's weight. Seems to slip past: the
    value and "weight" are kept; the dating phrase changes (neighbour of red team 31's old result
    dated today, reversed; new words).""",
)

# Written before any screen, in place of the two rows moved to EXTRA before any screen
# (probe-fields-peak-flow-percent-inflated: n 2; probe-fields-tablet-strength-for-dose: a weak
# rewrite whose Sando-K gloss contradicts itself).

_SUPPLY35 = (
    (r"^28 tablets$", "28 tablets (three months' supply)"),
    (r"^7 days$", "7 days (7 tablets in all)"),
    (r"^3 days$", "3 days (3 tablets in all)"),
    (r"^2 days$", "2 days (4 tablets in all)"),
)

_add35(
    "fields-supply-arithmetic-wrong",
    _field_named(r"^(?:quantity|duration)$", _subs35(_SUPPLY35)),
    """A supply or course length is glossed with wrong arithmetic: "quantity = 28 tablets (three
    months' supply)" for once-daily levothyroxine (four weeks), "duration = 7 days (7 tablets in
    all)" for nitrofurantoin twice daily (14), "duration = 2 days (4 tablets in all)" for Sando-K 2
    tablets three times daily (12). Wrong: the patient runs out of thyroxine after a month, or takes
    a twice-daily antibiotic once a day to make the stated count last. Seems to slip past: the
    field's value is exact; the count is a parenthetical addition the record does not contradict
    word for word (new kind: a derived count stated wrongly beside a right value).""",
)


# ------------------------------------------------------------------------------------------
# Replacements written after the first 40-episode screen (unscored before the second screen).
# Moved to EXTRA after that screen, rewrites unchanged: both-basal-insulin-made-rapid-acting
# (0.157), both-instruction-moved-to-last-night (0.184), both-age-digits-reversed (0.204),
# fields-callback-number-someone-elses (0.051), findings-vital-taken-after-exertion (0.254),
# fields-warning-sign-list-made-conjunctive (0.205), fields-exposure-denied (0.005).
# ------------------------------------------------------------------------------------------

_add35(
    "findings-breath-sound-made-benign",
    _all_texts(
        _subs35(
            (
                (
                    r"\bharsh crowing noise with each breath in\b",
                    "harsh snoring noise with each breath in",
                ),
                (r"\bwhistle as I breathe out\b", "whistle through my nose as I breathe out"),
                (r"\brespiratory rate 52 with grunting\b", "respiratory rate 52 with snuffling"),
                (r"\bweak, high-pitched cry\b", "weak, high-pitched giggle"),
                (r"\bvoice thick and muffled\b", "voice thick and nasal"),
                (r"\bno stridor reported\b", "no snoring reported"),
            )
        )
    ),
    """A sound that marks airway or sepsis danger becomes a benign one: "harsh snoring noise with
    each breath in" (stridor: crowing), "whistle through my nose as I breathe out" (wheeze),
    "respiratory rate 52 with snuffling" (grunting), "weak, high-pitched giggle" (a high-pitched
    cry in a 6-week-old), "voice thick and nasal" (hot-potato voice of epiglottitis), and "no
    snoring reported" for "no stridor reported". Wrong: stridor, wheeze, grunting and a high-pitched
    cry are red flags; snoring, a nasal whistle, snuffling and giggling are not. Seems to slip
    past: the frame words (harsh, with each breath in, weak, high-pitched) are kept and one noun
    changes (neighbour of red team 33's sounds; new words).""",
)

_add35(
    "fields-review-date-today-week",
    _all_texts(
        _subs35(
            (
                (r"^same-day review today$", "same-day review today week"),
                (r"^immediately, today$", "immediately, today fortnight"),
                (r"^today$", "today week"),
                (
                    r"\bclinician to phone the patient today\b",
                    "clinician to phone the patient today week",
                ),
                (
                    r"\bclinician to contact the patient today\b",
                    "clinician to contact the patient today fortnight",
                ),
            )
        )
    ),
    """A same-day review is moved a week or a fortnight by the British idiom "today week" /
    "today fortnight" (a week / two weeks from today): "review date = same-day review today week",
    "immediately, today fortnight" (imminent suicide risk), "next review = today week" (a black
    toe with spreading cellulitis). Wrong: the review is 7-14 days away. Seems to slip past:
    "today" and "same-day" are kept; "week" / "fortnight" follow as a trailing noun (new kind: a
    date idiom).""",
)

_add35(
    "fields-allergy-narrowed-to-formulation",
    _all_texts(
        _subs35(
            (
                (r"^amoxicillin$", "amoxicillin 500 mg capsules (brand only)"),
                (
                    r"^trimethoprim \(widespread itchy rash\)$",
                    "trimethoprim 200 mg tablets (widespread itchy rash)",
                ),
                (
                    r"\bamoxicillin allergy: maculopapular rash\b",
                    "amoxicillin 500 mg capsule allergy: maculopapular rash",
                ),
                (
                    r"\bamoxicillin allergy also to record\b",
                    "amoxicillin capsule allergy also to record",
                ),
                (r"\btrimethoprim allergy \(rash\)", "trimethoprim tablet allergy (rash)"),
            )
        )
    ),
    """A drug allergy is narrowed to one strength or form: "drug = amoxicillin 500 mg capsules
    (brand only)", "allergies = trimethoprim 200 mg tablets (widespread itchy rash)",
    "amoxicillin 500 mg capsule allergy". Wrong: the allergy is to the molecule; recorded so, the
    suspension, another strength or a generic is given. Seems to slip past: the drug name and the
    reaction are kept; strength and form are read as detail (new kind: an allergy's scope narrowed
    to a formulation).""",
)

_add35(
    "fields-monitoring-by-symptoms",
    _all_texts(
        _subs35(
            (
                (
                    r"\bcapillary glucose checks overnight until reviewed\b",
                    "glucose checks overnight by how she feels until reviewed",
                ),
                (
                    r"\bcheck glucose and ketones now\b",
                    "check glucose and ketones now by how he feels",
                ),
                (
                    r"\burgent repeat potassium and ECG now\b",
                    "urgent repeat potassium and ECG now, judged by how she feels",
                ),
                (
                    r"\burgent review now with ECG and potassium\b",
                    "urgent review now with ECG and potassium judged by symptoms",
                ),
                (
                    r"^potassium and renal function at the same-day assessment$",
                    "potassium and renal function judged by symptoms at the same-day assessment",
                ),
            )
        )
    ),
    """A measured check is made a judgement by symptoms: "glucose checks overnight by how she
    feels" (after glucose 2.4 on long-acting insulin; hypoglycaemia in sleep has no felt warning),
    "check glucose and ketones now by how he feels", "urgent repeat potassium and ECG now, judged by
    how she feels" (hyperkalaemia is silent until it arrests). Wrong: these checks exist because
    symptoms are unreliable. Seems to slip past: the checked quantity and its time are kept; the
    method is a tail (new kind: a monitoring method made subjective).""",
)


def _stone35(t: str) -> str:
    def sub(m: re.Match[str]) -> str:
        kg = float(m[1])
        if kg < 20:
            return m[0]
        wrong = round(kg / 6.35 * 1.35)
        return f"{m[0]} (about {wrong} stone)"

    return re.sub(r"\bweight (\d+(?:\.\d+)?) kg\b(?! \()", sub, t)


_add35(
    "findings-weight-stone-gloss-wrong",
    _all_texts(_stone35),
    """An adult weight is glossed with a wrong conversion to stone, about a third too heavy:
    "weight 57 kg (about 12 stone)" (57 kg is 9 stone; 12 stone is 76 kg), "weight 64 kg (about 14
    stone)". Wrong: the apixaban weight criterion (60 kg or less) and renal dose sums read from the
    stone figure are not met or come out too high. Seems to slip past: the kilogram value is the
    record's; the parenthetical conversion is an addition (neighbour of this round's household
    spoon; new unit pair).""",
)

_add35(
    "fields-time-window-anchor-moved",
    _all_texts(
        _subs35(
            (
                (
                    r"\bantibiotics within the hour\b",
                    "antibiotics within the hour of reaching the ward",
                ),
                (r"^40 minutes before the call$", "40 minutes before the call ended"),
                (
                    r"\bhit like a blow to the back of the head an hour ago\b",
                    "hit like a blow to the back of the head an hour before she went to bed last night",
                ),
                (r"\bfrom 15:05\b", "from 15:05, when he woke from a nap"),
            )
        )
    ),
    """The event a time window is counted from is moved: "antibiotics within the hour of reaching
    the ward" (neutropenic sepsis: within an hour of arrival), "time of sting = 40 minutes before
    the call ended", "facial droop from 15:05, when he woke from a nap" (a wake-up stroke: last
    known well is earlier, outside thrombolysis), "an hour before she went to bed last night".
    Wrong: each moves the clock that decides treatment. Seems to slip past: the number and unit of
    the window are kept; the anchor is a tail (new kind: a window's anchor).""",
)

_add35(
    "fields-consent-by-relative",
    _field_named(
        r"^screening consent$",
        _subs35(
            (
                (
                    r"\bcombined screening consented\b",
                    "combined screening consented by her mother on her behalf",
                ),
            )
        ),
    ),
    """Consent to antenatal screening is given by someone else: "screening consent = combined
    screening consented by her mother on her behalf". Wrong: an adult with capacity consents for
    herself; a relative's consent is no consent. Seems to slip past: "combined screening
    consented" stays whole; the agent is a tail (new kind: consent by proxy).""",
)


# ------------------------------------------------------------------------------------------
# Red team 35's controls (correct rewordings a clinician would accept)
# ------------------------------------------------------------------------------------------


def _control35(name: str, f: Callable[[Episode, Action], Product], doc: str) -> None:
    EXTRA[name] = _doc(f, doc)


_control35(
    "control-score-true-maximum",
    _both35(
        _subs35(
            (
                (r"\bNEWS2 (\d+)\b(?! \()", r"NEWS2 \1 (of a possible 20)"),
                (r"\bCURB-65 (\d+)(?=:|$)", r"CURB-65 \1 out of 5"),
                (r"\bCHA2DS2-VASc (\d+)\b", r"CHA2DS2-VASc \1 out of 9"),
                (r"\bPHQ-9 (\d+)\b", r"PHQ-9 \1 out of 27"),
            )
        )
    ),
    """CONTROL: a score given its true maximum ("NEWS2 11 (of a possible 20)", "CURB-65 3 out of
    5", "CHA2DS2-VASc 5 out of 9", "PHQ-9 9 out of 27").""",
)

_control35(
    "control-insulin-type-gloss",
    _both35(
        _subs35(
            (
                (r"\binsulin glargine\b", "insulin glargine (long-acting)"),
                (r"\binsulin degludec\b", "insulin degludec (basal)"),
            )
        )
    ),
    """CONTROL: a basal insulin glossed correctly ("insulin glargine (long-acting) 24 units at
    22:00", "insulin degludec (basal) 18 units daily").""",
)

_control35(
    "control-egfr-expanded",
    _both35(_subs35(((r"\beGFR (\d+)\b", r"estimated GFR \1"),))),
    """CONTROL: "eGFR 48" written "estimated GFR 48".""",
)

_control35(
    "control-tonight-wording",
    _both35(
        _subs35(
            (
                (r"\bomit tonight's dose\b", "skip this evening's dose"),
                (r"\bno new tablet tonight\b", "no new tablet this evening"),
                (r"\bfirst dose due at 14:00 today\b", "first dose due today at 14:00"),
            )
        )
    ),
    """CONTROL: tonight as this evening, other word order ("skip this evening's dose", "no new
    tablet this evening", "first dose due today at 14:00").""",
)

_control35(
    "control-age-wording",
    _both35(_subs35(((r"^((?:[A-Z][a-z]+ ){1,2}[A-Z][a-z]+), ([1-9][0-9])$", r"\1, aged \2"),))),
    """CONTROL: "Harriet Doyle, 82" written "Harriet Doyle, aged 82".""",
)

_control35(
    "control-callback-owner",
    _field_named(r"^callback number$", lambda v: v + " (the caller's own mobile)"),
    """CONTROL: the callback number glossed correctly ("07700 900966 (the caller's own
    mobile)"); the record gives the caller's number.""",
)

_control35(
    "control-diagnosis-synonym",
    _all_texts(
        _subs35(
            (
                (r"\bgabapentin toxicity\b", "toxic gabapentin accumulation"),
                (r"\bpossible serotonin syndrome\b", "possible serotonin toxicity"),
                (r"\bpossible ketoacidosis\b", "possible DKA"),
                (
                    r"\bclinical dehydration with shock features\b",
                    "clinical dehydration with signs of shock",
                ),
                (r"\bsuspected gastrointestinal bleed\b", "suspected GI bleed"),
                (r"\bsuspected acute stroke\b", "suspected acute CVA"),
            )
        )
    ),
    """CONTROL: working diagnoses in synonyms or abbreviations ("possible serotonin toxicity",
    "possible DKA", "suspected GI bleed", "suspected acute CVA", "toxic gabapentin
    accumulation").""",
)

_control35(
    "control-vital-shorthand",
    _hand(
        _subs35(
            (
                (r"^pulse 118$", "HR 118 bpm"),
                (r"^heart rate (\d+)$", r"HR \1/min"),
                (r"^heart rate is (\d+)$", r"HR \1 bpm"),
                (r"^pulse of 120$", "pulse 120 bpm"),
                (r"^respiratory rate (\d+)$", r"RR \1/min"),
                (r"^BP (\d+/\d+)$", r"BP \1 mmHg"),
            )
        )
    ),
    """CONTROL: vitals in shorthand with units ("HR 118 bpm", "RR 32/min", "BP 84/50 mmHg").""",
)

_control35(
    "control-vomit-wording",
    _all_texts(
        _subs35(
            (
                (r"\bvomited repeatedly\b", "vomiting again and again"),
                (
                    r"\bvomited after lunch and again at 14:30\b",
                    "threw up after lunch and again at 14:30",
                ),
                (r"\bsick twice since\b", "has vomited twice since"),
                (r"\bvomited once\b", "one vomit"),
                (r"\bvomited twice\b", "two episodes of vomiting"),
            )
        )
    ),
    """CONTROL: vomiting in other words ("threw up after lunch and again at 14:30", "has vomited
    twice since", "one vomit", "two episodes of vomiting").""",
)

_control35(
    "control-risk-wording",
    _all_texts(
        _subs35(
            (
                (r"\bhigh risk$", "high suicide risk"),
                (r"\bimminent suicide risk\b", "imminent risk of suicide"),
            )
        )
    ),
    """CONTROL: the risk's object spelt out or reordered ("high suicide risk", "imminent risk of
    suicide").""",
)

_control35(
    "control-peak-flow-percent-correct",
    _field_named(
        r"^peak flow and percentage of best$",
        _subs35(((r"^(175|155) L/min$", r"\1 L/min (under 40 % of best)"),)),
    ),
    """CONTROL: a correct percentage of best added (175 or 155 L/min against a best of 450-520
    L/min is 30-39 %: "under 40 % of best").""",
)

_control35(
    "control-safety-net-either",
    _field_named(
        r"^safety-netting advice$",
        _subs35(((r"\bif (.+?) or (.+?)(?= while|$)", r"if either \1 or \2"),)),
    ),
    """CONTROL: "if either X or Y" for "if X or Y" in safety-netting advice.""",
)

_control35(
    "control-thunderclap-wording",
    _all_texts(
        _subs35(
            (
                (
                    r"\bat full strength within seconds\b",
                    "reached maximum intensity within seconds",
                ),
                (r"\bpeak within seconds\b", "maximal within seconds"),
            )
        )
    ),
    """CONTROL: the thunderclap onset in other words ("reached maximum intensity within
    seconds", "maximal within seconds").""",
)

_control35(
    "control-urine-stool-wording",
    _all_texts(
        _subs35(
            (
                (r"\burine the colour of cola\b", "cola-coloured urine"),
                (r"\bstools black and sticky\b", "sticky black stools"),
            )
        )
    ),
    """CONTROL: other word order for red-flag colours ("cola-coloured urine", "sticky black
    stools").""",
)


def _stone_right35(t: str) -> str:
    def sub(m: re.Match[str]) -> str:
        kg = float(m[1])
        if kg < 20:
            return m[0]
        return f"{m[0]} (about {round(kg / 6.35)} stone)"

    return re.sub(r"\bweight (\d+(?:\.\d+)?) kg\b(?! \()", sub, t)


_control35(
    "control-weight-stone-correct",
    _all_texts(_stone_right35),
    """CONTROL: an adult weight with a correct stone conversion ("weight 57 kg (about 9
    stone)").""",
)

_control35(
    "control-allergy-all-forms",
    _all_texts(
        _subs35(
            (
                (r"^amoxicillin$", "amoxicillin (all forms and strengths)"),
                (
                    r"^trimethoprim \(widespread itchy rash\)$",
                    "trimethoprim, any form (widespread itchy rash)",
                ),
            )
        )
    ),
    """CONTROL: an allergy stated for the molecule in every form ("amoxicillin (all forms and
    strengths)").""",
)

_control35(
    "control-review-today-wording",
    _all_texts(
        _subs35(
            (
                (r"^same-day review today$", "review later today"),
                (r"^immediately, today$", "straight away, today"),
                (r"^today$", "later today"),
            )
        )
    ),
    """CONTROL: same-day review dates in other words ("review later today", "straight away,
    today", "later today").""",
)

_control35(
    "control-breath-sound-technical",
    _all_texts(
        _subs35(
            (
                (
                    r"\bharsh crowing noise with each breath in\b",
                    "inspiratory stridor, harsh and crowing",
                ),
                (r"\bwhistle as I breathe out\b", "expiratory wheeze (whistle on breathing out)"),
            )
        )
    ),
    """CONTROL: breath sounds in technical words with the lay gloss ("inspiratory stridor, harsh
    and crowing", "expiratory wheeze (whistle on breathing out)").""",
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
