"""Every validator rule has a failing case here, with its exact message asserted."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carebench.episodes.bank import check_paths, validate_paths
from carebench.errors import ValidationIssue

Seed = dict[str, Any]


def _issues(path: Path | list[Path]) -> list[ValidationIssue]:
    paths = path if isinstance(path, list) else [path]
    return validate_paths(paths)[1]


def _only(issues: list[ValidationIssue]) -> tuple[str, str]:
    assert len(issues) == 1, [str(i) for i in issues]
    return issues[0].path, issues[0].message


def test_minimal_seed_is_valid(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    seeds, issues = validate_paths([write_seed(seed_dict)])
    assert issues == []
    assert [s.id for s in seeds] == ["minimal-seed"]


def _drop_request(s: Seed) -> None:
    del s["blocks"]["request"]


def _unknown_field(s: Seed) -> None:
    s["colour"] = "blue"


def _no_hook(s: Seed) -> None:
    del s["variants"]["stale"]["change"]


def _clean_with_change(s: Seed) -> None:
    s["variants"]["clean"]["change"] = {"dose": "Takes nothing."}


def _two_slots(s: Seed) -> None:
    s["variants"]["conflict"]["change"]["dose"] = "Takes amlodipine 10 mg daily."


def _unknown_slot(s: Seed) -> None:
    s["variants"]["missing"]["change"] = {"dosage": "Takes a tablet."}


def _same_text(s: Seed) -> None:
    s["variants"]["missing"]["change"] = {"dose": "Takes amlodipine 5 mg daily."}


def _late_risk_wrong_block(s: Seed) -> None:
    s["variants"]["late_risk"]["change"] = {"note": "Crushing chest pain now."}


def _outside_space(s: Seed) -> None:
    s["actions"] = ["Answer", "Ask_Clarification", "Escalate"]
    s["variants"]["missing"]["reference"]["primary"] = "Abstain"


def _acceptable_outside_space(s: Seed) -> None:
    s["actions"] = ["Answer", "Ask_Clarification", "Escalate"]
    s["variants"]["stale"]["reference"]["acceptable"] = ["Answer", "Abstain"]


def _primary_not_acceptable(s: Seed) -> None:
    s["variants"]["stale"]["reference"]["acceptable"] = ["Ask_Clarification"]


def _bad_enum(s: Seed) -> None:
    s["variants"]["conflict"]["reference"]["primary"] = "Escalation"


def _multiline_rationale(s: Seed) -> None:
    s["variants"]["clean"]["reference"]["rationale"] = "First line.\nSecond line."


def _header_leak(s: Seed) -> None:
    s["headers"] = {"new_information": "Stale summary"}


def _text_leak(s: Seed) -> None:
    s["slots"]["later"] = "Asks about the late_risk pathway."


def _label_leak(s: Seed) -> None:
    s["blocks"]["request"] = "Please draft the reply or escalate."


def _three_surfaces(s: Seed) -> None:
    s["surfaces"]["s3"] = {"patient": "Cy Dee", "age": 50}


def _surface_vars_differ(s: Seed) -> None:
    del s["surfaces"]["s2"]["age"]
    s["surfaces"]["s2"]["years"] = 45


def _undefined_placeholder(s: Seed) -> None:
    s["blocks"]["setting"] = "Practice inbox for {practice}."


def _slot_used_twice(s: Seed) -> None:
    s["blocks"]["request"] = "Please draft the reply. {dose}"


def _slot_twice_in_one_surface(s: Seed) -> None:
    s["blocks"]["record"] = {"s1": "{patient}, {age}. {dose} {dose}", "s2": "{patient}. {dose}"}


def _slot_unused(s: Seed) -> None:
    s["slots"]["spare"] = "Never embedded."


def _slot_named_like_variable(s: Seed) -> None:
    s["slots"]["age"] = "forty"
    s["blocks"]["setting"] = "Practice inbox. {age}"


def _per_surface_keys(s: Seed) -> None:
    s["blocks"]["request"] = {"s1": "Please draft the reply.", "s9": "Draft a reply, please."}


def _empty_block(s: Seed) -> None:
    s["blocks"]["request"] = "{note2}"
    s["slots"]["note2"] = ""


def _bad_id(s: Seed) -> None:
    s["id"] = "Minimal Seed"


def _stray_brace(s: Seed) -> None:
    s["slots"]["later"] = "Asks about {pronoun == 'he'} delivery."


def _no_deletes(s: Seed) -> None:
    del s["variants"]["missing"]["deletes"]


def _deletes_on_stale(s: Seed) -> None:
    s["variants"]["stale"]["deletes"] = ["no regular medicines"]


def _restated_in_s1(s: Seed) -> None:
    # an up-to-date digest restates the deleted dose, for one surface only
    s["slots"]["summary"] = {
        "s1": "Summary (generated today): amlodipine 5 mg daily.",
        "s2": "Summary (generated today): one regular medicine; repeat due.",
    }


def _escalate_with_alternative(s: Seed) -> None:
    s["variants"]["conflict"]["reference"]["acceptable"] = ["Escalate", "Ask_Clarification"]


def _escalate_acceptable_not_primary(s: Seed) -> None:
    s["variants"]["stale"]["reference"]["acceptable"] = ["Answer", "Escalate"]


def _annotation_placeholder(s: Seed) -> None:
    s["annotations"] = {"retain_facts": ["age {years}"]}


def _handoff_value_placeholder(s: Seed) -> None:
    """Its field names were read as its strings: "cannot assemble episodes", with no field."""
    s["annotations"] = {"handoff_fields": ["age"], "handoff_values": {"age": ["{years}"]}}


RULES: list[tuple[str, Callable[[Seed], None], str, str]] = [
    ("missing field", _drop_request, "blocks.request", "required field is missing"),
    (
        "unknown field",
        _unknown_field,
        "colour",
        "unknown field (not part of the seed format; see docs/authoring.md)",
    ),
    (
        "variant without hook",
        _no_hook,
        "variants.stale",
        "the stale variant has no hook: it must change exactly one slot",
    ),
    (
        "clean with a hook",
        _clean_with_change,
        "variants.clean.change",
        "the clean variant must not change any slot",
    ),
    (
        "paired design: two slots",
        _two_slots,
        "variants.conflict.change",
        "the conflict variant changes 2 slots (dose, note); a variant may change exactly one slot "
        "so that its episodes differ from clean only in the manipulated part",
    ),
    (
        "unknown slot",
        _unknown_slot,
        "variants.missing.change.dosage",
        "unknown slot 'dosage'; declared slots: ['dose', 'later', 'note', 'summary']",
    ),
    (
        "late-risk hook outside the after-request block",
        _late_risk_wrong_block,
        "variants.late_risk.change.note",
        "the late_risk hook must change a slot of the after_request block (the cue arrives after "
        "the request); slot 'note' is in new_information",
    ),
    (
        "reference outside the action space",
        _outside_space,
        "variants.missing.reference.primary",
        "action Abstain is not in the allowed action space ['Answer', 'Ask_Clarification', "
        "'Escalate']",
    ),
    (
        "acceptable action outside the action space",
        _acceptable_outside_space,
        "variants.stale.reference.acceptable.1",
        "action Abstain is not in the allowed action space ['Answer', 'Ask_Clarification', "
        "'Escalate']",
    ),
    (
        "primary not in acceptable",
        _primary_not_acceptable,
        "variants.stale.reference.acceptable",
        "the primary action Answer must be in the acceptable set ['Ask_Clarification']",
    ),
    (
        "unknown action",
        _bad_enum,
        "variants.conflict.reference.primary",
        "got 'Escalation'; expected one of 'Answer', 'Ask_Clarification', 'Abstain' or 'Escalate'",
    ),
    (
        "multi-line rationale",
        _multiline_rationale,
        "variants.clean.reference.rationale",
        "the rationale must be one non-empty line",
    ),
    (
        "header leak",
        _header_leak,
        "headers.new_information",
        "header 'Stale summary' contains 'Stale', which hints at the variant or label; headers are "
        "shared by all variants and must stay neutral",
    ),
    (
        "variant name in text",
        _text_leak,
        "slots.later",
        "agent-visible text contains 'late_risk', a design or label word that would leak the "
        "variant or the reference decision",
    ),
    (
        "label word in text",
        _label_leak,
        "blocks.request",
        "agent-visible text contains 'escalate', a design or label word that would leak the "
        "variant or the reference decision",
    ),
    (
        "three surfaces",
        _three_surfaces,
        "surfaces",
        "expected exactly 2 surfaces, got 3 (['s1', 's2', 's3'])",
    ),
    (
        "surface variables differ",
        _surface_vars_differ,
        "surfaces.s2",
        "variables differ from surface 's1': missing ['age'], extra ['years']",
    ),
    (
        "undefined placeholder",
        _undefined_placeholder,
        "blocks.setting",
        "undefined placeholder {practice}; expected a slot or a surface variable (['age', 'dose', "
        "'later', 'note', 'patient', 'summary'])",
    ),
    (
        "slot embedded twice",
        _slot_used_twice,
        "slots.dose",
        "slot 'dose' must be embedded exactly once in the blocks, found 2 (record, request)",
    ),
    (
        "slot embedded twice in one surface only",
        _slot_twice_in_one_surface,
        "slots.dose",
        "slot 'dose' must be embedded exactly once in the blocks, found 2 (record, record) for "
        "surface 's1'; 1 (record) for surface 's2'",
    ),
    (
        "slot never embedded",
        _slot_unused,
        "slots.spare",
        "slot 'spare' must be embedded exactly once in the blocks, found 0 (none)",
    ),
    (
        "per-surface text names the wrong surfaces",
        _per_surface_keys,
        "blocks.request",
        "per-surface text must give exactly the surfaces ['s1', 's2'], got ['s1', 's9']",
    ),
    (
        "block renders empty",
        _empty_block,
        "blocks.request",
        "surfaces s1, s2; all variants: block renders empty",
    ),
    (
        "bad id",
        _bad_id,
        "id",
        "got 'Minimal Seed'; expected lowercase letters, digits and hyphens",
    ),
    (
        "stray brace",
        _stray_brace,
        "slots.later",
        "stray '{': placeholders are {name} with letters, digits and underscores only",
    ),
    (
        "missing variant without a declared deletion",
        _no_deletes,
        "variants.missing.deletes",
        "required field is missing: the key phrases or values of the fact the missing variant "
        "deletes, so the validator can check that no trace of it remains (`carebench episodes "
        "migrate` proposes them from the clean-versus-missing difference)",
    ),
    (
        "deletion declared on another variant",
        _deletes_on_stale,
        "variants.stale.deletes",
        "only the missing variant deletes a fact; remove 'deletes' here",
    ),
    (
        "deleted fact restated by a digest",
        _restated_in_s1,
        "variants.missing.deletes.0",
        "surface s1: deleted phrase 'amlodipine 5 mg daily' still appears in the missing "
        "episode, in block new_information, slot summary, item N1; delete it everywhere (digests "
        "and summaries included)",
    ),
    (
        "escalation-required episode accepting another action",
        _escalate_with_alternative,
        "variants.conflict.reference.acceptable",
        "an escalation-required episode (primary Escalate) must accept only Escalate; remove "
        "['Ask_Clarification']: an 'accurate' non-escalation would cost c_FN in utility",
    ),
    (
        "Escalate acceptable but not primary",
        _escalate_acceptable_not_primary,
        "variants.stale.reference.acceptable",
        "Escalate is acceptable but the primary action is Answer; make Escalate the primary "
        "(escalation-required) or remove it from the set",
    ),
    (
        "undefined placeholder in annotations",
        _annotation_placeholder,
        "annotations.retain_facts.0",
        "undefined placeholder {years}; expected a surface variable (['age', 'patient'])",
    ),
    (
        "undefined placeholder in a handoff value",
        _handoff_value_placeholder,
        "annotations.handoff_values.age.0",
        "undefined placeholder {years}; expected a surface variable (['age', 'patient'])",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "path", "message"),
    [pytest.param(m, p, msg, id=name) for name, m, p, msg in RULES],
)
def test_rule_reports_exact_message(
    seed_dict: Seed,
    write_seed: Callable[..., Path],
    mutate: Callable[[Seed], None],
    path: str,
    message: str,
) -> None:
    mutate(seed_dict)
    issues = _issues(write_seed(seed_dict))
    # the empty-block case reports once per surface and variant: check the first
    if path == "blocks.request" and message.startswith("block renders empty"):
        issues = issues[:1]
    assert _only(issues) == (path, message)
    assert issues[0].line is not None


def test_slot_in_per_surface_block_text_counts_once_per_surface(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    """docs/authoring.md: any text value, block text included, may be given per surface."""
    seed_dict["blocks"]["record"] = {
        "s1": "{patient}, {age}. {dose}",
        "s2": "Patient {patient} (age {age}). {dose}",
    }
    seed_dict["blocks"]["after_request"] = {"s1": "{later}", "s2": "Then: {later}"}
    assert _issues(write_seed(seed_dict)) == []


def test_late_risk_slot_must_be_after_the_request_in_every_surface(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed_dict["blocks"]["request"] = {"s1": "Please draft the reply.", "s2": "Draft it. {later}"}
    seed_dict["blocks"]["after_request"] = {"s1": "{later}", "s2": "Nothing further."}
    messages = [i.message for i in _issues(write_seed(seed_dict))]
    assert (
        "the late_risk hook must change a slot of the after_request block (the cue arrives after "
        "the request); slot 'later' is in request, after_request"
    ) in messages


def test_surface_mismatch_of_two_slots(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    """A slot named like a surface variable is reported on the slot."""
    _slot_named_like_variable(seed_dict)
    messages = [(i.path, i.message) for i in _issues(write_seed(seed_dict))]
    assert ("slots.age", "slot 'age' has the same name as a surface variable") in messages


def test_hook_repeating_clean_text(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    _same_text(seed_dict)
    issues = _issues(write_seed(seed_dict))
    assert [(i.path, i.message) for i in issues][:2] == [
        (
            "variants.missing.change.dose",
            "the hook repeats the clean text of slot 'dose' for surface 's1'; it must change it",
        ),
        (
            "variants.missing.change.dose",
            "the hook repeats the clean text of slot 'dose' for surface 's2'; it must change it",
        ),
    ]


def test_all_errors_of_a_file_are_reported_at_once(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    _two_slots(seed_dict)
    _primary_not_acceptable(seed_dict)
    _header_leak(seed_dict)
    _undefined_placeholder(seed_dict)
    paths = {i.path for i in _issues(write_seed(seed_dict))}
    assert {
        "variants.conflict.change",
        "variants.stale.reference.acceptable",
        "headers.new_information",
        "blocks.setting",
    } <= paths


def test_several_structural_errors_are_reported_together(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    _drop_request(seed_dict)
    _unknown_field(seed_dict)
    _bad_enum(seed_dict)
    assert {i.path for i in _issues(write_seed(seed_dict))} == {
        "blocks.request",
        "colour",
        "variants.conflict.reference.primary",
    }


def test_malformed_yaml_has_a_line_number(write_seed: Callable[..., Path]) -> None:
    path = write_seed("id: x\ntask_class: [unclosed\nsplit: dev\n")
    (issue,) = _issues(path)
    assert issue.line == 3
    assert issue.path == ""
    assert issue.message.startswith("malformed YAML: ")
    assert str(issue) == f"{path}:3: {issue.message}"


def test_duplicate_yaml_key(write_seed: Callable[..., Path]) -> None:
    text = (Path(__file__).parents[1] / "fixtures" / "minimal_seed.yaml").read_text()
    path = write_seed(text.replace("split: dev\n", "split: dev\nsplit: test\n"))
    (issue,) = _issues(path)
    assert (issue.line, issue.path, issue.message) == (
        5,
        "",
        "duplicate key 'split' (YAML keeps only the last one)",
    )


def test_top_level_must_be_a_mapping(write_seed: Callable[..., Path]) -> None:
    (issue,) = _issues(write_seed("- just\n- a list\n"))
    assert issue.message == "expected a mapping of seed fields at the top level, got a list"


def test_wrong_type_for_text(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    seed_dict["blocks"]["request"] = 42
    assert _only(_issues(write_seed(seed_dict))) == (
        "blocks.request",
        "expected a string, or a mapping from surface name to string, got 42",
    )


def test_duplicate_seed_ids(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    first = write_seed(seed_dict, "a/minimal-seed.yaml")
    second = write_seed(seed_dict, "b/minimal-seed.yaml")
    issues = _issues([first, second])
    assert _only(issues) == ("id", f"duplicate seed id 'minimal-seed' (also in {first})")
    assert issues[0].file == str(second)


def test_unbalanced_split(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    files = [write_seed(seed_dict)]
    seed_dict["id"] = "second-seed"
    files.append(write_seed(seed_dict))
    seed_dict["id"] = "third-seed"
    seed_dict["task_class"] = "triage_handoff"
    files.append(write_seed(seed_dict))
    issues = _issues([files[0].parent])
    assert _only(issues) == (
        "split",
        "unbalanced dev split: seeds per task class {'patient_messaging': 2, 'triage_handoff': 1}; "
        "every task class needs the same number of dev seeds",
    )
    assert issues[0].line is None


def test_task_class_must_match_its_folder(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    path = write_seed(seed_dict, "triage_handoff/minimal-seed.yaml")
    assert _only(_issues(path)) == (
        "task_class",
        "task class patient_messaging does not match the folder 'triage_handoff' the file is in",
    )


def test_issue_lines_point_at_the_field(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    _bad_enum(seed_dict)
    path = write_seed(seed_dict)
    (issue,) = _issues(path)
    assert issue.line is not None
    line = path.read_text().splitlines()[issue.line - 1]
    assert "Escalation" in line


def test_deleted_phrase_must_name_clean_text(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed_dict["variants"]["missing"]["deletes"] = ["{patient} takes losartan"]
    issues = _issues(write_seed(seed_dict))
    assert [(i.path, i.message) for i in issues] == [
        (
            "variants.missing.deletes.0",
            "surfaces s1, s2: deleted phrase '{patient} takes losartan' does not appear in the "
            "clean episode, so it names no fact that the variant deletes",
        )
    ]


@pytest.mark.parametrize(
    ("digest", "flagged"),
    [
        ("AMLODIPINE  5 MG\nDAILY restated.", True),  # case and whitespace do not hide it
        ("Amlodipine 5 mg daily.", True),
        ("Amlodipine 15 mg daily, stopped.", False),  # whole words: 15 mg is not 5 mg
        ("Amlodipine 5 mg dailyish.", False),
    ],
)
def test_deleted_phrase_matching(
    seed_dict: Seed, write_seed: Callable[..., Path], digest: str, flagged: bool
) -> None:
    seed_dict["variants"]["missing"]["deletes"] = ["amlodipine 5 mg daily"]
    seed_dict["slots"]["summary"] = {"s1": f"Summary: {digest}", "s2": "Summary: repeat due."}
    messages = [i.message for i in _issues(write_seed(seed_dict))]
    restated = [m for m in messages if "still appears in the missing episode" in m]
    assert bool(restated) is flagged, messages


def test_annotation_facts_must_be_stated_where_they_apply(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed_dict["annotations"] = {
        "retain_facts": ["amlodipine 5 mg daily", "{patient} takes losartan 50 mg"],
        "discard_facts": ["no regular medicines", "amlodipine 10 mg"],
    }
    issues = _issues(write_seed(seed_dict))
    assert [(i.path, i.message) for i in issues] == [
        (
            path,
            f"surfaces s1, s2: {fact!r} is not stated by any one evidence line of the {where} "
            "episode (every number and most of its words must appear in one line; see "
            "carebench.episodes.matching)",
        )
        for path, fact, where in (
            ("annotations.retain_facts.1", "{patient} takes losartan 50 mg", "clean"),
            ("annotations.discard_facts.1", "amlodipine 10 mg", "stale"),
        )
    ]


def test_variant_annotations_override_and_sources_must_exist(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed_dict["annotations"] = {"discard_facts": ["no regular medicines"]}
    seed_dict["variants"]["stale"]["annotations"] = {"admissible_sources": ["R1", "N7"]}
    issues = _issues(write_seed(seed_dict))
    assert [(i.path, i.message) for i in issues] == [
        (
            "variants.stale.annotations.admissible_sources.1",
            "surfaces s1, s2; variant stale: 'N7' is not an evidence item id of the episode; the "
            'ids are R1 "Ann Lee, 40. Takes amlodipine 5 ...", N1 "Asks for a repeat of '
            'amlodipine. ...", M1 "Asks if the pharmacy can deliver." (`carebench episodes show '
            "--items minimal-seed PATHS` prints every episode's lines in full)",
        )
    ]


def test_file_name_must_match_the_seed_id(seed_dict: Seed, write_seed: Callable[..., Path]) -> None:
    assert _only(_issues(write_seed(seed_dict, "patient_messaging/repeat-request.yml"))) == (
        "id",
        "the seed id 'minimal-seed' does not match the file name 'repeat-request.yml'; name the "
        "file minimal-seed.yaml (or change the id)",
    )
    assert _issues(write_seed(seed_dict, "elsewhere/minimal-seed.yml")) == []


def test_one_line_per_problem_lists_surfaces_and_variants(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    seed_dict["annotations"] = {"admissible_sources": ["patient message", "R1"]}
    issues = _issues(write_seed(seed_dict))
    assert len(issues) == 1  # was one line per surface x variant: 10
    assert issues[0].message.startswith(
        "surfaces s1, s2; all variants: 'patient message' is not an evidence item id of the "
        'episode; the ids are R1 "Ann Lee, 40. Takes amlodipine 5 ...",'
    )


def test_a_stale_only_admissible_source_is_a_warning_not_an_error(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    """docs/protocol.md: an item made only of superseded text cannot be cited."""
    seed_dict["blocks"]["new_information"] = "{note}\n{summary}"  # N2: the summary alone
    seed_dict["variants"]["stale"]["annotations"] = {"admissible_sources": ["R1", "N2", "M1"]}
    path = write_seed(seed_dict)
    checked = check_paths([path])
    assert checked.issues == []
    assert [s.id for s in checked.seeds] == ["minimal-seed"]  # still valid
    assert [(w.path, w.message) for w in checked.warnings] == [
        (
            "variants.stale.annotations.admissible_sources.1",
            "surfaces s1, s2; variant stale: seed minimal-seed: admissible source N2 "
            '"Summary (generated last year): no regular ..." is only superseded text, which '
            "cannot be cited (docs/protocol.md), so scorers treat it as inadmissible; remove it "
            "from admissible_sources or name the line with the current value",
        )
    ]
    lines = path.read_text().splitlines()
    assert checked.warnings[0].line == lines.index("      - N2") + 1  # where N2 is declared


def test_no_warning_for_derived_sources_or_a_mixed_line(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    """Derived sources never list a stale-only item; a line with current text stays citable."""
    mixed = dict(seed_dict, annotations={"admissible_sources": ["R1", "N1", "M1"]})
    assert check_paths([write_seed(mixed)]).warnings == []  # N1: note + stale summary, one line
    seed_dict["blocks"]["new_information"] = "{note}\n{summary}"
    seed_dict["annotations"] = {"handoff_fields": ["callback number"]}  # sources derived
    assert check_paths([write_seed(seed_dict)]).warnings == []


def test_the_packaged_bank_has_no_warnings() -> None:
    assert check_paths(None).warnings == []


def test_a_fact_to_retain_must_be_supported_by_the_lines_that_state_it(
    seed_dict: Seed, write_seed: Callable[..., Path]
) -> None:
    """Bank 2.3: a fact the fact matcher finds but the claim reader refuses is unreachable.

    The reference draft cites the lines that state each fact; a heading the line never gives
    ("allergy", "family history") left that claim unsupported, so no draft could earn the fact.
    """
    seed_dict["annotations"] = {"retain_facts": ["amlodipine allergy: 5 mg daily"]}
    issues = _issues(write_seed(seed_dict))
    assert [i.path for i in issues] == ["annotations.retain_facts.0"]
    message = issues[0].message
    assert message.startswith(
        "surfaces s1, s2: 'amlodipine allergy: 5 mg daily' is stated by an evidence line of the "
        "clean episode, but a draft claim that says it and cites the lines stating it is not "
        "supported by them ("
    ), message
    assert message.endswith(
        "word the fact as the evidence does, or let the evidence say it "
        "(carebench.episodes.support)"
    )
    seed_dict["annotations"] = {"retain_facts": ["amlodipine 5 mg daily"]}
    assert _issues(write_seed(seed_dict)) == []
