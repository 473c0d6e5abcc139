"""Review data: agreement against scikit-learn and by hand, and the link to the shipped bank."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from sklearn.metrics import cohen_kappa_score

from carebench.episodes.bank import load_seeds
from carebench.episodes.review import (
    DisagreementType,
    Label,
    Review,
    SeedReview,
    VariantReview,
    agreement,
    check_against_bank,
    load_reviews,
)
from carebench.episodes.schema import Action, Variant
from carebench.errors import CarebenchError

A, C, E = Action.ANSWER, Action.ASK_CLARIFICATION, Action.ESCALATE


def _entry(author: tuple[Action, ...], reviewer: tuple[Action, ...]) -> VariantReview:
    a = Label(primary=author[0], acceptable=list(author))
    r = Label(primary=reviewer[0], acceptable=list(reviewer))
    if a.key() == r.key():
        kind = DisagreementType.NONE
    elif a.primary != r.primary:
        kind = DisagreementType.PRIMARY_ACTION
    else:
        kind = DisagreementType.ACCEPTABLE_SET
    return VariantReview(author=a, reviewer=r, adjudicated=a, disagreement=kind)


def _review(pairs: list[tuple[tuple[Action, ...], tuple[Action, ...]]]) -> SeedReview:
    variants = {v: _entry(*pair) for v, pair in zip(Variant, pairs, strict=True)}
    return SeedReview(
        seed="s", review=Review(reviewer="second reviewer", adjudicator="lead", variants=variants)
    )


def test_agreement_matches_sklearn_and_hand_computation() -> None:
    pairs = [((A,), (A,)), ((C,), (C, A)), ((A, C), (A, C)), ((E,), (C,)), ((E,), (E,))]
    result = agreement([_review(pairs)])
    author = [p[0][0].value for p in pairs]
    reviewer = [p[1][0].value for p in pairs]
    assert result.kappa_primary == pytest.approx(cohen_kappa_score(author, reviewer))
    # by hand: p_o = 4/5; author marginals A2 C1 E2, reviewer A1 C2 E2 -> p_e = (2+2+4)/25
    assert result.kappa_primary == pytest.approx((0.8 - 8 / 25) / (1 - 8 / 25))
    assert result.primary_agreement == pytest.approx(4 / 5)
    assert result.acceptable_set_agreement == pytest.approx(3 / 5)
    assert result.disagreements["primary_action"] == 1
    assert result.disagreements["acceptable_set"] == 1
    assert result.units == 5


def test_kappa_is_nan_when_both_raters_use_one_label() -> None:
    result = agreement([_review([((A,), (A,))] * 5)])
    assert math.isnan(result.kappa_primary)
    assert result.primary_agreement == 1.0


def test_malformed_review_file_names_file_and_field(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text("seed: x\nfindings:\n  - finding: f\n    outcome: maybe\n")
    with pytest.raises(CarebenchError, match=r"x\.yaml: findings\.0\.resolution"):
        load_reviews(tmp_path)
    (tmp_path / "x.yaml").write_text("seed: [unclosed\n")
    with pytest.raises(CarebenchError, match=r"x\.yaml:2: malformed YAML"):
        load_reviews(tmp_path)


def test_every_packaged_seed_is_reviewed_and_adjudicated_labels_are_the_seeds() -> None:
    seeds = load_seeds()
    reviews = load_reviews()
    assert check_against_bank(reviews, seeds) == []
    assert {r.seed for r in reviews} == {s.id for s in seeds}
    for review in reviews:
        assert review.findings, f"{review.seed}: no findings recorded"
        assert review.review is not None
        # who reviewed is stated exactly: nobody here may pass for clinician adjudication
        assert review.review.reviewer.endswith("not a clinician")
        assert review.review.adjudicator.endswith("not a clinician")


def test_a_partial_review_folder_is_counted_against_the_bank(tmp_path: Path) -> None:
    import shutil

    from click.testing import CliRunner

    import carebench
    from carebench.cli import cli

    reviews = Path(carebench.__file__).parent / "scenarios" / "review"  # the packaged reviews
    for name in ("sertraline-side-effects.yaml", "toddler-gastroenteritis.yaml"):
        shutil.copy(reviews / name, tmp_path / name)
    result = CliRunner().invoke(cli, ["episodes", "review", "--reviews", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout.startswith("Reviewed seeds: 2 of 40 seeds in the bank; units")
    assert result.stderr.count(": no independent review") == 38


def _packaged_review(name: str = "adult-asthma-attack.yaml") -> str:
    import carebench

    return (Path(carebench.__file__).parent / "scenarios" / "review" / name).read_text("utf-8")


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"x.yaml": b"seed: \xff\n"}, r"x\.yaml: not UTF-8 text \(byte 6\); expected YAML"),
        ({"x.yaml": b""}, r"x\.yaml: got an empty file; expected a mapping"),
        ({"x.yaml": b"- 1\n"}, r"x\.yaml: got a list; expected a mapping"),
        (
            {"a.yaml": _packaged_review().encode(), "b.yaml": _packaged_review().encode()},
            r"b\.yaml: seed 'adult-asthma-attack' is reviewed in a\.yaml too",
        ),
    ],
)
def test_a_hostile_review_folder_is_one_clear_error(
    tmp_path: Path, files: dict[str, bytes], message: str
) -> None:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    with pytest.raises(CarebenchError, match=message):
        load_reviews(tmp_path)


def test_a_folder_named_like_a_review_file_is_passed_over(tmp_path: Path) -> None:
    (tmp_path / "d.yaml").mkdir()
    (tmp_path / "adult-asthma-attack.yaml").write_text(_packaged_review())
    assert [r.seed for r in load_reviews(tmp_path)] == ["adult-asthma-attack"]


def test_a_review_of_a_seed_not_in_the_bank_is_a_problem(tmp_path: Path) -> None:
    text = _packaged_review().replace("seed: adult-asthma-attack", "seed: no-such-seed")
    (tmp_path / "no-such-seed.yaml").write_text(text)
    problems = check_against_bank(load_reviews(tmp_path), load_seeds())
    assert "no-such-seed: a review of a seed that is not in the bank" in problems
