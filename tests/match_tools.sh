#!/bin/sh
# The match tools as a developer runs them: a short Pemba match between two
# levels, refereed by our rules core, must write a PGN in our own notation
# (which the game then loads) that positions.py turns back into positions;
# depth_nodes.py must find each bench position's nodes to a depth.
set -u
here=$(dirname "$0")
. "$here/ui_lib.sh"

python=${PYTHON:-python3}
if ! command -v "$python" > /dev/null; then
    echo "python3 not found: skipping" >&2
    exit 77
fi
tools=${ZANZIBAR_SRCDIR:-$here/..}/tools
pgn=$WORKDIR/match.pgn

# Pemba has ten ranks, where XBoard counts ranks from 0 and we from 1: the
# case in which the protocol's moves and the PGN's differ.
"$python" "$tools/match.py" --variant pemba --games 2 --tc none --max-plies 24 \
    --referee "$ZANZIBAR_BIN" \
    --engine "one=$ZANZIBAR_BIN --xboard;option Level=1" \
    --engine "two=$ZANZIBAR_BIN --xboard;option Level=2" \
    --pgn "$pgn" > "$WORKDIR/match.txt" 2>&1 || fail "match.py failed: $(cat "$WORKDIR/match.txt")"
grep -q "^final: one .* two (.*0 aborted)" "$WORKDIR/match.txt" ||
    fail "no final score: $(cat "$WORKDIR/match.txt")"
[ "$(grep -c '^\[Variant "pemba"\]$' "$pgn")" -eq 2 ] || fail "the PGN does not hold two Pemba games"

"$python" "$tools/positions.py" --referee "$ZANZIBAR_BIN" "$pgn" \
    > "$WORKDIR/pos.tsv" 2> "$WORKDIR/pos.err" || fail "positions.py failed: $(cat "$WORKDIR/pos.err")"
grep -q "^2 games, [1-9][0-9]* quiet positions, 0 games refused$" "$WORKDIR/pos.err" ||
    fail "positions.py: $(cat "$WORKDIR/pos.err")"
grep -q "^pemba	" "$WORKDIR/pos.tsv" || fail "positions.py wrote no Pemba positions"

# A book's openings are played, each with both colours; a line that is no
# position of the game stops the match before it starts, naming the line.
book=$WORKDIR/book.fen
sed -n '/^[^#]/p' "$tools/books/pemba.fen" | head -n 1 > "$book"
"$python" "$tools/match.py" --variant pemba --games 2 --tc none --max-plies 6 \
    --book "$book" --referee "$ZANZIBAR_BIN" \
    --engine "one=$ZANZIBAR_BIN --xboard;option Level=1" \
    --engine "two=$ZANZIBAR_BIN --xboard;option Level=1" \
    --pgn "$WORKDIR/book.pgn" > "$WORKDIR/book.txt" 2>&1 ||
    fail "match.py --book failed: $(cat "$WORKDIR/book.txt")"
[ "$(grep -c "^\[FEN \"$(cat "$book")\"\]$" "$WORKDIR/book.pgn")" -eq 2 ] ||
    fail "the book's opening was not played twice: $(cat "$WORKDIR/book.txt")"
echo "# a comment, then a bad line" >> "$book"
echo "10/10/10 w - - 0 1" >> "$book"
if "$python" "$tools/match.py" --variant pemba --games 2 --tc none --book "$book" \
    --referee "$ZANZIBAR_BIN" --engine "one=$ZANZIBAR_BIN --xboard" \
    --engine "two=$ZANZIBAR_BIN --xboard" > "$WORKDIR/bad.txt" 2>&1; then
    fail "match.py played a book with a bad line"
fi
grep -q "book.fen:3: not a pemba position" "$WORKDIR/bad.txt" ||
    fail "the bad book line is not named: $(cat "$WORKDIR/bad.txt")"

# depth_nodes.py sets up every bench position over the protocol (Pemba's
# moves one rank lower) and finds a thinking line of the depth asked.
"$python" "$tools/depth_nodes.py" --depth 2 --engine "$ZANZIBAR_BIN --xboard" \
    > "$WORKDIR/depth.txt" 2>&1 || fail "depth_nodes.py failed: $(cat "$WORKDIR/depth.txt")"
[ "$(grep -c ' [0-9][0-9]*$' "$WORKDIR/depth.txt")" -eq 8 ] ||
    fail "depth_nodes.py: $(cat "$WORKDIR/depth.txt")"
grep -Eq '^total [0-9]+, engine cpu [0-9]+ ms$' "$WORKDIR/depth.txt" ||
    fail "depth_nodes.py gives no sum and processor time: $(cat "$WORKDIR/depth.txt")"

# The game loads the file's first game and shows all of its moves: with the
# protocol's rank numbers left in, one of them would be refused.
fen=$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$pgn" | head -n 1)
plies=$(awk '/^[a-z][0-9]/ { print NF - 1; exit }' "$pgn")
first=$(echo "$fen" | awk '{ print $6 }')
case "$fen" in
    *" w "*) last=$((first + (plies - 1) / 2)) ;;
    *) last=$((first + plies / 2)) ;;
esac
start 120 45 --load "$pgn"
wait_for "Game over"
expect "(^| )$last\\. " "move $last of the loaded game is not shown"
screen | grep -qi "illegal\|cannot\|error" && fail "the game refused the PGN"
quit_cleanly
echo "PASS: match tools"
