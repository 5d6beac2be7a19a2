#!/bin/sh
# The special moves at the board: a promotion with its chooser, a King
# jump with its marked squares, a carpet flight, and the Zanzibar setup
# placed by Black with the cursor.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# Promotion: the chooser lists exactly Zanzibar-S's five pieces.
start 80 24 --variant zanzibar-s --fen "'11k/1P10/12/12/12/12/12/12/12/12/12/11K w - - 0 1'"
wait_for "White to move"
keys -N 10 h
keys -N 10 k
keys Enter
wait_for "Pawn on b11"
keys k Enter
wait_for "Promote to"
wait_for " F  Buffalo"
n=$(screen | grep -Ec ' [A-Z]  (Queen|Eagle|Lion|Rhinoceros|Buffalo|Rook|Knight|Bishop|Duchess|Sorceress)')
[ "$n" -eq 5 ] || fail "the chooser shows $n pieces, not 5"
screen | grep -Eq 'Rook|Duchess' && fail "the chooser offers a piece not allowed"
keys n
wait_for "'n' is not one of the pieces offered"
keys l
wait_for "1\. b12=L"
quit_cleanly

# King jump: the sixteen-square jump targets are marked with @.
start 80 24 --variant zanzibar-s --fen "'k10r/12/12/12/12/12/12/12/12/12/12/5K6 w K - 0 1'"
wait_for "White to move"
keys Enter
wait_for "King on f1"
expect '^ 3 +@  @  @  @  @' "jump squares on rank 3 not marked"
expect '^ 1 .*@ .*\[K\].* @' "jump squares on rank 1 not marked"
keys l l k k Enter
wait_for "1\. Kh3"
quit_cleanly

# A King in check is marked, and may not jump.
start 80 24 --variant zanzibar-s --fen "'k10r/12/12/12/12/12/12/12/12/12/12/5K6 b K - 0 1'"
wait_for "Black to move"
typed l12f12
wait_for "White to move, in check"
expect '^ 1 +!K!' "the King in check is not marked"
typed f1h3
wait_for "^f1h3: the King may not jump while it is in check"
screen | grep -q "2\. " && fail "a King jump out of check was played"
quit_cleanly

# Carpet flight: a Rook lands on the a7 carpet and flies it to k5.
start 80 24 --variant arabian-nights \
    --fen "'*1kedsdekr*/*pgppvppgp*/1r9/*9*/*4*4*/*9*/11/*PGPPVPPGP*/*RKEDSDEKR* b - - 0 1'"
wait_for "Black to move"
keys h h h h j j Enter
wait_for "Rook on b7"
keys h Enter
wait_for "carpet on a7: choose where it flies"
expect '^ 5 +\^ .*###.* \^ ' "free carpet places a5/k5 not marked"
keys j
wait_for '^ 7 += ='
keys -N 10 l
keys j Enter
wait_for "Ra7>k5|a7>k5"
keys h
expect "^ 5 .*~r~ " "the carpet with its Rook is not on k5"
quit_cleanly

# The game's cursor stands only on squares: not on the a file's empty
# carpet places, and it jumps over the hole.
start 80 24 --variant arabian-nights
wait_for "Black to move"
keys Left Left Left Left Left Left Left Left Left Left
expect '^ 9    \[r\]' "the cursor left the squares for the a file"
keys Down Down Down Down Right Right Right Right
expect '^ 5 .*###\[ \]' "the cursor did not jump over the hole"
quit_cleanly

# Zanzibar setup placed by Black with the cursor, with a refusal.
start 80 24 --variant zanzibar-s
wait_for "Black chooses the arrangement"
keys 1
wait_for "type a piece letter"
keys k
wait_for "K may not stand on e12"
# After each letter the cursor moves on to the next free square, so that
# the letters typed one after the other fill the arrangement.
keys u k q f g l
wait_for "Lion placed on g11"
keys Enter
wait_for "setup number [0-9]+ of"
expect '^12 .* u  k  q  f ' "Black's arrangement not on rank 12"
expect '^ 1 .* U .K. Q  F ' "White's mirror not on rank 1"
quit_cleanly

# A Zanzibar setup picked by number, after a wrong number.
start 80 24 --variant zanzibar-xl
wait_for "Black chooses the arrangement"
[ "$(screen | tail -n 1)" = "Up/Down choose  Enter or 1-4 take it  Esc back to the menu" ] ||
    fail "the chooser's key line is not on the bottom row"
keys 2
wait_for "Setup number \(1 to [0-9]+\)"
expect "^digits type the number  Enter start  Esc back to the menu" "the number's key line is missing"
keys -l 99999
keys Enter
wait_for "that is not a setup number: type 1 to [0-9]+"
keys -l 7
expect '^12 +c +j +z +v ' "setup 7 is not shown while its number is typed"
keys Enter
wait_for "Zanzibar-XL, setup number 7 of [0-9]+"
quit_cleanly

# Arabian Nights setup phase from the menu, two people: the cursor waits on
# the first free square of the camp of the side to place, so each army is
# placed by typing its letters (Black first, then in turn).
start 80 24
wait_for "Start the game"
keys Home Left
wait_for "< Arabian Nights >"
keys Down Down Left
wait_for "Black +< a person >"
keys Down Down Down Right
wait_for "setup phase: pieces placed one by one"
keys Enter
wait_for "Black places a piece"
# The cursor stops at the last square (b9), never on a9 or a8, off the board.
keys Left Left Left Left Left Left Left Left Left Left Down
expect '^ 8    \[ \]' "the cursor left the squares for the a file"
keys Up
keys p
wait_for "^Pawns must go on the front rank of the camp"
for letter in r k e d s d e k r p g p p v p p g; do
    keys "$letter" "$letter"
done
keys p
wait_for "White places a piece"
expect '^ 9 +r +k +e +d +s +d +e +k +r' "Black's placements are not on rank 9"
keys p
wait_for "all pieces placed: Black moves first"
expect '^ 1 +R +K +E +D +.S. ?D +E +K +R' "White's placements are not on rank 1"
expect '^ 8 +p +g +p +p +v +p +p +g +p' "Black's Pawns are not on rank 8"
typed e8e7
wait_for "1\. \.\.\. +e7"
quit_cleanly
exit 0
