#!/bin/sh
# A game file's clocks and players, as a player meets them: --load and
# :load read another program's PGN with its TimeControl, [%clk] comments
# and players' names, the game goes on with those clocks, the title line
# names those players, the move list ends each line with the time each
# side had left, and :save writes them back, with the time left after
# each move as [%clk].
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

FILES="$WORKDIR/files"
mkdir -p "$FILES"
cat >"$FILES/other.pgn" <<'PGN'
[Event "Rated game"]
[Site "https://example.org/abc"]
[White "Ann"]
[Black "Bo"]
[Variant "pemba"]
[TimeControl "600+5"]

1. e4 { [%clk 0:09:51] } 1... e7 { [%eval 0.2] [%clk 0:08:58.4] }
2. d4 { [%clk 0:07:33] } ( 2. f4 { [%clk 0:00:01] } ) *
PGN

# Black's clock runs from 08:58 meanwhile: 08:xx leaves a slow machine a
# minute (this line, the save and d7 below).
start 100 30 --load "$FILES/other.pgn"
wait_for "2\. d4"
expect "White 07:33 +Black 08:[0-5][0-9]" "--load should resume with the file's [%clk] clocks"
expect "White: Ann +Black: Bo " "the title line should name the file's players"
expect "1\. e4 +e7 +09:51 +08:59" "the move list should end each line with the clocks"
expect "2\. d4 +07:33" "the move list should show the time left after d4"
typed "save $FILES/mine.pgn"
wait_for "game saved to"
grep -q '^\[White "Ann"\]' "$FILES/mine.pgn" && grep -q '^\[Black "Bo"\]' "$FILES/mine.pgn" ||
    fail "the players' names should be saved again: $(head -8 "$FILES/mine.pgn")"
grep -q '^\[TimeControl "600+5"\]' "$FILES/mine.pgn" ||
    fail "the time control should be saved again: $(grep TimeControl "$FILES/mine.pgn")"
tr '\n' ' ' <"$FILES/mine.pgn" |
    grep -q 'e4 {\[%clk 0:09:51\]} e7 {\[%eval 0\.2\] \[%clk 0:08:59\]} 2\. d4 {\[%clk 0:07:33\]} ( *2\. f4' ||
    fail "each move should keep its [%clk], comment and variation: $(cat "$FILES/mine.pgn")"
typed d7
wait_for "2\. d4 +d7"
typed "save! $FILES/mine.pgn"
wait_for "game saved to"
tr '\n' ' ' <"$FILES/mine.pgn" | grep -Eq 'd7 \{\[%clk 0:0(8:[0-5]|9:0)[0-9]\]\}' ||
    fail "the move made here should carry its mover's time left: $(cat "$FILES/mine.pgn")"

# :load of a file without a clock keeps the clock set; with one, takes it
cat >"$FILES/plain.pgn" <<'PGN'
[Variant "pemba"]
[TimeControl "-"]

1. e4 *
PGN
typed "load $FILES/plain.pgn"
wait_for "loaded .*plain\.pgn"
expect "White 10:00 +Black 0?9:[0-5][0-9]|White 10:00 +Black 10:00" \
    "a file without a clock should keep the clock of the game before"
expect "White: human +Black: human " "a file without names should name nobody"
typed "load $FILES/other.pgn"
wait_for "loaded .*other\.pgn"
expect "White 07:33 +Black 08:[0-5][0-9]" ":load should resume with the file's [%clk] clocks"
expect "White: Ann +Black: Bo " ":load should show the file's players on the title line"
quit_cleanly

# A flag against a side that cannot mate is a draw: White's Queen against
# Black's bare King, White's time runs out; Black's running out loses.
FEN="'1k8/10/10/10/10/10/10/10/8Q1/9K w - - 0 1'"
start 80 24 --variant pemba --fen "$FEN" --time 2s+0
wait_for "White to move"
typed Qi3
wait_for "Black to move"
typed Ka10
expect "time is up, but Black cannot mate: 1/2-1/2" "White's flag against a bare King should draw"
expect "Drawn: time out, no mate possible" "the end panel should say why the flag draws"
quit_cleanly
start 80 24 --variant pemba --fen "$FEN" --time 2s+0
wait_for "White to move"
typed Qi3
expect "Black's time is up: 1-0" "Black's flag against a Queen should lose"
quit_cleanly
exit 0
