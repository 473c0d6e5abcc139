"""How a text renders: hidden and struck markup, form answers, JSON objects, checkboxes.

:func:`render` is applied to a claim (:func:`carebench.episodes.support.support`) and to each
text of a handoff (:func:`carebench.protocol.stated.read_handoff`) before anything reads it.
Conventions:

* struck-through text (``~~x~~``, ``~x~``, ``<del>``, ``<s>``, ``<strike>``), HTML comments,
  spoilers (``||x||``), link-reference definitions and any element with a style, class, colour
  or hidden attribute are deleted, so they are not stated; other HTML tags are dropped and their
  text kept; an HTML checkbox reads as "[ ]" or "[x]";
* a text that is a JSON object states each key whose value is true, and "key: value" for a
  string or number; a key whose value is false reads as "no key", null as "query key"
  (unanswered), an empty one is not stated;
* in prose, ``key: false`` and ``key: no`` / ``none`` / ``nil`` read as "no key" (the clinical
  shorthand "Fever: no"), ``key: null`` as "query key"; checkboxes and answer codes are read by
  :mod:`carebench.episodes.checklist` (an unticked item is a query).

Round 14 (red team 12): comments were read as visible text, and false and null deleted their
item, so a denied red flag read as merely missing.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from carebench.episodes.checklist import answered

__all__ = ["render", "unstruck"]

_STRUCK = re.compile(
    r"~~.*?~~|<(del|s|strike)\b[^>]*>.*?</\1\s*>"
    r"|(?<![~\w])~(?=\S)[^~\n]*?(?<=\S)~(?![~\w])",  # GitHub's single-tilde strikethrough
    re.IGNORECASE | re.DOTALL,
)
_TAG = re.compile(r"</?[a-z][a-z0-9]*\b[^>]*>", re.IGNORECASE)
_HIDDEN = re.compile(
    r"<!--.*?(?:-->|$)|\|\|[^|\n]+\|\|"
    r"|<([a-z][a-z0-9]*)\b[^>]*\b(style|hidden|class|color|aria-hidden)\b[^>]*>.*?(</\1\s*>|$)"
    r"|^\s*\[[^\]\n]+\]:[ \t]*\S+([ \t]+(\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$",
    re.IGNORECASE | re.DOTALL | re.MULTILINE,
)
"""Text no reader can be trusted to see rendered: an HTML comment, a spoiler ("||x||"), a
markdown link-reference definition ("[1]: https://x": one destination and an optional quoted
title, as CommonMark defines it; "[E2]: folic acid 400 micrograms daily" is shown), and any
element that carries a style, class, colour or hidden attribute (round 15, red team 13:
``display:none``, white text, CSS line-through): the default is flipped, so such text is not
read at all."""
_BOX = re.compile(r"<input\b[^>]*>", re.IGNORECASE)
"""An HTML checkbox: "[x]" when it is checked, else "[ ]" (an unticked item, round 15)."""
_FALSE = re.compile(
    r"(?:^|(?<=[;,.\n{]))\s*[\"']?([^:;,.\n{}\"']{1,80}?)[\"']?\s*[:=]\s*"
    r"[\"']?(false|null|undefined)[\"']?\s*(?=$|[;,.\n}])",
    re.IGNORECASE,
)
_ANSWER = {"false": "no", "null": "query", "undefined": "query"}
"""How a form's value reads: false denies its item, null leaves it unanswered (round 14, red
team 12: both deleted the item, so a denied red flag read as merely missing)."""
_NO = re.compile(
    r"(?:^|(?<=[;,.\n]))\s*([A-Za-z][^:;,.\n]{0,60}?)\s*:\s*(no|none|nil)\s*(?=$|[;,.(\n])",
    re.IGNORECASE,
)


def _json_text(value: Any, key: str = "") -> list[str]:
    """What a JSON value states, as prose parts (false denies its key, null queries it)."""
    if value is False or value is None:
        return [f"{'no' if value is False else 'query'} {key}"] if key else []
    if value == "" or value == [] or value == {}:
        return []
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _json_text(v, str(k))]
    if isinstance(value, list):
        return [p for v in value for p in _json_text(v, key)]
    if value is True:
        return [key] if key else []
    return [f"{key}: {value}" if key else str(value)]


def unstruck(text: str) -> str:
    """``text`` without its struck-through parts (``~~x~~``, ``<del>``, ``<s>``, ``<strike>``)."""
    return _STRUCK.sub(" ", text)


@cache
def render(text: str) -> str:
    """``text`` as a reader sees it rendered (module conventions): struck and hidden parts gone."""
    text = _BOX.sub(lambda m: " [x] " if re.search(r"\bchecked\b", m[0], re.I) else " [ ] ", text)
    text = _HIDDEN.sub(" ", unstruck(text))
    text = _TAG.sub(" ", text)
    stripped = text.strip()
    if stripped[:1] in "{[" and stripped[-1:] in "}]":
        try:
            parsed = json.loads(stripped)
        except ValueError:
            parsed = None
        if isinstance(parsed, (dict, list)):
            return ". ".join(_json_text(parsed))
    text = _FALSE.sub(lambda m: f" {_ANSWER[m[2].lower()]} {m[1].strip()} ", text)
    text = _NO.sub(lambda m: f" no {m[1].strip()} ", text)
    text = answered(text)
    return re.sub(r"[{}\[\]]", " ", text) if re.search(r"[{}]", text) else text
