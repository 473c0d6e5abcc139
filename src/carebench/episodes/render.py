"""Rendering an episode as the agent sees it: typed blocks under plain headers, nothing else.

Convention: each block is ``## <title>`` on its own line, a blank line, the block text, and blocks
are separated by one blank line. Detectors strip exactly these header lines (see
:data:`HEADER_LINE`) before looking at the text.
"""

from __future__ import annotations

import re

from carebench.episodes.schema import Episode

HEADER_LINE = re.compile(r"^## .*$", re.MULTILINE)


def render_transcript(episode: Episode) -> str:
    """The transcript text an agent receives for ``episode``."""
    return "\n\n".join(f"## {block.title}\n\n{block.text}" for block in episode.transcript) + "\n"


def strip_headers(transcript: str) -> str:
    """The transcript with the structural header lines removed (for detectors and audits)."""
    return HEADER_LINE.sub("", transcript).strip()


def agent_text(episode: Episode) -> str:
    """What detectors, audits and keyword predictors read: the transcript without header lines."""
    return strip_headers(render_transcript(episode))
