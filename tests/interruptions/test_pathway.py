from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from carebench.cli import main
from carebench.interruptions.pathway import (
    PathwayValidationError,
    load_pathway,
    packaged_pathways,
    parse_pathway_text,
)


def test_packaged_pathways_load() -> None:
    assert {"cataract-follow-up", "wound-check-day-surgery"} <= set(packaged_pathways())
    for name in packaged_pathways():
        p = load_pathway(name)
        assert p.faq.points and p.target in p.questions


def test_cataract_pathway_matches_the_paper() -> None:
    p = load_pathway("cataract-follow-up")
    assert "red" in p.target.text.lower()
    assert "light" in p.faq.patient_question.lower()
    assert [x.id for x in p.faq.points] == ["reassurance", "escalation", "mild-advice"]


def _cataract() -> dict:
    text = (
        Path(__file__).parents[2] / "src/carebench/scenarios/pathways/cataract-follow-up.yaml"
    ).read_text()
    return yaml.safe_load(text)


def test_errors_name_file_line_and_field() -> None:
    data = _cataract()
    data["target_question"] = "nosuch"
    data["faqs"][0]["points"][0]["concepts"] = []
    data["extra_field"] = 1
    text = yaml.safe_dump(data, sort_keys=False)
    pathway, issues = parse_pathway_text(text, "bad.yaml")
    assert pathway is None
    messages = [str(i) for i in issues]
    assert any("faqs.0.points.0.concepts" in m and m.startswith("bad.yaml:") for m in messages)
    assert any("extra_field" in m and "unknown field" in m for m in messages)
    assert all(i.line is not None for i in issues)
    data = _cataract()
    data["target_question"] = "nosuch"
    _, issues = parse_pathway_text(yaml.safe_dump(data, sort_keys=False), "bad.yaml")
    assert any(i.path == "target_question" and "expected one of" in i.message for i in issues)


@pytest.mark.parametrize(
    "text", ["", "- a\n- b\n", "id: [unclosed\n", "a: &x [*x]\n", "id: a\nid: b\n"]
)
def test_malformed_files_give_issues_not_tracebacks(text: str) -> None:
    pathway, issues = parse_pathway_text(text, "f.yaml")
    assert pathway is None and issues


def test_cli_reports_bad_pathway_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: Not A Slug\n")
    with pytest.raises(SystemExit) as exc:
        main(
            [
                "interrupt",
                "run",
                "--pathway",
                str(bad),
                "--agent",
                "scripted:cued",
                "--patient",
                "scripted:rule",
                "--workspace",
                str(tmp_path),
            ]
        )
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "bad.yaml:1" in err and "Traceback" not in err
    with pytest.raises(PathwayValidationError):
        load_pathway(bad)


def test_text_fields_are_size_bounded() -> None:
    data = _cataract()
    data["questions"][2]["text"] = "Red? " * 1_000  # 5,000 characters: over the field bound
    pathway, issues = parse_pathway_text(yaml.safe_dump(data, sort_keys=False), "big.yaml")
    assert pathway is None
    assert any("questions.2.text" in str(i) and "4000" in str(i) for i in issues)


def test_a_5_mb_pathway_is_refused_before_it_is_parsed() -> None:
    from carebench.errors import CarebenchError

    data = _cataract()
    data["questions"][2]["text"] = "Red? " * 1_000_000  # 5 MB target question
    try:
        pathway, issues = parse_pathway_text(yaml.safe_dump(data, sort_keys=False), "big.yaml")
    except CarebenchError as exc:  # the YAML reader's file-size bound
        assert "big.yaml" in str(exc)
    else:
        assert pathway is None and issues


def test_not_about_is_optional_and_an_empty_one_keeps_the_digest() -> None:
    import hashlib

    pathway = load_pathway("wound-check-day-surgery")
    assert pathway.target.not_about and not pathway.questions[0].not_about
    bare = pathway.model_copy(
        update={
            "questions": [q.model_copy(update={"not_about": []}) for q in pathway.questions],
            "faqs": [
                f.model_copy(
                    update={"points": [p.model_copy(update={"not_about": []}) for p in f.points]}
                )
                for f in pathway.faqs
            ],
        }
    )
    # the digest a carebench without the field computed: the same JSON with no not_about in it
    dump = bare.model_dump_json(by_alias=True, exclude={"format"})
    legacy = dump.replace(',"not_about":[]', "")
    assert legacy != dump and "not_about" not in legacy
    assert bare.digest() == hashlib.sha256(legacy.encode()).hexdigest()
    assert pathway.digest() != bare.digest()
