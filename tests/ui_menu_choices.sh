#!/bin/sh
# The start menu's free choices: any M+S clock typed on the Clock line,
# with bad clocks refused and the reason given; and with the engine as
# Black in a Zanzibar, the other ways of choosing Black's setup; and the
# bell (with the title) when the other side has moved, off by default.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24
wait_for "Start the game"
keys Up Up Up
wait_for "Clock +< none"
keys 0 + 0 Enter
wait_for "clock: '0\+0' is not M\+S such as 10\+5, nor Ns\+S such as 30s\+1"
expect "Clock +\[ 0\+0 \]" "the refused clock is not kept for mending"
keys BSpace BSpace BSpace
keys -l "7+x"
keys Enter
wait_for "clock: '7\+x' is not M\+S"
keys BSpace
keys 3 Enter
wait_for "Clock +< 7 min \+ 3 s a move >"
# Right and Left go round the presets and back to the clock typed.
keys Right
wait_for "Clock +< none"
keys Left
wait_for "Clock +< 7 min \+ 3 s a move >"
keys Down Down Down Enter
wait_for "White 07:00 +Black 07:00"
quit_cleanly

# A clock of seconds: 30 s each and 1 s a move.
start 80 24
wait_for "Start the game"
keys Up Up Up
wait_for "Clock +< none"
keys -l "30s+1"
keys Enter
wait_for "Clock +< 30 s \+ 1 s a move >"
keys Down Down Down Enter
wait_for "White 00:30 +Black 00:30"
quit_cleanly

# The engine plays Black, and the person picks Black's setup by number...
start 80 24
wait_for "Setup +< the engine chooses \(it plays Black\) >"
keys Up Up
keys Right
wait_for "Setup +< Black's pieces placed with the cursor >"
keys Right
wait_for "Setup +< a setup picked by number >"
keys Enter
wait_for "Setup number \(1 to 48\)"
keys 5 Enter
wait_for "Zanzibar-S, setup number 5 of 48"
expect "Black: engine" "the engine does not play Black"
expect "White to move" "White does not move first"
keys n
wait_for "Leave the game in progress|Start the game"
screen | grep -q "Leave the game" && keys y
# ... or places Black's pieces with the cursor, White's mirroring them.
wait_for "Setup +< a setup picked by number >"
keys Left
wait_for "Setup +< Black's pieces placed with the cursor >"
keys Enter
wait_for "type a piece letter"
keys u k q f g l Enter
wait_for "setup number [0-9]+ of 48"
expect '^12 .* u  k  q  f ' "Black's arrangement not on rank 12"
expect "Black: engine" "the engine does not play Black"
quit_cleanly

# The bell is off by default: the engine's reply rings nothing.
flags() { tm display-message -p -t "$SESSION" '#{window_bell_flag}|#{pane_title}'; }
start 80 24 --variant pemba --white human --black engine --level 1
wait_for "White to move"
typed f3f5
wait_for "1\. f5 +[A-Za-z]"
sleep 0.3
case $(flags) in 0\|*) ;; *) fail "the bell rang while off: $(flags)" ;; esac
case $(flags) in *played*) fail "the title changed while the bell is off" ;; esac
quit_cleanly

# Set in the menu, it rings and names the engine's move in the title.
start 80 24 --white human --black engine --level 1
wait_for "Bell +< off >"
keys Up
keys Right
wait_for "Bell +< on: bell and title when the other side moved >"
keys Down Enter
wait_for "setup number"
typed d3d5
wait_for "1\. d5 +[A-Za-z]"
# (the bell and the title are awaited: a slow program may send them a
# moment after the move shows)
tries=$WAIT_TENTHS
until case $(flags) in 1\|*"zanzibar: Black played "*" - your move") true ;; *) false ;; esac; do
    [ "$tries" -gt 0 ] || break
    sleep 0.1
    tries=$((tries - 1))
done
case $(flags) in 1\|*) ;; *) fail "no bell for the engine's move: $(flags)" ;; esac
case $(flags) in *"zanzibar: Black played "*" - your move") ;;
    *) fail "the title does not name the engine's move: $(flags)" ;; esac
quit_cleanly

# The settings file turns it on, and refuses a value that is neither.
mkdir -p "$XDG_CONFIG_HOME/zanzibar"
echo "bell = on" >"$XDG_CONFIG_HOME/zanzibar/config"
start 80 24
wait_for "Bell +< on: bell and title"
quit_cleanly
echo "bell = loud" >"$XDG_CONFIG_HOME/zanzibar/config"
start 160 30
wait_for "line 1: bell must be on or off, not 'loud'"
expect "Bell +< off >" "a bad bell setting did not leave the bell off"
quit_cleanly
# Letters on the Invite line are a user name; Esc leaves the line, so that
# q quits again (a key storm once ended there, unable to quit).
start 80 24
wait_for "Start the game"
keys Home Up
keys -l qy
wait_for "Invite +[[<] qy_ on another terminal"
keys Escape
wait_gone "qy_"
quit_cleanly
exit 0
