"""The async runner: bounded concurrency, timeouts, retries with backoff, resumable records.

Conventions:
    * Episodes run in bank order (task class, seed, surface, variant), so consecutive prompts share
      long prefixes (the embedded backend reuses their KV cache).
    * Every request goes through the request policy (:mod:`carebench.agents.requests`): a total
      deadline of ``timeout_s`` seconds per request (all attempts and backoff included), at most
      ``max_retries`` retries of transient failures with jittered exponential backoff. After the
      last failure, or at the deadline, the record is stored with status ``error``.
    * A request the backend rejects (:class:`RequestRejectedError`) is stored as ``error`` at once.
    * A raw output that fails the contract is stored with status ``invalid`` and its raw text
      (at most :data:`~carebench.agents.requests.MAX_STORED_CHARS` characters, marked when cut).
    * Successful generations of cacheable backends, up to that length, are stored in the
      response cache under
      SHA-256(backend identity, sampling, repeat, messages), where the backend identity is its
      config less the endpoint URLs and the API-key variable's name, plus the model file's
      SHA-256 where the backend runs a local file; a later identical request is served from it
      (a cache hit), across runs.
    * Any raw output becomes a record in bounded time (the contract parser is linear and never
      recurses on nesting).
    * A run is registered in the store with its first records: an invocation that stores nothing
      (e.g. stopped by an HTTP 404 before any answer) leaves no empty run behind.
    * Interrupting the runner (Ctrl-C, SIGKILL) loses at most the requests in flight; every stored
      record is complete. Re-running the same configuration resumes.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from carebench.agents.backends import create_backend
from carebench.agents.backends.base import (
    Backend,
    Generation,
    GenerationRequest,
)
from carebench.agents.contract import parse_decision
from carebench.agents.prompts import canonical_json, prompt_hash, render_messages
from carebench.agents.requests import Outcome, cache_worthy, stored_text
from carebench.agents.workproduct import parse_work_product, work_product_schema
from carebench.episodes.bank import close_ids
from carebench.episodes.canonical import bank_sha256
from carebench.episodes.schema import Action, Episode
from carebench.errors import CarebenchError, RunFailedError
from carebench.runs.config import RunConfig, RunManifest, build_manifest, manifest_paths
from carebench.runs.store import BankCopy, Record, RunStore, bank_copy


@dataclass
class RunSummary:
    """What one invocation of the runner did."""

    run_id: str
    label: str
    total: int
    already_done: int
    ok: int = 0
    invalid: int = 0
    errors: int = 0
    cache_hits: int = 0
    cache_misses: int = 0
    retries: int = 0
    wall_s: float = 0.0
    notes: list[str] = field(default_factory=list)
    #: Extended output only: valid decisions whose work product broke its rules (None: decision run).
    invalid_work_products: int | None = None

    @property
    def completed_now(self) -> int:
        """Records written by this invocation."""
        return self.ok + self.invalid + self.errors

    @property
    def nothing_succeeded(self) -> bool:
        """True iff this invocation wrote records and every one is an error (no output at all)."""
        return self.errors > 0 and self.ok + self.invalid == 0

    def check(self) -> None:
        """Raise :class:`~carebench.errors.RunFailedError` when :attr:`nothing_succeeded`."""
        if self.nothing_succeeded:
            raise RunFailedError(
                f"run {self.run_id} ({self.label}): every request of this invocation failed "
                f"({self.errors} error records, no answer to score); `carebench runs export "
                f"{self.run_id} --out FILE` has their error messages; fix the backend and run the "
                "same command again"
            )


class _Writer:
    """Buffers finished records and commits them in batches.

    A batch is committed when it holds ``batch`` records, when ``interval_s`` has passed since
    the last commit, and at the end (also on interruption). A hard kill loses at most the
    uncommitted batch, whose episodes are simply run again on resume. Each batch keeps the run's
    bank copy with the run (a copy already stored is left as it is).
    """

    def __init__(
        self,
        store: RunStore,
        run: tuple[str, str, dict[str, Any]],
        bank: BankCopy | None = None,
        batch: int = 64,
        interval_s: float = 0.5,
    ) -> None:
        self.store, self.run, self.bank = store, run, bank
        self.batch, self.interval_s = batch, interval_s
        self.records: list[Record] = []
        self.cache: list[tuple[str, Generation]] = []
        self.last = time.monotonic()
        self.failed = False

    def add(self, record: Record, cache_entry: tuple[str, Generation] | None) -> None:
        self.records.append(record)
        if cache_entry is not None:
            self.cache.append(cache_entry)
        if len(self.records) >= self.batch or time.monotonic() - self.last >= self.interval_s:
            self.flush()

    def flush(self) -> None:
        if self.failed:  # the store refused a batch (e.g. locked): do not wait for it again
            return
        try:
            self.store.put_records(self.records, self.cache, run=self.run, bank=self.bank)
        except BaseException:
            self.failed = True
            raise
        self.records, self.cache = [], []
        self.last = time.monotonic()


def cache_key(
    config: RunConfig,
    messages: list[dict[str, str]],
    repeat: int,
    backend_identity: dict[str, Any] | None = None,
    schema: dict[str, Any] | None = None,
) -> str:
    """The response-cache key of one request.

    SHA-256 of the canonical JSON (:func:`~carebench.agents.prompts.canonical_json`) of
    ``{"backend": identity, "messages": messages, "repeat": repeat, "sampling": sampling less
    repeats}``, plus ``"schema"`` when the request's output schema is not the decision
    contract's (extended output: constrained decoding makes the schema part of the answer).
    ``backend_identity`` is :meth:`RunConfig.backend_identity` (computed when omitted).
    """
    identity = backend_identity if backend_identity is not None else config.backend_identity()
    return _Keyer(config, identity).key(canonical_json(messages), repeat, schema)


class _Keyer:
    """:func:`cache_key` for many requests of one run: the messages' canonical JSON is given.

    The payload's keys sort as backend, messages, repeat, sampling, schema, so its canonical JSON
    is the concatenation below, byte for byte; each request serializes only its repeat index
    (and its schema, for extended output).
    """

    def __init__(self, config: RunConfig, identity: dict[str, Any]) -> None:
        sampling = config.sampling.model_dump(mode="json")
        sampling.pop("repeats")
        self.head = '{"backend":' + canonical_json(identity) + ',"messages":'
        self.tail = ',"sampling":' + canonical_json(sampling)

    def key(self, messages_json: str, repeat: int, schema: dict[str, Any] | None = None) -> str:
        extra = "" if schema is None else ',"schema":' + canonical_json(schema)
        text = f'{self.head}{messages_json},"repeat":{canonical_json(repeat)}{self.tail}{extra}}}'
        return hashlib.sha256(text.encode()).hexdigest()


def backoff_delay(config: RunConfig, retry: int, rng: random.Random) -> float:
    """Seconds to wait before retry number ``retry`` (1-based): the request policy's backoff."""
    return config.request_policy().backoff_delay(retry, rng)


@dataclass
class _Planned:
    """Planning: what this invocation has to do (the episodes, the run id, what is left)."""

    episodes: list[Episode]
    run_id: str
    done: set[tuple[str, int]]
    todo: list[tuple[Episode, int]]
    summary: RunSummary


def _plan(config: RunConfig, bank: Sequence[Episode], store: RunStore, bank_hash: str) -> _Planned:
    episodes = select_episodes(config, bank)
    run_id = config.run_id(bank_hash)
    done = store.completed(run_id)
    todo = [
        (episode, repeat)
        for episode in episodes
        for repeat in range(config.sampling.repeats)
        if (episode.episode_id, repeat) not in done
    ]
    total = len(episodes) * config.sampling.repeats
    return _Planned(
        episodes, run_id, done, todo, RunSummary(run_id, config.label(), total, len(done))
    )


@dataclass
class _Prompts:
    """Cache keys: each episode rendered and serialized once, however many repeats it has."""

    rendered: dict[str, tuple[list[dict[str, str]], str, str]]
    schemas: dict[str, dict[str, Any]]
    keys: dict[tuple[str, int], str]
    cached: dict[str, Generation]


def _prompts(
    config: RunConfig,
    todo: Sequence[tuple[Episode, int]],
    identity: dict[str, Any],
    backend: Backend,
    store: RunStore,
) -> _Prompts:
    extended = config.output == "extended"
    rendered: dict[str, tuple[list[dict[str, str]], str, str]] = {}
    schemas: dict[str, dict[str, Any]] = {}
    for episode, _ in todo:
        if episode.episode_id not in rendered:
            messages = render_messages(episode, config.condition, extended=extended)
            text = canonical_json(messages)
            rendered[episode.episode_id] = (
                messages,
                text,
                hashlib.sha256(text.encode()).hexdigest(),
            )
            if extended:
                schemas[episode.episode_id] = work_product_schema(episode)
    keys: dict[tuple[str, int], str] = {}
    if backend.cacheable:
        keyer = _Keyer(config, identity)
        keys = {
            (e.episode_id, r): keyer.key(rendered[e.episode_id][1], r, schemas.get(e.episode_id))
            for e, r in todo
        }
    return _Prompts(rendered, schemas, keys, store.cache_get_many(list(keys.values())))


class _Execution:
    """Execution and accounting: one request per (episode, repeat) under the request policy."""

    def __init__(
        self,
        config: RunConfig,
        backend: Backend,
        prompts: _Prompts,
        summary: RunSummary,
        writer: _Writer,
        on_record: Callable[[Record, RunSummary], None] | None,
    ) -> None:
        self.config, self.backend, self.prompts = config, backend, prompts
        self.summary, self.writer, self.on_record = summary, writer, on_record
        self.policy = config.request_policy()
        self.rng = random.Random(0)
        self.stop = asyncio.Event()
        limit = min(config.concurrency, backend.max_concurrency or config.concurrency)
        self.semaphore = asyncio.Semaphore(limit)
        self.extended = config.output == "extended"
        if self.extended:
            summary.invalid_work_products = 0

    async def one(self, episode: Episode, repeat: int) -> None:
        """Answer one (episode, repeat), from the cache or the backend, and store its record."""
        async with self.semaphore:
            if self.stop.is_set():
                return
            messages, _, messages_sha = self.prompts.rendered[episode.episode_id]
            key = self.prompts.keys.get((episode.episode_id, repeat))
            cached = self.prompts.cached.get(key) if key else None
            begin = time.perf_counter()
            if cached is not None:
                outcome = Outcome(cached, None, 0)
                self.summary.cache_hits += 1
            else:
                schema = self.prompts.schemas.get(episode.episode_id)
                request = GenerationRequest(episode, messages, self.config.sampling, repeat, schema)
                outcome = await self.policy.generate(self.backend, request, self.rng)
                self.summary.retries += outcome.retries
                self.summary.cache_misses += bool(key)
            record = build_record(
                self.summary.run_id, episode.episode_id, repeat, messages, outcome.generation,
                outcome.error,
                latency_s=time.perf_counter() - begin,
                attempts=outcome.attempts,
                cache_hit=cached is not None,
                prompt_sha256=messages_sha,
            )  # fmt: skip
            self.account(record)
            fresh = key and cached is None and cache_worthy(self.backend, outcome.generation)
            entry = (key, outcome.generation) if fresh and key and outcome.generation else None
            self.writer.add(record, entry)
            if self.on_record is not None:
                self.on_record(record, self.summary)

    def account(self, record: Record) -> None:
        """Count ``record`` in the summary; stop sending once :data:`FAIL_FAST` all failed."""
        summary = self.summary
        if record.status == "ok":
            summary.ok += 1
            if self.extended and record.action is not None:
                product = parse_work_product(record.raw_output or "", Action(record.action))
                if product.work_product is None:
                    summary.invalid_work_products = (summary.invalid_work_products or 0) + 1
        elif record.status == "invalid":
            summary.invalid += 1
        else:
            summary.errors += 1
            if summary.errors >= FAIL_FAST and summary.ok + summary.invalid == 0:
                if not self.stop.is_set():
                    summary.notes.append(
                        f"stopped after the first {summary.errors} requests all failed "
                        f"(last: {record.error}); the rest were not sent"
                    )
                self.stop.set()

    async def run(self, todo: Sequence[tuple[Episode, int]]) -> None:
        """Every request of ``todo``; on any exit, cancel what is in flight and flush."""
        started = time.perf_counter()
        tasks = [asyncio.create_task(self.one(e, r)) for e, r in todo]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.writer.flush()
            self.summary.wall_s = time.perf_counter() - started
            self.summary.notes.extend(self.backend.notes())


async def run_async(
    config: RunConfig,
    bank: Sequence[Episode],
    store: RunStore,
    on_record: Callable[[Record, RunSummary], None] | None = None,
    on_start: Callable[[RunSummary], None] | None = None,
    backend: Backend | None = None,
    bank_hash: str | None = None,
) -> RunSummary:
    """Run ``config`` over ``episodes``, storing every record; resume if the run exists.

    Args:
        config: the run configuration (its split and episode ids select from ``bank``).
        bank: the whole episode bank, in bank order; its hash identifies the run.
        store: the run store.
        on_record: called after each record is stored (for progress display).
        on_start: called once the work list is known, before the first request.
        backend: an already created backend (created from ``config`` when omitted).
        bank_hash: ``bank_sha256(bank)`` when the caller knows it already (computed otherwise).

    Returns:
        A summary of what this invocation did.
    """
    check_plan(config, store)
    store.writable()  # a read-only copy of a store: refused before any request
    bank_hash = bank_hash or bank_sha256(bank)
    planned = _plan(config, bank, store, bank_hash)
    summary, todo = planned.summary, planned.todo
    if planned.done or store.bank_damaged(bank_hash):  # keep (or mend) a stored run's bank
        store.put_bank(bank, bank_hash)
    own_backend = backend is None and bool(todo)
    if todo and backend is None:
        backend = create_backend(config.backend)
    if on_start is not None:
        on_start(summary)
    if backend is None or not todo:
        return summary
    try:
        manifest = build_manifest(config, bank_hash, len(planned.episodes), backend.describe())
        moved = endpoint_note(store.manifest(planned.run_id) if planned.done else None, manifest)
        if moved:
            summary.notes.append(moved)
        if not planned.done:
            summary.notes.extend(other_bank_note(config, store, bank_hash, planned.run_id))
        prompts = _prompts(config, todo, manifest["backend"], backend, store)
        run = (planned.run_id, config.label(), manifest)
        writer = _Writer(store, run, bank_copy(bank, bank_hash))
        await _Execution(config, backend, prompts, summary, writer, on_record).run(todo)
        summary.notes.extend(lost_note(summary, store.record_count(planned.run_id)))
    finally:
        if own_backend:
            await backend.aclose()
    return summary


def lost_note(summary: RunSummary, held: int) -> list[str]:
    """A note when the store holds fewer of the run's records than this invocation accounts for.

    ``held`` counts the run's stored records. Fewer than those already stored plus those written
    now means the run was deleted (``carebench runs delete``, another process) while it ran: the
    batches committed after the deletion re-created it, the earlier ones are gone.
    """
    expected = summary.already_done + summary.completed_now
    if held >= expected:
        return []
    return [
        f"run {summary.run_id} was deleted while this command ran: the store holds {held} of the "
        f"{expected} records counted here; run the same command again to redo the rest"
    ]


FAIL_FAST = 8
"""A run stops sending when this many requests have failed and none has been answered: a server
that is down or misaddressed then costs seconds, not every episode's retries. The failed records
are stored and re-running resumes."""


def check_plan(config: RunConfig, store: RunStore) -> None:
    """Refuse a run under an analysis plan that ``store`` has not registered as declared.

    Raises:
        CarebenchError: the plan's hash is not registered, or the config's plan (name, version,
            costs) differs from the registered one.
    """
    if config.plan is None:
        return
    from carebench.protocol.registry import PlanRegistry
    from carebench.runs.config import RunPlan

    registered = PlanRegistry(store).by_sha(config.plan.sha256)
    if registered is None or RunPlan.from_registered(registered) != config.plan:
        raise CarebenchError(
            f"analysis plan {config.plan.name!r} (sha256 {config.plan.sha256[:12]}) is not "
            f"registered in {store.path} as declared; a run may start only under a registered "
            "plan: carebench plan register FILE, then carebench run --plan NAME"
        )


def other_bank_note(config: RunConfig, store: RunStore, bank_hash: str, run_id: str) -> list[str]:
    """A note when a new run repeats a stored run's settings on its seeds, changed since.

    Re-running a command after the seeds at its paths changed, or after an upgrade shipped
    another packaged bank, starts a new run rather than resuming the old one: the note says so,
    and that the old run (the newest such) is kept. Nothing for a run on other seeds the user
    chose. A run whose stored manifest cannot be read is not compared.
    """
    stored, _ = store.readable_runs()
    paths = manifest_paths(config)
    for other in reversed(stored):  # newest first
        sha = other.manifest.bank_sha256
        if (
            sha != bank_hash
            and other.manifest.bank_paths == paths
            and config.run_id(sha) == other.run_id  # all else the same
        ):
            return [
                f"run {run_id} is new: the same settings were run as {other.run_id} on episode "
                f"bank {sha[:12]}, and the seeds now form bank {bank_hash[:12]}; "
                f"{other.run_id} is kept as it was, on its own bank"
            ]
    return []


def _endpoints(manifest: RunManifest | dict[str, Any]) -> set[str]:
    stored = manifest.stored() if isinstance(manifest, RunManifest) else manifest
    urls = stored.get("backend_facts", {}).get("base_url")
    return {urls} if isinstance(urls, str) else set(urls or ())


def endpoint_note(
    previous: RunManifest | dict[str, Any] | None, current: dict[str, Any]
) -> str | None:
    """A warning when a resumed run's endpoints share none with those it was started against.

    Endpoints are not part of a run's identity (replicas and moved servers serve the same model),
    so a different model served under the same name at another address would resume the old run:
    the warning says so, since nothing else can tell.
    """
    if previous is None:
        return None
    before, now = _endpoints(previous), _endpoints(current)
    if not before or not now or before & now:
        return None
    return (
        f"resumed run {current['run_id']} was started against {', '.join(sorted(before))} and "
        f"continues against {', '.join(sorted(now))}: endpoints are not part of a run's identity, "
        "so if this server holds a different model under the same --model name, serve it under "
        "another name and start again"
    )


def build_record(
    run_id: str,
    episode_id: str,
    repeat: int,
    messages: list[dict[str, str]],
    generation: Generation | None,
    error: str | None,
    *,
    latency_s: float | None = None,
    attempts: int = 0,
    cache_hit: bool = False,
    prompt_sha256: str | None = None,
) -> Record:
    """The record of one finished request: status ``error`` without a generation, else parsed.

    ``prompt_sha256`` is ``prompt_hash(messages)`` when the caller has it (computed otherwise).
    """
    sha = prompt_sha256 if prompt_sha256 is not None else prompt_hash(messages)
    if generation is None:
        return Record(
            run_id, episode_id, repeat, sha, None, None, None, None, "error", error, latency_s,
            None, None, attempts, cache_hit,
        )  # fmt: skip
    parsed = parse_decision(generation.text)
    decision = parsed.decision
    return Record(
        run_id, episode_id, repeat, sha,
        raw_output=stored_text(generation.text),
        action=decision.action.value if decision else None,
        confidence=decision.confidence if decision else None,
        reason=decision.reason if decision else None,
        status="ok" if decision else "invalid",
        error=parsed.error,
        latency_s=latency_s,
        prompt_tokens=generation.prompt_tokens,
        completion_tokens=generation.completion_tokens,
        attempts=attempts,
        cache_hit=cache_hit,
    )  # fmt: skip


def select_episodes(config: RunConfig, episodes: Sequence[Episode]) -> list[Episode]:
    """Apply the config's split and episode-id selection, keeping bank order.

    Raises:
        CarebenchError: an id in the selection is not in the bank.
    """
    chosen = [e for e in episodes if config.split == "all" or e.split.value == config.split]
    if config.episode_ids:
        wanted = set(config.episode_ids)
        unknown = wanted - {e.episode_id for e in episodes}
        if unknown:
            ids = [e.episode_id for e in episodes]
            hints = [
                f"{u} (did you mean {', '.join(close)}?)" if (close := close_ids(u, ids)) else u
                for u in sorted(unknown)
            ]
            raise CarebenchError(
                f"unknown episode id(s): {'; '.join(hints)} (ids are <seed>.<surface>.<variant>: "
                "carebench episodes catalogue lists the seeds)"
            )
        chosen = [e for e in chosen if e.episode_id in wanted]
    return chosen
