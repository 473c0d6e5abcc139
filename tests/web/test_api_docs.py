"""The JSON API examples of docs/protocol.md work as written (posted to the app in-process)."""

from __future__ import annotations

import csv
import json
import re
import shlex
from pathlib import Path
from urllib.parse import urlsplit

from fastapi.testclient import TestClient

from carebench.episodes.bank import load_bank
from carebench.interruptions.validation import load_pack
from carebench.protocol.annotation import build_units
from carebench.protocol.annotation_store import AnnotationStore
from carebench.web.app import create_app

DOC = Path(__file__).parents[2] / "docs" / "protocol.md"


def _blocks() -> list[str]:
    section = DOC.read_text().split("**The JSON API.**", 1)[1].split("**Durability.**", 1)[0]
    return re.findall(r"```bash\n(.*?)```", section, flags=re.S)


def _requests(block: str, tokens: dict[str, str]) -> list[tuple[str, str, dict[str, str], str]]:
    """(method, path, headers, body) of each curl command, the $NAME tokens filled in."""
    out = []
    for command in block.replace("\\\n", " ").strip().splitlines():
        for name, token in tokens.items():
            command = command.replace(f"${name.upper()}", token)
        words = shlex.split(command)
        assert words[0] == "curl", command
        method, headers, body, url = "GET", {}, "", ""
        i = 1
        while i < len(words):
            word = words[i]
            if word in ("-X", "-H", "-d"):
                value = words[i + 1]
                if word == "-X":
                    method = value
                elif word == "-H":
                    key, _, text = value.partition(":")
                    headers[key.strip()] = text.strip()
                else:
                    body = value
                i += 2
                continue
            if not word.startswith("-"):
                url = word
            i += 1
        assert urlsplit(url).netloc == "127.0.0.1:8765", url
        out.append((method, urlsplit(url).path, headers, body))
    return out


def _run(client: TestClient, block: str, tokens: dict[str, str]) -> list[dict]:  # type: ignore[type-arg]
    answers = []
    for method, path, headers, body in _requests(block, tokens):
        response = client.request(method, path, headers=headers, content=body or None)
        assert response.status_code == 200, (path, body, response.text)
        answers.append(response.json())
    return answers


def _people(db: Path) -> dict[str, str]:
    store = AnnotationStore(db)
    roles = {"alice": "annotator", "bob": "annotator", "judy": "adjudicator"}
    return {name: store.add_user(name, role) for name, role in roles.items()}


def test_the_documented_episode_calls_work(tmp_path: Path) -> None:
    block = _blocks()[0]
    tokens = _people(tmp_path / "e.db")
    units = build_units(load_bank(None), ("apixaban-dose-criteria",), ())
    client = TestClient(create_app(AnnotationStore(tmp_path / "e.db"), units))
    answers = _run(client, block, tokens)
    assert len(answers) == 5 and answers[-1]["units_adjudicated"] == 1
    judy = {"Authorization": f"Bearer {tokens['judy']}"}
    got = client.get("/api/units/apixaban-dose-criteria.clean/adjudication", headers=judy).json()
    assert got["final"]["primary"] == "Answer" and got["disagreements"]["decision"] == (
        "primary_action"
    )


def test_the_documented_pack_calls_work(tmp_path: Path) -> None:
    block = _blocks()[1]
    (item,) = set(re.findall(r"/api/units/([^/]+)/", block))
    pack = tmp_path / "pack.csv"
    with pack.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "question", "transcript"])
        writer.writerow([item, "Did the agent ask?", "AGENT: hello"])
    tokens = _people(tmp_path / "p.db")
    client = TestClient(create_app(AnnotationStore(tmp_path / "p.db"), load_pack(pack)))
    answers = _run(client, block, tokens)
    assert answers[-1] == {"unit": item, "revision": answers[-1]["revision"]}
    judy = {"Authorization": f"Bearer {tokens['judy']}"}
    got = client.get(f"/api/units/{item}/adjudication", headers=judy).json()
    assert got["final"]["verdict"] == "fail" and got["disagreements"] == {
        "verdict": "text_ambiguity"
    }


def test_the_old_pack_label_body_is_refused_naming_the_field(tmp_path: Path) -> None:
    pack = tmp_path / "pack.csv"
    pack.write_text("item_id,question,transcript\nitem1,q,t\n")
    tokens = _people(tmp_path / "p.db")
    client = TestClient(create_app(AnnotationStore(tmp_path / "p.db"), load_pack(pack)))
    response = client.post(
        "/api/units/item1/label",
        json={"verdict": "pass", "note": ""},
        headers={"Authorization": f"Bearer {tokens['alice']}"},
    )
    assert response.status_code == 422 and "labels" in json.dumps(response.json())
