"""carebench's version, read from the installed distribution's metadata (PEP 566).

The package's own ``__version__`` is this value; modules that record the version (manifests, the
bank cache key, reports) import it from here, never from the package root, so that importing them
does not import the public API.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("carebench")
except PackageNotFoundError:  # a source tree on sys.path without an install
    __version__ = "0+unknown"

__all__ = ["__version__"]
