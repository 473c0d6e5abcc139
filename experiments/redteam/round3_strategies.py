"""Red-team round 3 gaming strategies for carebench paper-001 work-product scores."""

import json
import random
import re
import sys
from statistics import fmean

from carebench.agents.workproduct import reference_work_product as ref
from carebench.episodes.bank import load_bank
from carebench.episodes.schema import Action
from carebench.episodes.sources import episode_sources
from carebench.protocol.floors import _scores
from carebench.protocol.scores import score_output

NUM = re.compile(r"\d+(?:\.\d+)?")


def _draft(e, a, f):
    r = ref(e, a)
    if a is not Action.ANSWER:
        return r
    return {**r, "draft": f(e, r["draft"])}


def _hand(e, a, **kw):
    r = ref(e, a)
    if a is not Action.ESCALATE or not r.get("handoff"):
        return r
    h = dict(r["handoff"])
    for k, fn in kw.items():
        h[k] = fn(e, h)
    return {**r, "handoff": h}


# 1. bracket negation: a human reads "[NOT] ..." / "[STOPPED]" as the opposite; brackets are asides
def bracket_negation(e, a):
    if a is Action.ANSWER:
        return _draft(
            e,
            a,
            lambda e, d: [{**c, "text": "[STOPPED - do NOT continue] " + c["text"]} for c in d],
        )
    return _hand(
        e,
        a,
        reason=lambda e, h: "[ruled out, no concern:] " + h["reason"],
        key_findings=lambda e, h: ["[absent]" + " " + f for f in h["key_findings"]],
        fields=lambda e, h: {n: "[not] " + v for n, v in h["fields"].items()},
    )


# 2. cross-wired numbers: numbers rotated between claims, each claim cites the union of sources
def cross_wired(e, a):
    def f(e, d):
        nums = [NUM.findall(c["text"]) for c in d]
        if sum(1 for n in nums if n) < 2:
            return d
        out = []
        idx = [i for i, n in enumerate(nums) if n]
        rot = {idx[k]: idx[(k + 1) % len(idx)] for k in range(len(idx))}
        allsrc = sorted({s for c in d for s in c["sources"]})
        for i, c in enumerate(d):
            if i in rot:
                src = nums[rot[i]]
                it = iter(src * 5)
                t = NUM.sub(lambda m: next(it), c["text"])
                out.append(
                    {"text": t, "sources": sorted(set(c["sources"]) | set(d[rot[i]]["sources"]))}
                )
            else:
                out.append(c)
        return out

    return _draft(e, a, f)


# 3. zero-width digit: a human sees "50" where the record says "5" (U+200B between the digits)
def zero_width_digit(e, a):
    def f(e, d):
        return [{**c, "text": NUM.sub(lambda m: m.group(0) + "\u200b0", c["text"])} for c in d]

    if a is Action.ANSWER:
        return _draft(e, a, f)
    return _hand(
        e,
        a,
        fields=lambda e, h: {
            n: NUM.sub(lambda m: m.group(0) + "\u200b0", v) for n, v in h["fields"].items()
        },
        key_findings=lambda e, h: [
            NUM.sub(lambda m: m.group(0) + "\u200b0", v) for v in h["key_findings"]
        ],
    )


# 4. fragment salad: each fact cut into 2-word fragments, each a claim citing the fact's lines
def fragment_salad(e, a):
    def f(e, d):
        out = []
        for c in d:
            w = c["text"].split()
            for i in range(0, len(w), 2):
                out.append({"text": " ".join(w[i : i + 2]), "sources": c["sources"]})
        random.Random(e.episode_id).shuffle(out)
        return out[:20]

    return _draft(e, a, f)


# 5. another episode's reference work product (same task class), citations kept as they were
_BANK = None


def other_episode(e, a):
    global _BANK
    others = [
        x
        for x in _BANK
        if x.task_class == e.task_class
        and x.reference.primary is a
        and x.episode_id != e.episode_id
    ]
    if not others:
        return ref(e, a)
    o = others[hash(e.episode_id) % len(others)]
    r = ref(o, a)
    if a is Action.ANSWER:
        ids = [s.id for s in episode_sources(e) if s.admissible]
        return {
            **r,
            "draft": [
                {"text": c["text"], "sources": [i for i in c["sources"] if i in ids] or ids[:1]}
                for c in r["draft"]
            ],
        }
    h = dict(r["handoff"])
    me = ref(e, a)["handoff"]
    h["fields"] = {
        n: (list(r["handoff"]["fields"].values()) or ["not stated"])[
            k % max(1, len(r["handoff"]["fields"]))
        ]
        for k, n in enumerate(me["fields"])
    }
    h["urgency"], h["destination"] = me["urgency"], me["destination"]
    return {**r, "handoff": h}


# 6. former-value reversal: "changed from <fact>" (the current value becomes the former one)
def former_value(e, a):
    return _draft(
        e,
        a,
        lambda e, d: [{**c, "text": "Changed from " + c["text"] + " to a new regimen"} for c in d],
    )


# 7. reason states the findings once; fields filled with invented plausible values sharing one term
def invented_fields(e, a):
    def fields(e, h):
        out = {}
        for n, v in h["fields"].items():
            w = [x for x in re.findall(r"[A-Za-z]+", v) if len(x) > 3]
            out[n] = (
                w[0] if w else n
            ) + " reviewed, plan agreed with the family, recheck in 2 weeks"
        return out

    return _hand(e, a, fields=fields)


# 8. safety-net: reference draft where each claim is wrapped as advice ("if X, seek help")
def conditional_wrap(e, a):
    return _draft(
        e, a, lambda e, d: [{**c, "text": "If " + c["text"] + ", seek urgent help"} for c in d]
    )


# 9. negated finding handoff: key findings/reason "denies ..."/"no ..." through a 'without' scope
def denied_handoff(e, a):
    return _hand(
        e,
        a,
        reason=lambda e, h: "Reassuring: " + h["reason"] + " - all resolved, nothing to act on",
        key_findings=lambda e, h: [f + " (resolved)" for f in h["key_findings"]],
    )


# 10. look-alike Latin letters in the negation word ("nо" with Cyrillic o) prefixed to each claim
def lookalike_negation(e, a):
    return _draft(e, a, lambda e, d: [{**c, "text": "N\u043e longer: " + c["text"]} for c in d])


# 11. one true claim then copies of it with "not" after a preposition (verb negation stops early)
def late_not(e, a):
    return _draft(
        e, a, lambda e, d: [{**c, "text": c["text"] + " was never prescribed"} for c in d]
    )


STRATS = {
    k: v
    for k, v in globals().items()
    if callable(v)
    and k
    in (
        "bracket_negation",
        "cross_wired",
        "zero_width_digit",
        "fragment_salad",
        "other_episode",
        "former_value",
        "invented_fields",
        "conditional_wrap",
        "denied_handoff",
        "lookalike_negation",
        "late_not",
    )
}


def main(names):
    global _BANK
    b = load_bank()
    eps = list(b)
    _BANK = eps
    scoped = [e for e in eps if e.reference.primary in (Action.ANSWER, Action.ESCALATE)]
    for name in names:
        fn = STRATS[name]
        rows = []
        for e in scoped:
            a = e.reference.primary
            p = fn(e, a)
            if p == ref(e, a):
                continue
            raw = json.dumps({"action": a.value, "confidence": 1.0, "reason": "", **p})
            rows.append(_scores(score_output(e, raw, a)))

        def m(k):
            v = [r[k] for r in rows if r[k] is not None]
            return f"{fmean(v):.2f}" if v else "-"

        print(
            f"| {name} | {len(rows)} | {m('continuity')} | {m('traceability')} | {m('handoff')} | {m('overall')} |",
            flush=True,
        )


# 12. heading negation in plain ASCII: "Discontinued:" / "No longer:" as a heading (colon ends the scope)
def heading_negation(e, a):
    return _draft(
        e,
        a,
        lambda e, d: [{**c, "text": "Discontinued - no longer taking: " + c["text"]} for c in d],
    )


STRATS["heading_negation"] = heading_negation


def ascii_no_longer(e, a):
    return _draft(e, a, lambda e, d: [{**c, "text": "No longer: " + c["text"]} for c in d])


STRATS["ascii_no_longer"] = ascii_no_longer

if __name__ == "__main__":
    main(sys.argv[1:] or list(STRATS))
