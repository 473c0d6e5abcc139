# Kept as run to make labelled set 7 (session 21, 2026-12-05); paths are that session's.
# Order: make_material.py, (writers), prep_labels.py, (labellers), merge.py, (adjudicator), assemble.py.
import json
import pathlib

W = pathlib.Path("/work/labelwork7/set7")
OUT = pathlib.Path("/work/main/src/carebench/scenarios/validation/workproduct")


def rd(p):
    return [json.loads(l) for l in open(p) if l.strip()]


A = {r["claim_id"]: r for r in rd(W / "label_a/claims.jsonl")}
B = {r["claim_id"]: r for r in rd(W / "label_b/claims.jsonl")}
HA = {r["handoff_id"]: r for r in rd(W / "label_a/handoffs.jsonl")}
HB = {r["handoff_id"]: r for r in rd(W / "label_b/handoffs.jsonl")}
dec = rd(W / "adjudicate/decisions.jsonl")
cd = {d["claim_id"]: d for d in dec if "claim_id" in d}
hd = {}
for d in dec:
    if "handoff_id" in d:
        hd.setdefault(d["handoff_id"], {})[d["field"]] = d
key = {r["claim_id"]: r for r in rd(W / "key/claims.jsonl")}
hkey = {r["handoff_id"]: r for r in rd(W / "key/handoffs.jsonl")}
lines = []
for r in rd(W / "label_in/claims.jsonl"):
    i = r["claim_id"]
    a = A[i]["label"]
    b = B[i]["label"]
    final = a if a == b else cd[i]["final"]
    lines.append(
        {
            "format": "carebench-scorer-labels/1",
            **r,
            "label_a": a,
            "label_b": b,
            "final": final,
            "disagreement": None if a == b else cd[i]["type"],
            "writer_kind": key[i]["writer_kind"],
        }
    )
(OUT / "claims-7.jsonl").write_text(
    "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
)
hl = []
for r in rd(W / "label_in/handoffs.jsonl"):
    i = r["handoff_id"]
    la = HA[i]["labels"]
    lb = HB[i]["labels"]
    final = {f: (la[f] if la[f] == lb[f] else hd[i][f]["final"]) for f in la}
    dis = {f: hd[i][f]["type"] for f in la if la[f] != lb[f]} or None
    hl.append(
        {
            "format": "carebench-scorer-labels/1",
            **r,
            "labels_a": la,
            "labels_b": lb,
            "final": final,
            "disagreements": dis,
            "writer_kind": hkey[i]["writer_kind"],
        }
    )
(OUT / "handoffs-7.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in hl))
from collections import Counter

print(
    Counter(x["final"] for x in lines),
    Counter(v for x in hl for v in x["final"].values()),
    sum(len(x["final"]) for x in hl),
)
