# Kept as run to make labelled set 7 (session 21, 2026-12-05); paths are that session's.
# Order: make_material.py, (writers), prep_labels.py, (labellers), merge.py, (adjudicator), assemble.py.
import json
import pathlib
import random
import re

from carebench.episodes.bank import load_bank
from carebench.episodes.sources import tagged_transcript

W = pathlib.Path("/work/labelwork7/set7")
bank = {e.episode_id: e for e in load_bank()}


def lines(e):
    out = {}
    for l in tagged_transcript(e).splitlines():
        m = re.match(r"\[([A-Z]{1,2}\d{1,2})\] (.*)", l)
        if m:
            out[m[1]] = m[2]
    return out


rng = random.Random(71205)
claims = [json.loads(l) for l in open(W / "writer_claims/claims.jsonl")]
rng.shuffle(claims)
key = []
lab = []
for i, c in enumerate(claims, 1):
    cid = f"W7C{i:03d}"
    L = lines(bank[c["episode_id"]])
    cited = [{"id": s, "text": L.get(s, "(no such line in this episode)")} for s in c["sources"]]
    lab.append({"claim_id": cid, "episode_id": c["episode_id"], "text": c["text"], "cited": cited})
    key.append({"claim_id": cid, **c, "cited": cited})
hand = [json.loads(l) for l in open(W / "writer_handoffs/handoffs.jsonl")]
rng.shuffle(hand)
hkey = []
hlab = []
for i, h in enumerate(hand, 1):
    hid = f"W7H{i:02d}"
    hlab.append({"handoff_id": hid, "episode_id": h["episode_id"], "handoff": h["handoff"]})
    hkey.append({"handoff_id": hid, **h})
(W / "label_in").mkdir(exist_ok=True)
(W / "key").mkdir(exist_ok=True)
(W / "label_in/claims.jsonl").write_text(
    "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lab)
)
(W / "label_in/handoffs.jsonl").write_text(
    "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in hlab)
)
(W / "key/claims.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in key))
(W / "key/handoffs.jsonl").write_text(
    "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in hkey)
)
print(
    len(lab), len(hlab), sum(1 for x in lab for c in x["cited"] if c["text"].startswith("(no such"))
)
