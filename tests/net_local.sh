#!/bin/sh
# What belongs to a game at this terminal stays out of a game between
# terminals: turning the board round during one writes nothing to this
# terminal's state file, so the menu never offers to resume that game as
# a game here; and each kind of game refuses the other's commands.

. "${ZANZIBAR_SRCDIR:-.}/tests/net_lib.sh"

STATE_A="$WORKDIR/home-a/state/zanzibar/current.pgn"
STATE_B="$WORKDIR/home-b/state/zanzibar/current.pgn"

run a --invite "$ME" --variant pemba
see a "waiting for $ME" "the inviter should wait"
run b --join "$ME"
see b "Black: $ME" "the guest should see the game"
cmd a e4
see b "1\\. e4" "the guest should see White's move"
cmd b e7
see a "1\\. e4 +e7" "the inviter should see Black's move"

# ---- a flip on each screen: shown there, kept nowhere
key a f
see a "Black is now at the bottom" "f should turn the inviter's board round"
cmd b flip
see b "White is now at the bottom" "flip should turn the guest's board round"
sleep 0.3
[ -e "$STATE_A" ] && fail "a flip must not write a game between terminals into the state file"
[ -e "$STATE_B" ] && fail "a flip must not write a game between terminals into the state file"

# ---- the commands of a game here are refused between terminals
cmd a undo
see a "undo is for a game at this terminal, not between terminals" \
    "undo should be refused between terminals"
cmd b hint
see b "hint is for a game at this terminal, not between terminals" \
    "hint should be refused between terminals"

key a q; key a y; key b q; key b y
see a "EXIT=0" "the inviter should leave cleanly"
gone "the host should end when both players have left"
[ -e "$STATE_A" ] && fail "leaving a game between terminals must not write the state file"

# ---- the menu offers no game here to resume; a game here refuses chat
run a
see a "Invite +[[<]" "the menu should come up"
scr a | grep -q "Resume the saved game" &&
    fail "the menu should not offer a game between terminals as a saved game here"
key a Enter
see a "White to move" "a game here should start from the menu"
cmd a "say hello"
see a "say is for a game against another player \\(the menu's Invite or Join line\\)" \
    "say should be refused at this terminal"
key a q; key a y
see a "EXIT=0" "the game here should end cleanly"
exit 0
