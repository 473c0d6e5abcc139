"""The word lists claim support reads text with: shorthand, synonym groups, polarity, units.

Data only, no logic (:mod:`carebench.episodes.claimtext` applies it); drug brands and classes
are :mod:`carebench.episodes.drug_names`. Every entry is general
clinical vocabulary (a shorthand, a lay word and its clinical term, a unit spelling), never the
wording of a particular labelled item; docs/scorer-history.md says how the lists were measured.
"""

from __future__ import annotations

from carebench.episodes.drug_names import BRANDS

# Re-exported: the kept red-team scripts of rounds 21-35 import it from here.
from carebench.episodes.drug_names import DRUG_CLASSES as DRUG_CLASSES

SHORTHAND: dict[str, str] = {
    "od": "once daily", "o.d.": "once daily", "bd": "twice daily", "bid": "twice daily",
    "b.d.": "twice daily", "tds": "three times daily", "tid": "three times daily",
    "qds": "four times daily", "qid": "four times daily", "prn": "as needed",
    "nocte": "at night", "mane": "in the morning", "stat": "immediately",
    "ors": "oral rehydration solution", "crcl": "creatinine clearance",
    "egfr": "kidney function egfr", "bp": "blood pressure", "hr": "heart rate",
    "rr": "respiratory rate", "sats": "oxygen saturation", "spo2": "oxygen saturation",
    "o2": "oxygen", "temp": "temperature", "hb": "haemoglobin", "wcc": "white cell count",
    "k+": "potassium", "na+": "sodium", "+ve": "positive", "-ve": "negative", "abx": "antibiotic", "hx": "history", "pmh": "history",
    "rx": "treatment", "sx": "symptoms", "sob": "breathless", "sob.": "breathless",
    "a&e": "emergency department", "ae": "emergency department", "ed": "emergency department",
    "uti": "urinary tract infection", "yo": "year old", "y/o": "year old", "yrs": "years",
    "wks": "weeks", "wk": "week", "hrs": "hours", "mins": "minutes", "pt": "patient",
    "meds": "medicines", "med": "medicine", "dx": "diagnosis", "f/u": "follow up",
    "fu": "follow up", "n&v": "nausea vomiting", "d&v": "diarrhoea vomiting",
    "iv": "intravenous", "im": "intramuscular", "po": "by mouth", "mtx": "methotrexate",
    "tmp": "trimethoprim", "fbc": "full blood count", "u&e": "urea electrolytes",
    "u&es": "urea electrolytes", "l": "left", "r": "right",
    "nad": "no abnormality", "nil": "no", "ccb": "calcium channel blocker",
    "acei": "ace inhibitor", "arb": "angiotensin receptor blocker", "af": "atrial fibrillation",
    "tia": "transient ischaemic attack", "mi": "heart attack", "pv": "vaginal",
    "pr": "rectal", "pmdi": "inhaler", "mdi": "inhaler", "htn": "hypertension",
    "dm": "diabetes", "t2dm": "type 2 diabetes", "ckd": "chronic kidney disease",
    "ix": "investigations", "c/o": "complains of", "o/e": "on examination",
    "deg c": "c", "doac": "anticoagulant", "noac": "anticoagulant", "tabs": "tablets",
    "tab": "tablet", "caps": "capsules", "apyrexial": "no fever", "afebrile": "no fever",
    "asymptomatic": "no symptoms", "denies": "no", "denied": "no", "free of": "no",
    "dysuria": "burning passing urine", "haematuria": "blood in urine",
    "haemoptysis": "blood in sputum", "pef": "peak flow", "pefr": "peak flow",
    "once a day": "freq1", "once daily": "freq1", "twice a day": "freq2",
    "twice daily": "freq2", "three times a day": "freq3", "three times daily": "freq3",
    "four times a day": "freq4", "four times daily": "freq4", "five times a day": "freq5",
    "five times daily": "freq5", "six times a day": "freq6", "six times daily": "freq6",
    "once weekly": "weekly", "once a week": "weekly", "every week": "weekly",
    "twice weekly": "freqw2", "twice a week": "freqw2", "three times weekly": "freqw3",
    "three times a week": "freqw3",
    "at night": "nightly", "at bedtime": "nightly", "each night": "nightly",
    "every night": "nightly", "in the morning": "mornings", "each morning": "mornings",
    "every morning": "mornings", "low back": "lumbar", "lower back": "lumbar",
    "two times a day": "freq2", "two times daily": "freq2", "two times every day": "freq2",
    "twice every day": "freq2", "once every day": "freq1", "three times every day": "freq3",
    "morning and evening": "freq2", "morning and night": "freq2",
    "every day": "daily", "each day": "daily", "four times every day": "freq4",
    "once per day": "freq1", "twice per day": "freq2", "days back": "days ago",
    "weeks back": "weeks ago", "months back": "months ago", "years back": "years ago",
    "mg/wk": "mg per week", "mg/week": "mg per week",
    "for a week": "for 1 week", "for a month": "for 1 month", "for a fortnight": "for 2 weeks",
    "a day ago": "1 day ago", "a week ago": "1 week ago", "a month ago": "1 month ago",
    "a year ago": "1 year ago", "an hour ago": "1 hour ago", "a fortnight ago": "2 weeks ago",
    "pk-yr": "pack-years", "pk-yrs": "pack-years", "pack-yr": "pack-years",
    "pack-yrs": "pack-years", "pack yrs": "pack-years", "pack years": "pack-years",
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday",
    "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday",
    "coryza": "nose", "coryzal": "nose", "rhinorrhoea": "runny nose",
    "crt": "capillary refill", "lmp": "last menstrual period",
    **BRANDS,
}  # fmt: skip
"""Clinical shorthand, expanded before anything else (whole tokens only); frequencies become the
exclusive terms ``freq1`` .. ``freq6``, ``weekly``, ``nightly`` and ``mornings`` (the last two
once a day)."""

NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        [
            "zero",
            "_",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
}
"""Number words read as numbers ("sick three times" = "3 times"); *one* stays a word ("one pill"
is an article, not a count)."""

SYNONYMS: dict[str, tuple[str, ...]] = {
    # round 30 (red team 23's control): test names written out read as their abbreviation
    "inr": ("inr", "international normalised ratio", "international normalized ratio"),
    "hba1c": ("hba1c", "glycated haemoglobin", "glycated hemoglobin", "haemoglobin a1c"),
    "crp": ("crp", "c-reactive protein", "c reactive protein"),
    "bmi": ("bmi", "body mass index"), "tonight": ("tonight", "this evening"),
    "egfr": ("egfr", "estimated gfr", "estimated glomerular filtration rate"),
    "tsh": ("tsh", "thyroid stimulating hormone", "thyroid-stimulating hormone"),
    "ecg": ("ecg", "electrocardiogram", "ekg"),
    "sameday": ("same day", "same-day", "sameday"),
    "ex": ("ex", "former", "formerly"),  # round 37 (red team 29's control): "former smoker"
    "completed": ("complete", "completed", "completes", "finished", "finish", "finishes"),
    "withhold": (
        "withhold", "withheld", "hold", "held", "stop", "stopped", "stopping", "omit", "omitted",
        "suspend", "suspended", "pause", "paused", "discontinue", "discontinued", "cease",
        "ceased", "halt",
    ),
    "continue": (
        "continue", "continued", "continuing", "resume", "resumed", "restart", "restarted",
        "keep", "keeping", "carry",
    ),
    "contraindicated": (
        "contraindicated", "contraindication", "unsafe", "prohibited", "avoid", "avoided",
        "unsuitable",
    ),
    "safe": (
        "safe", "suitable", "appropriate", "fine", "okay", "acceptable", "supply", "supplied",
        "dispense", "dispensed", "issue", "issued",
    ),
    "absent": ("absent", "negative", "undetected"),
    "present": ("present", "positive", "detected"),
    "raised": ("raised", "high", "higher", "elevated", "increased"),
    "low": ("low", "lower", "reduced", "decreased"),
    "normal": ("normal", "normal range", "within range", "unremarkable"),
    "increase": ("increase", "raise", "uptitrate", "up-titrate", "escalate"),
    "decrease": (
        "decrease", "reduce", "lower", "down-titrate", "taper", "halve", "reduced to",
        "decreased to", "lowered to",
    ),
    "vomit": ("vomit", "vomiting", "vomited", "vomits", "sick", "emesis"),
    "breathless": ("breathless", "breathlessness", "dyspnoea", "dyspnea", "short of breath"),
    "fever": ("fever", "febrile", "pyrexia", "pyrexial", "temperature", "warm", "hot"),
    "rigor": ("rigor", "rigors", "shiver", "shivers", "shivering", "shaking", "shakes"),
    "burning": ("burning", "burn", "stinging", "sting", "stings"),
    "urine": ("urine", "urinary", "wee", "pee", "urinating", "passing water"),
    "loin": ("loin", "flank", "side", "back"),
    "wheeze": ("wheeze", "wheezy", "wheezing", "bronchospasm"),
    "skin": ("skin", "cutaneous", "dermal"),
    "kidney": ("kidney", "renal"),
    "heart": ("heart", "cardiac"),
    "tablet": ("tablet", "tablets", "pill", "pills", "dose", "doses", "capsule", "capsules"),
    "contact": ("contact", "call", "phone", "ring", "telephone"),
    "urgent": ("urgent", "urgently", "immediately", "emergency", "now", "asap"),
    "doctor": ("doctor", "gp", "clinician", "physician"),
    "sudden": ("sudden", "suddenly", "abrupt", "abruptly", "thunderclap"),
    "gradual": ("gradual", "gradually", "slowly", "insidious"),
    # round 49 (red team 38's controls): "never admitted" is "no hospital admissions"
    "admission": ("admission", "admissions", "admitted", "admit"),
    "sex": ("sex", "intercourse"),
    "mother": ("mother", "mum", "mom"),
    "father": ("father", "dad"),
    "child": ("child", "toddler", "infant", "infancy", "baby", "son", "daughter"),
    "nappy": ("nappy", "nappies", "diaper", "diapers"),
    "drink": ("drink", "drinking", "fluid", "fluids", "sip", "sips"),
    "blood": ("blood", "bloody", "bleeding", "bleed", "haemorrhage"),
    "pain": ("pain", "painful", "ache", "aching", "sore", "tender"),
    "daily": ("daily", "day", "once a day"),
    "often": ("often", "frequent", "frequently"),
    "constant": (
        "constant", "constantly", "continuous", "continuously", "persistent", "persistently",
        "all the time",
    ),
    "intermittent": ("intermittent", "intermittently", "episodic", "comes and goes", "on and off"),
    "irregular": ("irregular", "irregularly"),
    "microgram": ("microgram", "micrograms", "mcg", "µg", "ug"),
    "review": ("review", "reviewed", "assess", "assessed", "assessment", "check", "checked"),
    "allergy": ("allergy", "allergic", "allergies"),
    "rash": ("rash", "hives", "urticaria"),
    "swelling": ("swelling", "swollen", "oedema", "edema", "puffy", "angioedema"),
    "confusion": ("confusion", "confused", "delirium", "disorientated"),
    "anticoagulant": (
        "anticoagulant", "anticoagulants", "anticoagulation", "blood thinner", "blood thinners",
    ),
    "vaccine": (
        "vaccine", "vaccines", "vaccination", "vaccinations", "immunisation", "immunisations",
        "immunization", "jab", "jabs",
    ),
    "abroad": ("abroad", "overseas"),
    "symptom": ("symptom", "symptoms", "feature", "features", "sign", "signs"),
    "miss": ("miss", "missed", "forgot", "forget", "forgotten"),
    "documented": ("documented", "recorded", "written", "signed", "paperwork"),
    "inhaler": ("inhaler", "inhalers", "puffer", "pmdi"),
    "stool": ("stool", "stools", "bowel", "bowels", "poo"),
    "weakness": ("weakness", "weak"), "bruise": ("bruise", "bruising", "bruised"),
    "eased": ("eased", "easing", "eases", "settled", "settling", "settles", "subsided", "subsiding"),
    "nkda": (
        "nkda", "no known drug allergies", "no known drug allergy", "no known allergies",
        "no allergies", "no drug allergies",
    ),
    "pulse": ("pulse", "heart rate", "pulse rate"),
    "emollient": ("emollient", "emollients", "moisturiser", "moisturisers", "moisturizer"),
    "carer": ("carer", "carers", "care visit", "care visits", "care worker", "care workers"),
    "partner": ("partner", "wife", "husband", "spouse"),  # round 41: dev C210, W3C113
    "palpitation": (
        "palpitation", "palpitations", "racing heart", "heart racing", "pounding heart",
        "heart pounding", "fluttering",
    ),
    # session 34: a drug class named in more than one word is one term, the key of DRUG_CLASSES
    # (the words split apart never named the class: "the beta-blocker" did not cover bisoprolol)
    "ace-inhibitor": (
        "ace-inhibitor", "ace-inhibitors", "ace inhibitors", "ace inhibitor",
        "angiotensin-converting enzyme inhibitor", "angiotensin converting enzyme inhibitor",
    ),
    "beta-blocker": ("beta-blocker", "beta-blockers", "beta blockers", "beta blocker"),
    "calcium-channel-blocker": (
        "calcium-channel-blocker", "calcium-channel blockers", "calcium-channel blocker",
        "calcium channel blockers", "calcium channel blocker",
    ),
    "low-molecular-weight-heparin": (
        "low-molecular-weight-heparin", "low-molecular-weight heparin",
        "low molecular weight heparin", "lmwh",
    ),
    "proton-pump-inhibitor": (
        "proton-pump-inhibitor", "proton-pump inhibitors", "proton-pump inhibitor",
        "proton pump inhibitors", "proton pump inhibitor", "ppi", "ppis",
    ),
}  # fmt: skip
"""Words and phrases folded onto one term (the key), before lemmas and stems."""

ABSENCE_TERMS = frozenset({"nkda"})
"""Terms that state an absence themselves ("no known drug allergies"): never negated by a cue
before them in a list."""

POLARITY: tuple[tuple[frozenset[str], ...], ...] = (
    (frozenset({"continue", "safe"}), frozenset({"withhold", "contraindicated"})),
    (frozenset({"present"}), frozenset({"absent"})),
    (frozenset({"raised"}), frozenset({"low"}), frozenset({"normal"})),
    (frozenset({"increase"}), frozenset({"decrease"})),
    (frozenset({"left"}), frozenset({"right"})),
    (frozenset({"sudden"}), frozenset({"gradual"})),
    (frozenset({"constant"}), frozenset({"intermittent"})),
    (frozenset({"regular"}), frozenset({"irregular"})),
    (
        frozenset({"freq1", "nightly", "mornings"}),
        *(
            frozenset({f})
            for f in (
                "freq2",
                "freq3",
                "freq4",
                "freq5",
                "freq6",
                "freqmany",
                "weekly",
                "freqw2",
                "freqw3",
            )
        ),
    ),
)
"""Mutually exclusive sides (go on / safe vs stop / contraindicated; present vs absent; raised vs
low vs normal; increase vs decrease; left vs right; sudden vs gradual onset; constant vs intermittent; regular vs irregular; once (at night, in the morning), twice ... six times daily,
more often (every 2 hours: ``freqmany``) vs weekly or twice or three times weekly):
a claim holding one side where its cited sentence about the same topic holds only another
contradicts it."""

NEGATIONS = frozenset(
    {
        "not", "no", "never", "none", "don't", "doesn't", "isn't", "shouldn't", "without",
        "cannot", "can't", "unable", "nor", "neither", "didn't", "wasn't", "aren't", "non",
        "haven't", "hasn't", "hadn't", "couldn't", "wouldn't", "won't", "weren't", "mustn't",
    }
)  # fmt: skip
"""Negation cues (``denies``, ``nil``, ``free of`` and ``apyrexial`` are expanded to one by
SHORTHAND; *free* alone is not one: "free T4")."""

HEDGES = (
    "possible", "possibly", "maybe", "perhaps", "might", "may", "could be", "probable",
    "probably", "likely", "unlikely", "suspected", "query", "queried", "not confirmed",
    "unconfirmed", "to be confirmed", "tbc", "ruled out", "rule out", "not sure", "uncertain",
    "unclear", "supposedly", "apparently", "presumably", "seemingly", "reportedly",
    "purportedly", "allegedly", "ostensibly", "conceivably", "arguably", "seems", "seemed",
    "appears to be", "appeared to be", "improbable", "doubtful", "implausible", "r/o", "ddx",
    "differential", "not really", "nonsense", "rubbish",
)  # fmt: skip
"""Hedges: words that present a statement as uncertain, queried or excluded rather than stated
(round 28 adds the retorts that take it back: "- not really", "- nonsense").
Both readers of modality use this one list (claims: :mod:`carebench.episodes.support`; handoff
values: :mod:`carebench.protocol.handoff_reading`), each also reading a queried term ("?PE")."""

GENERALISATIONS = (
    "common", "commonly", "usual", "usually", "typical", "typically", "often", "can happen",
    "tend to", "tends to",
)  # fmt: skip
"""Words that present a statement as a generalisation ("is common", "usually passes") rather than
a fact about this patient: a claim that generalises is not stated by a line about the patient.
Claims only: a handoff value's "usual" names a baseline ("mobilising as usual")."""

PLACEHOLDER_TERMS = frozenset(
    {
        "see", "record", "records", "noted", "note", "notes", "above", "below", "ok", "okay",
        "n/a", "na", "nil", "unknown", "tbc", "refer", "per", "chart", "documented", "recorded",
        "documentation", "information", "details", "detail", "item", "items", "evidence",
        "supported", "support", "claim", "claims", "scorer", "judge", "grader", "mark", "marked",
        "fully", "complete", "completed", "correct", "correctly", "reviewed", "review", "as",
        "stated", "available", "accordingly", "relevant", "update", "updated", "line", "lines",
        "source", "sources", "cited", "cite", "done", "file", "filed", "same", "plan",
        "noted.", "etc", "patient", "thank", "thanks", "yes", "agree", "agreed", "confirmed",
        "answer", "answers", "result", "results", "summary", "findings", "finding", "status",
        "panel", "letter", "attached", "entry", "entries", "record.", "nothing", "new", "change",
        "normal", "good", "well", "stable", "usual", "appropriate", "needed", "necessary",
    }
)  # fmt: skip
"""Words that carry no clinical content on their own (a claim of only these is not substantive:
"Normal.", "Reviewed, stable.")."""

ASSERTIVE_PLACEHOLDERS = frozenset(
    {
        "normal",
        "stable",
        "good",
        "well",
        "new",
        "change",
        "confirmed",
        "nothing",
        "usual",
        "needed",
        "necessary",
        "appropriate",
        "complete",
        "completed",
        "available",
        "done",
    }
)
"""Placeholder words that still assert something when a claim has other content ("X-ray
normal"): they stay among a claim's content terms."""

UNITS: dict[str, str] = {
    "mg": "mg", "milligram": "mg", "milligrams": "mg", "g": "g", "gram": "g", "grams": "g",
    "mcg": "mcg", "µg": "mcg", "ug": "mcg", "microgram": "mcg", "micrograms": "mcg",
    "kg": "kg", "kilograms": "kg", "ml": "ml", "millilitres": "ml", "l": "l", "litres": "l",
    "mmol/l": "mmol/l", "mmol": "mmol", "mmol/mol": "mmol/mol", "µmol/l": "umol/l",
    "umol/l": "umol/l", "micromol/l": "umol/l", "g/l": "g/l", "g/dl": "g/dl", "mg/l": "mg/l",
    "mg/dl": "mg/dl", "pmol/l": "pmol/l", "mu/l": "mu/l", "miu/l": "mu/l", "u/l": "u/l", "iu": "iu",
    "units": "unit", "unit": "unit", "yr": "year", "%": "%", "percent": "%", "c": "c", "°c": "c",
    "degrees": "c", "celsius": "c", "bpm": "/min", "/min": "/min", "mmhg": "mmhg",
    "l/min": "l/min", "ml/min": "ml/min", "ml/min/1.73m2": "ml/min", "mg/kg": "mg/kg",
    "ml/kg": "ml/kg", "hours": "hour", "hour": "hour", "hrs": "hour", "hr": "hour", "h": "hour",
    "days": "day", "day": "day", "d": "day", "weeks": "week", "week": "week", "wk": "week",
    "months": "month", "month": "month", "years": "year", "year": "year", "yrs": "year",
    "y": "year", "minutes": "minute", "minute": "minute", "mins": "minute", "min": "minute",
    "seconds": "second", "times": "#time", "am": "clock", "pm": "clock", "cm": "cm", "mm": "mm",
    "m": "m", "kg/m2": "kg/m2", "breaths": "/min", "beats": "/min", "metres": "m", "meters": "m",
    "tablet": "#tablet", "tablets": "#tablet", "tabs": "#tablet", "capsule": "#tablet",
    "capsules": "#tablet", "pill": "#tablet", "pills": "#tablet", "puff": "#puff",
    "puffs": "#puff", "doses": "#dose", "dose": "#dose", "pack-years": "pack-year",
}  # fmt: skip
"""Unit spellings -> canonical unit; ``#`` marks a count (tablets, puffs, times). A number followed
by another word counts that word."""

SCALE: dict[str, tuple[str, float]] = {
    "mcg": ("mass", 0.001), "mg": ("mass", 1.0), "g": ("mass", 1000.0), "kg": ("mass", 1e6),
    "ml": ("volume", 1.0), "l": ("volume", 1000.0), "second": ("time", 1 / 3600),
    "minute": ("time", 1 / 60), "hour": ("time", 1.0), "day": ("time", 24.0),
    "week": ("time", 168.0), "month": ("time", 730.5), "year": ("time", 8766.0),
    "mm": ("length", 1.0), "cm": ("length", 10.0), "m": ("length", 1000.0), "g/l": ("conc", 1.0),
    "g/dl": ("conc", 10.0), "mg/l": ("conc", 0.001), "mg/dl": ("conc", 0.01),
}  # fmt: skip
"""Canonical unit -> (dimension, size in its base unit; "conc" a mass concentration): 48 hours =
2 days, 8.4 g/dL = 84 g/L; 24 days against 24 hours is another value; 20 days is not 20 mg."""

GENERIC_WORDS = frozenset(
    {
        "about", "above", "across", "after", "afterwards", "again", "against", "all", "almost",
        "alone", "along", "already", "also", "although", "always", "among", "amongst", "amount",
        "another", "any", "anyhow", "anyone", "anything", "anyway", "anywhere", "around",
        "became", "because", "become", "becomes", "becoming", "been", "before", "beforehand",
        "behind", "being", "below", "beside", "besides", "between", "beyond", "both", "but",
        "can", "describe", "detail", "do", "done", "down", "due", "during", "each",
        "either", "else", "elsewhere", "enough", "etc", "even", "ever", "every", "everyone",
        "everything", "everywhere", "except", "few", "find", "first", "for", "found", "from",
        "further", "get", "give", "go", "had", "has", "have", "hence", "her", "here", "hers",
        "herself", "him", "himself", "his", "how", "however", "indeed", "into", "its", "itself",
        "last", "latter", "least", "made", "many", "may", "meanwhile", "might", "mine",
        "moreover", "most", "mostly", "much", "must", "myself", "name", "namely", "next",
        "nevertheless", "nobody", "noone", "nowhere", "off", "often", "once", "only", "onto",
        "other", "others", "otherwise", "our", "ours", "ourselves", "out", "over", "own", "per",
        "perhaps", "please", "put", "rather", "same", "see", "seem", "seemed", "seeming",
        "seems", "several", "she", "should", "show", "since", "some", "somehow", "someone",
        "something", "sometime", "sometimes", "somewhere", "such", "take", "than", "that",
        "the", "their", "them", "themselves", "then", "there", "thereafter", "thereby",
        "therefore", "therein", "these", "they", "this", "those", "though", "through",
        "throughout", "thus", "together", "too", "toward", "towards", "under", "until", "upon",
        "very", "via", "was", "were", "what", "whatever", "when", "whenever", "where",
        "whereas", "whereby", "wherever", "which", "while", "who", "whoever", "whole", "whom",
        "whose", "why", "will", "within", "yet", "you", "your", "yours", "yourself",
        "yourselves", "say", "says", "said", "tell", "tells", "told", "report", "reports",
        "reported", "mention", "mentions", "mentioned", "state", "states", "note", "notes",
        "taken", "took", "taking", "takes", "given", "gave", "giving", "gives", "came", "come",
        "comes", "went", "goes", "going", "getting", "got", "makes", "make", "making", "use",
        "used", "using", "uses", "like", "just", "really", "currently", "current", "today",
        "now", "age", "aged", "ok", "okay", "glad", "happy", "sorry", "thanks", "thank", "dear",
        "he", "it", "we", "me", "my", "he's", "she's", "it's", "they're", "we're", "you're",
        "i'm", "i've", "we've", "they've", "you've", "he'd", "she'd", "they'd", "that's", "score", "mellitus",
    }
)  # fmt: skip
"""Words that state no clinical fact on their own, so a claim need not find them in its cited
lines: scikit-learn's English stop words (``ENGLISH_STOP_WORDS``) less those that carry clinical
meaning here (*back*, *side*, *full*, *serious*, *keep*, *system*, *less*, *more*, *never*,
*not*, *no*, *still*), plus reporting verbs (*says*, *reports*), light verbs (*take*, *give*),
courtesy words, *score* and *mellitus* (round 39), *currently* / *today* (the cited record is
the current one), *age* / *aged* (an age is a number the quantity check holds) and (round 31)
the pronouns and contractions of two letters or an apostrophe that the list lacked ("he's had a
runny nose": *he* was read as a term with meaning)."""

# Word classes an uncovered claim term may not belong to (support's coverage forgives only a
# common English word outside all of them; docs/protocol.md, "What an uncovered term may be").

PERSONS = frozenset(
    {
        "wife", "husband", "partner", "spouse", "mother", "mum", "mom", "father", "dad", "son",
        "daughter", "brother", "sister", "sibling", "siblings", "child", "children", "parent",
        "parents", "grandmother", "grandfather", "grandparent", "granny", "grandma", "grandpa",
        "aunt", "uncle", "cousin", "niece", "nephew", "friend", "neighbour", "neighbor",
        "relative", "relatives", "family", "twin", "carer", "caregiver", "colleague", "flatmate",
        "housemate", "boyfriend", "girlfriend", "fiance", "fiancee", "baby", "toddler", "infant",
        "stepfather", "stepmother", "guardian", "someone", "somebody", "person", "people",
        "visitor", "roommate", "employer",
        "previous", "different",
    }
)  # fmt: skip
"""Words naming a person or relation (or another one): an uncovered one changes whose fact it is
("His wife has X", "Previous patient: X")."""

TIMES = frozenset(
    {
        "yesterday", "tomorrow", "tonight", "overnight", "last", "ago", "past", "future",
        "prior", "previously", "formerly", "former", "recent", "recently", "earlier", "later",
        "soon", "upcoming", "night", "year", "years", "month", "months", "week", "weeks", "fortnight",
        "decade", "annual", "annually", "childhood", "onwards",
        "january", "february", "march", "april", "june", "july", "august", "september",
        "october", "november", "december", "monday", "tuesday", "wednesday", "thursday",
        "friday", "saturday", "sunday", "weekend", "christmas", "originally",
        "initially", "eventually", "historical",
    }
)  # fmt: skip
"""Time and date words: an uncovered one moves the fact in time ("X, last year", "X from next
month")."""

MODALS = frozenset(
    {
        "could", "would", "might", "may", "consider",
        "considered", "considering", "plan", "plans", "planned", "planning", "aim", "aims",
        "intend", "intends", "intended", "propose", "proposed", "discuss", "discussed",
        "option", "options", "optional", "offer", "offered", "want",
        "wants", "hope", "hoping", "try", "trial", "expect", "expected", "pending", "awaiting",
        "target", "goal", "wish", "potential", "potentially", "theoretical", "ideally",
            }
)  # fmt: skip
"""Modal and planning words: an uncovered one turns a fact into an option, a plan or a wish
("Could consider X", "Target: X")."""

STATUSES = frozenset(
    {
        "stopped", "discontinued", "held", "withheld", "ceased", "suspended", "paused",
        "cancelled", "canceled", "resolved", "resolving", "cleared", "recovered",
        "gone", "ended", "finished", "declined", "refused", "excluded", "exclusion", "denied",
        "negative", "positive", "absent", "present", "false", "true", "null", "none", "nil",
        "yes", "active", "inactive", "allergy", "allergies", "allergic", "intolerant",
        "intolerance", "sensitivity", "differential", "differentials", "suspected", "query",
        "possible", "likely", "unlikely", "unconfirmed", "chronic",
        "acute", "worse", "worsening", "off", "not", "no",
        "never", "without", "struck", "deleted", "removed", "invalid", "wrong", "error",
        "erroneous", "incorrect", "retracted", "superseded", "outdated", "expired", "obsolete",
        "replaced", "switched", "reduced", "increased", "doubled", "halved",
        "contraindicated", "unsafe", "risk", "failed", "failure", "wean", "weaned", "weaning",
        "taper", "tapered", "tapering", "titrate", "titrated", "titrating", "avoid",
        "avoided", "avoiding", "omit", "omitted", "withhold",
    }
)  # fmt: skip
"""Status, negation, resolution and classification words (besides the exclusive sides of
:data:`POLARITY`): an uncovered one changes the fact's standing ("X (resolved)", "Allergies: X",
"Differential: X")."""

REFERENCES = frozenset(
    {
        "threshold", "thresholds", "trigger", "triggers", "cutoff", "cut-off", "guideline",
        "guidelines", "reference", "ref", "textbook", "example", "examples", "benchmark",
        "norm", "norms", "illustration", "illustrative", "hypothetical",
    }
)  # fmt: skip
"""Nouns that make a value a rule's, a range's or an example's rather than the patient's own
("Threshold eGFR 21", "Guideline sertraline 100 mg daily"): an uncovered one changes the fact's
standing as a status word does (round 14, red team 12)."""

USUAL = frozenset(
    {"baseline", "chronic", "chronically", "longstanding", "long-standing", "typical",
     "typically", "criterion", "criteria", "background"}
)  # fmt: skip
"""Words that, as a heading ("Baseline: confusion", "Chronic - chest pain", "Background: X"),
file a finding as the patient's usual state or a rule's criterion. Only as a heading: they also
form names and descriptions ("chronic kidney disease", "typical anginal pain", "baseline bloods",
"meets moderate criteria"), so a claim never reads them and a handoff reads them before a colon
or a dash only (:mod:`carebench.episodes.complements`)."""

QUANTIFIERS = frozenset(
    {
        "double", "triple", "treble", "quadruple", "half", "halve", "single", "multiplied",
        "divided", "fraction", "quarter",
    }
)  # fmt: skip
"""Words that multiply or divide a quantity: an uncovered one changes the dose ("double X 5 mg",
"half X", "X single dose")."""

SUBSTANCES = frozenset(
    {
        "alcohol", "nicotine", "tobacco", "cannabis", "cocaine", "heroin", "opiate", "opioid",
        "smoker", "smoking", "drinker", "vaping", "recreational",
    }
)  # fmt: skip
"""Common English words naming a substance a patient uses: an uncovered one adds a fact about the
patient ("X, smoker"). Drug and condition names are caught as words English does not know
("X, on warfarin"); common English clinical words (*insulin*, *chest*, *fever*) are forgiven,
since correct paraphrases add them (measured: docs/scorer-history.md)."""

NEUTRAL_HEADINGS = frozenset(
    {
        "plan", "plans", "medication", "medications", "medicine", "medicines", "meds", "drug",
        "drugs", "history", "assessment", "impression", "summary", "advice", "indication",
        "dose", "dosing", "dosage", "result", "results", "bloods", "observations", "obs",
        "examination", "exam", "findings", "finding", "note", "notes", "update", "action",
        "actions", "management", "safety", "netting", "safety-netting", "follow", "up",
        "follow-up", "followup", "review", "answer", "reply", "response", "recommendation",
        "outcome", "disposition", "diagnosis", "problem", "problems", "presenting",
        "complaint", "current", "today", "vitals", "investigations", "labs", "monitoring",
        "reason", "status", "social", "information", "info", "background", "context",
        "request", "task", "message", "comment", "comments", "evidence", "source", "key",
        "reaction", "severity", "risk", "onset", "duration", "site", "course", "trigger",
        "adherence", "capacity", "consent", "mobility", "function", "diet", "route",
        "frequency", "strength", "timing", "interaction", "interactions", "rationale", "why",
        "noted", "observed", "documented", "recorded",
    }
)  # fmt: skip
"""Words a neutral section heading is made of ("Plan:", "Current medications:", "Follow-up:";
round 27, red team 21's control: a heading that says a fact was written down, "Noted:"):
such a heading names where a fact is filed, not what it is, and is not read as content. Any other
heading ("Family history:", "Allergies:", "Differential:", "Previous patient:", "Target:") is
read as content: it says whose fact it is or what kind."""

FUNCTION_WORDS = frozenset(
    {
        "despite", "unlike", "versus", "plus", "minus", "amid", "amidst", "whilst", "unto",
        "beneath", "besides", "regarding", "concerning", "including", "excluding", "per",
        "via", "toward", "towards", "onto", "upon", "within", "throughout", "whereas",
    }
)  # fmt: skip
"""Prepositions and conjunctions lemminflect's dictionary (nouns, verbs, adjectives, adverbs)
does not hold: English words all the same."""

EMPTY_WORDS = FUNCTION_WORDS | frozenset(
    {
        "is", "are", "am", "be", "remains", "remain", "remained", "remaining", "stays", "stay",
        "stayed", "receives", "receive", "receiving", "received", "has", "having", "gets",
        "kept", "still", "prescribed",
    }
)  # fmt: skip
"""The closed classes an uncovered claim word may belong to and still be forgiven anywhere in the
claim: prepositions and conjunctions of no clinical weight (:data:`FUNCTION_WORDS`), auxiliaries
and present-state verbs ("is on", "remains on", "still takes", "receives"); every other English
word is forgiven only where it stands in for a cited word (docs/protocol.md)."""

DO_NOT_USE = ("qd", "q.d.", "qod", "q.o.d.", "u", "iu", "µg", "cc")
"""Do-not-use abbreviations (the Joint Commission's list and its common additions): QD / QOD
(read as QID), U / IU (read as 0 or 4, or 10), µg (read as mg), cc (read as U); with a trailing
zero ("5.0 mg", read as 50 mg) or without a leading one (".4 mg", read as 4 mg) a medication claim
that writes one is not supported (docs/protocol.md)."""
