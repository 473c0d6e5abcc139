"""Spreading requests over replicas of one model: least outstanding requests, with cool-downs.

A pure policy object (no I/O; the clock is injected), used by
:class:`~carebench.agents.backends.replicas.ReplicaBackend`.

Conventions:
    * **Choice.** A request goes to the available replica with the fewest requests in flight;
      ties go to the one that has been sent the fewest requests, then to the lowest index (the
      order the replicas were given in). A slow replica keeps requests in flight longer, so it is
      sent fewer of them.
    * **Failure.** A transient failure (connection refused, timeout, HTTP 429 or 5xx) takes the
      replica out of rotation for a cool-down of ``cooldown_s * 2**(k-1)`` seconds, capped at
      ``max_cooldown_s``, where ``k`` counts its failures in a row (each cool-down that ends in
      another failure doubles the next). Failures of requests that were already in flight when
      it went down are not counted again: a replica killed with eight requests in flight is one
      failure, not eight.
    * **Recovery (probe).** When its cool-down has passed, the replica gets one request (the
      probe) and nothing more until that request ends. A probe that succeeds puts it back in
      rotation (and resets ``k``); one that fails starts the next, doubled, cool-down.
    * **All down.** When no replica is available, a request still goes out, to the replica whose
      cool-down ends first, rather than failing without being tried; its result counts like a
      probe's. The caller paces such retries (the runner's backoff).
    * A request the replica answered, even with a refusal of that one request (HTTP 400), is a
      success for routing: the replica is up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass


@dataclass(frozen=True)
class Lease:
    """One request's hold on a replica, from :meth:`LeastOutstandingRouter.pick` to ``release``.

    Attributes:
        index: the replica.
        epoch: the replica's failure epoch when the request was sent (a failure of an older
            epoch is one the replica was already taken out of rotation for).
        probe: whether this request is the replica's probe after a cool-down.
    """

    index: int
    epoch: int
    probe: bool


@dataclass
class ReplicaState:
    """Counters and health of one replica.

    Attributes:
        outstanding: requests in flight.
        sent: requests sent (this router's lifetime).
        ok: requests answered.
        failed: requests that failed transiently.
        streak: failures in a row that took it out of rotation (``k`` above).
        down_until: clock time its cool-down ends; None while it is in rotation.
        epoch: incremented each time it is taken out of rotation.
        probing: whether its probe is in flight.
    """

    outstanding: int = 0
    sent: int = 0
    ok: int = 0
    failed: int = 0
    streak: int = 0
    down_until: float | None = None
    epoch: int = 0
    probing: bool = False


class LeastOutstandingRouter:
    """Least-outstanding-requests routing over ``n`` replicas; see the module conventions.

    Args:
        n: the number of replicas (at least 1).
        cooldown_s: the first cool-down after a failure, in seconds (> 0).
        max_cooldown_s: the longest cool-down (>= ``cooldown_s``).
        clock: monotonic seconds (``time.monotonic``; tests inject their own).
    """

    def __init__(
        self,
        n: int,
        *,
        cooldown_s: float = 1.0,
        max_cooldown_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if n < 1:
            raise ValueError(f"a router needs at least one replica, got {n}")
        if not 0 < cooldown_s <= max_cooldown_s:
            raise ValueError(
                f"expected 0 < cooldown_s <= max_cooldown_s, got {cooldown_s}, {max_cooldown_s}"
            )
        self.replicas = [ReplicaState() for _ in range(n)]
        self.cooldown_s, self.max_cooldown_s, self.clock = cooldown_s, max_cooldown_s, clock

    def available(self, index: int) -> bool:
        """Whether ``index`` is in rotation, or its cool-down has passed and no probe is out."""
        state = self.replicas[index]
        if state.down_until is None:
            return True
        return not state.probing and self.clock() >= state.down_until

    def pick(self, exclude: Collection[int] = ()) -> Lease | None:
        """The replica for the next request, counted in flight until :meth:`release`.

        Args:
            exclude: replicas not to use (those this request already failed on).

        Returns:
            A lease, or None when every replica not excluded is cooling down and ``exclude``
            is not empty (with nothing excluded, the replica whose cool-down ends first).
        """
        candidates = [
            i for i in range(len(self.replicas)) if i not in exclude and self.available(i)
        ]
        if candidates:
            index = min(candidates, key=lambda i: (self._load(i), i))
        elif exclude:
            return None
        else:
            index = min(
                range(len(self.replicas)),
                key=lambda i: (self.replicas[i].down_until or 0.0, self._load(i), i),
            )
        state = self.replicas[index]
        probe = state.down_until is not None and not state.probing
        state.probing = state.probing or probe
        state.outstanding += 1
        state.sent += 1
        return Lease(index, state.epoch, probe)

    def release(self, lease: Lease, ok: bool) -> None:
        """Record how the request of ``lease`` ended (``ok``: the replica answered)."""
        state = self.replicas[lease.index]
        state.outstanding -= 1
        if lease.probe:
            state.probing = False
        if ok:
            state.ok += 1
        else:
            state.failed += 1
        if lease.epoch != state.epoch:
            return  # sent before the replica was taken out of rotation: already accounted for
        if ok:
            state.streak, state.down_until = 0, None
            return
        state.streak += 1
        state.epoch += 1
        pause = min(self.max_cooldown_s, self.cooldown_s * 2.0 ** (state.streak - 1))
        state.down_until = self.clock() + pause

    def _load(self, index: int) -> tuple[int, int]:
        state = self.replicas[index]
        return state.outstanding, state.sent
