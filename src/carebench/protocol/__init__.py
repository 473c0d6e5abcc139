"""The workflow protocol of paper 001: evidence levels, analysis plans, evidence items, scores.

Modules (import them directly; this package imports nothing at import time):

    levels       the three evidence levels, what each lets a report claim, and the wording check
    plans        analysis plan files (declared before evaluation): schema, loading, hashing, diffs
    registry     the plan table of the workspace store (registration, versions, lookup)
    planned      the report under a plan: the planned Holm family and departures from the plan
    sources      evidence items of an episode (ids, superseded text, admissibility)
    matching     deterministic fact matching (states, claims, supported_by)
    workproduct  extended agent output: the per-episode schema and its parser
    scores       atomic scores: state continuity, evidence traceability, handoff completeness
    summary      atomic scores over runs, per run x task class, with seed-bootstrap intervals
    annotation   annotation units as labelled by people, and their export (review and seed formats)
    annotation_kind  the two kinds of annotation unit (episode, pack item) as one strategy
    annotation_records  people, stored labels and adjudications, the blinding rule
    annotation_store  the annotation app's SQLite store (people, tokens, labels, adjudications)
    pack_annotation  judge-validation pack items as units: pass/fail labels, agreement, export
    agreement    Cohen's kappa per unit type and Krippendorff's alpha
"""
