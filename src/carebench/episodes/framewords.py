"""Function words that set a claim's time, mood or condition, read against its cited lines.

A claim that adds one of these to what its lines state changes what the note says about the
fact, however well its content words are covered: "will start X" (not yet begun), "used to take
X" (no longer), "X if tolerated" / "X once approved" (provisional), "X until Friday" (ending),
and clinical shorthand that carries a status or a query ("X d/c": discontinued, "h/o X":
history of, "r/o X": rule out). These are closed grammatical classes (auxiliaries of future and
past aspect, subordinating conjunctions of condition and time) plus a closed list of shorthand,
not words of any one claim: a claim may use one only where a cited line uses one of the same
kind ("Reduce to 2.5 mg if CrCl 15-29" for a line that says "if").

Round 10 makes each claim pattern at least as wide as its licence (a condition reads "when" before
a verbless clause, "where(ver) X", "as tolerated / able", "in the event", "as long as"; the past
reads "formerly") and adds kinds for words that otherwise vanish as generic or placeholder
words: an end ("until", "for N more days", "single dose", "stat"), a frequency ("sometimes",
"intermittently"), an irrealis ("in theory", "on paper"), a bound ("at least", "up to", "max"),
a status ("unknown", "n/a", "under review"), another person ("other / last / same as ...
patient") and hearsay ("self-reported", "by report"); and a provenance ("per X", "as per X"):
a line must name the source X (:func:`provenance`).

Round 28 (red team 21's kinds, read as classes) adds an **example** ("such as X", "e.g. X", "for
instance X": one of a kind, not this patient's fact), a **disposition** ("prone to X", "liable to
X": a tendency, not an event now), a **trend** ("down from X", "dropped from X", "recovering
from X", and "up from", "fell from", "peaked at" before a number within three words: X is the
old value, unless a current value comes first in the sentence, :func:`compared`; "got up from
the floor" and "fell from standing" are none), a time set by a
**clinical event** no line names ("at booking", "post-op": :func:`event_dated`), the
counterfactual by inversion ("Had she had X"), "then-current" and "erstwhile" as the past,
"so-called", "pseudo-" and "would-be" as irrealis, and idioms of an end ("died down", "wore off",
"went away") with their licences ("eased", "subsided").

Round 29 (red team 22, a fit) adds a **margin** ("X \u00b1 M", "give or take M": the value is no
longer the one stated; a handoff value so written states nothing of its segment) and reads the
record itself as a source ("per the notes", "according to her chart": :data:`_OWN_RECORD`).
Round 30 (red team 23, a fit) adds a **formulation** the lines never give ("amlodipine MR",
"XL", "slow-release": another product than the one prescribed).
"""

from __future__ import annotations

import re

from carebench.episodes.claimtext import analyze

__all__ = [
    "QUALIFIER_KINDS",
    "TIME_KINDS",
    "compared",
    "event_dated",
    "frame_match",
    "frame_shift",
    "provenance",
    "qualifier",
]

_START = r"(start|begin|commence|restart|resume|take|use|have)"
_PRONOUN = r"(she|he|they|it|there|we|you|i)"
_OWN_RECORD = (
    r"((the|her|his|their)\s+)?(medical\s+|case\s+)?(notes?|records?|chart|file)\b"
    r"(?!\s*(from|of|for|at|in|on|dated|by|\d)\b)"
)
"""The record itself as a source ("per the notes", "according to her chart"; round 29): not
another source, so no line need name it; "per old notes", "the notes from 2019" are."""
_LEADS = r"(?:^|[.;:(,]\s*|\s[\u2013-]\s*)\W*"
"""Where a word opens its segment: at the start, or after punctuation or a spaced dash."""
_MEASURE = r"(kg|kilo\w*|g|grams?|mg|mcg|micrograms?|ml|l|litres?|m2|cm|metres?)"
_AS = r"(tolerated|able|appropriate|directed|indicated|possible|necessary)"
_SUBJECT = r"(the|a|an|this|that|she|he|they|it|i|we|you|her|his|their|its|dr|mr|mrs|ms|miss)"
_UNIT_AFTER_PER = (
    r"(day|days|d|week|wk|month|hour|hr|h|min|minute|dose|doses|tablet|tab|cap|capsule|puff"
    r"|kg|g|mg|mcg|ml|l|m2|unit|units|feed|cycle|pack|night|annum|cent)"
)
_OFF = (
    r"(?:^|[:;,(\[]|\s[\u2013-]|\b(?:is|was|are|were|now|been|currently|remains|stays|taken|kept))"
    r"\s*off\b(?![\w/-])(?!\s+(?:work|school|sick|duty|label)\b)"
)
""""Off" as a status (stopped): opening a segment ("Off warfarin", "warfarin - off", "(off)") or
after a state verb ("now off it", "taken off"); not a verb's particle ("get off the sofa",
"drifts off mid-sentence", "due to come off") nor "off work"."""
_KINDS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    (
        "future",
        re.compile(
            rf"\b((will|shall|going to|due to|yet to|about to|plan(ned)? to)\s+(be\s+)?{_START}\w*"
            rf"|to be (started|commenced|begun|restarted|resumed))\b|\w'll\s+{_START}"
            rf"|^\W*to\s+{_START}\b|\b(afterwards|thereafter|subsequently)\b",
            re.IGNORECASE,
        ),
        re.compile(  # a future or plan word with its own start verb, not one anywhere
            rf"\b(will|shall|due to|plan\w*|to be|yet to|to|next|tomorrow)\W+(\w+\s+)??{_START}"
            rf"|\b{_START}\w*\b[^.;:]{{0,40}}\b(tomorrow|next)\b|\bfirst dose\b[^.;:]{{0,20}}\bdue\b"
            r"|\b(afterwards|thereafter|subsequently)\b",
            re.I,
        ),
    ),
    (
        "past",
        re.compile(
            r"\b(used to|had been on|was on|were on|pre-?admission|prev|formerly|in the past"
            r"|beforehand|back then|then-current|erstwhile|one-time|quondam)\b|(?:^|[.;:(]\s*)once\s+(?!(a|an|per|every|daily|weekly|monthly"
            r"|nightly|yearly|only|more|again|or|and|\d+|\w+ed|she|he|they|it|the|you|we|i)\b)",
            re.I,
        ),
        re.compile(
            r"\b(stopped|previous\w*|former\w*|before\w*|until|used to|was on|pre|back then"
            r"|then|erstwhile)\b",
            re.I,
        ),
    ),
    (
        "condition",
        re.compile(
            rf"\b(if|unless|provided|providing|whenever|when (?!{_SUBJECT}\b)[a-z]+|subject to|once \w+ed"
            rf"|where(ver)? \w+|as {_AS}|in the event|(as|so) long as)\b",
            re.I,
        ),
        re.compile(
            rf"\b(if|unless|provided|providing|whenever|when|where|wherever|subject to"
            rf"|once (\w+ed|she|he|they|it|the|you|we)|as {_AS}|in the event|(as|so) long as)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "stopped",
        re.compile(
            r"(?<![\w/])(d/c|dc'?d)(?![\w/])"
            rf"|{_OFF}",
            re.IGNORECASE,
        ),
        re.compile(rf"\b(stop\w*|discontinu\w*|ceased|d/c|withdrawn|held)\b|{_OFF}", re.I),
    ),
    (
        "ended",
        re.compile(
            r"\b(not|none|nothing|no more|no further)\s+since\b"
            r"|\b(over|gone|passed|settled|resolved|finished)\s+((it|that|this)\s+)?now\b"
            r"|\ball over\b|\b(died|calmed|quietened|quieted|settled|worn|wore)\s+(down|off)\b"
            r"|\b(went|gone|going)\s+away\b|\bcleared\s+up\b",
            re.I,
        ),
        re.compile(
            r"\b(not|none|nothing|no \w+)\s+since\b"
            r"|\b(resolved|settled|stopped|no longer|ceased|gone|over now|finished|eas\w*"
            r"|subsid\w*|went away|wore off|worn off|faded|calmed|died down|cleared|normalis\w*"
            r"|better)\b",
            re.I,
        ),
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
    (
        "end",
        re.compile(
            r"\b(until|till|for (\d+|one|two|three|four|five|a few) more (days?|weeks?|doses?|nights?)"
            r"|(days?|today|tonight|nights?) only|then stop)\b",
            re.I,
        ),
        re.compile(
            r"\b(until|till|to (day|week|complete|\d+)|for \d+|x\s?\d|more (days?|doses?)|course"
            r"|only|then stop|total|\d+/7|\d+/52)\b",
            re.I,
        ),
    ),
    (
        "one-off",
        re.compile(r"\b((one|single|loading) dose|doses? only|stat|one-?off|once only)\b", re.I),
        re.compile(r"\b((one|single|loading) dose|doses? only|stat|one-?off|once only)\b", re.I),
    ),
    (
        "per-unit",
        re.compile(rf"\bper\s+{_MEASURE}\b", re.I),  # "7.6 mg/kg" is a worked value
        re.compile(rf"\bper\s+{_MEASURE}\b|/kg\b", re.I),
    ),
    (
        "frequency",
        re.compile(
            r"\b(sometimes|occasionally|intermittently|temporarily|now and then|at times|on and off"
            r"|from time to time|periodically|sporadically|every so often)\b",
            re.I,
        ),
        re.compile(
            r"\b(sometimes|occasional\w*|intermittent\w*|temporar\w*|now and then|at times|on and off"
            r"|from time to time|periodic\w*|sporadic\w*|episod\w*|prn|as needed|as required)\b",
            re.I,
        ),
    ),
    (
        "irrealis",
        re.compile(
            r"\b(in theory|on paper|in principle|theoretically|nominally|notionally|technically"
            r"|would-be|so-called|hypothetical(ly)?|pseudo|quasi)\b",
            re.I,
        ),
        re.compile(
            r"\b(in theory|on paper|in principle|theoretical\w*|nominal\w*|notional\w*"
            r"|technical\w*|would-be|so-called|hypothetical\w*|pseudo\w*|quasi\w*)\b",
            re.I,
        ),
    ),
    (
        "bound",
        re.compile(
            r"\b(at least|up to|at most|no (more|less|fewer) than|not (more|less) than|max|maximum"
            r"|minimum|or (less|fewer|more|under|over|so|thereabouts|below|above))\b",
            re.I,
        ),
        re.compile(
            r"\b(at least|up to|at most|no (more|less|fewer) than|not (more|less) than|max\w*"
            r"|(?<!/)min|minimum|ceiling|limit|or (less|fewer|more|under|over|below|above))\b"
            r"|[<>\u2264\u2265]",
            re.I,
        ),
    ),
    (
        "status",
        re.compile(
            r"\b(status unknown|unknown|not known|under review|to be confirmed|unverified)\b"
            r"|(?<![\w/])n/a(?![\w/])",
            re.I,
        ),
        re.compile(
            r"\b(unknown|not known|under review|to be reviewed|tbc|to be confirmed|unverified"
            r"|unclear|uncertain|pending|await\w*|not (yet )?(documented|recorded|stated|confirmed))\b"
            r"|(?<![\w/])n/a(?![\w/])",
            re.I,
        ),
    ),
    (
        "person",
        re.compile(
            r"\b(other|another|different|previous|last|next|same as)\s+(the\s+)?(patient|pt|person"
            r"|client|case|resident|bed)s?\b",
            re.I,
        ),
        re.compile(
            r"\b(other|another|different|previous|last|next|same)\s+(patient|pt|person|client"
            r"|case|resident|bed)s?\b",
            re.I,
        ),
    ),
    (
        "hearsay",
        re.compile(
            r"\b(self-?reported|patient-?reported|from memory|by report|as (stated|reported|told)"
            rf" by|according to(?!\s+{_OWN_RECORD}))\b",
            re.I,
        ),
        re.compile(
            r"\b(report\w*|says|said|states|stated|tells|told|recall\w*|memory|according to"
            r"|believes?|thinks?)\b",
            re.I,
        ),
    ),
    (
        "approximation",
        re.compile(
            r"\b(almost|nearly|all but|virtually|practically|not quite|just short of|near enough"
            r"|close to|bordering on|verging on)\b",
            re.I,
        ),
        re.compile(
            r"\b(almost|nearly|all but|virtual\w*|practical\w*|not quite|short of|near|close to"
            r"|border\w*|verg\w*)\b",
            re.I,
        ),
    ),
    (
        "contrast",
        re.compile(
            r"\b(rather than|instead of|other than|except|apart from|aside from|as opposed to"
            r"|in place of|in lieu of|save for|in contrast to|unlike)\b",
            re.I,
        ),
        re.compile(
            r"\b(rather|instead|other than|except\w*|apart from|aside from|opposed|in place of|lieu"
            r"|otherwise|only|unlike|contrast|switch\w*|replac\w*|chang\w*|swap\w*|alternative\w*)\b",
            re.I,
        ),
    ),
    (
        "question",
        re.compile(
            r"\b(ask(ed|s|ing)?|wonder(ed|s|ing)?|enquir(ed|es|ing)|inquir(ed|es|ing)|quer(y|ied|ies)"
            r"|question(ed|s|ing)?|want(s|ed)? to know)\s+(whether|if|about|why|how|what|when)\b"
            r"|\bwhether\b|(?:^|[.;:(]\s*)(is|are|was|were|can|could|should|would|will)\s+(it|she"
            r"|he|they|there|this|that|i|we|you)\b",
            re.I,
        ),
        re.compile(
            r"\b(ask\w*|whether|wonder\w*|enquir\w*|inquir\w*|quer(y|ied|ies)|question\w*"
            r"|want(s|ed)? to know|unclear|unsure|not sure|unknown)\b|\?",
            re.I,
        ),
    ),
    (
        "topic",
        re.compile(
            r"\b(leaflets?|booklets?|handouts?|pamphlets?|brochures?|information|info|advice|advised"
            r"|counsell?(ed|ing)|educat(ed|ion)|teaching|discuss(ed|ion)|talk(ed)?|explained|videos?"
            r"|websites?|signposted)\s+((was |were )?(given|provided|offered|sent|shared|handed"
            r"|handed out|given out)\s+)?(on|about|regarding|re|concerning|covering)\b",
            re.I,
        ),
        re.compile(
            r"\b(leaflet|booklet|handout|pamphlet|brochure|information|info|advi[cs]\w*|counsel\w*"
            r"|educat\w*|teach\w*|discuss\w*|talk\w*|explain\w*|video|website|signpost\w*"
            r"|safety.?net\w*)",
            re.I,
        ),
    ),
    (
        "denial",
        re.compile(
            r"\b(anything but|far from|nowhere near|(a )?far cry from|miles (away )?from|a long way"
            r" from|by no means|but for|barring|hardly ever|scarcely ever|rarely|seldom)\b",
            re.I,
        ),
        re.compile(
            r"\b(anything but|far from|nowhere near|far cry|miles|long way|by no means|but for"
            r"|barring|hardly|scarcely|rare\w*|seldom)\b",
            re.I,
        ),
    ),
    (
        "counterfactual",
        re.compile(
            r"\b(would|could|should|might|may|must)(n't| not| never)? have\b"
            rf"|{_LEADS}had\s+{_PRONOUN}\b",
            re.I,
        ),
        re.compile(
            r"\b(would|could|should|might|may|must)(n't| not| never)? (have|be|get)\b"
            rf"|\b(had|were)\s+{_PRONOUN}\b",
            re.I,
        ),
    ),
    (
        "past state",
        re.compile(r"^\W*(was|were|had been)\s+(?!\w+(ed|en|wn)\b)", re.I),
        re.compile(r"\b(was|were|had been|previous\w*|before\w*|formerly|used to)\b", re.I),
    ),
    (
        "general",
        re.compile(
            r"\b(in (most|many|some) (patients|people|cases|women|men|children|adults)"
            r"|most (patients|people|women|men|children|adults)|classically|in general|generally"
            r"|as a rule|textbook|typically)\b",
            re.I,
        ),
        re.compile(r"\b(most|many|classic\w*|general\w*|as a rule|textbook|typical\w*)\b", re.I),
    ),
    (
        "formulation",
        re.compile(
            r"(?<![\w/])(MR|M/R|XL|S/R|CR|XR)(?![\w/])"
            r"|(?i:\b(modified|extended|slow|prolonged|controlled|sustained|delayed)[- ]release\b)"
        ),
        re.compile(
            r"\b(mr|m/r|xl|sr|s/r|cr|xr|la|modified|extended|slow|prolonged|controlled|sustained"
            r"|delayed|long[- ]acting|gastro|enteric|retard)\b",
            re.I,
        ),
    ),
    (
        "margin",
        re.compile(r"\u00b1|\+\s?/\s?-|\b(plus or minus|plus/minus|give or take)\b", re.I),
        re.compile(r"\u00b1|\+\s?/\s?-|\b(plus or minus|plus/minus|give or take)\b", re.I),
    ),
    (
        "example",
        re.compile(
            r"\b(such as|for (example|instance)|(things|stuff|something) like|as an example"
            r"|by way of example)\b|\be\.\s?g\.|\beg\b(?!\w)"
            rf"|{_LEADS}(like|say)\b",
            re.I,
        ),
        re.compile(
            r"\b(such as|for (example|instance)|including|includ\w*|like|example\w*|instance)\b"
            r"|\be\.\s?g\.|\beg\b",
            re.I,
        ),
    ),
    (
        "disposition",
        re.compile(
            r"\b(prone|liable|susceptible|predisposed|inclined|apt|vulnerable|threatening"
            r"|supposed|meant|expected)\s+to\b",
            re.I,
        ),
        re.compile(
            r"\b(prone|liab\w*|suscept\w*|predispos\w*|inclin\w*|apt|vulnerab\w*|threat\w*"
            r"|suppos\w*|meant|expect\w*|risk\w*|tend\w*)\b",
            re.I,
        ),
    ),
    (
        "trend",
        re.compile(
            r"\b(?<!got )(?<!came )(down|dropped|dropping)\s+from\b"
            r"|(\b((back|come|came|coming|gone|going|went)\s+)?up\s+from\b"
            r"|\b(fallen|fell|falling|rose|risen|rising"
            r"|settl(ed|ing)(\s+down)?|eas(ed|ing)(\s+off)?|improv(ed|ing))\s+from\b"
            r"|\bpeak(ed|ing)?\s+(at|of)\b|\bfrom\s+an?\s+(high|peak|low|max\w*)\s+of\b)"
            r"(?=\W+([a-z][\w-]*\W+){0,3}?\d)|\brecover(ed|ing)\s+from\b",
            re.I,
        ),
        re.compile(
            r"\b(down|up|fallen|fell|falling|dropped|rose|risen|rising|recover\w*|settl\w*|eas\w*"
            r"|improv\w*|increas\w*|decreas\w*|reduc\w*|rais\w*|lower\w*|cut|titrat\w*"
            r"|chang\w*|switch\w*|went|gone|came|come)\s+(back\s+)?((down|up)\s+)?from\b"
            r"|\bpeak\w*|\bfrom\s+[\d.,]+\s*\S*\s+to\b",
            re.I,
        ),
    ),
)
"""Per kind: the claim's pattern, and what a cited line must hold for the claim to use it.

Round 22 (red team 18) adds four closed grammatical classes that change what follows them
without a negation word: an **approximation** ("almost X", "nearly X": not quite X), a
**contrast** ("rather than X", "other than X": something else than X), a reported
**question** ("asked whether X": not what the answer was) and a **topic** ("leaflet given on X",
"advice about X": a talk or a document about X, not X)."""

TIME_KINDS = frozenset({"future", "past", "stopped", "ended", "history", "trend", "event"})
"""Kinds that move a fact to another time than now (not yet begun, no longer, a past history):
a claim whose content its lines state as current, in one of these, contradicts them; a
condition or a query only withholds the fact (unsupported)."""

QUALIFIER_KINDS = frozenset(
    {
        "approximation",
        "contrast",
        "question",
        "topic",
        "denial",
        "counterfactual",
        "general",
        "example",
        "disposition",
        "formulation",
    }
)
"""Kinds that say something else than the fact they qualify (round 22; round 24 adds a denial
by idiom, a counterfactual and a generalisation): a claim in one is unsupported, and a
handoff finding or field value in one does not state it
(:func:`carebench.protocol.handoff_frames.added_frame`)."""


_PROVENANCE = re.compile(
    rf"\b(?:as\s+)?per\s+(?!{_UNIT_AFTER_PER}\b|\d|[a-z]\d{{1,2}}\b)(?:(?:the|a|an|her|his|their|its)\s+)?"
    r"(?P<source>[a-z][\w'-]*(?:[ \t]+[a-z][\w'-]*)?)",
    re.IGNORECASE,
)
_DETERMINERS = frozenset({"the", "a", "an", "her", "his", "their", "its", "and", "or", "on"})


def provenance(claim: str, evidence: str) -> re.Match[str] | None:
    """A "per X" / "as per X" provenance of ``claim`` whose source ``evidence`` does not name.

    "per" before a unit, a time or a number ("per day", "per kg", "per 5 mL") divides a quantity,
    and "per N1" cites a line: neither is read here. The source is the one or two words after
    "per" (a determiner skipped); the line licenses it when it holds each of their terms,
    shorthand read ("per the ED letter" for a line of the emergency department letter; not "per
    old chart").
    """
    held = analyze(evidence).terms
    for m in _PROVENANCE.finditer(claim):
        if re.match(_OWN_RECORD, claim[m.start("source") :], re.IGNORECASE):
            continue  # "per the notes": the record itself (round 29)
        words = " ".join(w for w in m["source"].lower().split() if w not in _DETERMINERS)
        if words and not analyze(words).terms <= held:
            return m
    return None


_SURGERY = r"surg\w*|operat\w*|op\b|procedure|theatre"
_EVENTS = {
    "booking": r"book\w*",
    "admission": r"admi\w*",
    "diagnosis": r"diagnos\w*",
    "discharge": r"discharg\w*",
    "birth": r"birth|born",
    "delivery": r"deliver\w*",
    "referral": r"referr\w*",
    "triage": r"triag\w*",
    "presentation": r"present\w*",
    "surgery": _SURGERY,
    "operation": _SURGERY,
    "op": _SURGERY,
    "induction": r"induc\w*",
    "enrolment": r"enrol\w*",
    "enrollment": r"enrol\w*",
    "screening": r"screen\w*",
}
_EVENT = re.compile(
    r"\b(at|on|during|since|before|after|from|by|until|pre|post|peri)[\s-]+"
    rf"((the|her|his|their)\s+)?(?P<event>{'|'.join(_EVENTS)})\b"
    r"|\b(pre|post|peri)-?(?P<op>op)(erative(ly)?)?\b",
    re.IGNORECASE,
)


def event_dated(claim: str, evidence: str) -> re.Match[str] | None:
    """A time set by a clinical event that ``evidence`` never names, or None (round 28).

    "At booking, X", "X on admission", "Post-op, X" date X to the booking visit, the admission
    or an operation, not to now; a line licenses the event by naming it in any form ("booked",
    "admitted", "operation"), so "BP 112/70 at booking" stands where a line says "Booking: BP
    112/70".
    """
    for m in _EVENT.finditer(claim):
        event = (m["event"] or m["op"]).lower()
        if not re.search(rf"\b({_EVENTS[event]})", evidence, re.IGNORECASE):
            return m
    return None


def frame_match(claim: str, evidence: str) -> tuple[str, re.Match[str]] | None:
    """The kind and match of the first frame word ``claim`` adds that ``evidence`` lacks, or None.

    Kinds are tried in :data:`_KINDS` order, then a provenance ("per old chart") whose source no
    cited line names, then a time set by a clinical event no cited line names
    (:func:`event_dated`, kind ``event``).
    """
    found = qualifier(claim, evidence, _ALL_KINDS)
    if found:
        return found
    source = provenance(claim, evidence)
    if source is not None:
        return "provenance", source
    event = event_dated(claim, evidence)
    return None if event is None else ("event", event)


_ALL_KINDS = frozenset(kind for kind, _, _ in _KINDS)


def compared(before: str, after: str = "") -> bool:
    """Whether a trend between ``before`` and ``after`` compares its value with the current one.

    It does where the sentence that ``before`` ends holds a number ("PHQ-9 today 9, down from
    17": the current value first, the former one beside it) or where ``after`` goes on to the
    current value in its sentence ("went up from 75 to 100 micrograms"); "Down from 17" gives
    only the former one (round 28).
    """
    ahead = re.split(r"[.;:\n]", after)[0]
    return bool(re.search(r"\d", re.split(r"[.;:\n]", before)[-1])) or bool(
        re.search(r"\bto\s+[\d.]", ahead)
    )


def qualifier(
    text: str, evidence: str, kinds: frozenset[str] = QUALIFIER_KINDS
) -> tuple[str, re.Match[str]] | None:
    """The kind and match of the first of ``kinds`` that ``text`` adds and ``evidence`` lacks.

    ``kinds`` defaults to :data:`QUALIFIER_KINDS`; read whatever other frame ``text`` holds.
    Kinds are tried in :data:`_KINDS` order (:func:`frame_match` tries them all). None where
    there is none.
    """
    for kind, pattern, licence in _KINDS:
        if kind in kinds:
            m = pattern.search(text)
            if m and kind == "trend" and compared(text[: m.start()], text[m.end() :]):
                continue  # "PHQ-9 9 today, down from 17": a current value first, then the trend
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
