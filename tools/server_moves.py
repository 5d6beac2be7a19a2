#!/usr/bin/env python3
"""Times moves between two ssh clients of the public server (a figure, not a test).

Two terminals of a private tmux server already show the same game between
names, White's and Black's, at its start. A legal game is made first by the
engine playing itself (zanzibar --xboard); then each ply is typed on the
mover's terminal (tmux send-keys) and timed until the other terminal shows
that the turn has passed (tmux capture-pane, polled every millisecond: an
upper bound that includes both ssh connections, the gates and the host).

Usage: tools/server_moves.py TMUX_SOCKET WHITE_SESSION BLACK_SESSION
       [--zanzibar PATH] [--variant pemba] [--plies 100]
Prints the median and the largest of the times, and exits 1 when a move
did not arrive within 10 s.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time


def engine_game(zanzibar, variant, plies):
    """Plies of a game the engine plays against itself, as the board's
    coordinate form (ranks counted from 1; XBoard counts larger boards'
    ranks from 0)."""
    p = subprocess.Popen([zanzibar, "--xboard"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    for line in ("xboard", "protover 2", "new", "variant " + variant, "sd 2", "st 1"):
        send(line)
    moves = []
    while len(moves) < plies:
        send("go")
        raw = p.stdout.readline()
        while raw and not raw.startswith("move ") and not re.search(r"1-0|0-1|1/2-1/2", raw):
            raw = p.stdout.readline()
        line = raw.strip()
        if not line.startswith("move "):
            break
        moves.append(line[5:])
    send("quit")
    p.wait()
    zero_based = variant != "zanzibar-s"

    def board(m):
        parts = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)(.*)", m)
        if not parts or not zero_based:
            return m
        f1, r1, f2, r2, rest = parts.groups()
        return "%s%d%s%d%s" % (f1, int(r1) + 1, f2, int(r2) + 1, rest)

    return [board(m) for m in moves]


class Pane:
    def __init__(self, socket, session):
        self.tmux = ["tmux", "-S", socket]
        self.target = "=%s:" % session

    def type(self, text):
        subprocess.check_call(self.tmux + ["send-keys", "-t", self.target, ":"])
        subprocess.check_call(self.tmux + ["send-keys", "-t", self.target, "-l", text])
        subprocess.check_call(self.tmux + ["send-keys", "-t", self.target, "Enter"])

    def screen(self):
        return subprocess.check_output(self.tmux + ["capture-pane", "-p", "-t", self.target]).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("socket")
    ap.add_argument("white")
    ap.add_argument("black")
    ap.add_argument("--zanzibar", default="./zanzibar")
    ap.add_argument("--variant", default="pemba")
    ap.add_argument("--plies", type=int, default=100)
    args = ap.parse_args()
    moves = engine_game(args.zanzibar, args.variant, args.plies)
    if not moves:
        print("the engine made no game to play")
        return 1
    panes = [Pane(args.socket, args.white), Pane(args.socket, args.black)]
    turn = ["White to move", "Black to move"]
    times = []
    for ply, move in enumerate(moves):
        mover, other = panes[ply % 2], panes[1 - ply % 2]
        want = turn[1 - ply % 2]
        t0 = time.monotonic()
        mover.type(move)
        while want not in other.screen():
            time.sleep(0.001)
            if time.monotonic() - t0 > 10:
                print("ply %d (%s) did not reach the other terminal:\n%s" % (ply + 1, move, other.screen()))
                return 1
        times.append((time.monotonic() - t0) * 1000)
    print("a move from one ssh client to the other: median %.1f ms, max %.1f ms (%d moves)" %
          (statistics.median(times), max(times), len(times)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
