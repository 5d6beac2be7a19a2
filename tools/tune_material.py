#!/usr/bin/env python3
"""Piece values fitted to game results, one variant at a time.

Reads the positions tools/positions.py writes and, for each variant, fits a
logistic model of White's result on the material difference, one weight a
piece letter (plus a constant a variant for the first move's edge):

  P(White wins) = 1 / (1 + exp(-(c + sum over letters of w * (white - black))))

by Newton's method on the log-likelihood (a draw counts half a win). The
weights are in logits; they are shown scaled so that the Rook is worth 500,
the scale of the documents' tables and of our piece table. The error
column is a standard error that treats each game played, not each
position, as one observation (a cluster-robust "sandwich" estimate), since the positions
of one game share its result.

  tools/tune_material.py positions.tsv --pool zanzibar-s,zanzibar-xl,zanzibar-xxl
"""

import argparse
import math
import sys
from collections import defaultdict

ROYAL = {"arabian-nights": "S"}
RIDGE = 1e-6  # keeps Newton's matrix invertible for letters that never differ


def letter_counts(fen):
    counts = defaultdict(int)
    for c in fen.split()[0]:
        if c.isalpha():
            counts[c] += 1
    return counts


def features(variant, fen, variants, letters):
    """One constant a variant (the first move's edge), then the letters."""
    counts = letter_counts(fen)
    return ([1.0 if v == variant else 0.0 for v in variants]
            + [float(counts[l] - counts[l.lower()]) for l in letters])


def read_positions(path):
    """{variant: [(variant, fen, result, game)]}."""
    data = defaultdict(list)
    with open(path) as f:
        for number, line in enumerate(f, 1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 4:
                sys.exit(f"{path}:{number}: expected VARIANT, FEN, RESULT and GAME")
            data[parts[0]].append((parts[0], parts[1], float(parts[2]), parts[3]))
    return data


def solve(matrix, vector):
    """x with matrix x = vector, by Gaussian elimination with pivoting."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def inverse(matrix):
    n = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def predict(w, x):
    z = sum(a * b for a, b in zip(w, x))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(rows):
    """Weights and their matrix of information (Newton's final Hessian)."""
    n = len(rows[0][0])
    w = [0.0] * n
    for _ in range(25):
        grad = [0.0] * n
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y, _ in rows:
            p = predict(w, x)
            q = p * (1 - p)
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += (y - p) * xi
                    for j, xj in enumerate(x):
                        if xj:
                            hess[i][j] += q * xi * xj
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w, hess


def clustered_covariance(rows, w, hess):
    """H^-1 (sum over games of s s^T) H^-1, s a game's summed score."""
    n = len(w)
    scores = defaultdict(lambda: [0.0] * n)
    for x, y, game in rows:
        r = y - predict(w, x)
        s = scores[game]
        for i, xi in enumerate(x):
            s[i] += r * xi
    meat = [[0.0] * n for _ in range(n)]
    for s in scores.values():
        for i in range(n):
            for j in range(n):
                meat[i][j] += s[i] * s[j]
    h_inv = inverse(hess)
    left = [[sum(h_inv[i][k] * meat[k][j] for k in range(n)) for j in range(n)] for i in range(n)]
    return [[sum(left[i][k] * h_inv[k][j] for k in range(n)) for j in range(n)] for i in range(n)]


def scaled_error(w, cov, i, r):
    """Standard error of 500 w_i / w_r, by the delta method."""
    wi, wr = w[i], w[r]
    var = (cov[i][i] / wr ** 2 + wi ** 2 * cov[r][r] / wr ** 4
           - 2 * wi * cov[i][r] / wr ** 3)
    return 500 * math.sqrt(max(var, 0.0))


def report(name, positions):
    variants = sorted({v for v, _, _, _ in positions})
    royals = {ROYAL.get(v, "K") for v in variants}
    seen = {c.upper() for _, fen, _, _ in positions for c in fen.split()[0] if c.isalpha()}
    letters = sorted(seen - royals)
    if "R" not in letters:
        print(f"{name}: no Rook to scale by; skipped")
        return
    rows = [(features(v, fen, variants, letters), y, game) for v, fen, y, game in positions]
    games = len({g for _, _, _, g in positions})
    w, hess = fit(rows)
    cov = clustered_covariance(rows, w, hess)
    r = len(variants) + letters.index("R")
    print(f"{name}: {len(rows)} positions from {games} games; "
          f"1 logit = {500 / w[r]:.0f} (Rook = 500)")
    print("  letter  value  error  positions where it differs")
    for i, letter in enumerate(letters, len(variants)):
        differs = sum(1 for x, _, _ in rows if x[i])
        print(f"  {letter:>6}  {500 * w[i] / w[r]:5.0f}  {scaled_error(w, cov, i, r):5.0f}  {differs}")
    for i, variant in enumerate(variants):
        print(f"  first move edge in {variant}: {500 * w[i] / w[r]:.0f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("positions")
    ap.add_argument("--variant", action="append", help="only these variants")
    ap.add_argument("--pool", metavar="GAME,GAME...",
                    help="also fit these variants together, one weight a letter for "
                         "all of them (the Cazaux games share most of their pieces)")
    args = ap.parse_args()
    data = read_positions(args.positions)
    for variant in sorted(data):
        if not args.variant or variant in args.variant:
            report(variant, data[variant])
    if args.pool:
        pooled = [p for v in args.pool.split(",") for p in data.get(v, [])]
        if pooled:
            report("pooled " + args.pool, pooled)


if __name__ == "__main__":
    main()
