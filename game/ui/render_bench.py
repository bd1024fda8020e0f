"""`python main.py bench render`: frame times of a busy four-seat table.

The table is drawn at 1920x1080 after a few hundred actions of a four-player
game, at a moment when the human seat must decide (so the game stands still),
while the recent events are animated again and again and the pointer sweeps
across the Field, raising hover zooms as a player would.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import IO


def bench_render(frames: int, out: IO[str], size=(1920, 1080),
                 level: str = "levels/four_players.yaml", actions: int = 400) -> dict:
    import pygame

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
        if n >= 30:
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
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
    out.write(json.dumps(result) + "\n")
    return result
