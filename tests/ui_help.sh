#!/bin/sh
# Every help screen of every game: keys and commands from the command
# table, the rules page, one page per piece with its diagram, and the
# piece under the cursor shown with its moves from its own square.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# The keys page as read down a screenful at a time until its last line
# shows (or 15 steps), every screen seen on the way: after each ten j the
# screen is awaited to change, then read until it stands still (the
# program draws after each key), so that a slow one skips no line.
whole_keys_page() {
    seen=$(screen)
    for step in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
        before=$(screen)
        keys -N 10 j
        tries=$WAIT_TENTHS
        now=$(screen)
        while [ "$now" = "$before" ] && [ "$tries" -gt 0 ]; do
            sleep 0.1
            tries=$((tries - 1))
            now=$(screen)
        done
        last=""
        while [ "$now" != "$last" ] && [ "$tries" -gt 0 ]; do
            seen="$seen
$now"
            last=$now
            sleep 0.2
            tries=$((tries - 1))
            now=$(screen)
        done
        echo "$seen" | grep -q "leave the help" && break
    done
    echo "$seen"
}

start 80 24 --variant pemba
wait_for "White to move"
keys '?'
wait_for "Help: Pemba - keys and commands"
expect "-- more below" "the keys page does not say that more follows"
keys x
wait_for "key x does nothing in the help"
all=$(whole_keys_page)
for usage in "level N" "save FILE" "load FILE \\[N\\]" "fen \[FEN\]" undo redo flip hint \
             resign draw new help quit; do
    echo "$all" | grep -Eq " $usage( |$)" || fail "the keys page lacks: $usage"
done
echo "$all" | grep -Eq "^Left h +move the cursor left" || fail "the key column is missing"
echo "$all" | grep -q "leave the help" || fail "the keys page does not scroll to its end"
screen | grep -q -- "-- more below" && fail "more is announced at the end of the page"
echo "$all" | grep -q "White's side, depth, best line" || fail "the keys page does not say whose the score is"
# The move examples are Pemba's own: its squares stop at rank 10.
echo "$all" | grep -q "e9e10q" || fail "Pemba's keys page lacks its own promotion example"
echo "$all" | grep -q "e11e12q" && fail "Pemba's keys page names a square it does not have"

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

# Each King page follows its game: Pemba's King steps only, Zanzibar-S's
# jumps; the legend lists only the symbols its diagram shows.
keys '?'
wait_for "Help: Pemba - keys and commands"
# Space reads on within the page before it turns to the next.
keys Space
wait_gone "^Keys +Command"
expect "Help: Pemba - keys and commands" "Space left the page before its end"
keys Right Right
wait_for "King \(K\)  on an empty board"
expect "\\* moves or takes" "Pemba's King page has no legend"
screen | grep -qi "jump" && fail "Pemba's King page speaks of a jump"
screen | grep -Eq "x takes only|= double step|\\^ takes" && fail "Pemba's King legend lists unused symbols"
keys g g Right
wait_for "Help: Zanzibar-S - pieces"
expect "King \(K\)  on an empty board" "Zanzibar-S's King page is not shown"
expect "In Zanzibar-S:" "Zanzibar-S's King page lacks its jump"
expect "@ King jump" "Zanzibar-S's King legend lacks the jump"
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

# Arabian Nights' move examples: its carpets, no promotion letter.
start 80 24 --variant arabian-nights
wait_for "Black to move"
keys '?'
wait_for "Help: Arabian Nights - keys and commands"
all=$(whole_keys_page)
echo "$all" | grep -q "b7a7k5" || fail "no carpet example in Arabian Nights"
echo "$all" | grep -Eq "e11e12q|[a-k]1[0-9]" && fail "a square the Arabian Nights board lacks"
echo "$all" | grep -q "Queen" && fail "Arabian Nights' keys page speaks of a Queen it does not have"
echo "$all" | grep -q "Promotion is automatic" || fail "Arabian Nights' keys page does not say promotion is automatic"
# The rules page draws a flight: the Rook beside a7, where it may fly.
keys Right
wait_for "Help: Arabian Nights - rules"
keys Space
wait_for "A carpet flight:"
expect "^  7  \* R \. " "the flight diagram does not show the Rook landing on a7"
expect "^  5  % \. \. \. \. # .* %$" "the flight diagram does not mark a5 and k5"
keys Down Down Down Down Down
expect "^  3  ~ \. " "the flight diagram does not show the carpet on a3"
keys Escape
wait_for "Black to move"
quit_cleanly

# Pemba's rules speak of its own pieces (it has no Soldiers); Zanzibar-S
# says how its setups are counted in its own terms.
start 100 30 --variant pemba
wait_for "White to move"
keys '?' Right
wait_for "Help: Pemba - rules"
screen | grep -q "Soldier" && fail "Pemba's rules speak of Soldiers"
expect "without a capture, a Pawn$" "Pemba's fifty-move rule is not its own"
expect "^move or a promotion" "Pemba's fifty-move rule is not its own"
keys g g
wait_for "Help: Zanzibar-S - rules"
# (the page after Space is awaited: a slow program would still show the first)
all=$(screen)
keys Space
tries=$WAIT_TENTHS
while [ "$(screen)" = "$all" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
all="$all
$(screen)"
echo "$all" | grep -q "original" && fail "Zanzibar-S's rules refer to an original text"
echo "$all" | grep -q "mirror image are two setups" || fail "Zanzibar-S's rules do not say how setups count"
# At 100x30 the 12x12 piece pages wrap their lines instead of cutting them.
keys Right
wait_for "Help: Zanzibar-S - pieces"
keys Right Right
wait_for "Rook \\(R\\)  on an empty board"
expect "Value: about 5.00, where a Rook is$" "the value line is not wrapped"
expect "^ +5$" "the value line's end does not follow on the next line"
keys Escape
wait_for "White to move"
quit_cleanly
exit 0
