r"""How a text renders: what a reader can be shown, form answers, JSON objects, checkboxes.

A work product may be read as HTML, as markdown or as plain text, and the agent does not know
which; a score never lets the choice help it. :func:`readings` gives the two readings every score
takes the worse of (:mod:`carebench.protocol.scores`, :func:`carebench.episodes.support.support`):

* :func:`render`, the **shown** reading: only what every renderer shows. The text is parsed as
  HTML (the standard library's parser, character references decoded as a browser decodes them);
  comments (an unclosed one to the end, ``<!-->`` empty, as HTML5 ends them), bogus comments
  (``<!X>``, ``<?X>``, CDATA), elements a browser never renders (``template``, ``script``,
  ``style``, ``head``, ``title``, ``noscript``, ``datalist``, ``select``, ``iframe``,
  ``object``, media fallbacks, and a closed ``dialog`` or ``details``), struck elements
  (``del``, ``s``, ``strike``) and any element with a style, class, colour or hidden attribute
  are not shown, an element left unclosed to the end of the text; a ``<bdo dir=rtl>`` displays
  its text reversed, so a text holding one is unreadable (``""``), as is a decoded direction
  override (:func:`~carebench.episodes.readable.readable`). Round 18 (red team 16) turned the
  rest into an allow-list: the plain elements of :data:`_PLAIN` (paragraphs, emphasis, lists,
  tables, headings, links, code) show their text; any other element (an unknown tag, ``svg``,
  ``math``, ``font``, ``meter``, ``progress``, ``button``), any attribute outside
  :data:`_PLAIN_ATTRIBUTES` and the hiding ones (``popover``, ``face``, ``width``, ``data-*``)
  and any LaTeX command with an argument (``\hphantom{x}``) make the text unreadable, as no
  list of what hides can be whole; a form control shows what it shows: a checkbox or radio
  button reads "[x]" or "[ ]", a text box the first 20 characters of its value or placeholder
  (what the box shows; round 21). In markdown:
  ``~~x~~`` and ``~x~`` are struck, spoilers ``||x||`` hidden, link-reference definitions (one
  destination and an optional title, as CommonMark defines them) not shown.
* :func:`stored`, the **stored** reading: every character a plain-text viewer shows. Tags and
  comment delimiters are dropped and what they enclose is kept (the text of a comment, a
  template, a spoiler, a struck-through span: a plain viewer shows the tildes, not a strike, so
  "~~X~~ Y" reads X and Y there; a correction is best written in words), with the words of a
  tag's attributes (alt text, titles, an iframe's ``srcdoc``, an inline ``data:`` image
  decoded; not technical ones such as a link's address or ``style``) and the whole of a tag
  that names no HTML element ("<ceased in March>", round 17).

A text that reads the same both ways is scored once. Hiding a fact (``<template>X</template>``)
therefore earns nothing, as the shown reading lacks it, and hiding a retraction beside a fact
("X ||NOT PRESENT||", "X <!-- not sent -->") saves nothing, as the stored reading holds it.
Round 16 replaced the lists of rounds 13-15 (red teams 11-14 found more than twenty rendering
kinds between them, each a construct one viewer shows and another hides).

Both readings then read form answers alike: an HTML checkbox reads "[x]" or "[ ]"; a text that
is a JSON object states each key whose value is true, and "key: value" for a string or number,
one per line, then read as prose (round 18: ``{"X": "N"}`` answers no, as "X: N" does);
a key whose value is false reads as "no key", null as "query key" (unanswered), an empty one is
not stated; in prose ``key: false`` and ``key: no`` / ``none`` / ``nil`` read as "no key" (the
clinical shorthand "Fever: no"), ``key: null`` as "query key"; checkboxes and answer codes are
read by :mod:`carebench.episodes.checklist` (an unticked item is a query).
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote

from carebench.episodes.checklist import answered
from carebench.episodes.readable import readable

__all__ = ["readings", "render", "stored"]

_STRUCK = re.compile(
    r"~~.*?~~|<(del|s|strike)\b[^>]*>.*?</\1\s*>"
    r"|(?<![~\w])~(?=\S)[^~\n]*?(?<=\S)~(?![~\w])",  # GitHub's single-tilde strikethrough
    re.IGNORECASE | re.DOTALL,
)
_COMMENT = re.compile(r"<!--(?:-?>|.*?(?:--!?>|$))", re.DOTALL)
"""An HTML comment as HTML5 ends it: ``<!-->`` and ``<!--->`` are empty, an unclosed one runs to
the end of the text (the standard library's parser reads both as text)."""
_MARKDOWN_HIDDEN = re.compile(
    r"\|\|[^|\n]+\|\|"
    r"|^\s*\[[^\]\n]+\]:[ \t]*\S+(([ \t]+|[ \t]*\n[ \t]*)(\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$",
    re.MULTILINE,
)
"""A spoiler ("||x||") and a markdown link-reference definition ("[1]: https://x": one
destination and an optional quoted title, on its line or the next, as CommonMark defines it;
"[E2]: folic acid 400 micrograms daily" is shown). LaTeX (``\\phantom{x}``) is :data:`_LATEX`'s."""
_UNRENDERED = frozenset(
    {"area", "audio", "base", "basefont", "canvas", "datalist", "embed", "head", "iframe", "link",
     "meta", "noembed", "noframes", "noscript", "object", "param", "rp", "script", "select",
     "style", "template", "title", "video"}
)  # fmt: skip
"""Elements a browser never renders (the HTML standard's rendering section, with the fallback
content of embedded media and the options of a closed select)."""
_OPENABLE = frozenset({"details", "dialog"})
"""Elements whose content is shown only when they carry ``open``."""
_STRUCK_TAGS = frozenset({"del", "s", "strike"})
_HIDING = frozenset({"style", "hidden", "class", "color", "aria-hidden"})
"""Attributes that may hide an element's text (``display:none``, white text, a CSS class
striking it): the element is not read at all (round 15, red team 13)."""
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
     "track", "wbr"}
)  # fmt: skip


_PLAIN = frozenset(
    {"a", "abbr", "address", "article", "aside", "b", "bdi", "blockquote", "body", "br",
     "caption", "center", "cite", "code", "col", "colgroup", "dd", "details", "dialog", "div",
     "dl", "dt", "em",
     "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
     "header", "hr", "html", "i", "img", "input", "ins", "kbd", "label", "legend", "li", "main",
     "mark", "nav", "ol", "p", "pre", "q", "samp", "section", "small", "span", "strong",
     "summary", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u",
     "ul", "var", "wbr"}
)  # fmt: skip
"""Elements that show their text as plain text (round 18): a note needs no other. Any other
element the shown reading does not hide (an unknown tag, ``svg``, ``math``, ``font``,
``meter``, ``button``, ...) makes the text unreadable, as no list of what hides can be whole."""
_PLAIN_ATTRIBUTES = frozenset(
    {"href", "title", "lang", "id", "name", "for", "type", "checked", "value", "placeholder",
     "alt", "src", "colspan", "rowspan", "scope", "headers", "start", "reversed", "datetime",
     "cite", "open", "dir", "align", "valign", "target", "rel", "disabled", "readonly"}
)  # fmt: skip
"""Attributes that change no text a reader sees; any other one, outside :data:`_HIDING`
(``popover``, ``face``, ``width``, event handlers, ...), makes the text unreadable (round 18)."""
_BOXES = frozenset({"checkbox", "radio"})
_TEXT_INPUTS = frozenset({"text", "search", "email", "tel", "url"})
"""Inputs that show their value as text; any other type (password, range, number, date, colour,
file, image, a button) shows dots, a widget or nothing, so the text is unreadable (round 19)."""
_BOX_WIDTH = 20
"""The characters a text box shows (HTML's default ``size``): a longer value is cut there in the
shown reading (round 21, red team 18: a claim after 40 dots sat in the box's hidden part)."""
_OFFSCREEN = re.compile(r"[ \t\u00a0]{20,}")
"""A run of twenty spaces or more: kept in a text box, ``pre`` or a plain viewer, it pushes
what follows out of sight (round 19, red team 17); the text is unreadable."""
_LATEX = re.compile(r"\\[A-Za-z]+\s*\{")
"""A LaTeX command with an argument ("\\hphantom{x}", "\\color{white}{x}"): how it shows is the
renderer's, so a text holding one is unreadable (round 18)."""


def _box(checked: bool) -> str:
    """An HTML checkbox as text: "[x]" when it is checked, else "[ ]" (an unticked item)."""
    return " [x] " if checked else " [ ] "


class _Shown(HTMLParser):
    """The text of an HTML fragment that a browser shows (see the module conventions)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[tuple[str, bool]] = []  # (tag, hides its content)
        self.unreadable = False

    def hidden(self) -> bool:
        return any(hides for _, hides in self.open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        names = set(values)
        hides = (
            tag in _UNRENDERED
            or tag in _STRUCK_TAGS
            or (tag in _OPENABLE and "open" not in names)
            or bool(names & _HIDING)
        )
        if (
            (tag == "bdo" and values.get("dir", "").lower() == "rtl")
            or (tag not in _PLAIN and not hides)
            or not names <= _PLAIN_ATTRIBUTES | _HIDING
        ):
            self.unreadable = True
        if tag == "input" and not self.hidden() and not hides:
            kind = values.get("type", "text").lower()
            if kind in _BOXES:
                self.parts.append(_box("checked" in names))
            elif kind in _TEXT_INPUTS:
                shown = values.get("value") or values.get("placeholder", "")
                self.parts.append(f" {shown[:_BOX_WIDTH]} ")  # the box shows its start only
            elif kind != "hidden":
                self.unreadable = True
        if tag in _VOID:
            self.parts.append(" ")
            return
        self.open.append((tag, hides))
        self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.hidden():
            self.parts.append(data)


_DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_CELL_BAR = re.compile(r"(?<!\\)\|")


def _cells(line: str) -> list[str]:
    """A GFM table row's cells (a leading and a trailing bar are not cell separators)."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return _CELL_BAR.split(inner)


def _gfm_tables(text: str) -> str:
    """``text`` with every GFM table row cut to its header's cells, as GitHub renders it.

    A table is a header row with a bar, then a delimiter row of as many cells ("|---|"); its
    body runs to a blank line. A body cell beyond the header's count is not shown (red team 17's
    excess cell), so the shown reading drops it; the stored reading keeps every character.
    """
    lines = text.split("\n")
    width = 0
    for i, line in enumerate(lines):
        if not line.strip():
            width = 0
        elif width:
            lines[i] = " | ".join(_cells(line)[:width])
        elif (
            "|" in line
            and i + 1 < len(lines)
            and _DELIMITER_ROW.match(lines[i + 1])
            and len(_cells(lines[i + 1])) == len(_cells(line))
        ):
            width = len(_cells(line))
    return "\n".join(lines)


def _shown(text: str) -> str:
    text = _MARKDOWN_HIDDEN.sub(" ", _STRUCK.sub(" ", _COMMENT.sub(" ", text)))
    if "|" in text and "-" in text:
        text = _gfm_tables(text)
    if _LATEX.search(text) or _OFFSCREEN.search(text):
        return ""
    if "<" not in text and "&" not in text:
        return text
    parser = _Shown()
    parser.feed(text)
    parser.close()
    if parser.unreadable:
        return ""
    return readable("".join(parser.parts))


_TAG = re.compile(r"<(/?)([a-z][a-z0-9-]*)\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.IGNORECASE)
_DELIMITER = re.compile(r"<!---?>|<!--|--!?>|<!|\|\|")
_BOX = re.compile(r"<input\b[^>]*\btype\s*=\s*[\"']?(?:checkbox|radio)\b[^>]*>", re.IGNORECASE)
"""An HTML checkbox: "[x]" when it is checked, else "[ ]" (an unticked item, round 15)."""
_ELEMENTS = frozenset(
    {"a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
     "blockquote", "body", "br", "button", "canvas", "caption", "cite", "code", "col", "colgroup",
     "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed",
     "fieldset", "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5",
     "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label",
     "legend", "li", "link", "main", "map", "mark", "meta", "meter", "nav", "noscript", "object",
     "ol", "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp",
     "rt", "ruby", "s", "samp", "script", "section", "select", "small", "source", "span", "strike",
     "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template",
     "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "u", "ul", "var", "video",
     "wbr", "center", "math", "text"}
)  # fmt: skip
"""HTML element names: a tag of another name is text a plain viewer shows ("<ceased in March>")."""
_TECHNICAL = frozenset(
    {"style", "class", "id", "href", "src", "type", "dir", "lang", "width", "height", "rel",
     "target", "role", "for", "name", "checked", "hidden", "open", "colspan", "rowspan", "xmlns",
     "viewbox", "fill", "stroke", "x", "y"}
)  # fmt: skip
_ATTRIBUTE = re.compile(r"([\w:-]+)\s*=\s*(\"([^\"]*)\"|'([^']*)'|([^\s>]+))")


def _tag_text(found: re.Match[str]) -> str:
    """What a plain viewer shows of one tag: its words (alt text, a title, a pseudo-tag's text)."""
    if found[2].lower() not in _ELEMENTS:
        return f" {found[2]}{found[3]} "
    values = [
        (m[3] if m[3] is not None else m[4] if m[4] is not None else m[5], m[1].lower())
        for m in _ATTRIBUTE.finditer(found[3])
    ]
    shown = [
        unquote(v) if v.lower().startswith("data:") else v  # an inline image's own text
        for v, name in values
        if name not in _TECHNICAL or v.lower().startswith("data:")
    ]
    return f" {' '.join(shown)} "


def _stored(text: str) -> str:
    text = _BOX.sub(lambda m: _box(re.search(r"\bchecked\b", m[0], re.I) is not None), text)
    text = _STRUCK.sub(lambda m: f" {m[0].strip('~')} ", text)
    for _ in range(2):  # a tag inside an attribute ("srcdoc='<p>x</p>'")
        text = _TAG.sub(_tag_text, text)
    return _DELIMITER.sub(" ", text)


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


def _answers(text: str) -> str:
    """``text`` with its form answers read (module conventions)."""
    stripped = text.strip()
    if stripped[:1] in "{[" and stripped[-1:] in "}]":
        try:
            parsed = json.loads(stripped)
        except ValueError:
            parsed = None
        if isinstance(parsed, (dict, list)):  # then read as prose (round 18: {"X": "N"})
            text = "\n".join(_json_text(parsed))
    text = _FALSE.sub(lambda m: f" {_ANSWER[m[2].lower()]} {m[1].strip()} ", text)
    text = _NO.sub(lambda m: f" no {m[1].strip()} ", text)
    text = answered(text)
    return re.sub(r"[{}\[\]]", " ", text) if re.search(r"[{}]", text) else text


@cache
def render(text: str) -> str:
    """``text`` as every renderer shows it (the shown reading; module conventions)."""
    return _answers(_shown(text))


@cache
def stored(text: str) -> str:
    """``text`` as a plain-text viewer shows it (the stored reading; module conventions)."""
    return _answers(_stored(text))


def readings(text: str) -> tuple[str, ...]:
    """The shown and the stored reading of ``text``, once when they are the same."""
    shown, kept = render(text), stored(text)
    return (shown,) if shown.split() == kept.split() else (shown, kept)
