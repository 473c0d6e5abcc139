"""The stub server is an optional extra: without it, a clear message instead of a traceback."""

from __future__ import annotations

import sys

import pytest

from carebench.errors import CarebenchError
from carebench.testing.openai_stub import (
    StubDependencyError,
    main,
    make_app,
    require_server_dependencies,
    serve_in_thread,
)


@pytest.fixture
def without_uvicorn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import uvicorn`` fail, as in an install without the stub extra."""
    monkeypatch.setitem(sys.modules, "uvicorn", None)


def test_installed_extra_is_accepted() -> None:
    require_server_dependencies()


@pytest.mark.usefixtures("without_uvicorn")
def test_missing_extra_names_the_install_command() -> None:
    with pytest.raises(StubDependencyError) as excinfo:
        require_server_dependencies()
    assert isinstance(excinfo.value, CarebenchError)
    assert str(excinfo.value) == (
        "the stub server needs starlette and uvicorn (not installed: uvicorn); install the stub "
        "extra: pip install 'carebench[stub]'"
    )
    with pytest.raises(StubDependencyError):
        make_app()
    with pytest.raises(StubDependencyError), serve_in_thread(object()):
        pass


@pytest.mark.usefixtures("without_uvicorn")
def test_main_exits_2_with_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as excinfo:
        main(["--port", "0"])
    assert excinfo.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the stub server needs starlette and uvicorn")
    assert "pip install 'carebench[stub]'" in err
