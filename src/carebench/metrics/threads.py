"""Small matrix products on one BLAS thread.

The bootstrap's products ((B x S) @ (S x K) with S seeds, a few dozen) and the controller's grid
search ((n x 4) @ (4 x K)) are small: split over BLAS threads they only wait for each other. On a
2-core machine shared with other work, OpenBLAS's two threads made one (10,000 x 40) @ (40 x 8)
product take 16 ms instead of 0.4 ms on one thread (docs/performance.md, "The report"). The
functions here run with BLAS limited to one thread, through threadpoolctl, and restore the
previous limit on return. OpenBLAS gives each element of a product the same summation order
whatever its thread count, so results are unchanged; only the time is.

The limit is process-wide while a wrapped function runs: another thread doing large products at
the same moment runs them on one thread too (slower, never different).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

if TYPE_CHECKING:
    from threadpoolctl import ThreadpoolController

__all__ = ["one_blas_thread"]

P = ParamSpec("P")
R = TypeVar("R")


@functools.cache
def _controller() -> ThreadpoolController:
    """The BLAS libraries loaded in this process (found once: a scan takes about 25 ms)."""
    import numpy  # noqa: F401  (its BLAS must be loaded before the scan)
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController().select(user_api="blas")


def one_blas_thread(fn: Callable[P, R]) -> Callable[P, R]:
    """Run ``fn`` with every BLAS library of the process limited to one thread."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with _controller().limit(limits=1):
            return fn(*args, **kwargs)

    return wrapper
