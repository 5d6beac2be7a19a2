#!/usr/bin/env python3
"""Quiet positions with their game results, from the PGN files match.py writes.

Each game is replayed through a `zanzibar --xboard` referee, which gives the
FEN of every position. A position is kept when neither the move that led to
it nor the move played from it took a piece (so no exchange is half done),
and it is past the random opening. Each kept position becomes a line

  VARIANT <tab> FEN <tab> RESULT <tab> GAME

with RESULT 1, 0.5 or 0 for White and GAME a name for the game it comes
from (positions of one game are not independent): the input of
tools/tune_material.py.

  tools/positions.py --referee build/zanzibar games.pgn... > positions.tsv
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Referee, ours_to_protocol  # noqa: E402

TAG_RE = re.compile(r'^\[(\w+) "(.*)"\]$')
POINTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def read_games(path):
    """Yields (tags, moves) for each game of a match.py PGN file."""
    tags, moves = {}, []
    with open(path) as f:
        for line in f:
            line = line.strip()
            m = TAG_RE.match(line)
            if m:
                if moves:
                    yield tags, moves
                    tags, moves = {}, []
                tags[m.group(1)] = m.group(2)
            elif line:
                moves.extend(t for t in line.split() if t not in POINTS and t != "*")
    if moves:
        yield tags, moves


def piece_count(fen):
    return sum(1 for c in fen.split()[0] if c.isalpha())


def game_fens(referee, variant, start, moves):
    """The FEN before each move and after the last, or None if the
    referee refuses a move (a file that is not ours)."""
    referee.start(variant, start)
    fens = [referee.fen()]
    for move in moves:
        legal, _, _ = referee.play(ours_to_protocol(start, move))
        if not legal:
            return None
        fens.append(referee.fen())
    return fens


def quiet_positions(fens, skip):
    counts = [piece_count(f) for f in fens]
    for i in range(max(skip, 1), len(fens) - 1):
        if counts[i - 1] == counts[i] == counts[i + 1]:
            yield fens[i]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--referee", required=True, help="zanzibar binary")
    ap.add_argument("--skip", type=int, default=4,
                    help="plies after the FEN tag to leave out (default 4)")
    args = ap.parse_args()
    referee = Referee(f"{args.referee} --xboard")
    games = kept = refused = 0
    try:
        for path in args.pgn:
            for number, (tags, moves) in enumerate(read_games(path), 1):
                result = POINTS.get(tags.get("Result", "*"))
                variant, start = tags.get("Variant"), tags.get("FEN")
                if result is None or not variant or not start:
                    continue
                fens = game_fens(referee, variant, start, moves)
                if fens is None:
                    refused += 1
                    continue
                games += 1
                for fen in quiet_positions(fens, args.skip):
                    print(f"{variant}\t{fen}\t{result}\t{os.path.basename(path)}:{number}")
                    kept += 1
    finally:
        referee.engine.quit()
    print(f"{games} games, {kept} quiet positions, {refused} games refused",
          file=sys.stderr)


if __name__ == "__main__":
    main()
