"""A small headless player of one game, saved in slot 1 after every action as the
window saves it (game/ui/slots.py), for the kill -9 test (tests/test_autosave.py).

`python tests/autosave_driver.py DATA_FOLDER` loads the cards once, then for each
line "go" on stdin forks a child and prints its pid. The child goes on with the
game in slot 1 exactly as Continue does (the slot's seats and level, the save
replayed through the rules, the same Session), or starts the game anew if the slot
is empty, and plays until the game ends, saving after every action. The test kills
children with SIGKILL at random moments; this process reaps each one and prints
"exit CODE" (or "signal N"). Forking from one warm process keeps each life cheap
(no interpreter start, no card loading) while every kill is of a real process.

Seat 0 is a "human" whose actions go through Session.act, chosen by the easy
policy from a generator keyed by the number of actions; seat 1 is the easy AI.
The test plays the same game uninterrupted with `new_session` and `play_on`.
"""
from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import make_agent  # noqa: E402
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards  # noqa: E402
from game.engine.save import Record, Replay  # noqa: E402
from game.match import decision_rng, derived_keys, load_game  # noqa: E402
from game.ui.session import Session, SessionConfig  # noqa: E402
from game.ui.slots import Saves, table_of  # noqa: E402

LEVEL = str(ROOT / "levels" / "quick_demo.yaml")
SEATS = ["human", "ai:easy"]
SEED = 17
HUMAN_KEY = b"driver-human-key"  # the stand-in person's own generator


def new_session(game) -> Session:
    config = SessionConfig(LEVEL, list(SEATS), seed=SEED)
    return Session(config, Record(game, SEED, keys=derived_keys(2, "kill", SEED)),
                   threaded=False)


def human_move(session: Session, agent):
    s = session
    return agent.choose(s.view(), s.legal(), decision_rng(HUMAN_KEY, s.state.actions))


def play_on(session: Session) -> None:
    agent = make_agent("easy")
    while session.result is None:
        if session.human_to_act():
            session.act(human_move(session, agent))
        else:
            session.poll()


def life(data: Path, db, game) -> None:
    """One child: Continue the slot (or begin), then play on, saving each action."""
    saves = Saves(data / "saves", data / "save.json")
    if not saves.hold(1):
        os._exit(3)
    info = saves.info(1)
    if os.path.lexists(info.path):
        if info.error:
            print(f"bad slot: {info.error}", file=sys.stderr, flush=True)
            os._exit(4)
        session = Session.replayed(Replay(info.path, db=db), list(info.seats), info.level,
                                   threaded=False)
    else:
        session = new_session(game)

    def autosave() -> None:
        session.record.table = table_of(session)
        saves.write(session.record)

    session.on_action = autosave
    autosave()
    play_on(session)
    os._exit(0)


def main() -> None:
    data = Path(sys.argv[1])
    db = load_cards(DEFAULT_CARDS_DIR)
    game = load_game(LEVEL, 2)
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() != "go":
            break
        pid = os.fork()
        if pid == 0:
            try:
                life(data, db, game)
            except BaseException:
                traceback.print_exc()
                os._exit(5)
        print(pid, flush=True)
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status):
            print(f"signal {os.WTERMSIG(status)}", flush=True)
        else:
            print(f"exit {os.WEXITSTATUS(status)}", flush=True)


if __name__ == "__main__":
    main()
