"""The replica routing policy as a pure object, on a hand-driven clock."""

from __future__ import annotations

import pytest

from carebench.agents.routing import Lease, LeastOutstandingRouter


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def router(clock: Clock, n: int = 2) -> LeastOutstandingRouter:
    return LeastOutstandingRouter(n, cooldown_s=1.0, max_cooldown_s=4.0, clock=clock)


def test_least_outstanding_then_fewest_sent_then_first(clock: Clock) -> None:
    r = router(clock, 3)
    # all idle and unsent: the given order
    a, b, c = r.pick(), r.pick(), r.pick()
    assert a is not None and b is not None and c is not None
    assert [a.index, b.index, c.index] == [0, 1, 2]
    r.release(b, ok=True)
    r.release(c, ok=True)
    # 1 and 2 are idle, each sent one: the first of them
    d = r.pick()
    assert d is not None and d.index == 1
    # 0 and 1 hold one each, 2 none
    e = r.pick()
    assert e is not None and e.index == 2
    # all hold one; sent: 0 one, 1 two, 2 two
    f = r.pick()
    assert f is not None and f.index == 0


def test_a_slow_replica_gets_fewer_requests(clock: Clock) -> None:
    """Replica 1 answers every request at the third step, replica 0 at the next step."""
    r = router(clock)
    in_flight: list[tuple[Lease, int]] = []
    for step in range(60):
        for lease, due in [x for x in in_flight if x[1] == step]:
            r.release(lease, ok=True)
            in_flight.remove((lease, due))
        while len(in_flight) < 4:  # the runner's concurrency
            lease = r.pick()
            assert lease is not None
            in_flight.append((lease, step + (3 if lease.index == 1 else 1)))
    fast, slow = r.replicas[0].sent, r.replicas[1].sent
    # least outstanding keeps two in flight at each: fast finishes 2 per step, slow 2 per 3 steps
    assert fast + slow == 4 + sum(s.ok for s in r.replicas)
    assert slow < fast / 2


def test_a_failure_cools_the_replica_down_and_doubles(clock: Clock) -> None:
    r = router(clock)
    lease = r.pick()
    assert lease is not None and lease.index == 0
    r.release(lease, ok=False)
    assert not r.available(0) and r.replicas[0].down_until == 1.0
    # while cooling, everything goes to replica 1
    assert [r.pick().index for _ in range(3)] == [1, 1, 1]  # type: ignore[union-attr]
    clock.now = 1.0
    probe = r.pick()
    assert probe is not None and probe.index == 0 and probe.probe
    # one probe at a time: replica 0 is not available while its probe is out
    assert not r.available(0)
    assert r.pick(exclude=[1]) is None
    r.release(probe, ok=False)  # the probe failed: cool down 2 s, then 4 s (the cap), 4 s
    for expected in (2.0, 4.0, 4.0):
        assert r.replicas[0].down_until == clock.now + expected
        clock.now += expected
        probe = r.pick(exclude=[1])
        assert probe is not None and probe.probe
        r.release(probe, ok=False)
    assert r.replicas[0].streak == 5


def test_a_successful_probe_puts_the_replica_back(clock: Clock) -> None:
    r = router(clock)
    first = r.pick()
    assert first is not None
    r.release(first, ok=False)
    clock.now = 1.0
    probe = r.pick(exclude=[1])  # replica 1, idle and never sent to, would win the tie
    assert probe is not None and probe.index == 0 and probe.probe
    r.release(probe, ok=True)
    assert r.available(0) and r.replicas[0].streak == 0 and r.replicas[0].down_until is None
    # a later failure starts from the first cool-down again
    again = r.pick(exclude=[1])
    assert again is not None and again.index == 0 and not again.probe
    r.release(again, ok=False)
    assert r.replicas[0].down_until == 2.0


def test_requests_in_flight_when_a_replica_fails_count_once(clock: Clock) -> None:
    r = router(clock, 1)
    leases = [r.pick() for _ in range(8)]
    assert all(x is not None and x.index == 0 for x in leases)
    for lease in leases:
        r.release(lease, ok=False)  # type: ignore[arg-type]
    state = r.replicas[0]
    assert state.failed == 8 and state.streak == 1 and state.down_until == 1.0
    assert state.outstanding == 0
    # a stale success (sent before it went down) does not put it back either
    r2 = router(clock, 1)
    old, failing = r2.pick(), r2.pick()
    r2.release(failing, ok=False)  # type: ignore[arg-type]
    r2.release(old, ok=True)  # type: ignore[arg-type]
    assert r2.replicas[0].down_until == 1.0


def test_when_all_are_down_the_first_to_recover_is_tried(clock: Clock) -> None:
    r = router(clock)
    zero = r.pick()
    assert zero is not None and zero.index == 0
    r.release(zero, ok=False)  # replica 0 cools down until 1.0
    clock.now = 0.5
    one = r.pick()
    assert one is not None and one.index == 1
    r.release(one, ok=False)  # replica 1 cools down until 1.5
    assert not r.available(0) and not r.available(1)
    # a request that already failed everywhere gets None
    assert r.pick(exclude=[0, 1]) is None
    # nothing excluded: replica 0's cool-down ends first, so it is tried now
    early = r.pick()
    assert early is not None and early.index == 0
    # the early try counts like a probe: success brings replica 0 back, 1 stays down
    r.release(early, ok=True)
    assert r.available(0) and not r.available(1)


def test_invalid_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one replica"):
        LeastOutstandingRouter(0)
    with pytest.raises(ValueError, match="cooldown_s"):
        LeastOutstandingRouter(2, cooldown_s=5.0, max_cooldown_s=1.0)
