#!/bin/sh
# Every help screen of every game: keys and commands from the command
# table, the rules page, one page per piece with its diagram, and the
# piece under the cursor shown with its moves from its own square.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24 --variant pemba
wait_for "White to move"
keys '?'
wait_for "Help: Pemba - keys and commands"
keys x
wait_for "key x does nothing in the help"
all=$(screen)
for step in 1 2 3 4 5 6 7; do
    keys -N 10 j
    sleep 0.2
    all="$all
$(screen)"
done
for usage in "level N" "save FILE" "load FILE \\[N\\]" "fen \[FEN\]" undo redo flip hint \
             resign draw new help quit; do
    echo "$all" | grep -Eq " $usage( |$)" || fail "the keys page lacks: $usage"
done
echo "$all" | grep -Eq "^Left h +move the cursor left" || fail "the key column is missing"
echo "$all" | grep -q "leave the help" || fail "the keys page does not scroll to its end"

# Walk all pages of all five games ('g' goes to the next game's rules, page 2).
keys Right
for game in "Pemba 14" "Arabian Nights 10" "Zanzibar-S 19" "Zanzibar-XL 21" "Zanzibar-XXL 22"; do
    name=${game% *}
    pages=${game##* }
    wait_for "Help: $name - rules .*page 2 of $pages"
    page=2
    while [ "$page" -lt "$pages" ]; do
        keys Right
        page=$((page + 1))
        wait_for "Help: $name - pieces .*page $page of $pages"
        # Every piece page has a title, a value or royal line, and its diagram.
        expect '\([A-Z]\)  on an empty board' "$name page $page has no piece title"
        expect 'Value: about|Royal:' "$name page $page has no value"
        expect '<[A-Z]>' "$name page $page has no diagram"
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
