from __future__ import annotations

import numpy as np
from threadpoolctl import threadpool_info

from carebench.metrics.threads import one_blas_thread


def _blas_threads() -> list[int]:
    return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]


def test_one_blas_thread_limits_inside_and_restores_after() -> None:
    before = _blas_threads()
    seen: list[list[int]] = []

    @one_blas_thread
    def product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        seen.append(_blas_threads())
        return a @ b

    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 5, (2_000, 40)).astype(float), rng.random((40, 8))
    out = product(a, b)
    assert seen and all(n == 1 for n in seen[0])
    assert _blas_threads() == before
    # the same numbers as the product on the process's own thread count
    assert np.array_equal(out, a @ b)
    assert product.__name__ == "product"
