"""Judge-validation pack items in the annotation app: loading, 401s, blinding, adjudication, and the
round trip pack -> app -> export -> `carebench interrupt validate-judge`."""

from __future__ import annotations

import csv
import io
import json
import math
import zipfile
from pathlib import Path

import krippendorff
import numpy as np
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sklearn.metrics import cohen_kappa_score

from carebench.cli import cli as main
from carebench.errors import CarebenchError
from carebench.interruptions.cells import Arm
from carebench.interruptions.roles import parse_role
from carebench.interruptions.study import StudyConfig, run_study
from carebench.interruptions.validation import PackItem, export_pack, load_pack
from carebench.protocol.annotation import build_units
from carebench.protocol.annotation_store import AnnotationStore
from carebench.web.app import create_app
from tests.conftest import run_cli
from tests.web.conftest import bearer

SCRIPT = '<script>document.title="pwned"</script><img src=x onerror=alert(1)>'
SECRET = "bob private doubt 91c2"
ITEM = PackItem("item-1", "Did the agent ask the question?", "AGENT: Any pain? " + SCRIPT)
OTHER = PackItem("item-2", "Did the agent convey all points?", "AGENT: Use the drops.")


def write_pack(path: Path, items: list[PackItem]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        w = csv.writer(handle)
        w.writerow(["item_id", "question", "transcript"])
        w.writerows([i.id, i.question, i.transcript] for i in items)
    return path


@pytest.fixture
def client(tmp_path: Path, people: dict[str, str]) -> TestClient:
    return TestClient(create_app(AnnotationStore(tmp_path / "a.db"), [ITEM, OTHER]))


def _label(
    client: TestClient, token: str, verdict: str, submit: bool, note: str = "", unit=ITEM.id
):
    body = {"labels": {"verdict": verdict, "note": note}, "submit": submit}
    return client.post(f"/api/units/{unit}/label", json=body, headers=bearer(token))


def _adjudicate(client: TestClient, token: str, verdict: str, kind: str, unit: str = ITEM.id):
    body = {"final": {"verdict": verdict}, "disagreements": {"verdict": kind}}
    return client.post(f"/api/units/{unit}/adjudication", json=body, headers=bearer(token))


@pytest.mark.parametrize(
    "path",
    ["/api/units", f"/api/units/{ITEM.id}", f"/api/units/{ITEM.id}/labels", "/api/agreement"],
)
def test_pack_routes_without_or_with_a_wrong_token_are_401(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 401
    assert client.get(path, headers=bearer("cbt_wrong")).status_code == 401
    assert client.get(f"/units/{ITEM.id}").status_code == 401
    body = {"labels": {"verdict": "pass"}, "submit": True}
    assert client.post(f"/api/units/{ITEM.id}/label", json=body).status_code == 401


def test_a_pack_item_is_served_as_text(client: TestClient, people: dict[str, str]) -> None:
    alice = bearer(people["alice"])
    got = client.get(f"/api/units/{ITEM.id}", headers=alice).json()
    assert got == {
        "unit": ITEM.id, "kind": "pack", "question": ITEM.question, "transcript": ITEM.transcript
    }  # fmt: skip
    assert [u["kind"] for u in client.get("/api/units", headers=alice).json()] == ["pack"] * 2
    client.post("/login", data={"token": people["alice"]})
    page = client.get(f"/units/{ITEM.id}").text
    assert SCRIPT not in page and "&lt;script&gt;document.title=&#34;pwned&#34;" in page
    assert ITEM.question in page and 'name="verdict" value="fail"' in page


def test_blinding_of_pack_verdicts(client: TestClient, people: dict[str, str]) -> None:
    alice, bob = people["alice"], people["bob"]
    assert _label(client, bob, "fail", submit=False, note=SECRET).status_code == 200
    assert _label(client, alice, "pass", submit=True).status_code == 200
    # bob has a draft: alice sees only her own verdict on every route, the adjudicator none of bob's
    assert client.get(f"/api/units/{ITEM.id}/labels/bob", headers=bearer(alice)).status_code == 403
    listing = client.get(f"/api/units/{ITEM.id}/labels", headers=bearer(alice)).json()
    assert [x["annotator"] for x in listing["labels"]] == ["alice"]
    judy = bearer(people["judy"])
    assert client.get(f"/api/units/{ITEM.id}/labels/bob", headers=judy).status_code == 404
    assert client.get(f"/api/units/{ITEM.id}/labels/alice", headers=bearer(bob)).status_code == 403
    client.post("/login", data={"token": alice})
    assert SECRET not in client.get(f"/units/{ITEM.id}").text
    assert _adjudicate(client, people["judy"], "fail", "text_ambiguity").status_code == 409
    # both submitted: both annotators and the adjudicator see both; a third annotator does not
    assert _label(client, bob, "fail", submit=True, note=SECRET).status_code == 200
    got = client.get(f"/api/units/{ITEM.id}/labels/bob", headers=bearer(alice)).json()
    assert got["labels"] == {"verdict": "fail", "note": SECRET}
    assert SECRET in client.get(f"/units/{ITEM.id}").text
    carl = bearer(people["carl"])
    assert client.get(f"/api/units/{ITEM.id}/labels/bob", headers=carl).status_code == 403
    assert _label(client, people["carl"], "pass", submit=False).status_code == 409


def test_bad_verdicts_and_disagreement_types_are_422(
    client: TestClient, people: dict[str, str]
) -> None:
    response = _label(client, people["alice"], "maybe", submit=False)
    assert response.status_code == 422
    assert "verdict: 'maybe'; expected one of ['pass', 'fail']" in response.text
    body = {"labels": {"verdict": "pass", "primary": "Answer"}, "submit": False}
    response = client.post(f"/api/units/{ITEM.id}/label", json=body, headers=bearer(people["bob"]))
    assert response.status_code == 422 and "unknown field(s) ['primary']" in response.text
    _label(client, people["alice"], "pass", submit=True)
    _label(client, people["bob"], "fail", submit=True)
    judy = people["judy"]
    response = _adjudicate(client, judy, "fail", "none")
    assert response.status_code == 422
    assert "'none' is not allowed here; expected one of ['clinical_fact'" in response.text
    assert _adjudicate(client, judy, "fail", "primary_action").status_code == 422
    assert _adjudicate(client, judy, "fail", "text_ambiguity").status_code == 200
    assert client.get("/api/agreement", headers=bearer(people["alice"])).status_code == 403


def test_adjudicating_a_pack_item_through_the_pages_checks_csrf(
    client: TestClient, people: dict[str, str]
) -> None:
    _label(client, people["alice"], "pass", submit=True, note="asked it twice")
    _label(client, people["bob"], "pass", submit=True)
    client.post("/login", data={"token": people["judy"]})
    page = client.get(f"/units/{ITEM.id}").text
    assert 'value="none" selected' in page and 'value="pass" checked' in page
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    form = {"final_verdict": "pass", "final_note": "", "type_verdict": "none"}
    assert client.post(f"/units/{ITEM.id}/adjudicate", data=form).status_code == 403
    done = client.post(
        f"/units/{ITEM.id}/adjudicate", data=form | {"csrf": csrf}, follow_redirects=False
    )
    assert done.status_code == 303
    agreement = client.get("/api/agreement", headers=bearer(people["judy"])).json()
    assert (
        agreement["units_adjudicated"] == 1 and agreement["disagreements"]["verdict"]["none"] == 1
    )


def test_a_database_holds_one_kind_of_unit(tmp_path: Path, tiny_bank: list) -> None:
    store = AnnotationStore(tmp_path / "a.db")
    create_app(store, [ITEM, OTHER])
    create_app(store, [ITEM, OTHER])  # serving the same pack again is fine
    with pytest.raises(CarebenchError, match="use one database per pack"):
        create_app(store, [ITEM])
    with pytest.raises(CarebenchError, match="already holds the items of judge pack"):
        create_app(store, build_units(tiny_bank))
    episodes = AnnotationStore(tmp_path / "e.db")
    create_app(episodes, build_units(tiny_bank))
    with pytest.raises(CarebenchError, match="already holds episode units"):
        create_app(episodes, [ITEM])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("item_id,question\nx,q\n", "field 'transcript' is missing"),
        ("item_id,question,transcript\nx,q,t\nx,q,t\n", "pack.csv:3: item_id 'x' occurs twice"),
        ("item_id,question,transcript\n../x,q,t\n", "pack.csv:2: item_id '../x'"),
        ("item_id,question,transcript\n", "the pack has no items"),
    ],
)
def test_load_pack_names_file_line_and_field(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "pack.csv"
    path.write_text(content)
    with pytest.raises(CarebenchError, match=message.replace("(", r"\(").replace(".", r"\.")):
        load_pack(path)


def test_a_csv_pack_is_spreadsheet_safe_and_reads_back_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carebench.interruptions.validation as validation

    config = StudyConfig(
        agent=parse_role("scripted:cued"), patient=parse_role("scripted:rule"), n=1
    )
    study = run_study(config, tmp_path / "ws").study_id
    hostile = '=HYPERLINK("http://x", "open")'  # a transcript a model could have written
    monkeypatch.setattr(validation, "_render", lambda turns: hostile)
    pack, _ = export_pack(tmp_path / "ws", study, tmp_path / "pack.csv", per_stratum=1)
    with pack.open(newline="") as handle:
        cells = [row["transcript"] for row in csv.DictReader(handle)]
    assert cells and all(c == "'" + hostile for c in cells)  # a spreadsheet shows it as text
    assert {item.transcript for item in load_pack(pack)} == {hostile}  # the app reads it back


def test_load_pack_reads_jsonl_and_refuses_the_key(tmp_path: Path) -> None:
    path = tmp_path / "pack.jsonl"
    path.write_text(json.dumps({"item_id": "a1", "question": "q", "transcript": "t"}) + "\n\n")
    assert load_pack(path) == [PackItem("a1", "q", "t")]
    path.write_text('{"item_id": "a1", "question": 3, "transcript": "t"}\n')
    with pytest.raises(
        CarebenchError, match=r"pack\.jsonl:1: field 'question' is missing or not text"
    ):
        load_pack(path)
    with pytest.raises(CarebenchError, match="this is a pack's key"):
        load_pack(tmp_path / "pack.key.json")


def test_serve_pack_refuses_bank_options(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "pack.csv", [ITEM])
    args = ["annotate", "serve", "--db", str(tmp_path / "a.db"), "--pack", str(pack), "--seed", "x"]
    done = run_cli(*args)
    assert done.returncode == 2, done.stderr
    assert (
        done.stderr.strip()
        == "error: --pack serves a pack's items: drop --bank, --seed and --variant"
    )


def test_round_trip_pack_app_export_validate_judge(tmp_path: Path, people: dict[str, str]) -> None:
    # a tiny scripted study: the cued agent passes every baseline trial and fails every
    # interrupt trial, so the judge's labels are known to be mixed
    config = StudyConfig(
        agent=parse_role("scripted:cued"),
        patient=parse_role("scripted:rule"),
        arms=(Arm.BASELINE, Arm.INTERRUPT),
        n=2,
    )
    ws = tmp_path / "ws"
    summary = run_study(config, ws)
    pack, key = export_pack(ws, summary.study_id, tmp_path / "pack.jsonl", per_stratum=1)
    items = load_pack(pack)
    assert len(items) == 8  # 4 cells x 2 arms x 1
    judge = {k["item_id"]: k["judge_label"] for k in json.loads(key.read_text())}
    assert set(judge.values()) == {"pass", "fail"}

    client = TestClient(create_app(AnnotationStore(tmp_path / "a.db"), items))
    ids = sorted(judge)
    # alice follows the judge; bob flips items 0 and 3; the adjudicator sides with bob on item 0
    a = [judge[i] for i in ids]
    flip = {"pass": "fail", "fail": "pass"}
    b = [flip[v] if n in (0, 3) else v for n, v in enumerate(a)]
    resolved = [b[0], *a[1:]]
    for n, item_id in enumerate(ids):
        assert _label(client, people["alice"], a[n], True, unit=item_id).status_code == 200
        assert _label(client, people["bob"], b[n], True, unit=item_id).status_code == 200
        kind = "none" if a[n] == b[n] else "text_ambiguity"
        response = _adjudicate(client, people["judy"], resolved[n], kind, unit=item_id)
        assert response.status_code == 200

    # agreement in the app: kappa from scikit-learn, alpha from the krippendorff package
    agreement = client.get("/api/agreement", headers=bearer(people["judy"])).json()
    verdict = agreement["agreement"]["verdict"]
    assert verdict["units"] == verdict["ratings"] == 8 and verdict["percent"] == 6 / 8
    assert math.isclose(verdict["kappa"], cohen_kappa_score(a, b))
    codes = np.array([[v == "pass" for v in a], [v == "pass" for v in b]], dtype=float)
    expected_alpha = krippendorff.alpha(reliability_data=codes, level_of_measurement="nominal")
    assert math.isclose(verdict["alpha"], expected_alpha)
    assert agreement["disagreements"]["verdict"] == {
        "none": 6, "primary_action": 0, "acceptable_set": 0, "clinical_fact": 0,
        "text_ambiguity": 2, "leak": 0,
    }  # fmt: skip

    # the export's labels.csv is what validate-judge reads
    response = client.get("/export.zip", headers=bearer(people["judy"]))
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == ["adjudication.csv", "agreement.json", "labels.csv"]
    out = tmp_path / "export"
    archive.extractall(out)
    rows = list(csv.DictReader((out / "labels.csv").open()))
    assert list(rows[0]) == ["item_id", "annotator_a", "annotator_b", "resolved"]
    assert [r["resolved"] for r in rows] == resolved
    adjudication = list(csv.DictReader((out / "adjudication.csv").open()))
    assert {(r["annotator_a"], r["annotator_b"], r["adjudicator"]) for r in adjudication} == {
        ("alice", "bob", "judy")
    }
    done = CliRunner().invoke(
        main,
        ["interrupt", "validate-judge", "--labels", str(out / "labels.csv"), "--key", str(key),
         "--workspace", str(ws), "--out", str(tmp_path / "val.json")],
    )  # fmt: skip
    result = json.loads((tmp_path / "val.json").read_text())
    from carebench.interruptions.validation import validated

    # validate-judge exits 1 when any judge (gathering, provision) fails its own validation
    assert done.exit_code == (0 if validated(result) else 1), done.output
    assert math.isclose(result["annotators"]["kappa"], cohen_kappa_score(a, b))
    assert result["annotators"]["percent_agreement"] == 75.0
    # `annotate agreement` and the Agreement page print percent agreement in percent too
    shown = CliRunner().invoke(main, ["annotate", "agreement", "--db", str(tmp_path / "a.db")])
    assert shown.exit_code == 0, shown.output
    assert "| verdict | 8 | 8 | 75.00 % |" in shown.output
    page = client.get("/agreement", headers=bearer(people["judy"])).text
    assert "<td>75.00 %</td>" in page
    judge_labels = [judge[i] for i in ids]
    assert math.isclose(
        result["judge_vs_resolved"]["kappa"], cohen_kappa_score(judge_labels, resolved)
    )
    # by hand: judge and resolved differ on item 0 only; with p pass and f fail among the 8
    p = judge_labels.count("pass")
    r = resolved.count("pass")
    p_e = (p * r + (8 - p) * (8 - r)) / 64
    assert math.isclose(result["judge_vs_resolved"]["kappa"], (7 / 8 - p_e) / (1 - p_e))

    # the CLI export writes the same files
    cli = CliRunner().invoke(main, ["annotate", "export", "--db", str(tmp_path / "a.db"),
                                    str(tmp_path / "cli")])  # fmt: skip
    assert cli.exit_code == 0 and "8 adjudicated pack items" in cli.output
    assert (tmp_path / "cli" / "labels.csv").read_text() == (out / "labels.csv").read_text()
