#!/bin/sh
# The public server behind a private sshd (tests/server_lib.sh), its
# limits as strangers meet them: the engines are the server's (no engine
# on a game in play, for its players or its spectators; analysis after the
# game and a resumed game each take one of the engines), the games cap
# counts what a name chose (invitations made to it do not count), and
# every session ends when idle (a board, a seek, the sign-up prompt), said
# before and when it ends.
SERVER_ROLE=l
. "${ZANZIBAR_SRCDIR:-.}/tests/server_lib.sh"

add_server_account
make_keys alice bob carol dave erin frank
# one engine on the whole server, one game at once per name
EXTRA_CONF="SetEnv ZANZIBAR_SERVER_ENGINES=1 ZANZIBAR_SERVER_GAMES_PER_NAME=1 ZANZIBAR_SERVER_NAMES_PER_NETWORK=20"
start_sshd_retrying "sshd did not start"

# sign_up NAME: NAME's key signs up as NAME, then leaves the menu.
sign_up() {
    term "u$1" "$1"
    see "u$1" "choose the name" "no sign-up prompt for $1"
    type_line "u$1" "$1"
    see "u$1" "five large chess variants" "no menu for $1 after signing up"
    tm kill-session -t "=u$1"
}
for n in alice bob carol dave erin; do sign_up "$n"; done
# press NAME KEY PATTERN WHAT: KEY on NAME's terminal, then PATTERN seen.
press() {
    tm send-keys -t "=$1:" "$2"
    see "$1" "$3" "$4"
}

# --- no engine on a game in play, for its players and its spectators -------
term ga alice "invite bob --variant pemba"
see ga "waiting for bob" "alice's invitation does not wait"
term gb bob "join alice"
see gb "Black: bob" "bob did not join alice's game"
cmd ga e4
see gb "1\\. e4" "bob did not see alice's move"
term gw carol "watch bob"
see gw "1\\. e4" "carol does not watch the game"
press ga a "no engine on a game in play here" "a player of a live game got the engine"
press gw a "no engine on a game in play here" "a spectator of a live game got the engine"
scr gw | grep -q "depth" && fail "the spectator's analysis runs on a live game"

# After the game anyone may analyse, within the cap: carol's analysis
# holds the server's one engine, and dave's game against it waits.
cmd gb resign
see gb "Resign the game\\? \\(y/n\\)" "resign did not ask first"
tm send-keys -t "=gb:" y
see gw "0-1|1-0" "the spectator did not see the game end"
press gw a "analysis on" "the spectator could not analyse the finished game"
term m dave
see m "five large chess variants" "no menu for dave"
press m Enter "engines are all busy" "analysis after the game did not count against the engines' cap"
press gw a "analysis off" "the analysis did not stop"
press m Enter "to move" "the engine given back by the analysis was not free for dave"
cmd m a4
see m "1\\. a4 +[A-Za-z]" "the engine did not answer dave's move"
for t in ga gb gw; do tm kill-session -t "=$t"; done

# --- a resumed game against the engine takes an engine as a new one does ---
tm kill-session -t "=m"
left_list alice dave
term m dave
see m "Resume the saved game" "dave's game against the engine is not offered to resume"
press m Enter "resumed the saved game" "dave's game was not resumed"
term e erin
see e "five large chess variants" "no menu for erin"
press e Enter "engines are all busy" "a resumed game against the engine took no engine"
tm kill-session -t "=m"
tm kill-session -t "=e"

# --- the games cap counts what a name chose -----------------------------------
# Four names invite bob; nobody answers: bob may still seek (cap 1).
i=1
for n in alice carol dave erin; do
    term "i$i" "$n" "invite bob --variant pemba"
    see "i$i" "waiting for bob" "$n's invitation of bob does not wait"
    i=$((i + 1))
done
term sb bob "seek --variant pemba"
see sb "waiting for anyone" "four unanswered invitations to bob blocked bob's seek"
for i in 1 2 3 4; do tm kill-session -t "=i$i"; done
# bob's seek counts: with a cap of 1, no second game.
term s2 bob "invite carol --variant pemba"
see s2 "you are already in 1 game, the most at once here" "bob's seek was not counted"
see s2 "EXIT=2" "the refusal over the cap did not end with status 2"
tm kill-session -t "=sb"
tm kill-session -t "=s2"

# --- every session ends when idle, said before and when it ends ----------------
stop_sshd
EXTRA_CONF="SetEnv ZANZIBAR_SERVER_IDLE_SECONDS=8 ZANZIBAR_SERVER_NAMES_PER_NETWORK=20"
start_sshd_retrying "sshd did not start again"
# idle NAME WHAT: NAME's session warns (2 s before its end: a window a loaded
# machine does not miss), then ends with a message.
idle() {
    see "$1" "this session ends in" "$2 gave no warning before its idle end"
    see "$1" "nothing happened here for 8 seconds" "$2 did not say why it ended"
    see "$1" "EXIT=" "$2 did not end"
}
term ib alice "invite bob --variant pemba"
see ib "waiting for bob" "alice's invitation does not wait"
idle ib "an invitation nobody answers"
gone "$DATA/run/g.alice.bob" "the invitation outlived its inviter's idle end"
term is bob "seek --variant pemba"
see is "waiting for anyone" "bob's seek does not wait"
idle is "a seek nobody takes"
term ie erin
see ie "five large chess variants" "no menu for erin"
press ie Enter "to move" "no game against the engine for erin"
idle ie "a game against the engine"
term iu frank
see iu "choose the name" "no sign-up prompt for frank"
see iu "closes after 8 seconds" "the sign-up prompt did not say it ends"
see iu "No name was typed in 8 seconds" "the sign-up prompt did not end"
see iu "EXIT=2" "the idle sign-up did not end with status 2"

echo "the server's limits: engines, games cap and idle sessions hold"
