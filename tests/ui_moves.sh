#!/bin/sh
# Moves at the board: by cursor and by typed text, the move list and the
# highlights changing, refusals with their reasons, undo, and quitting
# with and without a game in progress.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24 --variant pemba
wait_for "Moves: none yet"
# The cursor starts on White's King (f2); up once is the f3 Pawn.
expect '^ 2 .*\[K\]' "cursor not on the King"
keys k Enter
wait_for "Pawn on f3: choose"
wait_for '^ 5 +\+'
expect '^ 4 +\+' "f4 not marked as a destination"
keys Escape
wait_for "move cancelled"
wait_gone '^ 5 +\+'
keys Enter k k Enter
wait_for "1\. f5"
wait_for "White played f5"
expect "^ 3 .* ' ' " "the last move's square f3 is not marked"

# A typed move in coordinates, then one in the move list's form.
typed e8e6
wait_for "1\. f5 +e6"
typed Qh5
wait_for "2\. Qh5"
# A typo mended inside the line: the cursor keys and Delete edit in place.
keys ':'
keys -l "xg8g"
keys Home DC End
keys -l "7"
keys Left Left Left
wait_for "^:g8g7 *$"
keys Enter
wait_for "2\. Qh5 +g7"

# Refusals name what is wrong and change nothing.
typed e3e7
wait_for "e3e7: "
screen | grep -q "3\. " && fail "an illegal move was played"
keys Escape
typed "level 42"
wait_for "level must be a number from 1 to 10"
typed frobnicate
wait_for "'frobnicate' is not a command"
# Commands are understood in any case.
typed "Level 3"
wait_for "Black: [a-z]+ +level 3"
keys Z
wait_for "key Z does nothing here"
# Picking up a Black piece when White is to move (the cursor is on f5).
keys k k k k k Enter
wait_for "that is Black's Machine; White is to move"

# A hint, with the engine's depth and score: its message keeps them once the
# search is over (the line that shows them while it thinks lasts a second).
keys Escape a
wait_for "analysis on: the engine thinks"
keys t
# The score is from White's side, as the analysis gives it: "+0.35", "#-3".
wait_for "^hint: [A-Za-z][^ ]* \(depth [0-9]+, ([+-][0-9]+\.[0-9][0-9]|#-?[0-9]+)\)"
expect ">[A-Za-z ]<" "the hinted move is not marked on the board"

# Undo takes the last move back; the move list shrinks.
keys Escape u
wait_for "move taken back"
wait_gone "2\. Qh5 +g7"
wait_for "2\. Qh5 *$"
keys r
wait_for "move replayed"
wait_for "2\. Qh5 +g7"

# q asks during a game; n keeps playing, then q y leaves.
keys q
wait_for "Quit the game in progress"
keys n
wait_for "quit cancelled"
quit_cleanly

# Mouse clicks (X10 reports, as TERM=screen announces): f3 then f5.
start 80 24 --variant pemba
wait_for "White to move"
keys -l "$(printf '\033[M 4)')"
keys -l "$(printf '\033[M#4)')"
wait_for "Pawn on f3: choose"
keys -l "$(printf "\033[M 4'")"
keys -l "$(printf "\033[M#4'")"
wait_for "1\. f5"
quit_cleanly

# The short form in small letters, and a refusal that says why.
start 80 24 --variant pemba
wait_for "White to move"
typed Nc6
wait_for "Nc6: no Knight can reach c6"
screen | grep -q "Nc6: Nc6" && fail "the refused move is named twice"
keys Escape
typed E6
wait_for "E6: no Pawn can reach e6"
keys Escape
typed e8e6
wait_for "the piece on e8 is Black's, and it is White's move"
keys Escape
typed nd4
wait_for "1\. Nd4"
quit_cleanly

# Full strength thinks for seconds without a clock; the screen counts them,
# with the depth and score too once analysis is shown.
start 120 45 --variant zanzibar-xl --white engine --black human --level 10 --setup 1
wait_for "engine: thinking\.\.\. [0-9]+ s"
keys a
wait_for "engine d[0-9]+ ([+-][0-9]+\.[0-9][0-9]|#-?[0-9]+) [0-9]+ s"
# m: it plays at once, where level 10 would go on for 15 s in all (so the
# wait is shorter than the shared one, which would outlast the search).
keys m
seen_within " 1\. [A-Za-z]+[0-9]" 50 || fail "m should make the engine play at once"
keys m
wait_for "the engine is not thinking now"
quit_cleanly

# Moves as other programs and players write them: long algebraic with x
# (e is also the Elephant's letter), a Pawn's letter, a promotion without
# =; castling is refused as a move these games do not have.
start 80 24 --variant pemba --fen "'9k/4P5/10/10/3p1p4/2P7/4N5/10/10/K9 w - - 0 1'"
wait_for "White to move"
typed e4xf6
wait_for "1\. Nxf6"
typed O-O
expect "there is no castling in Pemba" "O-O should be refused as castling, not as a command"
typed Pd6xc5
wait_for "1\. Nxf6 +dxc5"
typed e10Q
wait_for "2\. e10=Q"
quit_cleanly
exit 0
