#!/bin/sh
# The chat beyond ASCII, driven in tmux at 80x24 between two terminals of
# this account: accented and double-width characters are measured in the
# screen's columns, so that a line is shown whole and a word wider than the
# panel is split only between characters; the title line fits such a name
# too, and control characters typed into the chat never reach a screen.

. "${ZANZIBAR_SRCDIR:-.}/tests/net_lib.sh"

WIDTH=80
HEIGHT=24
run a --invite "$ME" --variant pemba
see a "waiting for" "the inviter should wait"
run b --join "$ME"
see b "Black: $ME" "the guest should see the game"

# chat_x NAME: the column (from 1) where NAME's side panel starts, found
# by the open history's title; chat_rows NAME: that history's rows, one a
# line, the panel's part of each screen row (the board to its left is
# ASCII, so bytes count its columns) down to the first empty row.
chat_x() { scr "$1" | grep -m1 "rows (arrows" | sed 's/Chat .*//' | wc -c; }
chat_rows() {
    scr "$1" | awk -v x="$(chat_x "$1")" '
        on { row = substr($0, x); if (row ~ /^ *$/) exit; sub(/ +$/, "", row); print row }
        / rows \(arrows/ { on = 1 }'
}
columns() { printf '%s' "$1" | LC_ALL=C.UTF-8 wc -m; }

# accented words: the line arrives whole, each row holds as many words as
# fit in the panel's columns (counted in characters, not bytes), and a
# word that would still have fitted is not put on the next row
ACCENTED="déjà vu à la française, ça où été crème brûlée naïve façade"
cmd a "say $ACCENTED"
see b "$ME: déjà vu" "the accented line should arrive"
key b c
see b "Chat 1-[0-9]+ of [0-9]+ rows" "c should open the chat's history"
rows=$(chat_rows b)
PANEL=$((WIDTH + 1 - $(chat_x b)))
[ "$(printf '%s' "$rows" | tr -d ' \n')" = "$(printf '%s' "$ME:$ACCENTED" | tr -d ' ')" ] ||
    fail "the accented line should be shown whole: $rows"
first=$(printf '%s\n' "$rows" | sed -n 1p)
next=$(printf '%s\n' "$rows" | sed -n 2p | sed 's/^ *//; s/ .*//')
[ "$(columns "$first")" -le "$PANEL" ] && [ $(($(columns "$first") + 1 + $(columns "$next"))) -gt "$PANEL" ] ||
    fail "the first row should be filled to $PANEL columns: '$first', then '$next'"
# (Esc is held back 300 ms as the start of a key's sequence: until it is
# handled the history above stays open, and would pass for the next one)
key b Escape
see b "Chat \\(c: all of it\\)" "Esc should close the chat's history"

# a word of one letter and 30 ideographs (61 columns) is wider than the
# panel: split only between characters, its first row filled to within a
# column (an ideograph takes two), and nothing of it lost
WIDE=""
for i in 1 2 3 4 5 6; do WIDE="$WIDE将棋象棋弈"; done
cmd a "say x$WIDE"
# (the line itself is awaited: "$ME: " alone is on the screen already,
# from the accented line, and a slow host would lose the race to "c")
see b "$ME: x将棋" "the wide line should arrive"
key b c
see b "Chat 1-[0-9]+ of [0-9]+ rows" "c should open the chat's history again"
rows=$(chat_rows b)
printf '%s' "$rows" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1 ||
    fail "no character should be cut in two: $rows"
printf '%s\n' "$rows" | sed 's/^ *//' | tr -d '\n' | grep -q "x$WIDE\$" ||
    fail "the wide word should be split between its characters, nothing lost: $rows"
split=$(printf '%s\n' "$rows" | grep -m1 "^ *x" | sed 's/^ *//')
[ $((2 * $(columns "$split") - 1)) -ge $((PANEL - 3)) ] ||
    fail "the wide word's first row should fill the $PANEL columns less the indent: '$split'"
key b Escape
see b "Chat \\(c: all of it\\)" "Esc should close the chat's history again"
# a line padded with spaces cannot draw a row that passes for another
# speaker's or the host's: runs of spaces shrink to one, and a line's
# later rows start two columns in, never at the speaker's column
PAD=$(printf '%70s' '')
cmd a "say so${PAD}zanzibar: the game is drawn${PAD}bob: I resign, well played"
see b "$ME: so zanzibar: the game" "the padded line should arrive with its spaces shrunk"
key b c
see b "Chat 1-[0-9]+ of [0-9]+ rows" "c should open the chat's history a third time"
bad=$(chat_rows b | grep -v "^$ME:" | grep -v "^  [^ ]") &&
    fail "a chat row starts at the speaker's column: '$bad'"
chat_rows b | grep -q "^  " || fail "a wrapped line's later rows should be indented: $(chat_rows b)"
key b Escape
see b "Chat \\(c: all of it\\)" "Esc should close the chat's history a third time"

# a C1 control (U+009B, which some terminals read as the start of an
# escape sequence) typed on the ':' line shows there as '?', never as
# itself; the host drops it from what the other player reads
CSI=$(printf '\302\233')
key a ':'; key a -l "say bell${CSI}2J end"
see a "^:say bell\?+2J end" "a control character on the ':' line should show as '?'"
key a Enter
see b "$ME: bell" "the line with a control character should arrive"
scr b | grep -q "$CSI" && fail "a control character should never reach the other screen"
for t in a b; do key $t q; key $t y; done
gone "the host should end when both leave"
exit 0
