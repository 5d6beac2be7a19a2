#!/bin/sh
# Starts each of the five games at 80x24 (from the command line and from
# the start menu) and checks that the board, its labels and the panel show.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

check_board() { # title, last file letter, top rank
    wait_for "^$1 "
    wait_for "^ +a +b +c .* $2 *$"
    wait_for "^ ?$3 "
    wait_for "to move"
}

for game in "zanzibar-s Zanzibar-S l 12" "zanzibar-xl Zanzibar-XL l 12" \
            "zanzibar-xxl Zanzibar-XXL l 12" "pemba Pemba j 10" \
            "arabian-nights Arabian.Nights k 9"; do
    set -- $game
    start 80 24 --variant "$1"
    case $1 in zanzibar-*)
        wait_for "Black chooses the arrangement"
        keys 4 ;;
    esac
    check_board "$2" "$3" "$4"
    quit_cleanly
done

# Other spellings of the games' names, in any case, start the same games.
for game in "Maasai Zanzibar-XXL" "ZANZIBAR_XL Zanzibar-XL" "Pemba Pemba" \
            "Arabian-Nights Arabian.Nights"; do
    set -- $game
    start 80 24 --variant "$1"
    case $2 in Zanzibar-*)
        wait_for "Black chooses the arrangement"
        keys 4 ;;
    esac
    wait_for "^$2 "
    quit_cleanly
done

# Arabian Nights: the hole and the carpets are drawn unmistakably.
start 80 24 --variant arabian-nights
wait_for '###'
expect '^ 7 ~ ~ .* ~ ~' "carpets on a7 and k7 not drawn"
expect '^ 5 .*###' "the hole on f5 not drawn"
quit_cleanly

# The start menu: each game with its one-line summary, then a game against
# the engine (it chooses the Zanzibar setup as Black, and replies).
start 80 24
wait_for "five large chess variants"
wait_for "12x12, 36 pieces"
keys Home
keys Right
wait_for "Zanzibar-XL"
wait_for "Duchess and Sorceress"
keys Right Right Right
wait_for "Black starts"
keys Right
wait_for "Zanzibar-S"
keys Down Down
wait_for "< the engine >"
keys Enter
check_board Zanzibar-S l 12
wait_for "setup number"
typed d3d5
wait_for "1\. d5 +[A-Za-z]"
quit_cleanly

# The menu by mouse (X10 reports): a click right of a value's middle steps
# on, one on its "<" steps back, and one on "Start the game" starts.
click() { # column row, counted from 0
    keys -l "$(printf "\033[M %b%b" "\\0$(printf %o $(($1 + 33)))" "\\0$(printf %o $(($2 + 33)))")"
    keys -l "$(printf "\033[M#%b%b" "\\0$(printf %o $(($1 + 33)))" "\\0$(printf %o $(($2 + 33)))")"
}
start 80 24
wait_for "< Zanzibar-S >"
click 40 3
wait_for "< Zanzibar-XL >"
click 12 3
wait_for "< Zanzibar-S >"
# Black is whoever the settings of the game above remembered; a click on
# the line swaps a person and the engine.
if line_of "^  Black" | grep -q "the engine"; then other="a person"; else other="the engine"; fi
click 40 5
wait_for "Black +< $other >"
click 14 10
case $other in
    "the engine") wait_for "setup number" ;;
    *) wait_for "choosing the array"
       keys Escape  # q would place a Queen here
       wait_for "five large chess variants" ;;
esac
quit_cleanly

# The common TERM values over SSH, a terminal without colour (vt100), and
# NO_COLOR: each one starts, draws the board and quits cleanly.
for term in xterm xterm-256color screen tmux-256color vt100; do
    UI_TERM=$term start 80 24 --variant pemba
    check_board Pemba j 10
    quit_cleanly
done
UI_TERM="xterm-256color NO_COLOR=1" start 80 24 --variant pemba
check_board Pemba j 10
quit_cleanly
exit 0
