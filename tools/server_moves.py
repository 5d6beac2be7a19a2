#!/usr/bin/env python3
"""Times moves between two ssh clients of the public server (a figure, not a test).

Two terminals of a private tmux server already show the same game between
names, White's and Black's, at its start. A legal game is made first by the
engine playing itself (zanzibar --xboard); then each ply is typed on the
mover's terminal (tmux send-keys) and timed until the other terminal shows
that the turn has passed (tmux capture-pane, polled every millisecond: an
upper bound that includes both ssh connections, the gates and the host,
and mostly tmux's own calls). The first figure is the one a player meets:
from the Enter that plays the move to the first byte the other ssh client
writes to its terminal, as a pty reader sees it (tmux pipe-pane copies the
other pane's output into a FIFO read here).

Usage: tools/server_moves.py TMUX_SOCKET WHITE_SESSION BLACK_SESSION
       [--zanzibar PATH] [--variant pemba] [--plies 100]
Prints the median and the largest of the times, and exits 1 when a move
did not arrive within 10 s.
"""
import argparse
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
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
    def __init__(self, socket, session, folder):
        self.tmux = ["tmux", "-S", socket]
        self.target = "=%s:" % session
        fifo = os.path.join(folder, session)
        os.mkfifo(fifo)
        self.output = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        subprocess.check_call(self.tmux + ["pipe-pane", "-O", "-t", self.target, "cat > " + fifo])

    def type(self, text):
        """Types :TEXT, and returns when the Enter that plays it was sent."""
        subprocess.check_call(self.tmux + ["send-keys", "-t", self.target, ":"])
        subprocess.check_call(self.tmux + ["send-keys", "-t", self.target, "-l", text])
        t = time.monotonic()
        subprocess.check_call(self.tmux + ["send-keys", "-t", self.target, "Enter"])
        return t

    def drain(self):
        try:
            while os.read(self.output, 65536):
                pass
        except BlockingIOError:
            pass

    def first_byte(self, limit):
        """When the pane's program next wrote to its terminal (None: not within limit s)."""
        ready, _, _ = select.select([self.output], [], [], limit)
        return time.monotonic() if ready else None

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
    folder = tempfile.mkdtemp()
    panes = [Pane(args.socket, args.white, folder), Pane(args.socket, args.black, folder)]
    turn = ["White to move", "Black to move"]
    times, firsts = [], []
    for ply, move in enumerate(moves):
        mover, other = panes[ply % 2], panes[1 - ply % 2]
        want = turn[1 - ply % 2]
        time.sleep(0.02)  # what the last move drew has come
        other.drain()
        t0 = time.monotonic()
        enter = mover.type(move)
        first = other.first_byte(10)
        if first is not None:
            firsts.append((first - enter) * 1000)
        while want not in other.screen():
            time.sleep(0.001)
            if time.monotonic() - t0 > 10:
                print("ply %d (%s) did not reach the other terminal:\n%s" % (ply + 1, move, other.screen()))
                return 1
        times.append((time.monotonic() - t0) * 1000)
    for pane in panes:
        subprocess.call(pane.tmux + ["pipe-pane", "-t", pane.target])
        os.close(pane.output)
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
    os.rmdir(folder)
    print("a move from one ssh client to the other, to its first byte there: "
          "median %.1f ms, max %.1f ms (%d moves)" %
          (statistics.median(firsts), max(firsts), len(firsts)))
    print("a move from one ssh client to the other, until tmux shows it: "
          "median %.1f ms, max %.1f ms (%d moves)" %
          (statistics.median(times), max(times), len(times)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
