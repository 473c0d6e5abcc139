"""Function words that set a claim's time, mood or condition, read against its cited lines.

A claim that adds one of these to what its lines state changes what the note says about the
fact, however well its content words are covered: "will start X" (not yet begun), "used to take
X" (no longer), "X if tolerated" / "X once approved" (provisional), "X until Friday" (ending),
and clinical shorthand that carries a status or a query ("X d/c": discontinued, "h/o X":
history of, "r/o X": rule out). These are closed grammatical classes (auxiliaries of future and
past aspect, subordinating conjunctions of condition and time) plus a closed list of shorthand,
not words of any one claim: a claim may use one only where a cited line uses one of the same
kind ("Reduce to 2.5 mg if CrCl 15-29" for a line that says "if").
"""

from __future__ import annotations

import re

__all__ = ["TIME_KINDS", "frame_match", "frame_shift"]

_START = r"(start|begin|commence|restart|resume|take|use|have)"
_KINDS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    (
        "future",
        re.compile(
            rf"\b((will|shall|going to|due to|yet to|about to|plan(ned)? to)\s+(be\s+)?{_START}\w*"
            rf"|to be (started|commenced|begun|restarted|resumed))\b|\w'll\s+{_START}"
            rf"|^\W*to\s+{_START}\b",
            re.IGNORECASE,
        ),
        re.compile(  # a future or plan word with its own start verb, not one anywhere
            rf"\b(will|shall|due to|plan\w*|to be|yet to|to|next|tomorrow)\W+(\w+\s+)??{_START}"
            rf"|\b{_START}\w*\b[^.;:]{{0,40}}\b(tomorrow|next)\b|\bfirst dose\b[^.;:]{{0,20}}\bdue\b",
            re.I,
        ),
    ),
    (
        "past",
        re.compile(r"\b(used to|had been on|was on|were on|pre-?admission|prev)\b", re.I),
        re.compile(r"\b(stopped|previous\w*|formerly|before|until|used to|was on|pre)\b", re.I),
    ),
    (
        "condition",
        re.compile(r"\b(if|unless|provided|providing|whenever|subject to|once \w+ed)\b", re.I),
        re.compile(
            r"\b(if|unless|provided|providing|whenever|when|subject to"
            r"|once (\w+ed|she|he|they|it|the|you|we))\b",
            re.IGNORECASE,
        ),
    ),
    (
        "stopped",
        re.compile(r"(?<![\w/])(d/c|dc'?d)(?![\w/])", re.IGNORECASE),
        re.compile(r"\b(stop\w*|discontinu\w*|ceased|d/c|withdrawn|held)\b", re.IGNORECASE),
    ),
    (
        "history",
        re.compile(r"(?<![\w/])(h/o|hx|pmh|s/p)(?![\w/])", re.IGNORECASE),
        re.compile(r"\b(history|past|previous\w*|prior|after|post|following|h/o|hx)\b", re.I),
    ),
    (
        "query",
        re.compile(r"(?<![\w/])(r/o)(?![\w/])", re.IGNORECASE),
        re.compile(r"\b(rule\w* out|exclud\w*|r/o)\b", re.IGNORECASE),
    ),
)
"""Per kind: the claim's pattern, and what a cited line must hold for the claim to use it."""

TIME_KINDS = frozenset({"future", "past", "stopped", "history"})
"""Kinds that move a fact to another time than now (not yet begun, no longer, a past history):
a claim whose content its lines state as current, in one of these, contradicts them; a
condition or a query only withholds the fact (unsupported)."""


def frame_match(claim: str, evidence: str) -> tuple[str, re.Match[str]] | None:
    """The kind and match of the first frame word ``claim`` adds that ``evidence`` lacks, or None."""
    for kind, pattern, licence in _KINDS:
        m = pattern.search(claim)
        if m and not licence.search(evidence):
            return kind, m
    return None


def frame_shift(claim: str, evidence: str) -> str | None:
    """The frame word ``claim`` adds that no cited line (``evidence``) has a word of its kind for.

    A kind is licensed by a word of the same kind in a line (a line that says "if" licenses a
    condition, "history" or "previous" licenses "h/o" and "PMH", "stopped" licenses "d/c"; a
    future only by a future or plan word with its own start verb, "plan: start", "to start
    tomorrow", not by "Plan: continue"). Returns ``"future 'will start'"``-style text naming the
    kind and the claim's words, or None.
    """
    found = frame_match(claim, evidence)
    return None if found is None else f"{found[0]} {found[1].group(0).strip()!r}"
