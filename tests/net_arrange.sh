#!/bin/sh
# A Zanzibar game whose Black arranges the pieces, between terminals: the
# inviter's screen waits for Black's arrangement and nobody moves before
# it; the guest, Black, is shown the board to arrange them on joining (Esc
# puts it off, :arrange brings it back), and the inviter sees them appear.
# A guest who never arranges them aborts the game, as a first move not
# made in time does. The host's word (chat, the inviter's abort) reaches
# the guest on the board to arrange them at once.
. "${ZANZIBAR_SRCDIR:-.}/tests/net_lib.sh"

run a --invite "$ME" --variant zanzibar-s --setup black
see a "waiting for $ME" "the inviter should wait for the guest"
see a "Waiting for Black's arrangement" "the inviter should wait for Black's arrangement"
run b --join "$ME"
see b "by number" "the guest should be asked how to arrange Black's pieces on joining"
key b Escape
see b "the game waits for your arrangement: :arrange shows the board again" \
    "Esc should put the arrangement off, back on the game"
see b "You arrange the pieces" "the guest's status should say it arranges the pieces"
cmd a f5
see a "arranges the pieces first" "nobody should move before Black's arrangement"
cmd b arrange
see b "by number" ":arrange should show the choices again"
key b 3 # a random setup
see a "$ME \\(Black\\) arranged the pieces: setup [0-9]+ of" "the inviter should hear of the arrangement"
see a "White to move" "the inviter's game should begin"
see b "White to move" "the guest's game should begin"
# Both boards show the same arrangement: Black's back rank as the guest
# made it (the guest's board is turned: its files run from l to a).
rank12() { scr "$1" | grep -E "^ ?12 " | tr -d '[]' | awk '{ for (i = 2; i <= 13; i++) print $i }'; }
back_a=$(rank12 a | tr '\n' ' ')
back_b=$(rank12 b | tac | tr '\n' ' ')
[ -n "$back_a" ] && [ "$back_a" = "$back_b" ] ||
    fail "both boards should show Black's arrangement: '$back_a' and '$back_b'"
cmd b arrange
see b "there are no pieces for you to arrange" ":arrange after the arrangement should say so"
for t in a b; do key $t q; key $t y; done
gone "the host of the arranged game should end when both have left"

# ---- the guest puts the arrangement off for good: past the time for a
# first move (6 s here, a minute for players) the game is aborted (the
# time runs from the guest's arrival: a slow machine must still show the
# arrangement put off with Esc, held back 300 ms, before it ends)
FIRST_MOVE=6 run a --invite "$ME" --variant zanzibar-s --setup black --time 1+0
see a "Waiting for Black's arrangement" "the inviter should wait for Black's arrangement again"
FIRST_MOVE=6 run b --join "$ME"
see b "by number" "the guest should be asked to arrange again"
key b Escape
see b "the game waits for your arrangement" "Esc should put the arrangement off"
see a "game aborted: $ME \\(Black\\) did not arrange the pieces within 6 s" \
    "the inviter should not wait for the arrangement without end"
see b "game aborted: $ME \\(Black\\) did not arrange the pieces" \
    "the guest should be told why the game was aborted"
see a "Game aborted" "the inviter's status line should say that the game was aborted"
cmd b arrange
see b "there are no pieces for you to arrange" "an aborted game should have nothing to arrange"
for t in a b; do key $t q; key $t y; done
gone "the host of the aborted game should end when both have left"

# ---- the inviter aborts while the guest is on the board to arrange the
# pieces: the guest is told at once, not only on leaving that board, and
# is taken back to the game, which says why; what is said before shows on
# that board, the arrangement under way kept
run a --invite "$ME" --variant zanzibar-s --setup black
see a "Waiting for Black's arrangement" "the inviter should wait for Black's arrangement a third time"
run b --join "$ME"
see b "by number" "the guest should be asked to arrange a third time"
see b "Esc back to the game" "the guest's key line should say Esc leads back to the game"
key b 2
see b "Setup number \\(1 to [0-9]+\\)" "2 should ask the guest for a setup number"
key b 1 7
cmd a "say arrange them well"
see b "$ME: arrange them well" "the guest arranging the pieces should read the inviter's chat at once"
see b "^ +17 *$" "the chat should leave the setup number typed as it was"
cmd a abort
see a "game aborted: $ME aborted the game" "the inviter's abort should end the game"
see b "game aborted: $ME aborted the game" \
    "the guest arranging the pieces should be told at once that the inviter aborted the game"
see b "Game aborted" "the guest should be back on the game, whose status says it was aborted"
cmd b arrange
see b "there are no pieces for you to arrange" "the aborted game should have nothing to arrange"
for t in a b; do key $t q; key $t y; done
gone "the host of the game aborted during the arrangement should end when both have left"
exit 0
