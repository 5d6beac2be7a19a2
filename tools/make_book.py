#!/usr/bin/env python3
"""An opening book of balanced positions for tools/match.py --book.

Random openings are drawn as match.py draws them (legal moves refereed by
zanzibar, no capture, no mate in one, no en-passant square), each scored by
Fairy-Stockfish in UCI at a fixed depth; an opening is kept when its score
for White lies within --margin centipawns of the start position's score at
the same depth. Not of zero: Fairy-Stockfish rates Pemba's start about three
Pawns up for White (the first leaper to land gains a tempo on a full board),
so random moves that keep that balance are the openings that blundered
nothing. A third party judges, so that the book favours neither of the
engines it is used to compare; each opening is played with both colours.

  tools/make_book.py --variant pemba --count 240 --plies 6 \\
      --fairy /work/fsf/src/stockfish --ini tools/fairy-pemba.ini \\
      --referee build/zanzibar >tools/books/pemba.fen

The output is one FEN a line, after '#' lines that say how it was made.
"""

import argparse
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Referee, random_opening  # noqa: E402


class Fairy:
    """Fairy-Stockfish over UCI, asked for one score at a time."""

    def __init__(self, path, ini, variant):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self._send("uci")
        self._until("uciok")
        self._send(f"setoption name VariantPath value {os.path.abspath(ini)}")
        self._send(f"setoption name UCI_Variant value {variant}")
        self._send("setoption name Threads value 1")
        self._send("isready")
        self._until("readyok")

    def _send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def _until(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"Fairy-Stockfish stopped before '{word}'")
            lines.append(line.split())
            if lines[-1] and lines[-1][0] == word:
                return lines

    def score(self, fen, depth):
        """The side to move's score in centipawns (mates as +-100000)."""
        self._send("ucinewgame")
        self._send(f"position fen {fen}")
        self._send(f"go depth {depth}")
        score = None
        for words in self._until("bestmove"):
            if "score" in words:
                kind, value = words[words.index("score") + 1:words.index("score") + 3]
                score = int(value) if kind == "cp" else (100000 if int(value) > 0 else -100000)
        if score is None:
            raise RuntimeError(f"Fairy-Stockfish gave no score for {fen}")
        return score

    def quit(self):
        self._send("quit")
        self.proc.wait(timeout=10)


def white_score(fen, score):
    return score if fen.split()[1] == "w" else -score


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--count", type=int, default=240, help="openings to keep")
    ap.add_argument("--plies", type=int, default=6, help="random plies of each opening")
    ap.add_argument("--fairy", required=True, help="Fairy-Stockfish binary")
    ap.add_argument("--ini", required=True, help="its VariantPath file for the variant")
    ap.add_argument("--depth", type=int, default=12, help="Fairy-Stockfish's search depth")
    ap.add_argument("--margin", type=int, default=60,
                    help="largest distance in centipawns of an opening's score from "
                         "the start position's")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--referee", default="./zanzibar", help="zanzibar binary")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    referee = Referee(f"{os.path.abspath(args.referee)} --xboard")
    fairy = Fairy(args.fairy, args.ini, args.variant)
    kept, seen, tried = [], set(), 0
    try:
        referee.start(args.variant)
        start = referee.fen()
        par = white_score(start, fairy.score(start, args.depth))
        while len(kept) < args.count:
            fen, moves = random_opening(referee, args.variant, args.plies, rng)
            if fen in seen:
                continue
            seen.add(fen)
            tried += 1
            score = white_score(fen, fairy.score(fen, args.depth))
            if abs(score - par) <= args.margin:
                kept.append((fen, moves, score))
                print(f"{len(kept)}/{tried}: {score:+d} {' '.join(moves)}", file=sys.stderr)
    finally:
        fairy.quit()
        referee.engine.quit()
    print(f"# {args.variant}: {len(kept)} openings of {args.plies} random plies (seed "
          f"{args.seed}), kept {len(kept)} of {tried} whose score for White by "
          f"Fairy-Stockfish at depth {args.depth} lies within +-{args.margin} cp of the "
          f"start position's, {par:+d}")
    print("# each line: a FEN; above it, the random moves (in XBoard's coordinates, ranks "
          "from 0 on ten-rank boards) and the score")
    for fen, moves, score in kept:
        print(f"# {' '.join(moves)}  {score:+d}")
        print(fen)


if __name__ == "__main__":
    main()
