#!/usr/bin/env python3
"""Many games between names at once on the public server (a figure, not a test).

N games are already open in a private tmux server, each between two ssh
clients: White's terminal in session wI and Black's in bI (I from 1 to N),
at the start of a game of Pemba. Every game is played at the same time,
one thread each: each ply is typed on the mover's terminal and must show
on the other terminal within 20 s (the turn passes). Plies are pawn steps
that never repeat a position.

Usage: tools/server_load.py TMUX_SOCKET N [--plies 10]
Prints how many moves were made, how many went astray, and the median and
largest time from one ssh client to the other; exits 1 if any went astray.
"""
import argparse
import statistics
import subprocess
import sys
import threading
import time

FILES = "abcdefghij"


def plies():
    out = []
    for f in FILES:
        out += [f + "4", f + "7", f + "5", f + "6"]
    return out


def tmux(socket, *args):
    return subprocess.run(["tmux", "-S", socket] + list(args), capture_output=True, text=True).stdout


def play(socket, game, count, times, failures):
    panes = ["=w%d:" % game, "=b%d:" % game]
    turn = ["White to move", "Black to move"]
    for ply, move in enumerate(plies()[:count]):
        mover, other = panes[ply % 2], panes[1 - ply % 2]
        t0 = time.monotonic()
        tmux(socket, "send-keys", "-t", mover, ":")
        tmux(socket, "send-keys", "-t", mover, "-l", move)
        tmux(socket, "send-keys", "-t", mover, "Enter")
        while turn[1 - ply % 2] not in tmux(socket, "capture-pane", "-p", "-t", other):
            time.sleep(0.02)
            if time.monotonic() - t0 > 20:
                failures.append("game %d ply %d (%s)" % (game, ply + 1, move))
                return
        times.append((time.monotonic() - t0) * 1000)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("socket")
    ap.add_argument("games", type=int)
    ap.add_argument("--plies", type=int, default=10)
    args = ap.parse_args()
    times, failures = [], []
    threads = [threading.Thread(target=play, args=(args.socket, i, args.plies, times, failures))
               for i in range(1, args.games + 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("%d players in %d games at once: %d moves, %d astray; a move from one ssh client to "
          "the other: median %.0f ms, max %.0f ms" %
          (2 * args.games, args.games, len(times), len(failures),
           statistics.median(times) if times else 0, max(times) if times else 0))
    for f in failures:
        print("astray:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
