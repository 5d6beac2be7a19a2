#!/bin/sh
# ':load' without a name: the list of saved games, newest first, from which
# Enter or a click loads one; Esc goes back without loading.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24 --variant pemba
wait_for "White to move"
typed load
wait_for "No saved games yet"
keys Escape
wait_for "White to move"
typed f3f5
wait_for "1\. f5"
typed "save first"
wait_for "game saved to"
typed e8e6
wait_for "1\. f5 +e6"
typed "save second"
wait_for "game saved to .*second"
# The older file gets an older time, so that the order does not hang on
# the names.
touch -d '2020-01-01' "$XDG_DATA_HOME/zanzibar/first.pgn"

typed load
wait_for "Saved games, newest first \(2\)"
expect "Pemba +\* +1  no clock +Human - Human" "the list does not describe the games"
expect "file: second\.pgn" "the newest game is not the one chosen first"
line=$(screen | grep -n "2020-01-01 00:00" | cut -d: -f1)
[ "$line" = 5 ] || fail "the older game is not on the second line ($line)"
keys Down Enter
wait_for "loaded .*first\.pgn: Pemba, 1 move([ ;]|$)"
screen | grep -q "e6" && fail "the game chosen (without e6) was not loaded"

# A click on a line loads that game. The game the load above replaced was
# kept among the saved games (the newest), so "second" is the line below.
touch -d '2021-01-01' "$XDG_DATA_HOME/zanzibar/second.pgn"
typed load
wait_for "Saved games, newest first \(3\)"
keys -l "$(printf '\033[M $%%')"
keys -l "$(printf '\033[M#$%%')"
# Moves are counted as the list counts them: f5 and e6 are one move.
wait_for "loaded .*second\.pgn: Pemba, 1 move([ ;]|$)"
wait_for "1\. f5 +e6"
quit_cleanly

# :save NAME and :load NAME read a name the same way: .pgn added, ~/ the
# home folder, spaces quoted as the shell quotes them.
start 100 30 --variant pemba
wait_for "Moves: none yet"
typed f3f5
wait_for "1\. f5"
typed "save t1"
wait_for "game saved to .*t1\.pgn"
typed "save 'my game'"
wait_for "game saved to .*my game\.pgn"
typed "save ~/g2"
wait_for "game saved to $HOME/g2\.pgn"
typed e8e6
wait_for "1\. f5 +e6"
typed "load t1"
expect "loaded .*t1\.pgn: Pemba, 1 move" ":load t1 should read the t1.pgn that :save t1 wrote"
typed e8e6
wait_for "1\. f5 +e6"
typed 'load my\ game'
expect "loaded .*my game\.pgn: Pemba" ":load should read a name with a space, quoted as in the shell"
typed "load ~/g2"
expect "loaded $HOME/g2\.pgn: Pemba" ":load should understand ~/ as :save does"
quit_cleanly
exit 0
