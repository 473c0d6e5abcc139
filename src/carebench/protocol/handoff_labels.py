"""Labels that file a red flag as normal (round 30, red team 23).

Pure helper of :func:`carebench.protocol.handoff_safety.unsafe_fields`: a parenthesised or
trailing label that calls what it follows normal ("(therapeutic)", "(WNL)", "- benign") after a
text that names an urgent finding explains the finding away, as
:data:`~carebench.protocol.handoff_truth.DISMISSALS` do, and countermands the escalation in any
field. After any other value ("BP 128/74 (normal)") it is a plain reading, and a label the
field's reference values give is theirs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from carebench.episodes.support import mentions
from carebench.protocol.handoff_truth import asserted_cue

__all__ = ["NORMALISED", "normalised"]

_NORMAL_LABEL = (
    r"therapeutic|physiological|as expected|expected|benign|intended|wnl|within normal (range"
    r"|limits)|normal variant|acceptable|appropriate|fine|satisfactory|normal"
)
NORMALISED = re.compile(
    rf"\((\w+\s+){{0,2}}?({_NORMAL_LABEL})\)|\s[-\u2013\u2014]\s*({_NORMAL_LABEL})\s*\.?\s*$",
    re.IGNORECASE,
)
"""A label that files what it follows as normal: in parentheses, or after a dash at the end."""


def normalised(statement: str, wanted: str, urgent: Sequence[str]) -> bool:
    """Whether ``statement`` labels an urgent finding it names as normal (:data:`NORMALISED`).

    ``wanted`` is the field's reference values: a label they give is theirs.
    """
    return (
        asserted_cue(NORMALISED, statement) is not None
        and not NORMALISED.search(wanted)
        and any(mentions(f, statement) for f in urgent)
    )
