#!/usr/bin/env python3
"""Measures play between terminals on this machine (a benchmark, not a test).

A game host is started the way a person starts it, by `zanzibar --invite
$USER` on a terminal (a private tmux server), in a socket folder of our own
(ZANZIBAR_NET_DIR). This script then plays the other side through the
protocol (doc/protocol.md) and prints:

  - the time from a move typed on the inviter's terminal (tmux send-keys)
    to its arrival at the other player, and from a move sent by the other
    player to its appearance on the inviter's screen (tmux capture-pane,
    polled every millisecond: an upper bound);
  - the host's resident memory, idle and with every spectator it admits;
  - with more and more spectators reading, the time from a move sent by
    one player to its arrival at the other player and at the last
    spectator; "served" means every move reached everyone within 50 ms.

Usage: tools/net_bench.py [--zanzibar PATH] [--moves N]
Needs tmux and python3; plays Pemba with pawn moves only, so that no
position repeats.
"""
import argparse
import os
import re
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

FILES = "abcdefghij"
LIMIT_MS = 50.0


def now_ms():
    return time.monotonic() * 1000.0


class Client:
    """One protocol connection, reading whole lines."""

    def __init__(self, path, want):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buf = b""
        self.lines = []
        self.send("hello 4 " + want)

    def send(self, line):
        self.sock.sendall(line.encode() + b"\n")

    def pump(self):
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("the host hung up")
        self.buf += data
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self.lines.append(line.decode(errors="replace"))

    def wait_for(self, prefix, timeout_ms=5000):
        deadline = now_ms() + timeout_ms
        while True:
            for i, line in enumerate(self.lines):
                if line.startswith(prefix):
                    del self.lines[: i + 1]
                    return line
            left = deadline - now_ms()
            if left <= 0:
                raise TimeoutError("no '%s' from the host" % prefix)
            if select.select([self.sock], [], [], left / 1000.0)[0]:
                self.pump()

    def close(self):
        self.sock.close()


def pawn_moves():
    """Plies that never repeat a position: each file's pawns step twice."""
    plies = []
    for f in FILES:
        plies += [f + "4", f + "7", f + "5", f + "6"]
    return plies


class Terminal:
    """The inviter's terminal, in a private tmux server."""

    def __init__(self, tmux, workdir, zanzibar, env):
        self.tmux = [tmux, "-S", os.path.join(workdir, "tmux"), "-f", "/dev/null"]
        cmd = " ".join("%s=%s" % kv for kv in env.items())
        cmd += " TERM=screen %s --invite %s --variant pemba; sleep 30" % (
            zanzibar, os.environ.get("USER") or subprocess.check_output(["id", "-un"]).decode().strip())
        subprocess.check_call(self.tmux + ["new-session", "-d", "-s", "w", "-x", "140", "-y", "45", cmd])

    def keys(self, *keys):
        subprocess.check_call(self.tmux + ["send-keys", "-t", "w"] + list(keys))

    def screen(self):
        return subprocess.check_output(self.tmux + ["capture-pane", "-p", "-t", "w"]).decode()

    def kill(self):
        subprocess.call(self.tmux + ["kill-server"], stderr=subprocess.DEVNULL)


def host_pid(netdir):
    """The host: the one process left with our socket folder in its
    environment once the inviter's screen has gone."""
    mark = ("ZANZIBAR_NET_DIR=" + netdir).encode()
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                if mark in f.read().split(b"\0"):
                    with open("/proc/%s/cmdline" % pid, "rb") as c:
                        if b"--invite" in c.read():
                            found.append(int(pid))
        except OSError:
            pass
    return found


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def summary(values):
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return "median %.2f ms, 95%% %.2f ms, max %.2f ms (%d moves)" % (
        statistics.median(values), p95, values[-1], len(values))


def between_terminals(term, black, plies, count):
    """White typed on the terminal, Black sent by this script."""
    typed, shown = [], []
    ply = 0
    for _ in range(count):
        t0 = now_ms()
        term.keys(":" + plies[ply], "Enter")
        black.wait_for("move %d " % ply)
        typed.append(now_ms() - t0)
        ply += 1
        t0 = now_ms()
        black.send("move %d %s" % (ply, plies[ply]))
        needle = re.compile(r"\b%s +%s\b" % (plies[ply - 1], plies[ply]))
        while not needle.search(term.screen()):
            time.sleep(0.001)
            if now_ms() - t0 > 5000:
                raise TimeoutError("the move did not reach the terminal")
        shown.append(now_ms() - t0)
        black.wait_for("move %d " % ply)
        ply += 1
    return typed, shown, ply


def under_load(path, white, black, plies, ply, spectators, moves):
    """Moves between two protocol players with spectators reading; returns
    the worst time to the other player and to any spectator, per move."""
    watchers = [Client(path, "watch") for _ in range(spectators)]
    for w in watchers:
        w.wait_for("ready")
    worst = []
    for _ in range(moves):
        mover, other = (white, black) if ply % 2 == 0 else (black, white)
        t0 = now_ms()
        mover.send("move %d %s" % (ply, plies[ply]))
        other.wait_for("move %d " % ply)
        t_other = now_ms() - t0
        for w in watchers:
            w.wait_for("move %d " % ply)
        worst.append((t_other, now_ms() - t0))
        mover.wait_for("move %d " % ply)
        ply += 1
    return watchers, worst, ply


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--zanzibar", default="./zanzibar")
    ap.add_argument("--moves", type=int, default=6, help="moves each way between terminals")
    args = ap.parse_args()
    zanzibar = os.path.abspath(args.zanzibar)
    tmux = shutil.which("tmux")
    if tmux is None:
        sys.exit("net_bench: needs tmux")
    work = tempfile.mkdtemp(prefix="zanzibar-bench.")
    netdir = os.path.join(work, "net")
    os.mkdir(netdir)
    os.chmod(work, 0o755)
    env = {"HOME": work, "XDG_STATE_HOME": work + "/state", "XDG_DATA_HOME": work + "/data",
           "XDG_CONFIG_HOME": work + "/config", "ZANZIBAR_NET_DIR": netdir}
    uid = os.getuid()
    path = os.path.join(netdir, "zanzibar-%d" % uid, "game-%d" % uid)
    term = Terminal(tmux, work, zanzibar, env)
    plies = pawn_moves()
    clients = []
    try:
        deadline = now_ms() + 5000
        while not os.path.exists(path) or "waiting for" not in term.screen():
            if now_ms() > deadline:
                sys.exit("net_bench: the host did not start:\n" + term.screen())
            time.sleep(0.01)
        black = Client(path, "play")
        clients.append(black)
        black.wait_for("ready")
        typed, shown, ply = between_terminals(term, black, plies, args.moves)
        print("terminal to terminal (Pemba, %s):" % os.path.basename(zanzibar))
        print("  typed on the inviter's terminal -> at the other player: " + summary(typed))
        print("  sent by the other player -> on the inviter's screen:    " + summary(shown))
        term.keys("q")
        term.keys("y")
        deadline = now_ms() + 5000
        while len(host_pid(netdir)) != 1 and now_ms() < deadline:
            time.sleep(0.05)
        pids = host_pid(netdir)
        white = Client(path, "play")
        clients.append(white)
        white.wait_for("ready")
        print("host resident memory: %d KiB with its two players" % rss_kb(pids[0]))
        served = 0
        for n in (0, 7, 14):  # one account holds 16 connections, its two players included
            if ply + 5 > len(plies):
                break
            watchers, worst, ply = under_load(path, white, black, plies, ply, n, 5)
            clients += watchers
            to_other = [w[0] for w in worst]
            to_all = [w[1] for w in worst]
            print("  %2d spectators: to the other player median %.2f ms, worst %.2f ms; to the "
                  "last spectator median %.2f ms, worst %.2f ms; host RSS %d KiB"
                  % (n, statistics.median(to_other), max(to_other), statistics.median(to_all),
                     max(to_all), rss_kb(pids[0])))
            if max(to_all) < LIMIT_MS:
                served = n
            for w in watchers:
                w.close()
            clients = [c for c in clients if c not in watchers]
        print("most spectators served with every move under %d ms: %d (all of this account: "
              "one account holds at most 16 connections; the host admits 62 spectators of "
              "several accounts)" % (LIMIT_MS, served))
    finally:
        for c in clients:
            c.close()
        for pid in host_pid(netdir):
            try:
                os.kill(pid, 15)
            except OSError:
                pass
        term.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
