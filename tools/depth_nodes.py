#!/usr/bin/env python3
"""Nodes an engine needs to complete a fixed depth on the bench positions.

Each position of `zanzibar --bench` (src/engine/bench.c) is set up over the
XBoard protocol in a fresh game ("new", the variant, the opening's moves in
force mode), searched with "sd DEPTH", and the nodes of the last thinking
line of that depth are printed, with their sum. Fairy-Stockfish speaks the
same protocol ("xboard" on its standard input), so the two engines can be
compared on Pemba, the one game it plays:

  tools/depth_nodes.py --depth 10 --engine "build/zanzibar --xboard"
  tools/depth_nodes.py --depth 10 --only pemba \\
      --engine "stockfish;option VariantPath=tools/fairy-pemba.ini"

The engine's processor time for the whole run is printed with the sum, so
that two builds of one search (the same node counts) compare in speed:
unlike a wall clock, it hardly moves when other work shares the machine.

Moves are written here in our notation; on boards of ten ranks (Pemba) the
protocol counts ranks from 0, so they are sent one rank lower.
"""

import argparse
import re
import resource
import shlex
import subprocess
import sys

# The bench's lines (src/engine/bench.c), with the number of ranks.
POSITIONS = [
    ("pemba", 10, ""),
    ("pemba", 10, "e3e5 e8e6 c2d4 c9d7"),
    ("zanzibar-s", 12, ""),
    ("zanzibar-s", 12, "f3f5 f10f8 c2d4 c11d9"),
    ("zanzibar-xl", 12, "e4e6 e9e7 c2d4 c11d9"),
    ("zanzibar-xxl", 12, "f4f6 f9f7 g4g5 g9g8"),
    ("arabian-nights", 8, ""),
    ("arabian-nights", 8, "e8e6 e2e4 c9d7 c1d3"),
]

SQUARE_RE = re.compile(r"([a-z])(\d+)")
THINKING_RE = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s")


def protocol_move(move, ranks):
    if ranks != 10:
        return move
    return SQUARE_RE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) - 1}", move)


def nodes_to_depth(proc, variant, ranks, moves, depth):
    send = lambda text: (proc.stdin.write(text + "\n"), proc.stdin.flush())
    for cmd in ("new", f"variant {variant}", "force", "post"):
        send(cmd)
    for m in moves.split():
        send(f"usermove {protocol_move(m, ranks)}")
    send(f"sd {depth}")
    send("go")
    nodes = None
    for line in proc.stdout:
        t = THINKING_RE.match(line)
        if t and int(t.group(1)) == depth:
            nodes = int(t.group(4))
        if line.startswith("move ") or line.startswith("Illegal move"):
            break
    send("force")
    return nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True, help="command[;extra command;...]")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--only", help="this variant's positions only")
    args = ap.parse_args()
    parts = args.engine.split(";")
    proc = subprocess.Popen(shlex.split(parts[0]), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for cmd in ["xboard", "protover 2"] + [p.strip() for p in parts[1:] if p.strip()]:
        proc.stdin.write(cmd + "\n")
    proc.stdin.flush()
    total = 0
    for variant, ranks, moves in POSITIONS:
        if args.only and variant != args.only:
            continue
        n = nodes_to_depth(proc, variant, ranks, moves, args.depth)
        print(f"{variant:15} {moves or 'start':24} {n if n is not None else 'none'}", flush=True)
        total += n or 0
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=10)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"total {total}, engine cpu {round((used.ru_utime + used.ru_stime) * 1000)} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
