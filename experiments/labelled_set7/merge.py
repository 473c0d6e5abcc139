# Kept as run to make labelled set 7 (session 21, 2026-12-05); paths are that session's.
# Order: make_material.py, (writers), prep_labels.py, (labellers), merge.py, (adjudicator), assemble.py.
import json
import pathlib

from sklearn.metrics import cohen_kappa_score

W = pathlib.Path("/work/labelwork7/set7")


def rd(p):
    return [json.loads(l) for l in open(p) if l.strip()]


A = {r["claim_id"]: r for r in rd(W / "label_a/claims.jsonl")}
B = {r["claim_id"]: r for r in rd(W / "label_b/claims.jsonl")}
ids = sorted(A)
print(len(A), len(B), set(A) == set(B))
la = [A[i]["label"] for i in ids]
lb = [B[i]["label"] for i in ids]
print("claims agree", sum(x == y for x, y in zip(la, lb)), "kappa %.3f" % cohen_kappa_score(la, lb))
HA = {r["handoff_id"]: r for r in rd(W / "label_a/handoffs.jsonl")}
HB = {r["handoff_id"]: r for r in rd(W / "label_b/handoffs.jsonl")}
fa = []
fb = []
dis = []
for h in sorted(HA):
    for f, v in HA[h]["labels"].items():
        fa.append(v)
        fb.append(HB[h]["labels"][f])
        if v != HB[h]["labels"][f]:
            dis.append((h, f))
print(
    "fields",
    len(fa),
    "agree",
    sum(x == y for x, y in zip(fa, fb)),
    "kappa %.3f" % cohen_kappa_score(fa, fb),
)
cd = [i for i in ids if A[i]["label"] != B[i]["label"]]
print(len(cd), len(dis))
inp = W / "label_in"
claims = {r["claim_id"]: r for r in rd(inp / "claims.jsonl")}
hands = {r["handoff_id"]: r for r in rd(inp / "handoffs.jsonl")}
(W / "adjudicate").mkdir(exist_ok=True)
with open(W / "adjudicate/claims.jsonl", "w") as f:
    for i in cd:
        f.write(
            json.dumps(
                {
                    **claims[i],
                    "reviewer_1": {"label": A[i]["label"], "note": A[i].get("note", "")},
                    "reviewer_2": {"label": B[i]["label"], "note": B[i].get("note", "")},
                },
                ensure_ascii=False,
            )
            + "\n"
        )
with open(W / "adjudicate/fields.jsonl", "w") as f:
    for h, fl in dis:
        f.write(
            json.dumps(
                {
                    **hands[h],
                    "field": fl,
                    "reviewer_1": {
                        "label": HA[h]["labels"][fl],
                        "note": (HA[h].get("notes") or {}).get(fl, ""),
                    },
                    "reviewer_2": {
                        "label": HB[h]["labels"][fl],
                        "note": (HB[h].get("notes") or {}).get(fl, ""),
                    },
                },
                ensure_ascii=False,
            )
            + "\n"
        )
