#!/usr/bin/env python3
"""Engine-versus-engine matches over the XBoard protocol, refereed by zanzibar.

Every move an engine plays is checked by our rules core (a `zanzibar --xboard`
process in force mode answers "Illegal move" or announces the result), so a
match measures strength only under the rules of RULES.md. Openings are random
legal move sequences of a few plies, or the positions of a book (--book, one
FEN a line, as tools/make_book.py writes), each played twice with colours
swapped.

Example (Pemba, our engine against Sjaak II at 5 s + 0.05 s):

  tools/match.py --variant pemba --games 40 --tc 5+0.05 \\
      --engine "zanzibar=build/zanzibar --xboard" \\
      --engine "sjaak=/usr/games/sjaakii -xboard tools/sjaakii-pemba.txt"

An engine command may be followed by ';' and extra commands to send after
the handshake, e.g. ";option VariantPath=tools/fairy-pemba.ini" for
Fairy-Stockfish or ";option Level=3" for one of our levels; commands written
"each:CMD" are sent at the start of every game instead (e.g. "each:sd 2" for
a plain two-ply search, since "new" forgets the depth limit).
With --tc none no clock is sent: each engine uses its own time per move
(our levels each have one), which is how the level ladders are measured.
"""

import argparse
import math
import os
import queue
import random
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

RESULT_RE = re.compile(r"^(1-0|0-1|1/2-1/2)\s*(\{.*\})?")


class Engine:
    """One engine process spoken to over CECP version 2."""

    def __init__(self, name, command, log=None):
        parts = command.split(";")
        self.name = name
        self.argv = shlex.split(parts[0])
        extra = [p.strip() for p in parts[1:] if p.strip()]
        self.extra = [p for p in extra if not p.startswith("each:")]
        self.each_game = [p[5:].strip() for p in extra if p.startswith("each:")]
        self.log = log
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.features = {}
        self._handshake()

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        if self.log:
            self.log.write(f"{self.name} < {text}\n")
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass

    def read(self, timeout):
        """The next line, or None on time-out or when the engine has gone."""
        try:
            line = self.lines.get(timeout=max(timeout, 0.001))
        except queue.Empty:
            return None
        if self.log and line is not None:
            self.log.write(f"{self.name} > {line}\n")
        return line

    def _handshake(self):
        self.send("xboard")
        self.send("protover 2")
        deadline = time.time() + 10
        while time.time() < deadline:
            line = self.read(deadline - time.time())
            if line is None:
                break
            if line.startswith("feature "):
                for key, value in re.findall(r'(\w+)=("[^"]*"|\S+)', line[8:]):
                    self.features[key] = value.strip('"')
                    self.send(f"accepted {key}")
                if self.features.get("done") == "1":
                    break
        for command in self.extra:
            self.send(command)
        self.ping()

    def ping(self, timeout=30):
        """Waits until the engine has read everything sent so far."""
        self.send("ping 1")
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = self.read(deadline - time.time())
            if line is None or line.startswith("pong"):
                return

    def usermove(self, move):
        self.send(f"usermove {move}" if self.features.get("usermove") == "1" else move)

    def quit(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Referee:
    """Our rules core behind --xboard, in force mode: checks each move."""

    def __init__(self, command, log=None):
        self.engine = Engine("referee", command, log)
        self.count = 0

    def _ask(self, text):
        """Sends text and a ping; returns the lines answered before the pong."""
        self.count += 1
        self.engine.send(text)
        self.engine.send(f"ping {self.count}")
        answer = []
        while True:
            line = self.engine.read(30)
            if line is None or line == f"pong {self.count}":
                return answer
            answer.append(line)

    def start(self, variant, fen=None):
        self._ask("new")
        self._ask(f"variant {variant}")
        self._ask("force")
        if fen:
            answer = self._ask(f"setboard {fen}")
            bad = [l for l in answer if "Illegal position" in l]
            if bad:
                raise RuntimeError(bad[0])

    def fen(self):
        for line in self._ask("fen"):
            if line.startswith("# fen "):
                return line[6:]
        raise RuntimeError("referee gave no FEN")

    def legal_moves(self):
        for line in self._ask("legalmoves"):
            if line.startswith("# legalmoves"):
                return line.split()[2:]
        return []

    def play(self, move):
        """(legal, result, reason) for a move; result None while the game goes on."""
        for line in self._ask(f"usermove {move}"):
            if line.startswith("Illegal move"):
                return False, None, line
            m = RESULT_RE.match(line)
            if m:
                return True, m.group(1), (m.group(2) or "").strip("{} ")
        return True, None, ""


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def board_of(fen):
    """{(file, rank): letter} from a FEN placement, ranks counted from 1."""
    rows = fen.split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = len(rows) - i
        file = 0
        for m in re.finditer(r"\d+|.", row):
            if m.group().isdigit():
                file += int(m.group())
            else:
                board[(file, rank)] = m.group()
                file += 1
    return board


SQUARE_RE = re.compile(r"([a-z])(\d+)")


def protocol_rank_shift(fen):
    """What to add to a protocol rank to get ours: XBoard counts the ranks
    of a board with exactly ten from 0, RULES.md always from 1."""
    return 1 if len(fen.split()[0].split("/")) == 10 else 0


def shift_ranks(move, shift):
    return SQUARE_RE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + shift}", move)


def protocol_to_ours(fen, move):
    return shift_ranks(move, protocol_rank_shift(fen))


def ours_to_protocol(fen, move):
    return shift_ranks(move, -protocol_rank_shift(fen))


def mover_letter(fen, move):
    """The letter of the piece a protocol move takes from its square."""
    m = SQUARE_RE.match(protocol_to_ours(fen, move))
    return board_of(fen).get((ord(m.group(1)) - ord("a"), int(m.group(2))), "?")


def mate_in_one(referee, fen):
    """Whether the side to move at fen has no move, or one that ends the game
    (random moves can leave a King open to a leaper)."""
    legal = referee.legal_moves()
    for move in legal:
        _, result, _ = referee.play(move)
        referee._ask("undo")
        if result:
            return True
    return not legal


def random_opening(referee, variant, plies, rng, no_pawns=False):
    """A random legal opening with no piece taken (a random capture gives
    one side a piece for nothing), no mate in one, and whose FEN has no en-passant square
    (XBoard and we write that square differently on ten-rank boards); with no_pawns the
    Pawns stay at home, for engines that let any unmoved-looking Pawn step
    twice."""
    pieces = None
    for _ in range(100):
        referee.start(variant)
        if pieces is None:
            pieces = len(board_of(referee.fen()))
        moves = []
        for _ in range(plies):
            legal = referee.legal_moves()
            if no_pawns:
                fen = referee.fen()
                legal = [m for m in legal if mover_letter(fen, m) not in "Pp"]
            if not legal:
                break
            move = rng.choice(legal)
            referee.play(move)
            moves.append(move)
        fen = referee.fen()
        if fen.split()[3] == "-" and len(board_of(fen)) == pieces and \
                not mate_in_one(referee, fen):
            return fen, moves
    raise RuntimeError("no usable opening found")


def read_book(path, referee, variant, seed):
    """The FENs of a book file in an order shuffled by seed, each checked by
    the referee, so that a bad line stops the match before it starts."""
    fens = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                referee.start(variant, line)
            except RuntimeError as e:
                raise SystemExit(f"{path}:{number}: not a {variant} position: {e}")
            fens.append(line)
    if not fens:
        raise SystemExit(f"{path}: no position in the book")
    random.Random(seed).shuffle(fens)
    return fens


def level_command(seconds, inc):
    minutes, secs = divmod(int(round(seconds)), 60)
    return f"level 0 {minutes}:{secs:02d} {inc:g}"


THINKING_RE = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)")


class Adjudicator:
    """Ends a game both engines agree is decided: for the last `moves`
    moves of each side, the winner's own reported score was at least
    `score` centipawns and the loser's at most -score. Games on 12x12
    boards otherwise run into the move limit with a rook or more in hand."""

    def __init__(self, spec):
        self.score, self.moves = (int(x) for x in spec.split(":")) if spec else (0, 0)
        self.history = [[], []]

    def reset(self):
        self.history = [[], []]

    def record(self, side, score):
        self.history[side].append(score)

    def _keeps(self, side, sign):
        last = self.history[side][-self.moves:]
        return len(last) == self.moves and all(
            x is not None and sign * x >= self.score for x in last)

    def verdict(self):
        if not self.moves:
            return None
        for winner in (0, 1):
            if self._keeps(winner, 1) and self._keeps(1 - winner, -1):
                return "1-0" if winner == 0 else "0-1"
        return None


def play_game(engines, referee, variant, fen, tc, max_plies, log, grace=0.1,
              adjudicator=None, stats=None):
    """engines[0] plays White. Returns (result, reason, moves). tc is
    (base, inc) for a clock, or None: then no clock is sent and each
    engine thinks as long as its own settings say (levels, st, sd). stats,
    by engine name, receives each move's last thinking line."""
    adjudicator = adjudicator or Adjudicator(None)
    adjudicator.reset()
    base, inc = tc if tc else (1e9, 0)
    referee.start(variant, fen)
    side = 0 if fen.split()[1] == "w" else 1
    clocks = [base, base]
    for e in engines:
        e.send("new")
        e.send(f"variant {variant}")
        e.send("force")
        e.send(f"setboard {fen}")
        if tc:
            e.send(level_command(base, inc))
        for command in e.each_game:
            e.send(command)
        e.send("easy")
        e.send("post")
        e.ping()
    started = [False, False]
    sent = [0, 0]          # moves of the game each engine has been told about
    moves = []
    while len(moves) < max_plies:
        e = engines[side]
        if started[side]:
            if tc:
                e.send(f"time {int(clocks[side] * 100)}")
                e.send(f"otim {int(clocks[1 - side] * 100)}")
            for m in moves[sent[side]:]:
                e.usermove(m)
        else:
            for m in moves[sent[side]:]:
                e.usermove(m)
            if tc:
                e.send(f"time {int(clocks[side] * 100)}")
                e.send(f"otim {int(clocks[1 - side] * 100)}")
            e.send("go")
            started[side] = True
        sent[side] = len(moves)
        t0 = time.time()
        move = None
        score = None
        last = None
        while move is None:
            line = e.read((clocks[side] if tc else 120) + 5 - (time.time() - t0))
            if line is None:
                return ("0-1" if side == 0 else "1-0"), f"{e.name} did not move (time or crash)", moves
            thinking = THINKING_RE.match(line)
            if thinking:
                last = tuple(int(x) for x in thinking.groups())
                score = last[1]
            elif line.startswith("move "):
                move = line.split()[1]
            elif line.startswith("resign"):
                return ("0-1" if side == 0 else "1-0"), f"{e.name} resigns", moves
            elif line.startswith("Illegal move") or line.startswith("Error"):
                if "usermove" in line or "Illegal move" in line:
                    return None, f"{e.name} refused a move: {line}", moves
        if stats is not None and last and e.name in stats:
            stats[e.name].add(last)
        spent = time.time() - t0
        clocks[side] -= spent
        if clocks[side] < -grace:
            return ("0-1" if side == 0 else "1-0"), f"{e.name} lost on time", moves
        clocks[side] += inc
        legal, result, reason = referee.play(move)
        if not legal:
            return ("0-1" if side == 0 else "1-0"), f"{e.name} played an illegal move {move}", moves
        moves.append(move)
        sent[side] = len(moves)
        if result:
            return result, reason, moves
        adjudicator.record(side, score)
        verdict = adjudicator.verdict()
        if verdict:
            return verdict, f"adjudicated: both engines score it {adjudicator.score}+", moves
        side = 1 - side
    return "1/2-1/2", "adjudicated: move limit", moves


def write_pgn(path, variant, names, fen, result, reason, moves, round_no):
    """Appends a game in our own notation, so that `zanzibar --load` reads it."""
    moves = [protocol_to_ours(fen, m) for m in moves]
    with open(path, "a") as f:
        f.write(f'[Event "zanzibar match"]\n[Round "{round_no}"]\n[Variant "{variant}"]\n')
        f.write(f'[White "{names[0]}"]\n[Black "{names[1]}"]\n[FEN "{fen}"]\n')
        f.write(f'[Result "{result or "*"}"]\n[Termination "{reason}"]\n\n')
        f.write(" ".join(moves) + f" {result or '*'}\n\n")


class Stats:
    """What an engine reported: the depth of its last thinking line each move,
    and the nodes and centiseconds of those lines, for nodes per second."""

    def __init__(self):
        self.depths = []
        self.nodes = 0
        self.centis = 0

    def add(self, thinking):
        depth, _, centis, nodes = thinking
        self.depths.append(depth)
        self.nodes += nodes
        self.centis += centis

    def merge(self, other):
        self.depths += other.depths
        self.nodes += other.nodes
        self.centis += other.centis

    def summary(self):
        if not self.depths:
            return "no thinking output"
        depth = sum(self.depths) / len(self.depths)
        nps = self.nodes * 100 / self.centis if self.centis else 0
        return f"mean depth {depth:.1f} over {len(self.depths)} moves, {nps / 1000:.0f}k nodes/s"


def expected_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def pair_moments(pairs):
    """Mean and variance of a pair's score per game. Each of the five
    outcomes gets a quarter of a pair more than was seen, so that a few
    alike pairs at the start (variance 0) cannot decide a test alone."""
    counts = [0.25] * 5
    for p in pairs:
        counts[int(round(p * 2))] += 1
    total = sum(counts)
    m = sum(c * k / 4 for k, c in enumerate(counts)) / total
    v = sum(c * (k / 4 - m) ** 2 for k, c in enumerate(counts)) / total
    return m, v


class Sprt:
    """Sequential probability ratio test on game pairs (each opening played
    with both colours): the generalised SPRT of the pentanomial model, whose
    log-likelihood ratio is N (s1 - s0) (2 m - s0 - s1) / (2 v), with m and v
    the mean and variance of a pair's score per game and s0, s1 the scores
    that elo0 and elo1 (logistic Elo) give. H1 (elo1) is accepted above
    log((1 - beta) / alpha), H0 (elo0) below log(beta / (1 - alpha))."""

    def __init__(self, elo0, elo1, alpha=0.05, beta=0.05):
        self.s0, self.s1 = expected_score(elo0), expected_score(elo1)
        self.lower = math.log(beta / (1 - alpha))
        self.upper = math.log((1 - beta) / alpha)
        self.elo0, self.elo1 = elo0, elo1

    def llr(self, pairs):
        n = len(pairs)
        if n < 2:
            return 0.0
        m, v = pair_moments(pairs)
        return n * (self.s1 - self.s0) * (2 * m - self.s0 - self.s1) / (2 * v)

    def verdict(self, pairs):
        llr = self.llr(pairs)
        if llr >= self.upper:
            return llr, "H1 accepted (gain)"
        if llr <= self.lower:
            return llr, "H0 accepted (no gain)"
        return llr, None


def elo_with_error(pairs):
    """Elo of the first engine and the half-width of its 95% interval, from
    the pairs' scores (pentanomial: pairs, not games, are independent)."""
    n = len(pairs)
    if n < 2:
        return 0.0, float("inf")
    xs = [p / 2 for p in pairs]
    m = sum(xs) / n
    _, v = pair_moments(pairs)
    se = math.sqrt(v / n)
    lo, hi = elo_of(m - 1.96 * se), elo_of(m + 1.96 * se)
    return elo_of(m), (hi - lo) / 2


class Match:
    """The shared state of a match played by several workers at once."""

    def __init__(self, args, named):
        self.args = args
        self.named = named
        self.lock = threading.Lock()
        self.score = [0.0, 0.0]
        self.tally = {"win": 0, "draw": 0, "loss": 0, "aborted": 0, "time": 0}
        self.pairs = []        # engine 0's points in each complete pair (0 to 2)
        self.games = 0
        self.next_pair = 0
        self.stop = False
        self.sprt = Sprt(*args.sprt) if args.sprt else None
        self.stats = {name: Stats() for name, _ in named}
        self.verdict = None
        self.book = None

    def take_pair(self):
        with self.lock:
            if self.stop or 2 * self.next_pair >= self.args.games:
                return None
            self.next_pair += 1
            return self.next_pair - 1

    def record(self, pair_no, results):
        """results: [(names, result, reason, moves, fen, stats)] of one opening."""
        with self.lock:
            points = []
            for swap, (names, result, reason, moves, fen, stats) in enumerate(results):
                self.games += 1
                for name, st in stats.items():
                    self.stats[name].merge(st)
                if result is None:
                    self.tally["aborted"] += 1
                    outcome = "aborted"
                else:
                    white_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
                    p0 = white_points if swap == 0 else 1.0 - white_points
                    points.append(p0)
                    self.score[0] += p0
                    self.score[1] += 1.0 - p0
                    self.tally["win" if p0 == 1 else "loss" if p0 == 0 else "draw"] += 1
                    if "lost on time" in reason:
                        self.tally["time"] += 1
                    outcome = result
                print(f"game {2 * pair_no + swap + 1}: {names[0]} - {names[1]} {outcome} "
                      f"({reason}), {len(moves)} plies; score {self.named[0][0]} "
                      f"{self.score[0]:g} - {self.score[1]:g} {self.named[1][0]}", flush=True)
                if self.args.pgn:
                    write_pgn(self.args.pgn, self.args.variant, names, fen, result, reason,
                              moves, 2 * pair_no + swap + 1)
            if len(points) == 2:
                self.pairs.append(points[0] + points[1])
            if self.sprt:
                llr, verdict = self.sprt.verdict(self.pairs)
                print(f"sprt: {len(self.pairs)} pairs, LLR {llr:.2f} "
                      f"({self.sprt.lower:.2f}, {self.sprt.upper:.2f})", flush=True)
                if verdict and not self.verdict:
                    self.verdict = f"{verdict}, LLR {llr:.2f} after {len(self.pairs)} pairs"
                    self.stop = True

    def report(self):
        t = self.tally
        played = t["win"] + t["draw"] + t["loss"]
        pct = 100.0 * self.score[0] / played if played else 0.0
        first, second = self.named[0][0], self.named[1][0]
        print(f"final: {first} {self.score[0]:g} - {self.score[1]:g} {second} "
              f"(+{t['win']} ={t['draw']} -{t['loss']}, {t['time']} lost on time, "
              f"{t['aborted']} aborted), {pct:.1f}% for {first}")
        elo, err = elo_with_error(self.pairs)
        print(f"elo: {elo:+.1f} +- {err:.1f} (95%, {len(self.pairs)} pairs) for {first}")
        if self.sprt:
            print(f"sprt elo0={self.sprt.elo0:g} elo1={self.sprt.elo1:g}: "
                  f"{self.verdict or 'no decision'}")
        for name, _ in self.named:
            print(f"{name}: {self.stats[name].summary()}")


def worker(match, log):
    """Plays openings (each with both colours) until the match is over, with
    its own referee and its own two engine processes."""
    args = match.args
    referee_bin = args.referee or os.path.join(os.getcwd(), "zanzibar")
    referee = Referee(f"{referee_bin} --xboard", log)
    engines = [Engine(n, c, log) for n, c in match.named]
    adjudicator = Adjudicator(args.adjudicate)
    tc = None if args.tc == "none" else parse_tc(args.tc)
    try:
        while True:
            pair_no = match.take_pair()
            if pair_no is None:
                break
            if match.book:
                fen = match.book[pair_no % len(match.book)]
            else:
                rng = random.Random(args.seed * 1000003 + pair_no)
                fen, _ = random_opening(referee, args.variant, args.opening_plies, rng,
                                        args.opening_no_pawns)
            results = []
            for swap in (False, True):
                if 2 * pair_no + len(results) >= args.games:
                    break
                players = [engines[1], engines[0]] if swap else engines
                stats = {e.name: Stats() for e in engines}
                result, reason, moves = play_game(players, referee, args.variant, fen, tc,
                                                  args.max_plies, log, args.grace,
                                                  adjudicator, stats)
                results.append(([p.name for p in players], result, reason, moves, fen, stats))
            match.record(pair_no, results)
    finally:
        for e in engines + [referee.engine]:
            e.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--engine", action="append", required=True, help="name=command[;extra;...]")
    ap.add_argument("--games", type=int, default=40,
                    help="games to play at most (with --sprt, the test may stop sooner)")
    ap.add_argument("--tc", default="5+0.05",
                    help="seconds+increment per game, or 'none' to send no clock")
    ap.add_argument("--concurrency", type=int, default=2,
                    help="games played at the same time, each by its own processes")
    ap.add_argument("--sprt", default=None, metavar="ELO0:ELO1",
                    help="stop when a sequential test (alpha = beta = 0.05) decides "
                         "between elo0 and elo1 for the first engine, e.g. 0:10")
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--opening-no-pawns", action="store_true",
                    help="openings move no Pawn (for engines whose Pawns double-step "
                         "whenever they look unmoved)")
    ap.add_argument("--book", default=None,
                    help="a file of opening FENs (one a line, '#' comments), taken in "
                         "an order shuffled by --seed instead of random openings")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--grace", type=float, default=0.1,
                    help="seconds an engine may overstep its clock (a loaded machine "
                         "delays the pipes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--adjudicate", default=None, metavar="SCORE:MOVES",
                    help="end a game as won when, for MOVES moves in a row, the "
                         "winner reports SCORE centipawns or more and the loser "
                         "-SCORE or less (e.g. 800:5)")
    ap.add_argument("--referee", default=None, help="zanzibar binary (default: ./zanzibar)")
    ap.add_argument("--pgn", default=None)
    ap.add_argument("--log", default=None, help="protocol log file")
    args = ap.parse_args()
    if len(args.engine) != 2:
        ap.error("give exactly two --engine options")
    if args.sprt:
        try:
            args.sprt = tuple(float(x) for x in args.sprt.split(":"))
        except ValueError:
            args.sprt = ()
        if len(args.sprt) != 2 or args.sprt[0] >= args.sprt[1]:
            ap.error("--sprt wants ELO0:ELO1 with ELO0 < ELO1, e.g. 0:10")
    named = [e.split("=", 1) for e in args.engine]
    if named[0][0] == named[1][0]:
        ap.error("the two engines need different names")
    log = open(args.log, "w", buffering=1) if args.log else None
    match = Match(args, named)
    if args.book:
        checker = Referee(f"{args.referee or os.path.join(os.getcwd(), 'zanzibar')} --xboard", log)
        try:
            match.book = read_book(args.book, checker, args.variant, args.seed)
        finally:
            checker.engine.quit()
        print(f"book: {len(match.book)} openings from {args.book}", flush=True)
    # SIGTERM or SIGINT (even from a background shell, which ignores it):
    # the games under way are finished, then the report is printed.
    def finish(signum, frame):
        match.stop = True
    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    threads = [threading.Thread(target=worker, args=(match, log))
               for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        while t.is_alive():
            t.join(0.5)
    match.report()


if __name__ == "__main__":
    main()
