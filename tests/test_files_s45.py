"""Saves are written atomically (game.engine.files.write_atomic): a temporary file
renamed over the old one. mkstemp makes that file owner-only (0600), so every save
turned a person's shared or group-readable file private, and a new save was 0600 where
any program's new file is 0666 less the umask. A replaced file keeps its own mode; a new
one gets the umask's."""
from __future__ import annotations

import os
import stat
import sys

import pytest

from game.engine.files import write_atomic

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("{}", encoding="utf-8")
    os.chmod(path, 0o640)
    write_atomic(path, lambda f: f.write('{"new": 1}'))
    assert path.read_text(encoding="utf-8") == '{"new": 1}'
    assert mode(path) == 0o640


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_new_file_gets_the_umasks_permissions(tmp_path, umask):
    old = os.umask(umask)
    try:
        write_atomic(tmp_path / "new.json", lambda f: f.write("{}"))
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.json") == 0o666 & ~umask
    assert os.umask(old) == old  # the umask is left as it was
