"""The AI worker process ends with its window (s70): a window that died abruptly (a
crash, os._exit, kill -9) never stopped it, and it waited for its next question for
ever, an orphan of 45 MB per game."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# A window's session whose worker has answered (past the set-up, made in the window's
# process), so it waits in its queue as the playtest's orphans did; then the window's
# process sleeps till it is killed.
WINDOW = textwrap.dedent("""
    import time
    from conftest import replay_keys
    from game.ui.session import Session, SessionConfig
    s = Session(SessionConfig("levels/quick_demo.yaml", ["ai:easy", "ai:easy"], seed=4),
                keys=replay_keys(2, 4))
    deadline = time.monotonic() + 60
    while len(s.record.actions) < 30 and time.monotonic() < deadline:
        if not s.poll():
            time.sleep(0.001)
    print(len(s.record.actions), flush=True)
    time.sleep(120)
""")


def _children(pid: int) -> set[int]:
    kids = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids |= {int(k) for k in (task / "children").read_text().split()}
    return kids


def _running(pid: int) -> bool:
    """Alive and not a zombie (an orphan's parent may be slow to reap it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_worker_ends_by_itself_when_its_window_is_killed():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    window = subprocess.Popen([sys.executable, "-c", WINDOW], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, text=True)
    left: set[int] = set()
    try:
        assert int(window.stdout.readline()) >= 30, "the worker never answered"
        left = _children(window.pid)  # the worker, and multiprocessing's resource tracker
        assert left
        window.send_signal(signal.SIGKILL)
        window.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(map(_running, left)):
            time.sleep(0.05)
        assert not [p for p in left if _running(p)], "orphans outlived their window"
    finally:
        window.kill()
        window.wait()
        for pid in left:  # none, unless the test failed: it leaves no process behind
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
