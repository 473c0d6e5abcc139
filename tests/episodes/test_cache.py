"""The validated-bank cache: hits equal fresh loads; any change, or a damaged file, means a reload."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from carebench.episodes import cache as bank_cache
from carebench.episodes.bank import load_bank
from carebench.episodes.cache import KEEP, cache_file, load_bank_cached, user_cache_dir
from carebench.episodes.canonical import bank_sha256
from carebench.errors import BankValidationError, CarebenchError
from tests.conftest import write_custom_bank


@pytest.fixture
def bank_dir(tmp_path: Path) -> Path:
    return write_custom_bank(tmp_path / "bank")


def _entry(cache: Path, bank_dir: Path) -> Path:
    return cache_file(cache, [bank_dir])


def test_hit_equals_a_fresh_load(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    fresh = load_bank([bank_dir])
    first = load_bank_cached([bank_dir], cache)
    second = load_bank_cached([bank_dir], cache)
    assert (first.from_cache, second.from_cache) == (False, True)
    assert first.episodes == second.episodes == fresh
    assert first.sha256 == second.sha256 == bank_sha256(fresh)
    assert _entry(cache, bank_dir).is_file()


def test_packaged_bank_round_trips(tmp_path: Path) -> None:
    fresh = load_bank()
    load_bank_cached(None, tmp_path)
    hit = load_bank_cached(None, tmp_path)
    assert hit.from_cache and hit.episodes == fresh and hit.sha256 == bank_sha256(fresh)


def test_no_cache_dir_loads_without_writing(bank_dir: Path, tmp_path: Path) -> None:
    loaded = load_bank_cached([bank_dir], None)
    assert not loaded.from_cache and loaded.episodes == load_bank([bank_dir])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank"]


def test_a_changed_seed_file_is_a_miss(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    before = load_bank_cached([bank_dir], cache)
    write_custom_bank(bank_dir, note=" Edited.")  # same ids, other content
    after = load_bank_cached([bank_dir], cache)
    assert not after.from_cache
    assert after.episodes == load_bank([bank_dir]) != before.episodes
    assert after.sha256 != before.sha256
    assert load_bank_cached([bank_dir], cache).from_cache  # the entry was replaced


def test_an_added_seed_file_is_a_miss(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    load_bank_cached([bank_dir], cache)
    text = (bank_dir / "custom-test.yaml").read_text().replace("custom-test", "custom-test-2")
    (bank_dir / "custom-test-2.yaml").write_text(text)
    after = load_bank_cached([bank_dir], cache)
    assert not after.from_cache and len(after.episodes) == 30


def test_another_carebench_version_is_a_miss(
    bank_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    load_bank_cached([bank_dir], cache)
    monkeypatch.setattr(bank_cache, "__version__", bank_cache.__version__ + ".post1")
    assert not load_bank_cached([bank_dir], cache).from_cache
    assert load_bank_cached([bank_dir], cache).from_cache


def test_changed_validation_code_is_a_miss(
    bank_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A development checkout changes the rules without a version change."""
    cache = tmp_path / "cache"
    load_bank_cached([bank_dir], cache)
    monkeypatch.setattr(bank_cache, "_code_fingerprint", lambda: b"other rules")
    assert not load_bank_cached([bank_dir], cache).from_cache


def test_the_key_covers_the_episodes_source() -> None:
    sources = sorted(Path(bank_cache.__file__).parent.glob("*.py"))
    names = {p.name for p in sources}
    assert {"validate.py", "assemble.py", "loading.py", "schema.py", "seed.py"} <= names


def _damage_cases(body_start: int) -> dict[str, object]:
    def replace_first_episode_field(data: bytes) -> bytes:
        head, _, body = data.partition(b"\n")
        first, _, rest = body.partition(b"\n")
        episode = json.loads(first)
        episode["rationale"] = "tampered"
        line = json.dumps(episode, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return head + b"\n" + line.encode() + b"\n" + rest

    def header_and_tampered_body_agree(data: bytes) -> bytes:
        """A consistent header over a body whose lines are not episodes."""
        head, _, _ = data.partition(b"\n")
        header = json.loads(head)
        body = b'{"not": "an episode"}\n'
        header["bank_sha256"] = hashlib.sha256(body).hexdigest()
        header["n_episodes"] = 1
        return json.dumps(header).encode() + b"\n" + body

    def wrong_count(data: bytes) -> bytes:
        head, _, body = data.partition(b"\n")
        header = json.loads(head)
        header["n_episodes"] += 1
        return json.dumps(header).encode() + b"\n" + body

    return {
        "empty": lambda data: b"",
        "garbage": lambda data: b"\x00\xff not a cache \xfe" * 50,
        "truncated": lambda data: data[: body_start + 500],
        "tampered episode": replace_first_episode_field,
        "not episodes": header_and_tampered_body_agree,
        "wrong count": wrong_count,
        "header not an object": lambda data: b"[1, 2]\n" + data.partition(b"\n")[2],
        "deep header": lambda data: b"[" * 100_000 + b"\n" + data.partition(b"\n")[2],
        "other format": lambda data: data.replace(bank_cache.FORMAT.encode(), b"other/9", 1),
    }


@pytest.mark.parametrize("case", list(_damage_cases(0)))
def test_a_damaged_file_is_ignored_and_rebuilt(bank_dir: Path, tmp_path: Path, case: str) -> None:
    cache = tmp_path / "cache"
    good = load_bank_cached([bank_dir], cache)
    entry = _entry(cache, bank_dir)
    data = entry.read_bytes()
    damage = _damage_cases(data.index(b"\n") + 1)[case]
    entry.write_bytes(damage(data))  # type: ignore[operator]
    again = load_bank_cached([bank_dir], cache)
    assert not again.from_cache
    assert again.episodes == good.episodes and again.sha256 == good.sha256
    assert entry.read_bytes() == data  # rebuilt
    assert load_bank_cached([bank_dir], cache).from_cache


def test_an_unreadable_entry_is_a_miss(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    entry = _entry(cache, bank_dir)
    entry.mkdir(parents=True)  # a folder where the file should be: cannot be read or replaced
    loaded = load_bank_cached([bank_dir], cache)
    assert not loaded.from_cache and loaded.episodes == load_bank([bank_dir])


def test_an_unwritable_cache_folder_is_no_error(bank_dir: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("a file, not a folder")
    loaded = load_bank_cached([bank_dir], blocker)
    assert not loaded.from_cache and loaded.episodes == load_bank([bank_dir])
    assert blocker.read_text() == "a file, not a folder"


def test_an_invalid_bank_is_never_cached(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (bank_dir / "custom-dev.yaml").write_text("id: [unclosed\n")
    for _ in range(2):
        with pytest.raises(BankValidationError, match=r"custom-dev\.yaml"):
            load_bank_cached([bank_dir], cache)
    assert not cache.exists() or not any(cache.iterdir())


def test_a_missing_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CarebenchError, match="no such file or folder"):
        load_bank_cached([tmp_path / "nowhere"], tmp_path / "cache")


def test_banks_at_different_paths_have_different_entries(tmp_path: Path) -> None:
    a = write_custom_bank(tmp_path / "a")
    b = write_custom_bank(tmp_path / "b", note=" Other.")
    cache = tmp_path / "cache"
    loaded_a, loaded_b = load_bank_cached([a], cache), load_bank_cached([b], cache)
    assert loaded_a.sha256 != loaded_b.sha256
    assert load_bank_cached([a], cache).from_cache and load_bank_cached([b], cache).from_cache
    assert len(list(cache.glob("bank-*.jsonl"))) == 2


def test_a_hit_does_not_load_the_yaml_reader_or_the_rules(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    load_bank_cached([bank_dir], cache)
    probe = (
        "import sys\n"
        "from carebench.episodes.cache import load_bank_cached\n"
        f"loaded = load_bank_cached([{str(bank_dir)!r}], {str(cache)!r})\n"
        "print(loaded.from_cache, sorted(m for m in sys.modules if m == 'yaml' or m in "
        "('carebench.episodes.validate', 'carebench.episodes.bank', 'carebench.episodes.seed')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "[]"]


def test_relative_and_absolute_paths_share_the_entry(
    bank_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    load_bank_cached([bank_dir], cache)
    monkeypatch.chdir(tmp_path)
    assert load_bank_cached(["bank"], cache).from_cache


def test_the_fingerprint_covers_every_module_the_bank_code_imports() -> None:
    """No hand-kept list: whatever episodes/ imports (transitively) is in the key."""
    import ast

    package = Path(bank_cache.__file__).parents[1]
    covered = set(bank_cache.code_files())
    todo = sorted(package.glob("episodes/*.py"))
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("carebench"):
                parts = (node.module or "").split(".")[1:]
                for candidate in (
                    package.joinpath(*parts).with_suffix(".py"),
                    package.joinpath(*parts, "__init__.py"),
                ):
                    if candidate.exists():
                        todo.append(candidate)
    assert seen <= covered, sorted(str(p) for p in seen - covered)
    assert {"episodes/sources.py", "episodes/matching.py", "errors.py"} <= {
        p.relative_to(package).as_posix() for p in covered
    }


def test_user_cache_dir_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAREBENCH_CACHE_DIR", str(tmp_path / "mine"))
    assert user_cache_dir() == tmp_path / "mine"
    monkeypatch.setenv("CAREBENCH_CACHE_DIR", "  ")
    assert user_cache_dir() is None  # set but empty: caching off
    monkeypatch.delenv("CAREBENCH_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache_dir() == tmp_path / "xdg" / "carebench"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_cache_dir() == tmp_path / "home" / ".cache" / "carebench"


def test_only_the_most_recently_used_entries_are_kept(bank_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    load_bank_cached([bank_dir], cache)
    ours = _entry(cache, bank_dir)
    old = []
    for k in range(KEEP + 3):  # entries of banks that have since gone, older than ours
        path = cache / f"bank-{k:016x}.jsonl"
        path.write_text("{}\n")
        os.utime(path, (1_000_000 + k, 1_000_000 + k))
        old.append(path)
    os.utime(ours, (900_000, 900_000))
    assert load_bank_cached([bank_dir], cache).from_cache  # a hit marks it recently used
    write_custom_bank(bank_dir, note=" Edited.")
    load_bank_cached([bank_dir], cache)  # a miss writes, then prunes
    kept = set(cache.glob("bank-*.jsonl"))
    assert len(kept) == KEEP and ours in kept
    assert kept == {ours, *old[-(KEEP - 1) :]}
