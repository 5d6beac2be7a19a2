#!/bin/sh
# Bracketed paste on the game screen (tmux's paste-buffer -p marks the
# text as the program asked): a pasted FEN sets up its game, of another
# variant too; a pasted PGN loads its first game, whole, never read as keys;
# a line pasted into the ':' line is typed there; anything else is refused
# with a message and the game is untouched; an end mark parted by a slow
# link still ends the paste.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# paste TEXT: pasted into the program's terminal as a terminal would.
paste() {
    tm set-buffer -- "$1"
    tm paste-buffer -p -t "$SESSION"
}

start 100 36 --variant pemba
wait_for "White to move"
typed e3e5
wait_for "1\. e5"

# a Zanzibar-S FEN during a Pemba game: the game becomes Zanzibar-S, the
# unfinished one is kept first
paste "cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/CJZVUKQFVZJC b Kk - 0 1"
wait_for "position set from FEN: a game of Zanzibar-S"
wait_for "^Zanzibar-S "
wait_for "Black to move"

# a game in PGN, several lines, with moves that are also key letters: it
# is loaded whole, and none of its letters acts as a key
printf '[Event "pasted"]\n[Variant "pemba"]\n[White "Ann"]\n[Black "Ben"]\n\n1. e4 e7 2. d4 d7\n3. f4 *\n' >"$WORKDIR/game.pgn"
tm load-buffer "$WORKDIR/game.pgn"
tm paste-buffer -p -t "$SESSION"
wait_for "loaded the pasted game: Pemba, 3 moves"
wait_for "3\. f4"
expect "Black to move" "the pasted game's position should be shown"
screen | grep -q "Quit the game" && fail "the paste's letters were read as keys"

# a line pasted into the open ':' line is typed there, and runs with Enter
keys ':'
paste "goto 1"
wait_for "^:goto 1"
keys Enter
wait_for "review: move [0-9]+ of 5"

keys Escape
# text that is neither a FEN nor a game is refused; the game stays
paste "hello there"
wait_for "neither a FEN nor a game in PGN"
paste "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
wait_for "bad FEN: the placement has 8 ranks, Pemba has 10"
expect "3\. f4" "a refused paste should leave the game as it was"

# a paste whose end mark a slow link parts, its rest 1.5 s later: one
# paste all the same, and none of the mark's bytes is read as a key
keys -H 1b 5b 32 30 30 7e
keys -l "k9/10/1K8/4p5/10/10/10/10/10/9R w - - 0 1"
keys -H 1b 5b 32 30
sleep 1.5
keys -H 31 7e
wait_for "^position set from FEN$"
expect "Moves: none yet" "the FEN pasted with a parted end mark should be set up"
screen | grep -q "bad FEN" && fail "the parted end mark was read as part of the FEN"
quit_cleanly
exit 0
