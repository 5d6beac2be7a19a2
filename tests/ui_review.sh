#!/bin/sh
# Review: stepping back and forth through the game's moves with the keys
# and the move list, without taking any back; a move tries a variation.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24 --variant pemba
wait_for "White to move"
typed f3f5
typed e8e6
typed g3g4
wait_for "2\. g4"
keys '['
wait_for "review: move 2 of 3, 1\.\.\. e6 \(Esc returns\)"
expect '^ 3 +P +P +P +P +P +P +P ' "the board does not show g4 taken back"
expect '^ 6 +.p. ' "e6 is not marked as the move reviewed"
keys Home
wait_for "review: the start, move 0 of 3"
expect '^ 8 +p +p +p +p +p +p ' "the start position is not shown"
keys ']'
wait_for "review: move 1 of 3, 1\. f5"
keys PageDown PageDown
wait_for "review closed"
wait_gone "review:"
expect "^ 4 +'P'" "g4 is not back on the board"
# (Z's message shows once Esc, held back 300 ms as the start of a key's
# sequence, has been handled: only then does the screen tell anything)
keys Escape
keys Z
wait_for "key Z does nothing here"
screen | grep -q "review:" && fail "Esc opened a review"

# The move list by mouse (X10 reports): a click on e6 reviews the position
# after it; Esc returns, and nothing was taken back.
click() { # column row, counted from 0
    keys -l "$(printf "\033[M %b%b" "\\0$(printf %o $(($1 + 33)))" "\\0$(printf %o $(($2 + 33)))")"
    keys -l "$(printf "\033[M#%b%b" "\\0$(printf %o $(($1 + 33)))" "\\0$(printf %o $(($2 + 33)))")"
}
click 50 8
wait_for "review: move 2 of 3, 1\.\.\. e6"
keys Escape
wait_for "review closed"
expect "2\. g4 *$" "a move was taken back by the review"

# A move typed during the review tries a variation from the position
# reviewed, shown above the game's moves; the game is unchanged; [ takes
# the variation's last move back, Esc returns to the game, and a move is
# then played in the game.
keys '[' '['
wait_for "review: move 1 of 3"
typed e8e7
wait_for "variation: 1\.\.\. e7 \(the game is unchanged"
typed g3g4
wait_for "variation: 1\.\.\. e7 2\. g4"
expect "^Variation \(Esc: back to the game\)|Variation \(Esc" "the variation is not shown beside the game"
expect "2\. g4 *$" "a move tried in a variation changed the game"
keys '['
wait_for "variation: its last move taken back"
# K keeps the variation with the game: saved beside the move it replaces
keys K
wait_for "variation kept: \(1\.\.\. e7\) is saved with the game beside e6"
keys Escape
wait_for "review closed"
typed "save $WORKDIR/variation.pgn"
wait_for "game saved to"
tr '\n' ' ' <"$WORKDIR/variation.pgn" | grep -q "e6 (1\.\.\. e7) 2\. g4" ||
    fail "the variation kept should be saved as a PGN variation: $(cat "$WORKDIR/variation.pgn")"
keys '[' '['
wait_for "review: move 1 of 3"
keys Escape
wait_for "review closed"
typed e6e5
wait_for "2\. g4 +e5"
wait_gone "review:|variation:"
quit_cleanly

# The move list walked with the arrows after Tab: Left and Right a move,
# Up and Down a line, Home its start, End the game as it stands; Tab gives
# the arrows back to the board, the review staying where it is.
start 80 24 --variant pemba
wait_for "White to move"
for m in f3f5 e8e6 g3g4 d8d7 h3h4; do typed $m; done
wait_for "3\. h4"
keys Tab
wait_for "Moves \(arrows walk, Tab returns\)"
keys Left
wait_for "review: move 4 of 5, 2\.\.\. d7"
keys Up
wait_for "review: move 2 of 5, 1\.\.\. e6"
keys Left
wait_for "review: move 1 of 5, 1\. f5"
keys Down Right
wait_for "review: move 4 of 5, 2\.\.\. d7"
keys Home
wait_for "review: the start, move 0 of 5"
keys End
wait_for "review closed"
keys Left Tab
wait_for "review: move 4 of 5"
wait_gone "arrows walk"
keys Left # the board's cursor now: the review stays
keys Z    # (its message shows once Left has been handled)
wait_for "key Z does nothing here"
expect "review: move 4 of 5" "Left after Tab should move the board's cursor, not the review"
typed "goto 1"
wait_for "review: move 2 of 5, 1\.\.\. e6"
quit_cleanly

# "goto N": the position after move N of the list, in review; a number the
# list does not hold is refused with the range.
start 80 24 --variant pemba
wait_for "White to move"
for m in f3f5 e8e6 g3g4 d8d7 h3h4; do typed $m; done
wait_for "3\. h4"
typed "goto 1"
wait_for "review: move 2 of 5, 1\.\.\. e6"
typed "goto 2."
wait_for "review: move 3 of 5, 2\. g4"
typed "goto 0"
wait_for "review: the start, move 0 of 5"
typed "goto 9"
wait_for "there is no move 9: the list goes from 1 to 3"
typed "goto x"
wait_for "'x' is not a move number"
typed "goto 3"
wait_for "review closed"

# ":copy fen" and ":copy" send the FEN of the position shown and the game's
# PGN to the terminal's clipboard (OSC 52): tmux, told to take such
# sequences, keeps them as its paste buffer.
tm set-option -g set-clipboard on
typed "goto 1"
wait_for "review: move 2 of 5"
typed "copy fen"
wait_for "the FEN sent to your terminal's clipboard"
fen=$(tm show-buffer 2>/dev/null)
echo "$fen" | grep -q "^[a-zA-Z0-9/]*/pppp1ppppp/10/4p5/5P4/10/PPPPP1PPPP/[a-zA-Z/]* w " ||
    fail "the clipboard holds '$fen', not the FEN after 1... e6"
keys Escape
typed copy
wait_for "the game's PGN sent to your terminal's clipboard"
tm show-buffer | grep -q '^\[Variant "pemba"\]' || fail "the clipboard holds no PGN: $(tm show-buffer)"
tm show-buffer | grep -q "1\. f5 e6 2\. g4 d7 3\. h4" || fail "the PGN copied lacks the moves"
quit_cleanly

# What each side took, grouped, with the material balance beside the side
# ahead (White took two Pawns for one).
start 80 24 --variant pemba
wait_for "White to move"
for m in e3e5 d8d6 e5d6 c8c6 d6c7 b8c7; do typed $m; done
wait_for "3\. dxc7 +bxc7"
expect "White took: p2  \+1" "Black's two Pawns are not grouped beside White, or the balance is missing"
expect "Black took: P( |$)" "White's Pawn is not among the pieces Black took"
keys '[' '['
wait_for "review: move 4 of 6"
expect "White took: p  \+1" "the review does not show what was taken by then"
expect "Black took: *$" "the review does not show what was taken by then"
quit_cleanly

# Home and End as each kind of terminal sends them, raw, whatever TERM
# says: Home reviews the start, End closes the review; neither is read as
# Esc and letters.
hex() { printf '%s' "$1" | od -An -tx1; }
for term in screen xterm; do
    UI_TERM=$term start 80 24 --variant pemba
    wait_for "White to move"
    typed f3f5
    typed e8e6
    wait_for "1\. f5 +e6"
    for home in '\033[1~' '\033[7~' '\033[H' '\033OH'; do
        # shellcheck disable=SC2046
        keys -H $(hex "$(printf "$home")")
        wait_for "review: the start, move 0 of 2"
        # back to the game, so that the next Home's review is its own
        typed "goto 1"
        wait_gone "review:"
    done
    for end in '\033[4~' '\033[8~' '\033[F' '\033OF'; do
        keys '['
        wait_for "review: "
        # shellcheck disable=SC2046
        keys -H $(hex "$(printf "$end")")
        wait_for "review closed"
        wait_gone "review:"
    done
    expect "1\. f5 +e6" "a Home or End key took a move back"
    quit_cleanly
done
exit 0
