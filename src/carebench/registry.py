"""Named extension points: built-ins and plugins registered the same way, imported lazily.

Every open extension point of carebench (backends, scripted policies, detector families, judges,
report sections) is a :class:`Registry`. A built-in registers a ``"module:attribute"`` path (or the
object itself); a third-party package exposes an entry point in the registry's group whose value is
such a path. Nothing is imported until a name is first used, so optional dependencies stay optional
and listing the names imports nothing.

Conventions: a name registered in code wins over an entry point of the same name; an unknown name
raises :class:`~carebench.errors.CarebenchError` listing every known one.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Generic, TypeVar

from carebench.errors import CarebenchError

T = TypeVar("T")

__all__ = ["Registry", "resolve"]


def resolve(target: str) -> object:
    """The object a ``"module:attribute"`` path names (imported now)."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


class Registry(Generic[T]):
    """Named objects of one kind (see the module conventions).

    Args:
        kind: what the names are, for error messages (``"backend"``, ``"scripted policy"``).
        group: the entry-point group plugins use (``"carebench.backends"``).
    """

    def __init__(self, kind: str, group: str) -> None:
        self.kind = kind
        self.group = group
        self._items: dict[str, str | T] = {}

    def register(self, name: str, target: str | T) -> None:
        """Register ``target`` (an object, or a ``"module:attribute"`` path) under ``name``."""
        self._items[name] = target

    def _plugins(self) -> dict[str, str]:
        return {ep.name: ep.value for ep in entry_points(group=self.group)}

    def names(self) -> list[str]:
        """Every registered name, built-ins and installed plugins, sorted."""
        return sorted(set(self._items) | set(self._plugins()))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in self._items or name in self._plugins())

    def get(self, name: str) -> T:
        """The object registered as ``name``, imported on first use.

        Raises:
            CarebenchError: no built-in or plugin has that name.
        """
        target = self._items.get(name)
        if target is None:
            plugin = self._plugins().get(name)
            if plugin is None:
                raise CarebenchError(
                    f"unknown {self.kind} {name!r}; expected one of {', '.join(self.names())}"
                )
            target = plugin
        if isinstance(target, str):
            loaded: T = resolve(target)  # type: ignore[assignment]
            self._items[name] = loaded
            return loaded
        return target
