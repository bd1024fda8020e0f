"""`python main.py bench render`: frame times of a busy four-seat table.

First, still: the table is drawn at 1920x1080 after a few hundred actions of a
four-player game, at a moment when the human seat must decide (so the game
stands still), while the recent events are animated again and again and the
pointer sweeps across the Field, raising hover zooms as a player would (and,
between frames, faces drawn ahead as the window's loop does: App.idle).

Then, in play (`live`): the same level with three AI seats of `--ai` thinking
in their worker process, the human seat moved at random, frames paced at 60 a
second as the window's loop paces them. Each frame is counted as one where an
AI seat was thinking, or one in which an action was applied (the table caught
up with it: events taken, the Board rebuilt, layers repainted), or neither.
Between frames, as the window's loop does, the time left before the next is due
goes to drawing faces ahead (App.idle): timed apart, with how late it made the
next frame, if ever.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import IO


def bench_render(frames: int, out: IO[str], size=(1920, 1080),
                 level: str = "levels/four_players.yaml", actions: int = 400,
                 ai: str = "hard") -> dict:
    import pygame

    from .app import IDLE_MARGIN_MS
    from .screenshot import advance, open_table

    app = open_table(level, 0, size, seats=["human", "ai:random", "ai:random", "ai:random"],
                     speed="normal")
    table = app.top
    session = table.session
    advance(session, actions)
    while not session.human_to_act():  # stop where the game waits for the human seat
        advance(session, 1)
    table._reset_log()
    table.refresh()
    replay = [e.for_seat(session.viewer) for e in session.log[-40:]]
    field = table.lay.field
    times, cpu = [], []
    for n in range(frames + 30):  # the first 30 frames draw faces into the cache
        if not table.animator.busy:
            for e in replay:
                table.animator.feed(e, table, session.viewer, table.seat_name)
        x = field.x + (n * 7) % field.w
        y = field.y + (n * 3) % field.h
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step([move], 1 / 60)
        wall = (time.perf_counter() - t0) * 1000
        if n >= 30:
            times.append(wall)
            cpu.append((time.thread_time() - c0) * 1000)
        app.idle(1000 / 60 - IDLE_MARGIN_MS - wall)  # as App.run: faces drawn ahead
    times.sort()
    cpu.sort()
    result = {"frames": frames, "width": size[0], "height": size[1],
              "ms_p50": round(statistics.median(times), 2),
              "ms_p99": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2)}
    # On a shared machine the wall clock includes time other processes held the
    # CPU; the thread's own CPU time tells the table's cost apart from that.
    out.write(f"{frames} frames at {size[0]}x{size[1]}: wall p50 {result['ms_p50']} ms, "
              f"p99 {result['ms_p99']} ms; CPU p50 {statistics.median(cpu):.2f} ms, "
              f"p99 {cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))]:.2f} ms\n")
    result["live"] = bench_live(frames, out, size, level, ai)
    out.write(json.dumps(result) + "\n")
    return result


def _figures(ms: list[float]) -> dict:
    ms = sorted(ms)
    if not ms:
        return {"n": 0}
    return {"n": len(ms), "p50": round(statistics.median(ms), 2),
            "p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2), "max": round(ms[-1], 2)}


def bench_live(frames: int, out: IO[str], size=(1920, 1080),
               level: str = "levels/four_players.yaml", ai: str = "hard") -> dict:
    import random

    import pygame

    from game.ai import make_agent
    from game.match import derived_keys

    from .app import IDLE_MARGIN_MS
    from .screenshot import scratch_app
    from .session import Session, SessionConfig
    from .settings import Settings

    seats = ["human"] + [f"ai:{ai}"] * 3
    session = Session(SessionConfig(level, seats, seed=1), keys=derived_keys(4, "bench", 1))
    app = scratch_app(size, Settings(anim_speed="fast"))  # saves after each action, as played
    app.play(session)
    table = app.top
    human, rng = make_agent("random"), random.Random(1)
    kinds: dict[str, tuple[list, list]] = {k: ([], []) for k in ("thinking", "applying", "other")}
    idle: list[float] = []
    late: list[float] = []
    for n in range(frames + 30):
        if session.result is not None:
            break
        if session.human_to_act() and not table.animator.busy and table.acted == len(
                session.record.actions):
            session.take_seat()
            session.act(human.choose(session.view(), session.legal(), rng))
        thinking = session._asked is not None
        before = table.acted
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step([], 1 / 60)
        wall, cpu = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
        thinking = thinking or session._asked is not None  # asked during the frame
        # Then, as App.run does, the time left before the next frame is due goes to
        # work ahead (drawing faces): counted apart, with how late it made a frame.
        i0 = time.perf_counter()
        app.idle(1000 / 60 - IDLE_MARGIN_MS - wall)
        ahead = (time.perf_counter() - i0) * 1000
        if n >= 30:
            kind = "applying" if table.acted != before else "thinking" if thinking else "other"
            kinds[kind][0].append(wall)
            kinds[kind][1].append(cpu)
            idle.append(ahead)
            late.append(max(0.0, wall + ahead - 1000 / 60))
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))  # the loop's pace
    session.close()
    pygame.display.quit()
    live = {k: {"wall": _figures(w), "cpu": _figures(c)} for k, (w, c) in kinds.items()}
    for k, f in live.items():
        w, c = f["wall"], f["cpu"]
        if w["n"]:
            out.write(f"{k} ({w['n']} frames, {ai} AI in its process): wall p50 {w['p50']} "
                      f"p99 {w['p99']} max {w['max']} ms; CPU p50 {c['p50']} p99 {c['p99']} "
                      f"max {c['max']} ms\n")
    work, over = _figures(idle), _figures(late)
    live["ahead"], live["late"] = work, over
    if work["n"]:
        out.write(f"between frames, work ahead: p50 {work['p50']} p99 {work['p99']} max "
                  f"{work['max']} ms; frames it made late: {sum(x > 0 for x in late)}, "
                  f"by at most {over['max']} ms\n")
    return live
