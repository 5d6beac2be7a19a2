#!/bin/sh
# Nothing a player does loses a game: a new game from the menu, ':load FILE'
# and ':fen FEN' first move the unfinished game into the saved-games
# folder and say where; ':resign' asks first, and undo right after takes
# back the resignation alone, with the finished game's file.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

SAVED="$XDG_DATA_HOME/zanzibar"
count() { ls "$SAVED"/*.pgn 2>/dev/null | wc -l; }

# Wide, so that the message with its path stays on one line.
start 300 30 --variant pemba
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
typed "fen 4k5/10/10/10/q9/10/10/10/10/9K w - - 0 1"
wait_for "position set from FEN; the earlier unfinished game was kept as $SAVED/.*\.pgn"
[ "$(count)" = 1 ] || fail "the game replaced by :fen was not kept ($(count) files)"
first=$(ls "$SAVED"/*.pgn)
grep -q "1\. e5 \*" "$first" || fail "the kept file does not hold the game: $(cat "$first")"

typed Kj2
wait_for "1\. Kj2"
typed "load $first"
wait_for "loaded .*: Pemba, 1 move; the earlier unfinished game was kept as $SAVED/.*\.pgn"
[ "$(count)" = 2 ] || fail "the game replaced by :load was not kept ($(count) files)"
grep -l "Kj2" "$SAVED"/*.pgn | grep -q . || fail "the FEN game with its move was not kept"
grep -l 'FEN "4k5' "$SAVED"/*.pgn | grep -q . || fail "the kept FEN game lost its start"

typed e8e6
wait_for "1\. e5 +e6"
keys n
wait_for "Leave the game in progress for a new one\? \(y/n\)"
keys y
wait_for "Start the game"
[ "$(count)" = 2 ] || fail "leaving for the menu already moved the game"
keys Enter
wait_for "the earlier unfinished game was kept as $SAVED/.*\.pgn"
expect "Moves: none yet" "the new game did not start"
[ "$(count)" = 3 ] || fail "the game replaced from the menu was not kept ($(count) files)"
grep -l "1\. e5 e6 \*" "$SAVED"/*.pgn | grep -q . || fail "the loaded game with its move was not kept"
# A game without a move is no game to keep.
keys n
wait_for "Start the game"
keys Enter
wait_for "Moves: none yet"
[ "$(count)" = 3 ] || fail "an empty game was kept"
screen | grep -q "unfinished game was kept" && fail "an empty game was said to be kept"
# :resign asks first; n keeps playing.
typed e3e5
wait_for "1\. e5"
typed resign
wait_for "Resign the game\? \(y/n\)"
keys n
wait_for "not resigned: the game goes on"
expect "Black to move" "declining the question resigned"
# y resigns, and the finished game is kept; undo takes back the
# resignation alone, and the kept file with it: play goes on.
typed resign
wait_for "Resign the game\? \(y/n\)"
keys y
wait_for "Black resigns: 1-0; kept among the saved games"
finished=$(grep -l '^\[Result "1-0"\]' "$SAVED"/*.pgn)
[ -n "$finished" ] || fail "the finished game was not kept"
keys u
wait_for "the resignation is taken back: the game goes on; .* was removed"
expect "Black to move" "undo did not bring the game back"
expect "1\. e5" "undo after resign took back a move"
[ -e "$finished" ] && fail "the finished game's file stayed while play goes on"
wait_for_file() { i=0; while [ ! -e "$1" ] && [ $i -lt "$WAIT_TENTHS" ]; do sleep 0.1; i=$((i + 1)); done; [ -e "$1" ]; }
wait_for_file "$XDG_STATE_HOME/zanzibar/current.pgn" || fail "the game taken back into play is not saved for resuming"
typed e8e6
wait_for "1\. e5 +e6"
[ "$(count)" = 3 ] || fail "playing on after undo left a file behind ($(count) files)"

quit_cleanly
exit 0
