#!/bin/sh
# Play between terminals, driven in tmux as people use it: three terminals
# of this account with their own HOME and XDG folders (inviting yourself),
# a game host in the test's own socket folder (ZANZIBAR_NET_DIR). Invite,
# join, moves both ways, a dropped link and a rejoin, a spectator, chat,
# takeback, draw offer, resign, and an adjourned game resumed later.

. "${ZANZIBAR_SRCDIR:-.}/tests/net_lib.sh"

# ---- nothing to join: a message and status 2
run c --join "$ME"
see c "has not invited you" "--join without an invitation should say so"
see c "EXIT=2" "--join without an invitation should exit with 2"

# ---- the menu's line that invites, and its line that joins
# start_of: the game and start lines a spectator receives from the host.
start_of() {
    "$NET_RAWCLIENT" "$SOCK0" "hello 4 watch" 2>&1 | grep -E "^(game|start) "
}
run m
see m "Invite +[[<] $ME on another terminal" "the menu should offer to invite this account"
# Zanzibar-S between two people, 10+5, Black picks a setup by number
key m Home; key m Down; key m Down; key m Right; key m Down; key m Down
key m Right; key m Right; key m Right; key m Down; key m Right
see m "Setup +< [^>]*by number" "the menu should offer setups by number"
key m Home; key m Up # the Invite line is the last
key m -l nosuch
see m "Invite +[[<] nosuch_ on another terminal" "a name typed on the Invite line should replace the account"
key m Enter
see m "cannot invite: this machine has no user named nosuch" "an unknown user should be refused on the menu"
key m BSpace BSpace BSpace BSpace BSpace BSpace
key m -l "$ME"
see m "Invite +[[<] ${ME}_ on another terminal" "Backspace should edit the name typed"
key m Enter
# By number is Black's choice: the guest, who plays Black, makes it on joining.
see m "waiting for $ME" "the menu's invitation should invite the name typed"
see m "Waiting for Black's arrangement" "the inviter should wait for Black's arrangement"
run j --join "$ME"
see j "by number" "the guest should be asked how to arrange Black's pieces on joining"
key j 2
see j "Setup number \\(1 to" "the guest should be asked for the setup number"
key j -l 17; key j Enter
see j "arranged the pieces: setup 17 of|White to move" "the guest should see its arrangement taken"
see m "$ME \\(Black\\) arranged the pieces: setup 17 of" "the inviter should see Black's arrangement"
see m "White to move" "the inviter's game should begin once Black has arranged"
if [ -x "${NET_RAWCLIENT:-}" ]; then
    menu_start=$(start_of)
    printf '%s\n' "$menu_start" | grep -q "^game zanzibar-s 600000 5000 " ||
        fail "the menu's invitation should keep the game and clock chosen: $menu_start"
fi
key m q; key m y; key j q; key j y
gone "the host of an arranged game nobody played should end when both leave"
if [ -x "${NET_RAWCLIENT:-}" ]; then
    run m --invite "$ME" --variant zanzibar-s --time 10+5 --setup 17
    see m "waiting for $ME" "--invite with a setup should wait"
    [ "$(start_of)" = "$menu_start" ] ||
        fail "the menu's invitation should have setup 17: $menu_start, not $(start_of)"
    key m q; key m y
    gone "the host of the second invitation should end when the inviter leaves"
fi
run a --invite "$ME" --variant pemba --time 10+5
see a "waiting for" "the inviter should wait"
run c --list
see c "$ME invites you: Pemba, 10\\+5, you play Black \\(zanzibar --join $ME\\)" \
    "--list should show the invitation"
run m
see m "Join +\\[ $ME invites you: Pemba" "the menu should show the invitation"
key m Enter
see m "Black: $ME" "Enter on the invitation should join the game"
see a "is here" "the inviter should see the guest who came from the menu"
cmd m resign
see m "Resign the game\\? \\(y/n\\)" "resign should ask first"
key m y
see a "game over: 1-0" "the game joined from the menu should be played"
key a q; key a y; key m q; key m y
gone "the host of a finished game should end when both have left"

# ---- invite and join (yourself, from another terminal)
run a --invite "$ME" --variant pemba
see a "waiting for $ME \\($ME runs: zanzibar --join $ME\\)" "the inviter should see whom it waits for"
run b --join "$ME"
see b "Black: $ME" "the guest should see the game"
see a "is here" "the inviter should be told that the guest came"

# ---- moves both ways, shown once the host sends them back
cmd a e4
see b "1\\. e4" "the guest should see White's move"
cmd b e7
see a "1\\. e4 +e7" "the inviter should see Black's move"
cmd b e6
see b "it is $ME's move" "a move out of turn should be refused"

# ---- the guest's link drops; the inviter moves meanwhile; the guest returns
kill -HUP "$(pid_of b)"
see a "has left" "the inviter should be told that the guest left"
cmd a d4
see a "2\\. d4" "the inviter should move while the guest is away"
run b --join "$ME"
see b "2\\. d4" "the returning guest should see the move made while away"

# ---- the inviter's terminal hangs up; the guest moves; --invite again returns
kill -HUP "$(pid_of a)"
see b "has left" "the guest should be told that the inviter left"
see b "White away: you may claim in [0-9]:[0-9][0-9]" \
    "the guest should see the inviter's time to come back counted down"
see b "waiting for $ME \\($ME runs: zanzibar --invite $ME\\)" "the guest should see how the inviter returns"
cmd b d7
see b "2\\. d4 +d7" "the guest should move while the inviter is away"
run a --invite "$ME" --variant pemba
see a "2\\. d4 +d7" "the returning inviter should see the move made while away"
[ -e "$WORKDIR/home-a/state/zanzibar/current.pgn" ] && fail "a game between terminals must not touch current.pgn"

# ---- a spectator sees the game so far, then each new move
run w --watch "$ME"
see w "watching" "the spectator's screen should say it watches"
see w "2\\. d4 +d7" "the spectator should see the game so far"
cmd a f4
see w "3\\. f4" "the spectator should see a new move"
cmd b f7
see w "3\\. f4 +f7" "the spectator should see each new move"
cmd w e5
see w "you are watching" "a spectator should not move"

# ---- say, takeback, draw offer, resign
cmd a "say good luck, and have fun"
see b "$ME: good luck, and have fun" "the guest should read what the inviter said"
see w "good luck, and have fun" "the spectator should read it too"
cmd a "say"
see a "say needs a message" "an empty say should ask for a message"
# UTF-8 on the ':' line, the cursor and Backspace stepping over characters
cmd a "say ünïcödé"
see b "$ME: ünïcödé" "letters beyond ASCII should arrive intact"
key a ':'; key a -l "say naïve"; key a BSpace Left Left BSpace Enter
see b "$ME: nïv\$" "Left and Backspace on the ':' line should step over whole characters"
run w2 --watch "$ME"
see w2 "watching" "a second spectator should watch"
cmd w "say play Nf3 now"
see w2 "$ME \\(watching\\): play Nf3 now" "a spectator's line should reach the other spectators"
sleep 0.5
scr a | grep -q "play Nf3 now" && fail "a spectator's line must not reach a player during the game"
scr b | grep -q "play Nf3 now" && fail "a spectator's line must not reach a player during the game"
key w a
see w "analysis d[0-9]+ [-+#]" "a spectator should have the analysis during play"
key w a
# (awaited: on a busy machine the key could be read after the takeback
# below and its notice would then hide the spectator's message line)
see w "analysis off" "a spectator should turn the analysis off"
key a a
see a "no analysis while you play this game" "a player should have no analysis during play"
cmd b takeback
see b "you ask $ME \\(White\\) for a takeback: waiting for the answer" \
    "the one who asked should read that they wait for the answer"
see a "$ME \\(Black\\) asks you for a takeback" "the inviter should read who asks"
see a "$ME \\(Black\\) asks for the takeback: accept\\? \\(y/n\\)" "the inviter should be asked about the takeback"
see w "$ME \\(Black\\) asks $ME \\(White\\) for a takeback" "the spectator should read who asked whom"
key a y
see b "$ME \\(White\\) accepts the takeback" "the guest should hear that the takeback is accepted"
see a "$ME \\(White\\) accepts the takeback" "both players should read the same words about the answer"
unseen w "f4 +f7" "the takeback should remove f7 on the spectator's screen"
cmd a draw
see b "asks for the draw: accept\\? \\(y/n\\)" "the guest should be asked about the draw"
key b n
see a "$ME \\(Black\\) declines the draw" "the inviter should hear that the draw was declined"
see b "$ME \\(Black\\) declines the draw" "the guest should read the same words as the inviter"
cmd b resign
see b "Resign the game\\? \\(y/n\\)" "resign should ask first"
key b y
see a "game over: 1-0" "the inviter should see the guest resign"
see w "game over: 1-0" "the spectator should see the result"
see a "$ME \\(watching\\): play Nf3 now" "the players should read the spectators' lines after the game"
see b "$ME \\(watching\\): play Nf3 now" "both players should read the spectators' lines after the game"
see b "Chat \\(c: all of it\\)" "the latest chat should stand under the move list"
key b c
see b "Chat 1-[0-9]+ of [0-9]+ rows" "c should open the chat's history"
see b "$ME: good luck, and have fun" "the history should hold the first line said"
key b Escape
see b "Chat \\(c: all of it\\)" "Esc should close the chat's history"
# (shown only while the history is closed: a key after it reaches the game)
key b a
see b "analysis d[0-9]+ [-+#]" "a player should have the analysis once the game is over"
key b a
ls "$WORKDIR"/home-a/data/zanzibar/*.pgn >/dev/null 2>&1 || fail "the inviter's PGN is missing"
ls "$WORKDIR"/home-b/data/zanzibar/*.pgn >/dev/null 2>&1 || fail "the guest's PGN is missing"
grep -q "\\[White \"$ME\"\\]" "$WORKDIR"/home-b/data/zanzibar/*.pgn || fail "the PGN should name White"
[ -e "$WORKDIR/home-a/state/zanzibar/current.pgn" ] && fail "a game between terminals must not touch current.pgn"
# ---- a rematch: the colours change, on both screens
see a "you play White" "the inviter played White in the first game"
key b R
see a "asks you for a rematch, with $ME playing White" "the rematch offer should say who plays White"
key a y
see a "you play Black" "the inviter should play Black in the rematch"
see b "you play White" "the guest should play White in the rematch"
for t in a b w w2; do key $t q; key $t y; done
see a "EXIT=0" "the inviter should leave cleanly"
# (a new invitation while the finished game's host still runs would reach it)
gone "the host of the finished game should end when all have left"

# ---- both leave: the game is adjourned, and resumes later
run a --invite "$ME" --variant pemba
see a "waiting for" "a new invitation should start"
run b --join "$ME"
see b "Black: $ME" "the guest should join the new game"
cmd a e4
see b "1\\. e4" "the guest should see the first move"
key a q; key a y; key b q; key b y
see b "EXIT=0" "the guest should leave"
see a "EXIT=0" "the inviter should leave, its adjourned game saved"
gone "the host should end once both players have left"
[ -s "$WORKDIR/home-a/state/zanzibar/net-$ME.pgn" ] || fail "the adjourned game should be saved"
grep -q "e4" "$WORKDIR/home-b/data/zanzibar/$ME-$ME-adjourned.pgn" ||
    fail "the guest's saved-games folder should keep the unfinished game"
run a --list
see a "adjourned game with $ME" "--list should show the inviter's adjourned game"
run a
see a "Join +[[<] resume your adjourned game with $ME" "the menu should offer the adjourned game"
key a Down; key a Enter
see a "waiting for" "the inviter should resume from the menu"
see a "resumed your adjourned game with $ME" "the game's screen should say the game was resumed"
see a "1\\. e4" "the resumed game should hold its move"
run b --join "$ME"
see b "1\\. e4" "the guest should see the resumed game"
cmd b adjourn
see a "asks for the adjournment: accept\\? \\(y/n\\)" "the inviter should be asked about adjourning"
key a y
see b "adjourned and saved" "the guest should see the game adjourned"
see a "zanzibar --invite $ME resumes" "the inviter should be told how to resume"
for t in a b; do key $t q; key $t y; done
see b "EXIT=0" "the guest should leave the resumed game"

# ---- the guest's link drops; past the grace (made short) the inviter claims
gone "the host of the adjourned game should end"
out=$(timeout 10 env $(envs g1) ZANZIBAR_NET_GRACE=5x "$ZANZIBAR_BIN" --invite "$ME" 2>&1 </dev/null)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "ZANZIBAR_NET_GRACE: expected whole seconds" ||
    fail "a malformed ZANZIBAR_NET_GRACE should be refused: $(printf '%s' "$out" | head -c 200)"
# (6 s: the claim below must reach the host within the grace on a slow machine)
GRACE=6 WIDTH=80 HEIGHT=24 run g1 --invite "$ME" --variant pemba
see g1 "waiting for" "the inviter with a short grace should wait"
# at 80 columns the title line keeps whole phrases: never half the command
title=$(scr g1 | head -n 1 | sed 's/ *$//')
printf '%s\n' "$title" | grep -Eq "waiting for $ME( \\(zanzibar --join $ME\\))?\$" ||
    fail "the title line should be cut before the command, not in it: $title"
# the chat's history beside an 80x24 board: more rows than it shows, scrolled
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cmd g1 "say line $i"; done
see g1 "$ME: line 20" "the last line said should show"
key g1 c
see g1 "Chat [0-9]+-20 of 20 rows" "the history should open on its newest rows"
newest=$(scr g1 | sed -n 's/.*Chat \([0-9]*\)-20 of 20 rows.*/\1/p')
[ "$newest" -gt 1 ] || fail "an 80x24 panel should not hold twenty rows of chat at once"
key g1 Up
see g1 "Chat $((newest - 1))-19 of 20 rows" "Up should scroll the history one row back"
key g1 Home
see g1 "Chat 1-[0-9]+ of 20 rows" "Home should show the oldest rows"
see g1 "$ME: line 1\$" "the oldest line should be there"
key g1 Escape
unseen g1 "rows \\(arrows" "Esc should close the chat's history"
run g2 --join "$ME"
see g2 "Black: $ME" "the guest should join the game with a short grace"
cmd g1 e4
see g2 "1\\. e4" "the guest should see the first move"
kill -HUP "$(pid_of g2)"
see g1 "has left" "the inviter should be told that the guest's link dropped"
cmd g1 claim
see g1 "may still come back: claim in [0-9]+ s" "a claim within the grace should be refused"
see g1 "has been away too long" "the inviter should be told when the grace is over"
cmd g1 claim
see g1 "game over: 1-0" "a claim after the grace should win the game"
claimed=$(grep -l '^\[Result "1-0"\]' "$WORKDIR"/home-g1/data/zanzibar/*.pgn 2>/dev/null)
[ -n "$claimed" ] || fail "the inviter's saved game should say that White won by the claim"
grep -q '^\[Termination "abandoned"\]' $claimed ||
    fail "the inviter's saved game should say that Black abandoned it"
see g1 "1-0, abandoned" "the inviter's screen should say the game was abandoned"
scr g1 | head -n 1 | grep -q "waiting for" && fail "the title should not wait for anyone once the game is over"
grep -q '^1\. e4 ' "$WORKDIR"/home-g1/data/zanzibar/*.pgn ||
    fail "the inviter's saved game should hold the move played"
key g1 q; key g1 y
gone "the host of the claimed game should end when the inviter leaves"

# ---- Arabian Nights at 100 columns: the title keeps whole phrases too
WIDTH=100 HEIGHT=40 run an --invite "$ME" --variant arabian-nights
see an "waiting for" "the Arabian Nights inviter should wait"
title=$(scr an | head -n 1 | sed 's/ *$//')
printf '%s\n' "$title" | grep -Eq "waiting for $ME( \\(($ME runs: )?zanzibar --join $ME\\))?\$" ||
    fail "the title line at 100 columns should end with a whole phrase: $title"
key an q; key an y
gone "the Arabian Nights invitation should end when the inviter leaves"

# ---- with other accounts: only root can make them
if [ "$(id -u)" -ne 0 ] || ! command -v useradd >/dev/null || ! command -v runuser >/dev/null; then
    echo "skipped: the cases with other accounts need root, useradd and runuser" >&2
    exit 0
fi
[ -x "${NET_RAWCLIENT:-}" ] || { echo "skipped: no tests/net_rawclient" >&2; exit 0; }
BOB=$(account_name b) EVE=$(account_name e)
add_account "$BOB"
add_account "$EVE"
# The accounts run copies of the programs: the build tree may sit in a
# folder they cannot enter (root's 0700 home).
ZANZIBAR_BIN=$(reachable "$ZANZIBAR_BIN")
NET_RAWCLIENT=$(reachable "$NET_RAWCLIENT")
SOCK="$NETDIR/zanzibar-0/game-$(id -u "$BOB")"
raw() { runuser -u "$1" -- "$NET_RAWCLIENT" "$SOCK" "hello 4 $2" "$3" 2>&1; }

# The invited account joins; another is refused and the game goes on.
AS="" run a --invite "$BOB" --variant pemba
see a "waiting for $BOB" "the inviter should wait for the other account"
AS=$BOB run b2 --join "$ME"
see b2 "Black: $BOB" "the invited account should join"
see a "$BOB \\(Black\\) is here" "the inviter should see the other account come"
AS=$EVE run e --join "$ME"
see e "has not invited you" "an uninvited account should be told it has no invitation"
out=$(raw "$EVE" play "move 0 e4")
printf '%s' "$out" | grep -q "^refused" || fail "an uninvited account's play hello should be refused: $out"
cmd a e4
see b2 "1\\. e4" "the game should go on after the refusal"

# Forged moves change nothing: another side's move, an illegal one, a stale
# ply, garbage with escape codes, a flood; a spectator's move is refused.
out=$(raw "$EVE" watch "move 1 e7")
printf "%s" "$out" | grep -Eq "^(error|rejected)" || fail "a spectator's move should be refused: $out"
raw "$BOB" play "move 1 f4" | grep -q "^rejected 1" || fail "a move for White by Black should be rejected"
raw "$BOB" play "move 1 e4e9" | grep -q "^rejected 1" || fail "an illegal move should be rejected"
raw "$BOB" play "move 0 e7" | grep -q "^rejected 0" || fail "a stale ply should be rejected"
raw "$EVE" watch "$(printf 'say \033]0;owned\007\033[2J')" >/dev/null
runuser -u "$EVE" -- "$NET_RAWCLIENT" "$SOCK" "hello 4 watch" $(seq 1 200 | sed 's/.*/sync/') \
    >/dev/null 2>&1
AS=$BOB run b2 --join "$ME"
see b2 "1\\. e4" "the guest should come back to an unharmed game"
cmd b2 e7
see a "1\\. e4 +e7" "the game should go on after forged messages"
scr a | grep -q "owned" && fail "escape codes from a spectator must not reach a screen"
AS=$EVE run w --watch "$ME"
see w "1\\. e4 +e7" "another account should watch the game"
for t in a b2; do key $t q; key $t y; done

# A planted symbolic link or a folder owned by another account, in the
# socket folder's place, is refused.
BOBDIR="$NETDIR/zanzibar-$(id -u "$BOB")"
ln -s "$WORKDIR" "$BOBDIR"
out=$(runuser -u "$BOB" -- env $(envs b2) "$ZANZIBAR_BIN" --invite "$ME" 2>&1 </dev/null)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "symbolic link" ||
    fail "a symbolic link in the socket folder's place should be refused: $out"
rm "$BOBDIR"
mkdir -m 755 "$BOBDIR" && chown "$EVE" "$BOBDIR"
out=$(runuser -u "$BOB" -- env $(envs b2) "$ZANZIBAR_BIN" --invite "$ME" 2>&1 </dev/null)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "belongs to $EVE" ||
    fail "a socket folder owned by another account should be refused: $out"
exit 0
