"""Hostile input, the s34h pass: what a person can hand the game (a save edited by
hand, a level, a command line), driven through the real entry points. Each must be
one line naming the file and field, exit code 2 at the command line, nothing half
loaded; or, where the file's words are only a nicety, left out as if absent."""
from __future__ import annotations

import json
import os

import pytest

from game.ai import make_agent
from game.ui.session import SessionConfig
import test_autosave
from test_autosave import DEMO, advance

autosave_app = test_autosave.app  # the fixture: a window saving to its own folder

# A save's "looked" -----------------------------------------------------------------------


def saved_hot_seat_game(app) -> tuple[int, dict]:
    """Two people at the quick demo, put away after a few actions: its slot and JSON."""
    app.start_game(SessionConfig(DEMO, ["human", "human"], seed=8))
    advance(app.session, make_agent("easy"), until=20)
    number = app.saves.held
    app.to_menu()
    return number, json.loads(app.saves.path(number).read_text(encoding="utf-8"))


@pytest.mark.parametrize("key", ["9" * 5000, "0" * 4301 + "1"], ids=["nines", "zeros-then-1"])
def test_a_looked_seat_of_five_thousand_digits_is_left_out_at_continue(autosave_app, key):
    """A save's "looked" (after how many actions each person last left the screen) is a
    nicety: what is not a seat of the game is left out, as from an older save
    (slots.looked_of). A seat written with more digits than Python reads (4,300) stopped
    Continue with "Exceeds the limit (4300 digits) for integer string conversion ... use
    sys.set_int_max_str_digits()", naming neither the file nor the field; now the game
    is continued, the curtain saying only that it was."""
    from game.ui.scenes.title import TitleScene
    from game.ui.table import TableScene
    app = autosave_app
    number, data = saved_hot_seat_game(app)
    data["table"]["looked"] = {key: 3}
    app.saves.path(number).write_text(json.dumps(data), encoding="utf-8")
    title = TitleScene(app)
    app.reset(title)
    title._continue()
    for _ in range(50):
        if isinstance(app.top, TableScene):
            break
        app.step([], 1 / 60)
    assert title.error == ""
    assert isinstance(app.top, TableScene), app.top
    assert len(app.session.record.actions) == len(data["actions"])


# A full disk -----------------------------------------------------------------------------

def main_py_on_a_full_disk(*argv: str, room: int = 8192) -> tuple[int, str, str]:
    """main.py in a process whose files may grow to `room` bytes, no more: a write past
    it fails as on a full disk (EFBIG; Python ignores SIGXFSZ)."""
    import os
    import subprocess
    import sys

    from conftest import ROOT

    def limit() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, preexec_fn=limit)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="resource limits: POSIX")
def test_a_screenshot_on_a_full_disk_is_one_line_and_leaves_no_picture(tmp_path):
    """`screenshot` on a full disk printed the picture's name and exited 0, leaving a
    PNG cut at the disk's end that no viewer opens ("IDAT: CRC error"): pygame writes
    through SDL, which does not report a failed write. The picture is now made in
    memory and written by the game, so a failed write is one line, exit code 2, and
    neither the picture nor its temporary file is left."""
    out = tmp_path / "shot.png"
    code, printed, err = main_py_on_a_full_disk("screenshot", "--actions", "0", "--size",
                                                "640x480", "--out", str(out))
    assert (code, printed) == (2, ""), (code, printed, err)
    assert err.count("\n") == 1 and err.startswith(f"error: screenshot: {out}: cannot write "
                                                   "the picture: "), err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# An output that cannot print every character -----------------------------------------------

def test_a_name_the_output_cannot_encode_is_escaped_not_a_traceback(tmp_path, root):
    """stdout in ASCII (PYTHONIOENCODING=ascii; a console's code page on Windows): a deck
    named "Démo デッキ" given to `validate` stopped it with UnicodeEncodeError, a
    traceback and exit 1, after its error line, and `screenshot --out café.png` wrote
    the picture and then fell over printing its name. What the output cannot encode is
    now written as its escape, as stderr already does: validate says the deck and exits
    2, screenshot names its picture and exits 0."""
    import os
    import subprocess
    import sys
    text = (root / "assets" / "decks" / "demo.yaml").read_text(encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text(text.replace("name: Demo Deck", 'name: "Démo デッキ"')
                    .replace("  training-montage: 1", "  training-montage: 9"),
                    encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(root)}

    def main_py(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(root / "main.py"), *argv], cwd=root,
                              env=env, capture_output=True, text=True, encoding="ascii",
                              timeout=120)
    done = main_py("validate", str(deck))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "  deck D\\xe9mo \\u30c7\\u30c3\\u30ad: " in done.stdout, done.stdout
    assert done.stderr.count("\n") == 1 and "deck is not legal" in done.stderr
    out = tmp_path / "café.png"
    done = main_py("screenshot", "--actions", "0", "--size", "320x240", "--out", str(out))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout == f"{tmp_path}/caf\\xe9.png\n" and out.exists()


@pytest.mark.parametrize("stem", [b"a" * 246, "\N{CAT FACE}".encode() * 62, b"caf\xe9" * 61],
                         ids=["ascii", "four-byte", "not-utf-8"])
def test_a_picture_of_the_longest_name_a_folder_takes_is_written(tmp_path, stem):
    """`screenshot --out` of a name of 250 bytes, one the file system takes (255 at
    most), was refused ("cannot write the picture there: File name too long") before
    the game: its temporary file, written first beside it, was named after it with 15
    characters more. The temporary name now keeps only the start of the picture's, by
    bytes (the review: 62 four-byte characters, 252 bytes, were kept whole by [:64]),
    whole characters kept, and a name in bytes that are no UTF-8 too."""
    from test_hostile import run
    out = tmp_path / os.fsdecode(stem + b".png")  # bytes: pytest-xdist sends only UTF-8
    code, printed, err = run("screenshot", "--actions", "0", "--size", "320x240",
                             "--out", str(out))
    assert (code, err) == (0, ""), err
    said = str(out).encode("utf-8", "backslashreplace").decode()  # bytes no UTF-8, escaped
    assert printed == f"{said}\n" and out.stat().st_size > 0
    assert [p.name for p in tmp_path.iterdir()] == [out.name]
