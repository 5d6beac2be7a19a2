#!/bin/sh
# Draw offers against the engine, as the player sees them: the engine
# judges from its own side, not from the last search (a hint searched the
# player's side), and plays on at move 1.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# The lost Pemba position: after Kj2 and the engine's reply, a
# hint, then the offer.
start 100 30 --variant pemba --black engine --level 1 \
    --fen "'4k5/10/10/10/q9/10/10/10/10/9K w - - 0 1'"
wait_for "White to move"
typed j1j2
wait_for "1\. Kj2 +[A-Z]"
keys t
wait_for "hint: "
typed draw
expect "declines the draw" "the engine took a draw in a won game"
screen | grep -q "draw agreed" && fail "the draw was agreed"
quit_cleanly

# Move 1 of a new game: nothing to agree to yet.
start 100 30 --variant zanzibar-s --black engine --level 5
wait_for "White to move"
typed draw
expect "declines the draw" "the engine took a draw at move 1"
quit_cleanly
