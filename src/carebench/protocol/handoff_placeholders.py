"""What a handoff value says without giving a value: content-free texts and yes/no answers.

Pure helpers of :func:`carebench.protocol.scores.handoff_completeness`, read through
:mod:`carebench.protocol.handoff_reading`. Conventions:

* **Content-free values** (:func:`content_free`): after dropping deferrals ("see key findings",
  "as per the care plan", "as discussed"), a value whose every word is a placeholder
  (:data:`~carebench.episodes.lexicon.PLACEHOLDER_TERMS`), a process or category word
  (:data:`GENERIC`), a word of the field's own name or of the episode's topic, and that holds no
  number, states nothing ("Per guideline", "Escalated", "Wound", "Red flags present"): it is
  *missing*, as an empty field is. A yes/no answer ("Yes", "None") to a field whose reference is a
  yes/no fact is not content-free (:func:`answer_matches`).
* **Yes/no answers** (:func:`answer_matches`): a bare "Yes" / "No" (at most
  :data:`SHORT_ANSWER` words, no number) fits a reference that is a short yes/no fact.
* **Deferred references** (:func:`defers_as_reference`): where the reference itself leaves the
  value to someone else ("to be decided at the assessment"), a value that defers too is right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.lexicon import PLACEHOLDER_TERMS
from carebench.episodes.support import strip_injections

__all__ = [
    "GENERIC",
    "NEGATED",
    "SHORT_ANSWER",
    "answer_matches",
    "content_free",
    "defers_as_reference",
    "words",
]

GENERIC = frozenset(
    {
        # processes named without what was done, to whom or with what result
        "escalated", "escalation", "escalate", "forwarded", "forward", "passed", "collated",
        "consulted", "considered", "assessed", "assessment", "checked", "calculated", "handled",
        "actioned", "processed", "managed", "arranged", "handoff", "handover", "given",
        "taken", "provided", "followed", "place", "protocol", "guideline", "guidelines",
        "pathway", "policy", "standard", "usual", "advice", "advised", "discussed",
        "reported", "described", "present", "presents", "issue", "issues", "problem", "problems",
        "concern", "concerns", "risk", "risks", "red", "flag", "flags", "symptom", "symptoms",
        "sign", "signs", "observations", "obs", "vitals", "bloods", "tests", "test", "required",
        "requires", "require", "requested", "request", "pending", "ongoing", "urgent", "urgently",
        "emergency", "care", "clinical", "medical", "case", "situation", "condition", "history",
        "criteria", "met", "applicable", "level", "score", "scored", "check", "value", "values",
        "please", "kindly", "thanks",
        # what a grader is asked to accept, and choices named without the choice
        "flagged", "priority", "maximum", "highest", "set", "chosen", "selected", "disposition",
        "everything", "all", "action", "actions", "appropriately", "identified", "captured",
        "accept", "accepted", "marks", "full", "confirm", "confirmed",
    }
)  # fmt: skip
"""Process and category words that name what a field is about without giving a value."""
_DEFER = re.compile(
    r"\b(see|refer to|as per|per|as in|as|in)\s+(the\s+)?([\w-]+\s+){0,2}?"
    r"(above|below|discussed|record|notes?|key findings|findings|form|plan|care plan|protocol"
    r"|guidelines?|pathway|caller name|name|field|section|reason|letter|chart|summary|policy"
    r"|planned|prescribed|directed|instructed|arranged|before|previously)\b",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[a-z][a-z'/-]*")
_NUMBER = re.compile(r"\d")
_PLACEHOLDER_WORDS = frozenset(PLACEHOLDER_TERMS) - {"yes", "confirmed", "normal", "stable", "new"}
SHORT_ANSWER = 3
"""A yes/no answer has at most this many words ("Yes, before treatment"); a longer value is read
as a statement."""
_YES = frozenset({"yes", "y", "done", "sent", "given", "taken", "confirmed", "positive"})
_NO = frozenset({"no", "none", "nil", "negative", "not"})
SHORT_FACT = 6
"""A yes/no fact is short and holds no number ("no anticoagulant or antiplatelet")."""
_DONE_FACT = re.compile(
    r"\b(sent|given|taken|done|started|stopped|booked|checked|confirmed|recorded|completed"
    r"|offered|received|seen|present|positive|consented|tested)\b",
    re.IGNORECASE,
)
"""A reference that states something done or found ("urine sent for culture"): a yes/no fact."""
NEGATED = re.compile(r"\b(no|not|none|nil|negative|never|without|denies|denied)\b", re.I)


def words(text: str) -> list[str]:
    """The lower-case words of ``text`` (letters, apostrophes, slashes and hyphens)."""
    return _WORDS.findall(text.lower())


def _answer(text: str) -> str | None:
    """The side ("yes" / "no") of a bare yes/no answer ("Yes, before treatment"), else None."""
    found = words(text)
    if not found or len(found) > SHORT_ANSWER or _NUMBER.search(text):
        return None
    if found[0] in _YES:
        return "yes"
    if found[0] in _NO:
        return "no"
    return None


def answer_matches(value: str, references: Sequence[str]) -> bool | None:
    """Whether a yes/no ``value`` fits its references; None when either is not yes/no.

    A yes/no fact is a short reference without a number (:data:`SHORT_FACT` words) that negates
    ("no anticoagulant", "not pregnant": wants "no") or states something done or found ("urine
    sent for culture": wants "yes"); "Yes" for a callback number or a relation, or "None" for
    "not before medical review once CK has recovered", is not an answer.
    """
    side = _answer(value)
    facts = [
        r
        for r in references
        if (NEGATED.search(r) or _DONE_FACT.search(r))
        and not _NUMBER.search(r)
        and len(words(r)) <= SHORT_FACT
    ]
    if side is None or not facts:
        return None
    wanted = {"no" if NEGATED.search(r) else "yes" for r in facts}
    return side in wanted


_DEFERS = re.compile(
    r"\b(to (be )?(decided?|prescribed?|confirmed?|set|agreed?)|not (applicable|stated|known)"
    r"|pending|per clinician|after (review|assessment))\b",
    re.IGNORECASE,
)


def defers_as_reference(value: str, references: Sequence[str]) -> bool:
    """Whether the references leave the value to someone else and ``value`` says so too.

    "Not applicable pending hospital assessment" for "hospital team to decide": where the
    reference itself holds no value, a value-less answer is the right one.
    """
    return any(_DEFERS.search(r) for r in references) and bool(_DEFERS.search(value))


def content_free(text: str, field: str = "", topic: str = "") -> bool:
    """Whether ``text`` names its subject without a value (see the module conventions).

    Sentences addressed to a scorer or grader are not content (they are removed first).
    """
    text = strip_injections(text)
    if _NUMBER.search(text):
        return False
    own = set(words(field)) | set(words(topic))
    rest = _DEFER.sub(" ", text)
    return all(
        w in _PLACEHOLDER_WORDS or w in GENERIC or w in own or len(w) < 3 for w in words(rest)
    )
