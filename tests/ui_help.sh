#!/bin/sh
# Every help screen of every game: keys and commands from the command
# table, the rules page, one page per piece with its diagram, and the
# piece under the cursor shown with its moves from its own square.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24 --variant pemba
wait_for "White to move"
keys '?'
wait_for "Help: Pemba - keys and commands"
all=$(screen)
for step in 1 2 3 4 5; do
    keys -N 10 j
    sleep 0.2
    all="$all
$(screen)"
done
for usage in "level N" "save FILE" "load FILE" "fen \[FEN\]" undo redo flip hint \
             resign draw new help quit; do
    echo "$all" | grep -Eq " $usage( |$)" || fail "the keys page lacks: $usage"
done
echo "$all" | grep -Eq "^Left h +move the cursor left" || fail "the key column is missing"
echo "$all" | grep -q "leave the help" || fail "the keys page does not scroll to its end"

# Walk all pages of all five games ('g' goes to the next game's rules).
for game in "Pemba 14" "Arabian Nights 10" "Zanzibar-S 19" "Zanzibar-XL 21" "Zanzibar-XXL 22"; do
    name=${game% *}
    pages=${game##* }
    wait_for "Help: $name - (rules|keys)"
    keys Right
    wait_for "Help: $name - (rules|pieces)"
    page=$(screen | sed -n 's/.*(page \([0-9]*\) of .*/\1/p')
    while [ "$page" -lt "$pages" ]; do
        keys Right
        next=$((page + 1))
        wait_for "Help: $name - pieces .*page $next of $pages"
        # Every piece page has a title, a value or royal line, and its diagram.
        expect '^ *[A-Z][a-z]+( [A-Z][a-z]+)? \([A-Z]\)|\([A-Z]\)  on an empty board' "$name page $next has no piece title"
        expect 'Value: about|Royal:' "$name page $next has no value"
        expect '<[A-Z]>' "$name page $next has no diagram"
        page=$next
    done
    keys g
done
keys Escape
wait_for "White to move"

# The piece under the cursor: its moves from that square in this game.
keys k i
wait_for "Pawn \(P\)  from f3 in this game"
expect '^ 5 .* = ' "the Pawn's double step from f3 is not shown"
keys Escape
wait_for "White to move"
keys k k
keys i
wait_for "put the cursor on a piece"
quit_cleanly
exit 0
