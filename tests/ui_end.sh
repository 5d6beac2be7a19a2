#!/bin/sh
# The end of a game: a panel beside the board says who won and why and
# under which name the game was kept, and lists the keys that lead on; the
# key line under the board changes with it. s opens ':save ', [ reviews,
# R plays a rematch with the colours swapped.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

SAVED="$XDG_DATA_HOME/zanzibar"

# Two people at one keyboard: Black resigns.
start 80 24 --variant pemba
wait_for "White to move"
expect "arrows/hjkl move" "the usual key line is missing"
typed e3e5
wait_for "1\. e5"
screen | grep -q "White wins" && fail "an end panel before the end"
typed resign
wait_for "Resign the game\? \(y/n\)"
keys y
wait_for "White wins: resignation"
expect "saved among the saved games as" "the panel does not say where the game went"
name=$(ls "$SAVED" | head -n 1)
[ -n "$name" ] || fail "no game was kept"
expect "$name" "the panel does not name the kept file"
for k in "n  new game" "R  rematch, colours swapped" "\[  review the game" "s  save it to a file"; do
    expect "$k" "the panel does not offer: $k"
done
expect "n new game  R rematch  \[ review  s save  u undo the end  q quit" "the key line did not change"
screen | grep -q "arrows/hjkl move" && fail "the playing key line stayed at the end"

# s opens the command line with save typed.
keys s
wait_for "^:save *$"
keys -l mine
keys Enter
wait_for "game saved to .*mine\.pgn"
[ -e "$SAVED/mine.pgn" ] || fail "s then a name did not save the game"

# [ reviews: the panel gives way to the review, and comes back after it.
keys '['
wait_for "review: .*Esc returns"
screen | grep -q "White wins: resignation" && fail "the panel covers the review"
keys Escape
wait_for "White wins: resignation"

# R: the other person is asked; y starts the rematch.
keys R
wait_for "accept the rematch\? \(y/n\)"
keys y
wait_for "rematch: the players change colours"
expect "Moves: none yet" "the rematch did not start a new game"
expect "arrows/hjkl move" "the key line stayed as at the end"
screen | grep -q "White wins" && fail "the end panel outlived the rematch"
quit_cleanly

# Against the engine the panel names who won; R swaps the colours at once
# and the board turns round for the person, now Black.
start 80 24 --variant pemba --black engine --level 1
wait_for "White to move"
typed resign
wait_for "Resign the game\? \(y/n\)"
keys y
wait_for "The engine \(Black\) wins: resignation"
keys R
wait_for "Pemba +White: engine +Black: human"
wait_for "^ 1 +C"
wait_for "1\. "
quit_cleanly
# At 80x24 a message of two rows (a FEN) under the end panel pushes the
# move list up rather than cover its last line.
start 80 24 --variant pemba
wait_for "White to move"
for f in a b c d g h i j; do typed "${f}3${f}4"; typed "${f}8${f}7"; done
wait_for "8\. j4 +j7"
typed resign
wait_for "Resign the game\? \(y/n\)"
keys y
wait_for "Black wins: resignation"
typed fen
wait_for "^cjvzmmzvjc/"
[ "$(screen | grep -c "/")" -ge 1 ] || fail "no FEN shown"
expect "8\. j4 +j7" "the message covered the move list's last line"
fen_row=$(screen | grep -n "^cjvzmmzvjc/" | cut -d: -f1)
list_row=$(screen | grep -nE "8\. j4 +j7" | cut -d: -f1)
[ "$list_row" -lt "$fen_row" ] || fail "the move list's last line ($list_row) is not above the message ($fen_row)"
quit_cleanly
exit 0
