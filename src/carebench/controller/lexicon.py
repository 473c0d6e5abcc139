"""The lexicon matcher: normalization, light stemming, phrases, morphology, bags and scope.

Conventions:
    * Normalization: lowercase; British digraphs folded inside words (``oe`` and ``ae`` -> ``e``:
      dyspnoea -> dyspnea, haem -> hem); tokens are runs of letters, digits and apostrophes, and
      the sentence punctuation . ; : ! ? is kept as boundary tokens.
    * Stemming strips one of -ingly, -edly, -ing, -ed, -es, -s, -ly when at least 3 letters remain.
    * A phrase matches a contiguous run of stems; a morphology rule matches one normalized token; a
      bag matches when each slot has a stem among its alternatives (prefix match) and the tokens
      span at most ``window`` tokens, in any order.
    * Scope (ConText-style, for negatable detectors): a negation or hypothetical trigger opens a
      scope over the next ``max_tokens`` tokens, closed early by a boundary token or a terminator
      (but, although...). A match whose first token lies in a scope is discarded.
    * Bag alternatives match a stem exactly, or as a prefix when they have 5 letters or more (so
      ``record`` matches ``recorded``, but ``not`` never matches ``note``).
"""

from __future__ import annotations

import bisect
import re
from typing import Any

_TOKEN = re.compile(r"[a-z0-9']+|[.;:!?]")
_BOUNDARY = {".", ";", ":", "!", "?"}
_SUFFIXES = ("ingly", "edly", "ing", "ed", "es", "s", "ly")


def normalize(text: str) -> list[str]:
    """Lowercased tokens with British digraphs folded."""
    text = re.sub(r"(?<=[a-z])(?:oe|ae)(?=[a-z])", "e", text.lower())
    text = re.sub(r"\b(?:oe|ae)(?=[a-z])", "e", text)
    return _TOKEN.findall(text)


def stem(token: str) -> str:
    """Strip one common suffix (see the module conventions)."""
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


class Lexicon:
    """A loaded lexicon specification."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.window = int(spec.get("window", 6))
        scope = spec["scope"]
        self.negation = [
            [stem(t) for t in normalize(p)] for p in scope["negation"] + scope["hypothetical"]
        ]
        self.terminators = {stem(t) for p in scope["terminators"] for t in normalize(p)}
        self.max_scope = int(scope["max_tokens"])
        self.detectors: dict[str, dict[str, Any]] = {}
        for name in ("C", "M", "H"):
            d = spec[name]
            self.detectors[name] = {
                "negatable": bool(d.get("negatable", False)),
                "phrases": [(p, [stem(t) for t in normalize(p)]) for p in d.get("phrases", [])],
                "morphology": [re.compile(m) for m in d.get("morphology", [])],
                "bags": [
                    [[stem(t) for a in slot for t in normalize(str(a))] for slot in bag]
                    for bag in d.get("bags", [])
                ],
            }

    def entries(self) -> list[tuple[str, list[str]]]:
        """Every phrase and bag as (detector, stems), for the disjointness audit."""
        out: list[tuple[str, list[str]]] = []
        for name, d in self.detectors.items():
            out += [(name, stems) for _, stems in d["phrases"]]
            out += [(name, [s for slot in bag for s in slot]) for bag in d["bags"]]
        return out

    def _scoped(self, stems: list[str]) -> set[int]:
        covered: set[int] = set()
        for i in range(len(stems)):
            for trigger in self.negation:
                if stems[i : i + len(trigger)] == trigger:
                    start = i + len(trigger)
                    for j in range(start, min(start + self.max_scope, len(stems))):
                        if stems[j] in _BOUNDARY or stems[j] in self.terminators:
                            break
                        covered.add(j)
        return covered

    def matches(self, text: str) -> dict[str, list[str]]:
        """For each detector, the evidence strings that fired it (empty list: did not fire)."""
        tokens = normalize(text)
        stems = [stem(t) for t in tokens]
        scoped = self._scoped(stems)
        index: dict[str, list[int]] = {}
        for i, s in enumerate(stems):
            index.setdefault(s, []).append(i)
        vocabulary = sorted(index)
        out: dict[str, list[str]] = {}
        for name, d in self.detectors.items():
            hits: list[tuple[int, str]] = []
            for label, phrase in d["phrases"]:
                n = len(phrase)
                hits += [(i, label) for i in index.get(phrase[0], []) if stems[i : i + n] == phrase]
            for rule in d["morphology"]:
                hits += [(i, f"~{t}") for i, t in enumerate(tokens) if rule.match(t)]
            for bag in d["bags"]:
                hits += self._bag_hits(stems, bag, index, vocabulary)
            if d["negatable"]:
                hits = [(i, h) for i, h in hits if i not in scoped]
            out[name] = sorted({h for _, h in hits})
        return out

    @staticmethod
    def _slot_positions(
        slot: list[str], index: dict[str, list[int]], vocabulary: list[str]
    ) -> list[int]:
        positions: set[int] = set()
        for alternative in slot:
            positions.update(index.get(alternative, ()))
            if len(alternative) >= 5:
                start = bisect.bisect_left(vocabulary, alternative)
                while start < len(vocabulary) and vocabulary[start].startswith(alternative):
                    positions.update(index[vocabulary[start]])
                    start += 1
        return sorted(positions)

    def _bag_hits(
        self,
        stems: list[str],
        bag: list[list[str]],
        index: dict[str, list[int]],
        vocabulary: list[str],
    ) -> list[tuple[int, str]]:
        positions = [self._slot_positions(slot, index, vocabulary) for slot in bag]
        if not all(positions):
            return []
        hits = []
        for i in positions[0]:
            chosen = [i]
            for slot_positions in positions[1:]:
                near = [j for j in slot_positions if abs(j - i) <= self.window]
                if not near:
                    break
                chosen.append(min(near, key=lambda j: abs(j - i)))
            else:
                start, end = min(chosen), max(chosen)
                if not any(stems[k] in _BOUNDARY for k in range(start, end)):
                    hits.append((start, "+".join(stems[k] for k in sorted(chosen))))
        return hits
