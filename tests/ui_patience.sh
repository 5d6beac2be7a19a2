#!/bin/sh
# Issue 36's "patience and trust": F1 as every terminal sends it, the
# notices a player must be able to read, the review's one meaning of :fen,
# scores from White's side, text cut with an ellipsis, the pacing of a
# game between engines.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# F1 as PuTTY (ESC[11~) and the Linux console (ESC[[A) send it opens the
# help; in review, ESC[[A is not read as Esc, '[' (a step back) and 'A'.
start 80 24 --variant pemba
wait_for "White to move"
typed f3f5
typed e8e6
wait_for "1\. f5 +e6"
keys '['
wait_for "review: move 1 of 2"
keys -l "$(printf '\033[[A')"
expect "Help: Pemba - keys and commands" "the Linux console's F1 does not open the help"
keys Escape
wait_for "review: move 1 of 2"
screen | grep -q "review: the start" && fail "the Linux console's F1 stepped the review back"
keys End
wait_for "review closed"
keys -l "$(printf '\033[11~')"
expect "Help: Pemba - keys and commands" "PuTTY's F1 does not open the help"
keys Escape
wait_for "White to move"
quit_cleanly
exit 0
