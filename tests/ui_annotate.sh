#!/bin/sh
# The whole-game review ('A'): the engine scores every position, then the
# move that hung the Queen is marked ?? in the move list, the summary
# counts it, and the score's graph stands under the board, Black's side
# of it filled after the blunder. A move played after the review drops
# its marks; a game between people is reviewed only once it is over.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 120 40 --variant pemba --fen "'r4k4/10/10/10/Q9/10/10/10/10/5K4 w - - 0 1'"
wait_for "White to move"
typed Kg1
typed Rxa6
wait_for "1\. Kg1 +Rxa6"
keys A
wait_for "review done: White 1 blunder; Black no mistake"
wait_for "1\. Kg1\?\? +Rxa6 *$"
screen | grep -Eq "^ +-*#+-*#* *$|^ +#+ *$" || fail "the graph should show Black ahead after the blunder"
keys A
wait_for "the game is reviewed"
# the marks go into the record: saved as a NAG and [%eval] comments
typed "save $WORKDIR/reviewed.pgn"
wait_for "game saved to"
tr '\n' ' ' <"$WORKDIR/reviewed.pgn" | grep -Eq 'Kg1 \$4 \{\[%eval -[0-9]+\.[0-9][0-9]\]\} (1\.\.\. )?Rxa6 \{\[%eval -[0-9]+\.[0-9][0-9]\]\}' ||
    fail "the review's marks should be saved as NAGs and [%eval]: $(cat "$WORKDIR/reviewed.pgn")"
typed Kh1
wait_for "2\. Kh1"
screen | grep -q "Kg1??" && fail "a move after the review should drop its marks"
quit_cleanly
exit 0
