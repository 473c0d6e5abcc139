"""Superseded facts a draft carries: matched by their words, or by their value under its label.

A fact to discard is annotated with the words that dated it ("creatinine 84 micromol/L from the
clinic record 2 years ago", "insulin glargine 30 units at 22:00 on admission 5 days ago"). A
draft that restates the old value as current drops exactly those words, so the fact matcher
alone (:func:`~carebench.protocol.stated.asserts`) misses it. Conventions:

* a claim carries a discard fact when it asserts the fact, or when it holds the fact's value
  under its label (:func:`holds_value`);
* the fact's *measured* values are its quantities with a label that are not dating ones (not
  "ago", not a record's year, not a clock time without a label);
* a claim holds them when each is in the claim with the same value and its unit written ("100/6"
  does not hold "100 micrograms"), bound to a label the fact's quantity shares, not marked
  former, with no other value of that label beside it
  ("glargine 24 units (was 30 units)" states a change, not the old dose), and no frame the
  fact lacks (:func:`~carebench.episodes.readable.compatible`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from carebench.episodes.claimtext import Quantity
from carebench.episodes.quantities import comparable, labelled, same_value
from carebench.episodes.readable import compatible
from carebench.episodes.support import analyze
from carebench.protocol.stated import asserts

__all__ = ["holds_value", "stale_facts"]


def _measured(fact: str) -> list[Quantity]:
    return [
        q
        for q in analyze(fact).quantities
        if q.label and not q.ago and not q.former and q.unit[:1] != "#"
    ]


def holds_value(text: str, fact: str) -> bool:
    """Whether ``text`` gives ``fact``'s measured values as current (module conventions)."""
    wanted = _measured(fact)
    if not wanted or not compatible(text, fact):
        return False
    have = analyze(text).quantities

    def held(q: Quantity) -> bool:
        own = [w for w in have if w.label and labelled(q, w) and comparable(q, w)]
        return any(same_value(q, w) and bool(w.unit or not q.unit) for w in own) and all(
            same_value(q, w) for w in own
        )

    return all(held(q) for q in wanted)


def carries(text: str, fact: str) -> bool:
    """Whether ``text`` carries the superseded ``fact``: states it, or gives its values."""
    return asserts(text, fact) or holds_value(text, fact)


def stale_facts(texts: Sequence[str], discard: Iterable[str]) -> int:
    """How many facts of ``discard`` some text of ``texts`` carries (module conventions)."""
    return sum(any(carries(t, f) for t in texts) for f in discard)
