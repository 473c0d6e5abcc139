"""Replicas: one model served at several endpoints, used as one backend.

:func:`~carebench.agents.backends.create_backend` builds a :class:`ReplicaBackend` when a config
names more than one base URL (``carebench run --base-url A --base-url B``): one backend per URL,
requests spread by :class:`~carebench.agents.routing.LeastOutstandingRouter` (least outstanding
requests; a replica that fails is cooled down and probed; see that module for the rules).

Conventions:
    * A request that fails transiently on one replica is sent at once to another replica it has
      not tried yet, if one is in rotation; only when none is left does the failure reach the
      runner, which retries with backoff (and counts a retry). So a replica that dies costs no
      records and no backoff while another one is up.
    * A refusal of the request itself (HTTP 400) is not tried elsewhere: every replica serves the
      same model and would refuse it too. A fatal error (HTTP 401, 403, 404) stops the run.
    * A request cancelled by the runner's timeout counts as a failure of its replica.
    * The replicas are assumed to serve the same model: the URLs are not part of the run's
      identity, and the manifest records them (``backend_facts.base_url``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from carebench.agents.backends.base import (
    Backend,
    Generation,
    GenerationRequest,
    RequestRejectedError,
    TransientBackendError,
)
from carebench.agents.routing import LeastOutstandingRouter

ROUTING = (
    "least outstanding requests; a failed replica cools down 1 s, doubling to 30 s, then is probed"
)


class ReplicaBackend:
    """Several backends serving one model, used as one.

    Args:
        replicas: one backend per endpoint.
        names: the endpoints (base URLs), for the manifest, notes and error messages.
        router: the routing policy (a :class:`LeastOutstandingRouter` with the default
            cool-downs when omitted).
    """

    def __init__(
        self,
        replicas: Sequence[Backend],
        names: Sequence[str],
        router: LeastOutstandingRouter | None = None,
    ) -> None:
        if len(replicas) != len(names) or not replicas:
            raise ValueError("expected one name per replica, and at least one replica")
        self.replicas, self.names = list(replicas), list(names)
        self.router = router or LeastOutstandingRouter(len(replicas))
        limits = [r.max_concurrency for r in replicas]
        self.max_concurrency: int | None = (
            None if any(x is None for x in limits) else sum(x for x in limits if x is not None)
        )
        self.cacheable = all(r.cacheable for r in replicas)
        #: Transient failures passed on to another replica at once.
        self.failovers = 0

    def describe(self) -> dict[str, Any]:
        """The first replica's facts with every endpoint under ``base_url``, and the routing rule."""
        return {**self.replicas[0].describe(), "base_url": self.names, "routing": ROUTING}

    def notes(self) -> list[str]:
        """How the requests were spread and how often one failed over, then each replica's notes.

        A failover is a transient failure on one replica that was sent on to another at once; it
        is not one of the runner's retries (those come after every replica tried failed).
        """
        parts = [
            f"{name} {state.sent} sent, {state.failed} failed"
            for name, state in zip(self.names, self.router.replicas, strict=True)
        ]
        lines = [f"replicas: {'; '.join(parts)}; {self.failovers} failovers"]
        for line in dict.fromkeys(n for r in self.replicas for n in r.notes()):
            lines.append(line)
        return lines

    async def generate(self, request: GenerationRequest) -> Generation:
        """Generate on the least-loaded replica, failing over to untried ones on transient errors.

        Raises:
            TransientBackendError: every replica tried failed (the message names each).
        """
        tried: list[int] = []
        errors: list[str] = []
        while (lease := self.router.pick(exclude=tried)) is not None:
            self.failovers += bool(tried)
            try:
                generation = await self.replicas[lease.index].generate(request)
            except TransientBackendError as exc:
                self.router.release(lease, ok=False)
                tried.append(lease.index)
                name = self.names[lease.index]
                errors.append(str(exc) if str(exc).startswith(name) else f"{name}: {exc}")
                continue
            except RequestRejectedError:
                self.router.release(lease, ok=True)
                raise
            except (Exception, asyncio.CancelledError):
                self.router.release(lease, ok=False)
                raise
            self.router.release(lease, ok=True)
            return generation
        raise TransientBackendError("; ".join(errors))

    async def aclose(self) -> None:
        """Close every replica."""
        for replica in self.replicas:
            await replica.aclose()
