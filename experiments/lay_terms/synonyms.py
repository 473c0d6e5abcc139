"""Proposed NEW synonym groups for carebench's content-word scorer.

Written by an AI helper from general clinical-language knowledge (not a
clinician). See notes.md for the pairs deliberately NOT merged.
Each key is listed among its own variants. Where a word also occurs inside an
existing abbreviation expansion (e.g. "diarrhoea" in d&v, "nausea" in n&v,
"sputum" in haemoptysis, "nose" in coryza, "vaginal" in pv, "rectal" in pr,
"menstrual" in lmp, drug names in the brand table) that word
is the group's KEY, so folding it is an identity and cannot disturb the
expansion whatever order the scorer applies tables in.
Non-identity keys are coined tokens (e.g. "chesttight") that cannot occur in
ordinary text.
"""

NEW_SYNONYMS: dict[str, tuple[str, ...]] = {
    # ------------------------------------------------------------------ GI
    "diarrhoea": ("diarrhoea", "diarrhea", "diarrhoeal", "diarrheal",
                  "loose stool", "loose stools", "loose poo", "loose poos",
                  "runny stool", "runny stools", "runny poo", "runny poos",
                  "loose bowel motions", "loose motions", "loose bowels"),
    # "watery stools" left out: watery diarrhoea is a subtype (vs bloody).
    "nausea": ("nausea", "nauseous", "nauseated", "queasy", "queasiness",
               "feeling sick", "feel sick", "feels sick", "felt sick"),
    # UK "feeling sick" = nausea; "was sick"/"being sick" (= vomiting) stay in the
    # existing vomit group because only these longer phrases are caught here.
    "abdomen": ("abdomen", "abdomens", "abdominal", "abdominally", "abdo",
                "tummy", "tummies", "belly", "bellies", "stomach", "stomachs"),
    # lay "stomach (ache)" means the abdomen; "gastric" (the organ) is NOT listed.
    "dyspepsia": ("dyspepsia", "dyspeptic", "indigestion"),
    "gord": ("gord", "gerd", "gastro-oesophageal reflux disease",
             "gastroesophageal reflux disease", "gastro oesophageal reflux disease",
             "gastro-oesophageal reflux", "gastroesophageal reflux",
             "gastro oesophageal reflux", "acid reflux"),
    # bare "reflux" not listed (vesicoureteric reflux); heartburn (a symptom) not listed.
    "haematemesis": ("haematemesis", "hematemesis", "vomiting blood",
                     "vomited blood", "vomits blood", "blood in vomit",
                     "blood in the vomit", "bloody vomit"),
    "melaena": ("melaena", "melena", "black tarry stools", "black tarry stool",
                "tarry stools", "tarry stool", "black tarry poo"),
    # plain "black stools" NOT listed: iron/bismuth also cause it.
    "rectal": ("rectal", "rectum", "per rectum", "back passage"),
    # "back passage" is lay for rectum/anus; also stops "back" folding to loin.
    "dysphagia": ("dysphagia", "difficulty swallowing", "difficulty in swallowing",
                  "trouble swallowing", "problems swallowing",
                  "swallowing difficulty", "swallowing difficulties"),
    "odynophagia": ("odynophagia", "painful swallowing", "pain on swallowing",
                    "pain when swallowing", "hurts to swallow"),
    # painful swallowing != difficulty swallowing, hence two groups.
    "jaundice": ("jaundice", "jaundiced", "icterus", "icteric"),
    "inappetence": ("inappetence", "loss of appetite", "lost appetite",
                    "poor appetite", "appetite loss", "lost her appetite",
                    "lost his appetite", "lost their appetite"),
    "haemorrhoids": ("haemorrhoids", "hemorrhoids", "haemorrhoid", "hemorrhoid",
                     "haemorrhoidal", "hemorrhoidal", "piles"),
    "gastroenteritis": ("gastroenteritis", "tummy bug", "stomach bug",
                        "gastric flu", "stomach flu"),
    # lay names for infective gastroenteritis; "food poisoning" not listed.

    # ------------------------------------------------------------------ respiratory
    "sputum": ("sputum", "phlegm"),
    "chesttight": ("chesttight", "chest tightness", "tight chest", "tightness in the chest",
                   "tightness in her chest", "tightness in his chest",
                   "chest feels tight", "chest felt tight"),
    "tachypnoea": ("tachypnoea", "tachypnea", "tachypnoeic", "tachypneic",
                   "fast breathing", "rapid breathing", "breathing fast",
                   "breathing rapidly", "breathing quickly"),
    # a raised rate (sign) - NOT the same as breathlessness (symptom).
    "cyanosis": ("cyanosis", "cyanosed", "cyanotic", "turned blue",
                 "turning blue", "went blue"),
    # "blue lips" not listed: that is central cyanosis only (narrower).
    "nasalcongestion": ("nasalcongestion", "nasal congestion", "blocked nose", "stuffy nose",
                        "congested nose", "nasal blockage", "nasal obstruction",
                        "bunged up nose"),
    "pleuritic": ("pleuritic", "pleuritic pain", "pleuritic chest pain",
                  "pain on inspiration", "pain on deep inspiration",
                  "pain on breathing in", "pain on deep breathing",
                  "hurts to breathe in", "hurts when breathing in",
                  "hurts to take a deep breath"),
    "productivecough": ("productivecough", "productive cough", "chesty cough", "wet cough"),
    "drycough": ("drycough", "dry cough", "non-productive cough", "nonproductive cough",
                 "non productive cough", "tickly cough"),
    # "non-" here is part of the clinical term, not a negation of the finding.
    "crackles": ("crackles", "crackle", "crepitations", "crepitation", "creps"),
    # chest-exam sound; "crepitus" (joint/surgical emphysema) NOT listed.
    "finecrackles": ("finecrackles", "fine crackles", "fine crepitations", "fine creps"),
    "coarsecrackles": ("coarsecrackles", "coarse crackles", "coarse crepitations", "coarse creps"),
    # separate keys so fine vs coarse cannot be swapped (and "fine" is not
    # folded to the existing "safe" group).
    "lrti": ("lrti", "lrtis", "lower respiratory tract infection",
             "lower respiratory tract infections", "chest infection",
             "chest infections"),
    # UK "chest infection" = LRTI; pneumonia (narrower) NOT listed.
    "copd": ("copd", "chronic obstructive pulmonary disease",
             "chronic obstructive airways disease", "coad"),
    "asthmaattack": ("asthmaattack", "asthma attack", "asthma attacks", "asthma exacerbation",
                     "asthma exacerbations", "exacerbation of asthma",
                     "asthma flare", "asthma flare-up"),

    # ------------------------------------------------------------------ cardiovascular
    "syncope": ("syncope", "syncopal", "fainted", "passed out", "passing out",
                "passes out", "fainting episode", "fainting episodes"),
    # actual transient loss of consciousness; "felt faint" is presyncope below.
    "presyncope": ("presyncope", "presyncopal", "pre-syncope", "pre-syncopal",
                   "felt faint", "feeling faint", "feels faint", "feel faint"),
    "lightheaded": ("lightheaded", "light-headed", "light headed",
                    "lightheadedness", "light-headedness", "light headedness"),
    "dizzy": ("dizzy", "dizziness", "giddy", "giddiness"),
    # UK lay "giddy" = dizzy; vertigo kept separate.
    "vertigo": ("vertigo", "vertiginous", "room spinning", "room is spinning",
                "room was spinning", "spinning sensation", "world spinning"),
    "tachycardia": ("tachycardia", "tachycardic", "tachycardias",
                    "fast heart rate", "rapid heart rate", "fast pulse",
                    "rapid pulse"),
    # sign (measured rate); palpitations (symptom) stay in their own group.
    "orthopnoea": ("orthopnoea", "orthopnea", "orthopnoeic", "orthopneic",
                   "breathless lying flat", "breathless on lying flat",
                   "breathless when lying flat", "short of breath lying flat",
                   "short of breath on lying flat",
                   "short of breath when lying flat"),
    "dvt": ("dvt", "dvts", "deep vein thrombosis", "deep venous thrombosis"),
    "pulmonaryembolism": ("pulmonaryembolism", "pulmonary embolism", "pulmonary embolus",
                          "pulmonary emboli", "pulmonary thromboembolism"),
    # "pe" NOT listed (ambiguous).

    # ------------------------------------------------------------------ neuro / senses
    "headache": ("headache", "headaches", "cephalgia", "cephalalgia",
                 "sore head", "head hurts", "head hurting", "head pain",
                 "pain in the head", "pain in her head", "pain in his head"),
    # migraine (a diagnosis) NOT listed.
    "photophobia": ("photophobia", "photophobic", "light hurts",
                    "light hurts her eyes", "light hurts his eyes",
                    "light hurts their eyes", "light hurts my eyes",
                    "light hurting her eyes", "light hurting his eyes",
                    "bright light hurts", "bright lights hurt",
                    "dislikes bright light", "dislikes bright lights"),
    # "sensitive to light" NOT listed: also used for skin photosensitivity.
    "seizure": ("seizure", "seizures", "convulsion", "convulsions",
                "convulsing", "convulsed", "had a fit", "having a fit",
                "having fits", "had fits"),
    # bare "fit"/"fits"/"fitting" NOT listed (fit for work, fitting device).
    "paraesthesia": ("paraesthesia", "paraesthesiae", "paraesthesias",
                     "paresthesia", "paresthesias", "pins and needles",
                     "tingling", "tingly", "tingle", "tingles"),
    # numbness (loss of sensation) kept separate.
    "dysarthria": ("dysarthria", "dysarthric", "slurred speech",
                   "slurring speech", "slurring of speech", "slurred words",
                   "slurring words", "slurring her words", "slurring his words"),
    # dysphasia/aphasia (language) NOT merged.
    "facialdroop": ("facialdroop", "facial droop", "facial drooping", "face drooping",
                    "drooping face", "droopy face", "drooping of the face",
                    "face droop"),
    "diplopia": ("diplopia", "double vision", "seeing double"),
    # "double" is a listed quantifier, but only inside these fixed phrases.
    "blurredvision": ("blurredvision", "blurred vision", "blurry vision", "blurring of vision",
                      "blurred eyesight", "blurry eyesight", "vision blurred",
                      "visual blurring"),
    "visionloss": ("visionloss", "visual loss", "vision loss", "loss of vision", "lost vision",
                   "loss of sight", "sight loss"),
    "tinnitus": ("tinnitus", "ringing in the ears", "ringing in ears",
                 "ringing in her ears", "ringing in his ears",
                 "ringing in my ears", "ringing ears",
                 "buzzing in the ears", "buzzing in her ears",
                 "buzzing in his ears"),
    "lossofconsciousness": ("lossofconsciousness", "loss of consciousness", "lost consciousness",
                            "losing consciousness"),
    # broader than syncope (includes seizures, trauma) so kept apart from it.
    "anosmia": ("anosmia", "loss of smell", "loss of sense of smell",
                "lost sense of smell", "lost her sense of smell",
                "lost his sense of smell",
                "unable to smell",  # negation-phrase
                "cannot smell",  # negation-phrase
                "can't smell"),  # negation-phrase
    # reduced smell (hyposmia) NOT listed.
    "ageusia": ("ageusia", "loss of taste", "loss of sense of taste",
                "lost sense of taste", "lost her sense of taste",
                "lost his sense of taste",
                "unable to taste",  # negation-phrase
                "cannot taste",  # negation-phrase
                "can't taste"),  # negation-phrase
    # altered taste (dysgeusia) NOT listed.
    # ------------------------------------------------------------------ eye / ENT / mouth
    "eye": ("eye", "eyes", "ocular", "ophthalmic"),
    "nose": ("nose", "noses", "nasal"),
    "earache": ("earache", "earaches", "ear ache", "otalgia", "ear pain",
                "ear pains", "sore ear", "sore ears", "painful ear",
                "painful ears", "pain in the ear", "pain in her ear",
                "pain in his ear"),
    "epistaxis": ("epistaxis", "nosebleed", "nosebleeds", "nose bleed",
                  "nose bleeds", "nose-bleed", "nose bleeding", "bleeding nose",
                  "bleeding from the nose"),
    "herpeslabialis": ("herpeslabialis", "herpes labialis", "cold sore", "cold sores"),
    # also stops "sore" in "cold sore" folding to the existing pain group.

    # ------------------------------------------------------------------ skin
    "itch": ("itch", "itchy", "itching", "itches", "itched", "itchiness",
             "pruritus", "pruritic", "pruritis"),
    # "pruritis" is a very common misspelling of pruritus.
    "erythema": ("erythema", "erythematous", "redness", "reddened", "reddening"),
    # bare "red" NOT listed (too general).
    "pallor": ("pallor", "pallid", "paleness", "pale skin", "looks pale",
               "looked pale", "looking pale", "pale-looking"),
    # bare "pale" NOT listed ("pale stools", "pale yellow urine").
    "petechiae": ("petechiae", "petechia", "petechial", "pinprick spots",
                  "pin-prick spots", "pinpoint spots"),
    # purpura (larger lesions) NOT listed.
    "nonblanching": ("non-blanching", "non blanching", "nonblanching",
                     "does not blanch",  # negation-phrase
                     "doesn't blanch",  # negation-phrase
                     "did not blanch",  # negation-phrase
                     "didn't blanch",  # negation-phrase
                     "not blanching"),  # negation-phrase
    # a positive finding (glass test); plain "blanching" is NOT listed.
    "sweating": ("sweating", "sweat", "sweats", "sweaty", "sweated",
                 "diaphoresis", "diaphoretic"),
    # "clammy" (cool AND moist) NOT listed; "night sweats" folds word by word.
    "alopecia": ("alopecia", "hair loss", "losing hair", "losing her hair",
                 "losing his hair", "hair falling out"),
    "lymphadenopathy": ("lymphadenopathy", "swollen glands",
                        "swollen lymph nodes", "swollen lymph glands",
                        "enlarged lymph nodes", "enlarged lymph glands",
                        "enlarged glands", "lymph node enlargement"),
    "pressureulcer": ("pressureulcer", "pressure ulcer", "pressure ulcers", "pressure sore",
                      "pressure sores", "bedsore", "bedsores", "bed sore",
                      "bed sores", "decubitus ulcer", "decubitus ulcers"),

    # ------------------------------------------------------------------ urinary
    "urinaryretention": ("urinaryretention", "urinary retention", "retention of urine",
                         "cannot pass urine",  # negation-phrase
                         "can't pass urine",  # negation-phrase
                         "unable to pass urine",  # negation-phrase
                         "unable to urinate",  # negation-phrase
                         "cannot urinate",  # negation-phrase
                         "can't urinate",  # negation-phrase
                         "unable to wee"),  # negation-phrase
    # bare "retention" NOT listed ("fluid retention"). "not passing urine"
    # (could be anuria) NOT listed.
    "urinaryincontinence": ("urinaryincontinence", "urinary incontinence", "incontinence of urine",
                            "leaking urine", "leakage of urine",
                            "urine leakage", "wetting herself",
                            "wetting himself", "wetting themselves"),
    "bedwetting": ("bedwetting", "bed-wetting", "bed wetting",
                   "wetting the bed", "wets the bed", "wet the bed",
                   "nocturnal enuresis"),
    # bare "enuresis" (can be daytime) NOT listed.
    "malodorous": ("malodorous", "smelly", "foul-smelling", "foul smelling",
                   "offensive-smelling", "offensive smelling", "offensive"),
    # UK notes: "offensive urine/discharge" = smelly. Unsure: see notes.

    # ------------------------------------------------------------------ obstetric / gynae
    "menstrual": ("menstrual", "menstruation", "menses", "menstruating",
                  "menstruate"),
    # bare "period" NOT listed ("a period of 2 weeks").
    "menorrhagia": ("menorrhagia", "heavy periods", "heavy period",
                    "heavy menstrual bleeding", "heavy menses"),
    "dysmenorrhoea": ("dysmenorrhoea", "dysmenorrhea", "painful periods",
                      "painful period", "period pain", "period pains",
                      "period cramps", "menstrual cramps", "menstrual pain"),
    "miscarriage": ("miscarriage", "miscarriages", "miscarried",
                    "spontaneous abortion", "spontaneous abortions"),
    "pregnant": ("pregnant", "pregnancy", "pregnancies", "gravid"),
    # "expecting" NOT listed (modal-like and ambiguous).
    "fetal": ("fetal", "foetal", "fetus", "foetus", "fetuses", "foetuses"),
    "membranerupture": ("membranerupture", "rupture of membranes", "ruptured membranes",
                        "waters broken", "waters broke", "waters have broken",
                        "waters had broken", "waters breaking"),
    "breastfeeding": ("breastfeeding", "breast-feeding", "breast feeding",
                      "breastfed", "breast-fed", "breast fed"),
    # "nursing" NOT listed (nursing home).
    "morningsickness": ("morningsickness", "morning sickness", "nausea and vomiting of pregnancy",
                        "nausea and vomiting in pregnancy", "pregnancy sickness"),
    # hyperemesis gravidarum (severe) NOT listed.
    "postnatal": ("postnatal", "post-natal", "post natal", "postpartum",
                  "post-partum", "post partum"),
    "hotflush": ("hotflush", "hot flush", "hot flushes", "hot flash", "hot flashes",
                 "hot flushing"),
    # menopausal symptom; stops "hot" folding to the existing fever group.
    "uterus": ("uterus", "uterine", "womb"),
    "vaginal": ("vaginal", "vagina", "per vaginam", "per vagina"),

    # ------------------------------------------------------------------ mental health
    "suicidalideation": ("suicidalideation", "suicidal ideation", "suicidal thoughts",
                         "suicidal thinking", "suicidal ideas",
                         "thoughts of suicide", "feeling suicidal",
                         "thoughts of ending her life",
                         "thoughts of ending his life",
                         "thoughts of ending their life",
                         "thoughts of ending my life"),
    # intent / plans / passive death wish are NOT ideation-equivalents.
    "selfharm": ("self-harm", "self harm", "selfharm", "self-harmed",
                 "self harmed", "self-harming", "self harming",
                 "deliberate self-harm", "deliberate self harm", "dsh"),
    # "self-injury"/"cutting" (narrower) NOT listed.
    "auditoryhallucination": ("auditoryhallucination", "auditory hallucinations", "auditory hallucination",
                              "hearing voices", "hears voices", "heard voices"),
    "anxiety": ("anxiety", "anxious", "anxieties"),
    # "worried"/"nervous" NOT listed (general words; nervous system).
    "insomnia": ("insomnia", "difficulty sleeping", "trouble sleeping",
                 "problems sleeping", "poor sleep", "sleeping poorly",
                 "sleeplessness"),
    "memoryloss": ("memoryloss", "memory loss", "loss of memory", "memory problems",
                   "poor memory", "memory difficulties", "memory impairment"),
    # amnesia (total) and dementia NOT listed.
    "drowsy": ("drowsy", "drowsiness", "sleepy", "sleepiness", "somnolent",
               "somnolence"),
    # lethargy, unresponsive, unconscious NOT listed.
    "fatigue": ("fatigue", "fatigued", "tired", "tiredness", "weariness",
                "weary"),
    # lethargy (paediatric red flag) and exhaustion (severity) NOT listed.
    # ------------------------------------------------------------------ musculoskeletal / body
    "arthralgia": ("arthralgia", "arthralgias", "joint pain", "joint pains",
                   "painful joints", "joint ache", "joint aches",
                   "aching joints", "sore joints"),
    # arthritis (inflamed/swollen joint) NOT listed.
    "myalgia": ("myalgia", "myalgias", "muscle pain", "muscle pains",
                "muscle ache", "muscle aches", "muscle aching", "aching muscles",
                "sore muscles", "muscular pain", "muscular pains"),
    "oesophagus": ("oesophagus", "esophagus", "oesophageal", "esophageal",
                   "gullet", "food pipe"),
    "lung": ("lung", "lungs", "pulmonary"),
    "liver": ("liver", "hepatic"),
    "arm": ("arm", "arms", "upper limb", "upper limbs"),
    "leg": ("leg", "legs", "lower limb", "lower limbs"),
    # "lower" (a listed polarity word) only inside this fixed anatomical phrase.
    "headinjury": ("headinjury", "head injury", "head injuries", "head trauma",
                   "hit her head", "hit his head", "banged her head",
                   "banged his head", "bumped her head", "bumped his head"),
    "fracture": ("fracture", "fractures", "fractured", "broken bone",
                 "broken bones"),
    # bare "broken" NOT listed ("broken skin").
    # ------------------------------------------------------------------ infections named with existing-group words
    "glandularfever": ("glandularfever", "glandular fever", "infectious mononucleosis",
                       "mononucleosis"),
    # stops "fever" in the name matching a claim of fever.
    "hayfever": ("hay fever", "hayfever"),
    # same reason; "allergic rhinitis" (includes perennial) NOT listed.
    "influenza": ("influenza", "flu"),
    "flulike": ("flulike", "flu-like", "flu like", "influenza-like", "influenza like"),
    # longer phrase wins, so "flu-like illness" is never read as influenza.
    "shingles": ("shingles", "herpes zoster"),
    # bare "varicella"/"zoster" NOT listed (VZV = chickenpox AND shingles).
    # ------------------------------------------------------------------ metabolic / blood
    "hypoglycaemia": ("hypoglycaemia", "hypoglycemia", "hypoglycaemias",
                      "hypoglycemias", "hypo", "hypos",
                      "hypoglycaemic episode", "hypoglycemic episode",
                      "hypoglycaemic episodes", "hypoglycemic episodes"),
    # bare "hypoglycaemic" NOT listed ("oral hypoglycaemic" = a drug class).
    "bloodglucose": ("bloodglucose", "blood glucose", "blood sugar", "blood sugars",
                     "blood glucose level", "blood glucose levels",
                     "blood sugar level", "blood sugar levels"),
    # bare "glucose"/"sugar" NOT listed (urine glucose, dietary sugar).
    "weightloss": ("weightloss", "weight loss", "lost weight", "losing weight",
                   "loses weight", "loss of weight"),
    "anaemia": ("anaemia", "anemia", "anaemic", "anemic"),
    # ------------------------------------------------------------------ note / admin words
    "fitnote": ("fitnote", "fit note", "fit notes", "sick note", "sick notes", "med3",
                "statement of fitness for work"),
    # stops "sick" in "sick note" folding to vomit.
    "sickdayrules": ("sickdayrules", "sick day rules", "sick-day rules", "sick day guidance"),
    "sideeffect": ("sideeffect", "side effect", "side effects", "side-effect",
                   "side-effects", "adverse effect", "adverse effects"),
    # stops "side" folding to loin. "adverse reaction" NOT listed.
    "bloodtest": ("bloodtest", "blood test", "blood tests", "bloods"),
    # stops a claim of "bleeding" being supported by "blood test".
    # ------------------------------------------------------------------ medicines (UK/US names, class names)
    "paracetamol": ("paracetamol", "acetaminophen", "tylenol"),
    "salbutamol": ("salbutamol", "albuterol"),
    "adrenaline": ("adrenaline", "epinephrine"),
    "furosemide": ("furosemide", "frusemide"),
    "gtn": ("gtn", "glyceryl trinitrate", "nitroglycerin", "nitroglycerine"),
    "nsaid": ("nsaid", "nsaids", "non-steroidal anti-inflammatory",
              "non-steroidal anti-inflammatories",
              "non-steroidal anti-inflammatory drug",
              "non-steroidal anti-inflammatory drugs",
              "nonsteroidal anti-inflammatory drug",
              "nonsteroidal anti-inflammatory drugs"),
    # class name only; individual NSAIDs are NOT listed (drug != class).
    "analgesia": ("analgesia", "analgesic", "analgesics", "painkiller",
                  "painkillers", "pain killer", "pain killers", "pain-killers",
                  "pain relief"),
    "antiemetic": ("antiemetic", "antiemetics", "anti-emetic", "anti-emetics",
                   "anti-sickness", "anti sickness"),
    "diuretic": ("diuretic", "diuretics", "water tablet", "water tablets",
                 "water pill", "water pills"),
    # UK lay "water tablets" = diuretics.
}  # fmt: skip
