#!/bin/sh
# The public server behind a private sshd, as players meet it: a test
# account, sshd on 127.0.0.1 with its own host key and a configuration made
# by --server-config, keys made by ssh-keygen, ssh -tt driven inside tmux.
# New keys register names (a taken name and one with '/' refused), verbs
# answer without a terminal, a shell command and forwarding are refused, a
# second key joins a name by a link code, and games and pgn read the
# archive. Needs root and openssh-server; skipped otherwise.
SERVER_ROLE=s
. "${ZANZIBAR_SRCDIR:-.}/tests/server_lib.sh"

# --- --server-config refuses what sshd would refuse -----------------------
"$BIN" --server-config "no-such-account-$$" >/dev/null 2>"$WORK/err"
[ $? = 2 ] && grep -q "no account named" "$WORK/err" || fail "--server-config took a missing account"
add_server_account
cp "$BIN" "$WORK/zanzibar-in-tmp"
"$WORK/zanzibar-in-tmp" --server-config "$ACCOUNT" >/dev/null 2>"$WORK/err"
[ $? = 2 ] && grep -q "writable by group or others" "$WORK/err" ||
    fail "--server-config accepted a binary below /tmp: $(cat "$WORK/err")"
"$BIN" --server-config "$ACCOUNT" >"$WORK/zanzibar.conf" || fail "--server-config failed"
grep -q "^Match User $ACCOUNT\$" "$WORK/zanzibar.conf" || fail "no Match block"
grep -q "AuthorizedKeysCommand $BIN --server-keys %u %t %k" "$WORK/zanzibar.conf" ||
    fail "no key command"

# --- keys ------------------------------------------------------------------
make_keys alice bob carol dave
set -- $(cat "$WORK/key-alice.pub")
line=$(runuser -u "$ACCOUNT" -- "$BIN" --server-keys "$ACCOUNT" "$1" "$2")
[ "$line" = "restrict,pty $1 $2" ] || fail "--server-keys printed: $line"
# sshd asks before the client proved it holds the key: nothing is decoded
# (a key that does not match its type gets its line; sshd judges)
line=$(runuser -u "$ACCOUNT" -- "$BIN" --server-keys "$ACCOUNT" ssh-rsa "$2")
[ "$line" = "restrict,pty ssh-rsa $2" ] || fail "--server-keys decoded the key: $line"
[ -z "$(runuser -u "$ACCOUNT" -- "$BIN" --server-keys root "$1" "$2")" ] ||
    fail "--server-keys answered for another account"

# --- a private sshd ----------------------------------------------------------
# (one game against the engine at once on the whole server)
EXTRA_CONF="SetEnv ZANZIBAR_SERVER_ENGINES=1"
start_sshd_retrying "sshd did not start"

# --- verbs without a terminal ------------------------------------------------
out=$(as alice "$SRV" help) || fail "help failed"
echo "$out" | grep -q "link-key" || fail "help does not list the verbs: $out"
echo "$out" | grep -q "no name yet" || fail "help does not say the key is new"
as alice "$SRV" sh -c id >"$WORK/out" 2>&1
[ $? = 2 ] || fail "sh -c id did not end with status 2"
grep -q "unknown command sh" "$WORK/out" || fail "sh -c id: $(cat "$WORK/out")"
grep -q "uid=" "$WORK/out" && fail "a shell ran id"
as alice "$SRV" invite bob >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "use ssh -t" "$WORK/out" || fail "invite without a terminal: $(cat "$WORK/out")"
as alice -W 127.0.0.1:"$PORT" "$SRV" </dev/null >"$WORK/out" 2>&1 &&
    fail "a forwarded connection (ssh -W) went through"
as alice -o ExitOnForwardFailure=yes -R 127.0.0.1:0:127.0.0.1:"$PORT" "$SRV" help \
    >"$WORK/out" 2>&1 && fail "remote forwarding (ssh -R) was allowed"
grep -qi "forwarding failed" "$WORK/out" || fail "ssh -R: $(cat "$WORK/out")"

# --- sign-up in a terminal ----------------------------------------------------
term a alice
see a "choose the name" "no sign-up prompt for a new key"
t0=$(now_ms)
tm send-keys -t "=a:" -l "alice" && tm send-keys -t "=a:" Enter
see a "five large chess variants" "no menu after signing up"
t1=$(now_ms)
echo "sign-up to first screen: $((t1 - t0)) ms"

term b bob
see b "choose the name" "no sign-up prompt for the second key"
tm send-keys -t "=b:" -l "ALICE" && tm send-keys -t "=b:" Enter
see b "alice is taken" "a taken name (in other case) was not refused"
tm send-keys -t "=b:" -l "bo/b" && tm send-keys -t "=b:" Enter
see b "only letters a-z" "a name with / was not refused"
type_line b anyone # the seek's open seat
see b "that name is reserved" "the name the server gives a seek's open seat was not refused"
tm send-keys -t "=b:" -l "bob" && tm send-keys -t "=b:" Enter
see b "five large chess variants" "no menu for bob"

# Each name has its own folders, private to the account.
data=$DATA
[ "$(stat -c %a "$data")" = 700 ] || fail "the server's folder is not 0700"
[ -d "$data/players/alice" ] && [ -d "$data/players/bob" ] || fail "no folder per name"
# (the program itself, not the account's shell that sshd runs it with)
for gate in $(pgrep -u "$ACCOUNT" -x zanzibar 2>/dev/null); do
    echo "gate with the menu open: $(sed -n 's/^VmRSS:[[:space:]]*//p' "/proc/$gate/status")"
done

t0=$(now_ms)
out=$(as carol "$SRV" list) || fail "list failed"
echo "list over ssh (connection and all): $(($(now_ms) - t0)) ms"
echo "$out" | grep -q "alice" && echo "$out" | grep -q "bob" || fail "list: $out"

# A typed file name stays inside the name's own folder.
tm send-keys -t "=a:" Enter
see a "to move|arrangement" "no game from the menu"
tm send-keys -t "=a:" -l ":save /tmp/escape$$" && tm send-keys -t "=a:" Enter
see a "plain name" "a path was taken by :save"
[ -e "/tmp/escape$$.pgn" ] && fail ":save wrote outside the name's folder"
# alice's game against the engine holds the server's one engine: bob's waits.
tm send-keys -t "=b:" Enter
see b "engines are all busy" "a second game against the engine went over the server's cap"

# --- a second key by link code --------------------------------------------------
code=$(as alice "$SRV" link-key | head -1)
[ -n "$code" ] || fail "link-key printed no code"
out=$(as carol "$SRV" link-key "$code") || fail "link-key CODE failed"
echo "$out" | grep -q "now plays as alice" || fail "link-key CODE: $out"
as carol "$SRV" help | grep -q "plays as alice" || fail "the linked key has no name"
as bob "$SRV" link-key "$code" >"$WORK/out" 2>&1
[ $? = 2 ] || fail "a used code was taken again"

# One menu per name: the linked key finds alice already there.
term c carol
see c "alice is already in the menu" "a second menu for the same name"
see c "EXIT=2" "the second menu's refusal did not end with status 2"

# Nothing of the server's is open to another account.
runuser -u nobody -- ls "$data" >/dev/null 2>&1 && fail "another account can list the server's folder"
runuser -u nobody -- cat "$data/server.db" >/dev/null 2>&1 && fail "another account can read the store"
# No file transfer either: sftp meets the gate, not a server (judged by
# what sftp shows: once, under heavy load, it ended with status 0 having
# opened nothing).
echo pwd >"$WORK/batch"
sftp -F /dev/null -i "$WORK/key-bob" -P "$PORT" -o IdentitiesOnly=yes -o BatchMode=yes \
    -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
    -b "$WORK/batch" "$SRV" >"$WORK/out" 2>&1
grep -q "Remote working directory" "$WORK/out" && fail "an sftp session was opened"

# --- the archive: games and pgn -------------------------------------------------
as bob "$SRV" pgn 1 >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "no game number 1" "$WORK/out" || fail "pgn of a missing game"
as bob "$SRV" pgn "../1" >"$WORK/out" 2>&1
[ $? = 2 ] || fail "pgn took a path"
if command -v python3 >/dev/null; then
    archive_game alice bob 1
    out=$(as bob "$SRV" games alice) || fail "games failed"
    echo "$out" | grep -Eq "^ +1 +2023-11-14 +pemba +alice - bob +1-0" || fail "games: $out"
    as bob "$SRV" pgn 1 >"$WORK/game.pgn" || fail "pgn 1 failed"
    grep -q '1. e4 1-0' "$WORK/game.pgn" || fail "pgn 1 gave: $(cat "$WORK/game.pgn")"
else
    echo "python3 not found: the archive's listing is left to check_server"
fi
out=$(as bob "$SRV" ratings) || fail "ratings failed"
as bob "$SRV" ratings chess >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "no game named chess" "$WORK/out" || fail "ratings of an unknown game"

# --- a game between names: invite, join, moves both ways, a spectator -----------
term ga alice "invite bob --variant pemba"
see ga "waiting for bob \\(bob runs: join alice\\)" "the inviter does not wait for bob, or says the command for accounts"
out=$(as bob "$SRV" list)
echo "$out" | grep -q "^alice invites you (Pemba, .*, rated): join alice$" || fail "list does not show alice's invitation with its game: $out"
term gb bob "join alice"
see gb "Black: bob" "bob did not join alice's game"
see ga "is here" "alice was not told that bob came"
cmd ga e4
see gb "1\\. e4" "bob did not see alice's move"
out=$(as carol "$SRV" list)
echo "$out" | grep -q "alice (playing bob)" && echo "$out" | grep -q "bob (playing alice)" ||
    fail "list does not count the players on a board as online: $out"
out=$(as bob "$SRV" list)
echo "$out" | grep -q "alice invites you" && fail "a game under way is still offered as an invitation: $out"
echo "$out" | grep -qx "your game with alice: join alice" || fail "list does not show bob's game under way: $out"
cmd gb e7
see ga "1\\. e4 +e7" "alice did not see bob's move"
term gw carol "watch bob"
see gw "1\\. e4 +e7" "the spectator did not see the game so far"
cmd ga d4
see gw "2\\. d4" "the spectator did not see a new move"


# The game's socket is in the server's private folder: another account
# cannot reach it, and a process of the server's account that did not
# come through the gate is refused by the host (it has no name).
sock=$(ls -d "$data/run/g.alice.bob" 2>/dev/null) || fail "no socket for alice's game in the server's folder"
[ "$(stat -c %a "$data/run")" = 700 ] || fail "the games' folder is not 0700"
if [ -x "${NET_RAWCLIENT:-}" ]; then
    cp "$NET_RAWCLIENT" "$BINDIR/rawclient" && chmod 755 "$BINDIR/rawclient"
    out=$(runuser -u nobody -- "$BINDIR/rawclient" "$sock" "hello 2 watch" 2>&1)
    printf '%s' "$out" | grep -q "^game " && fail "another account watched through the socket"
    printf '%s' "$out" | grep -qi "denied" || fail "another account reached the socket: $out"
    out=$(runuser -u "$ACCOUNT" -- "$BINDIR/rawclient" "$sock" "hello 2 play" 2>&1)
    printf '%s' "$out" | grep -q "server's gate" || fail "a process without a name was let in: $out"
fi

# bob's ssh client is killed; the same command brings him back to the game.
cmd gb d7
see ga "2\\. d4 +d7" "alice did not see bob's second move"
tm kill-session -t "=gb"
see ga "has left" "alice was not told that bob's link dropped"
cmd ga f4
term gb bob "join alice"
see gb "3\\. f4" "bob did not come back into the same position"

# said NAME TEXT WHAT: TEXT (fixed) on NAME's screen, its wrapped rows joined.
said() {
    tm capture-pane -p -J -t "=$1:" | tr -s ' ' | grep -qF -- "$2" && return 0
    echo "---- $1's screen:" >&2
    scr "$1" >&2
    fail "$3"
}
# Adjourned, the rated game stays rated: an invitation with --casual is
# refused and names the game; the invitation alone resumes it.
cmd gb adjourn
see ga "asks for the adjournment: accept\\? \\(y/n\\)" "alice was not asked to adjourn"
tm send-keys -t "=ga:" y
see gb "adjourned and saved" "bob did not see the game adjourned"
tm kill-session -t "=ga"
tm kill-session -t "=gb"
tm kill-session -t "=gw"
gone "$data/run/g.alice.bob" "the host of the adjourned rated game did not end when both left"
out=$(as alice "$SRV" list)
echo "$out" | grep -qx "your adjourned game with bob: invite bob" ||
    fail "list does not show alice's adjourned game: $out"
out=$(as bob "$SRV" list)
echo "$out" | grep -qx "alice's adjourned game with you: join alice" ||
    fail "list does not show bob the adjourned game alice invited him to: $out"
term ga alice "invite bob --casual"
see ga "EXIT=2" "an invitation that would make the adjourned game casual was not refused"
said ga "you have an adjourned game with bob (Pemba, no clock, rated, 5 moves played), which --casual would change" \
    "an invitation with --casual did not name the adjourned rated game"
tm kill-session -t "=ga"
term ga alice "invite bob"
see ga "3\\. f4" "invite did not resume the adjourned game"
term gb bob "join alice"
see gb "3\\. f4" "bob did not come back to the resumed game"

# bob resigns: the game is rated and archived.
before=$(as alice "$SRV" ratings pemba)
cmd gb resign
see gb "Resign the game\\? \\(y/n\\)" "resign did not ask first"
tm send-keys -t "=gb:" y
see ga "rated: alice 1[6-9][0-9][0-9]\\? \\(\\+[0-9]+\\), bob" "alice was not told the new ratings"
after=$(as alice "$SRV" ratings pemba)
echo "$after" | grep -Eq "alice +1[6-9][0-9][0-9]\\?" || fail "alice's rating did not rise: $after"
echo "$after" | grep -Eq "bob +1[0-4][0-9][0-9]\\?" || fail "bob's rating did not fall: $after"
[ "$before" != "$after" ] || fail "the ratings did not change"
out=$(as bob "$SRV" games bob) || fail "games bob failed"
id=$(echo "$out" | awk '$3 == "pemba" && $4 == "alice" && $6 == "bob" && $7 == "1-0" { print $1; exit }')
[ -n "$id" ] || fail "games does not list the game: $out"
as bob "$SRV" pgn "$id" >"$WORK/game.pgn" || fail "pgn $id failed"
grep -q '\[White "alice"\]' "$WORK/game.pgn" && grep -q '1\. e4 e7 2\. d4' "$WORK/game.pgn" ||
    fail "pgn $id gave: $(cat "$WORK/game.pgn")"
# Resident memory: the gates hold a terminal, the game's host none.
ps -u "$ACCOUNT" -o tty=,rss=,comm= | awk '$3 == "zanzibar" {
    print ($1 == "?" ? "a game'"'"'s host" : "a gate with a board open") ": " $2 " kB" }' | sort -u
for t in ga gb; do tm kill-session -t "=$t"; done

gone "$data/run/g.alice.bob" "the host of the finished game did not end when both left"

# --- a seek: the first to join takes it; left by both, it is adjourned ---------
# (taken from the menu's Join line, which lists it, and Enter opens it)
tm kill-session -t "=a"
tm kill-session -t "=b"
left_list bob alice # alice's first menu goes with its terminal
term sb alice
see sb "five large chess variants" "no menu for alice again"
term sa bob "seek --variant pemba --time 5+3 --casual"
see sa "waiting for anyone" "the seek does not wait"
see sb "Join .*bob seeks a game \\(Pemba, .*, casual\\)" "the menu's Join line does not list bob's seek and its game as it comes"
scr sb | grep -q "^ *Invite" && fail "the menu on the server shows the Invite line of accounts"
tm send-keys -t "=sb:" Enter
see sb "White: bob +Black: alice" "alice did not take bob's seek from the menu"
see sa "Black: alice" "bob does not see who took the seek"
# The menu handed alice to the game by running the gate again: no key's
# fingerprint on any command line, which every account may read.
ps -u "$ACCOUNT" -o args= | grep -q "SHA256" &&
    fail "a fingerprint on the process list: $(ps -u "$ACCOUNT" -o args= | grep SHA256)"
# (the host renames the seek's socket and removes its words just after it
# has welcomed alice, and a slow host may do so after both screens show it)
tries=$WAIT_TENTHS
while { [ ! -S "$data/run/g.bob.alice" ] || [ -e "$data/run/i.s.bob" ]; } && [ "$tries" -gt 0 ]; do
    sleep 0.1
    tries=$((tries - 1))
done
[ -S "$data/run/g.bob.alice" ] || fail "the seek taken is not found as bob's game with alice"
[ -e "$data/run/i.s.bob" ] && fail "the seek's words outlive the seek taken"
cmd sa e4
see sb "1\\. e4" "alice did not see bob's move in the seek"
cmd sb e7
see sa "1\\. e4 +e7" "bob did not see alice's move in the seek"
term ma alice
see ma "Join .*bob" "alice's menu does not show her game with bob"
tm kill-session -t "=sa"
tm kill-session -t "=sb"
gone "$data/run/g.bob.alice" "the host of the seek did not end when both left"
see ma "Join .*bob's adjourned game with you" "the adjourned game does not come to the open menu"
tm kill-session -t "=ma"
term sa bob "invite alice --variant zanzibar-xl --time 10+5"
see sa "EXIT=2" "an invitation with other options was not refused"
said sa "you have an adjourned game with alice (Pemba, 5+3, casual, 2 moves played), which --variant and --time would change" \
    "an invitation with other options did not name the adjourned game"
tm kill-session -t "=sa"
term sb alice "join bob"
see sb "1\\. e4 +e7" "join did not resume the adjourned game"
cmd sb resign
see sb "Resign the game\\? \\(y/n\\)" "resign did not ask first"
tm send-keys -t "=sb:" y
see sb "the game is kept as number [0-9]+" "the casual game resumed by join was not archived"
scr sb | grep -q "rated:" && fail "the casual game resumed by join was rated"
tm kill-session -t "=sb"
gone "$data/run/g.bob.alice" "the host of the resumed game did not end when alice left"
[ -e "$data/run/i.g.bob.alice" ] && fail "a game's words outlive its host"
out=$(as alice "$SRV" games alice) || fail "games alice failed"
id=$(echo "$out" | awk '$3 == "pemba" && $4 == "bob" && $6 == "alice" && $7 == "1-0" { print $1; exit }')
[ -n "$id" ] || fail "games does not list the casual game: $out"
echo "$out" | grep -E "^ +$id .*casual" >/dev/null || fail "the casual game was archived as rated: $out"
as alice "$SRV" pgn "$id" >"$WORK/casual.pgn" || fail "pgn $id failed"
grep -q '^\[TimeControl "300+3"\]' "$WORK/casual.pgn" ||
    fail "the archive lost the time control: $(cat "$WORK/casual.pgn")"
tr '\n' ' ' <"$WORK/casual.pgn" | grep -Eq 'e4 \{\[%clk 0:0[0-9]:[0-9]{2}\]\} e7 \{\[%clk 0:0[0-9]:[0-9]{2}\]\}' ||
    fail "the archive lost the clocks: $(cat "$WORK/casual.pgn")"
# loaded back, it shows each side's last [%clk]
clk() { tr '\n' ' ' <"$WORK/casual.pgn" | grep -o '%clk [0-9:]*' | sed -n "$1p" | cut -c8-; }
mkdir -p "$WORK/loader"
tm new-session -d -s ld -x 140 -y 45 "env HOME=$WORK/loader XDG_STATE_HOME=$WORK/loader/s \
XDG_DATA_HOME=$WORK/loader/d XDG_CONFIG_HOME=$WORK/loader/c TERM=screen LC_ALL=C.UTF-8 \
$BIN --load $WORK/casual.pgn; sleep 60"
see ld "White $(clk 1) +Black $(clk 2)" "the archive's PGN did not load back with its clocks"
tm kill-session -t "=ld"

# A game's host killed at each step of a game's end loses nothing: the
# record says over (a temporary file renamed), the store's transaction
# (its first write into the log), then the record's unlink; killed at any
# of them, the game is archived or in its record, and the next gate of
# the two players archives a finished record once.
record="$data/players/alice/state/zanzibar/net-bob.pgn"
archived() { as alice "$SRV" games alice | awk '$4 == "alice" && $6 == "bob" && $7 == "0-1"' | wc -l; }
host_pid() { ps -u "$ACCOUNT" -o pid=,tty=,comm= | awk '$2 == "?" && $3 == "zanzibar" { print $1; exit }'; }
. "${ZANZIBAR_SRCDIR:-.}/tests/strace_lib.sh"
open_step() {
    before=$(archived)
    term ka alice "invite bob --variant pemba"
    see ka "waiting for bob" "the game to kill did not start ($1)"
    term kb bob "join alice"
    see kb "Black: bob" "bob did not join the game to kill ($1)"
}
check_step() {
    at=$1
    [ "$at" != none ] || see ka "rated: alice" "the game was not archived and rated"
    [ "$(archived)" -gt "$before" ] || [ -e "$record" ] ||
        fail "killed at $at: the game is neither archived nor in its record"
    tm kill-session -t "=ka"
    tm kill-session -t "=kb"
    [ "$at" != none ] || gone "$data/run/g.alice.bob" "the host did not end ($at)"
    if [ -e "$record" ] && ! grep -q '^\[ZanzibarState "over"\]' "$record"; then
        # killed before the record said over: the game is resumable
        grep -q '1\. e4 e7' "$record" || fail "killed at $at: the resumable game lost its moves"
        rm -f "$record"
        echo "killed at $at: the game is resumable" >&2
        return 0
    fi
    if [ "$at" = pwrite64:1 ]; then
        # a finished game left unarchived: the menu shows it over, never
        # adjourned, and archives it
        # (when the record is still there: the gate that lost its host
        # may have archived the game already, which also loses nothing)
        left=false
        [ -e "$record" ] && left=true
        term ma alice
        see ma "Join " "the menu did not open ($at)"
        [ $left = false ] ||
            see ma "Join .*your last game with bob ended 0-1" "the menu does not show the finished game ($at)"
        scr ma | grep -q "adjourned game with bob" && fail "the menu shows the finished game as adjourned"
        tm kill-session -t "=ma"
        [ "$(archived)" -eq $((before + 1)) ] && [ ! -e "$record" ] ||
            fail "killed at $at: the menu did not archive the finished game once"
    fi
    term ka alice "invite bob --variant pemba" # the gate archives a finished record first
    see ka "waiting for bob" "the next invitation did not start ($at)"
    tm kill-session -t "=ka"
    gone "$data/run/g.alice.bob" "the next host did not end ($at)"
    [ "$(archived)" -eq $((before + 1)) ] ||
        fail "killed at $at: $(($(archived) - before)) games archived instead of one"
    echo "killed at $at: the game is archived once" >&2
}
kill_each_step "$WORK/strace.err" ka kb rename:1 pwrite64:1 unlink:1 none

# Figures for the record (tools/server_figures.sh): 100 moves between two
# ssh clients, timed.
if [ -n "${SERVER_FIGURES:-}" ] && command -v python3 >/dev/null; then
    term fa alice "invite bob --variant pemba --casual"
    see fa "waiting for bob" "the figures' game did not start"
    term fb bob "join alice"
    see fb "Black: bob" "bob did not join the figures' game"
    python3 "$SERVER_FIGURES" "$WORK/tmux" fa fb --zanzibar "$BIN" --plies 100 ||
        fail "a move of the figures' game went astray"
    for t in fa fb; do tm kill-session -t "=$t"; done
    # 50 players in 25 games at once, their names put straight in the store.
    i=1
    while [ "$i" -le 50 ]; do
        ssh-keygen -q -t ed25519 -N '' -f "$WORK/key-p$i" || fail "ssh-keygen failed"
        echo "p$i $(ssh-keygen -lf "$WORK/key-p$i.pub" | cut -d' ' -f2)"
        i=$((i + 1))
    done >"$WORK/players"
    runuser -u "$ACCOUNT" -- python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA busy_timeout = 5000")
with db:
    for line in sys.stdin:
        name, fp = line.split()
        cur = db.execute("INSERT INTO names (name, created) VALUES (?, 0)", (name,))
        db.execute("INSERT INTO keys (fingerprint, name_id, added) VALUES (?, ?, 0)",
                   (fp, cur.lastrowid))
' "$data/server.db" <"$WORK/players" || fail "could not add the players"
    g=1
    while [ "$g" -le 25 ]; do
        term "w$g" "p$((2 * g - 1))" "invite p$((2 * g)) --variant pemba --casual"
        see "w$g" "waiting for" "game $g did not start"
        term "b$g" "p$((2 * g))" "join p$((2 * g - 1))"
        g=$((g + 1))
    done
    g=1
    while [ "$g" -le 25 ]; do
        see "b$g" "Black: p$((2 * g))" "p$((2 * g)) did not join game $g"
        g=$((g + 1))
    done
    capacity="$(dirname "$SERVER_FIGURES")/server_capacity.sh"
    cpu0=$(sh "$capacity" "$ACCOUNT" "$SSHD_PID" --cpu)
    python3 "$(dirname "$SERVER_FIGURES")/server_load.py" "$WORK/tmux" 25 --plies 10 ||
        fail "a move went astray with 50 players"
    cpu1=$(sh "$capacity" "$ACCOUNT" "$SSHD_PID" --cpu)
    echo "processor time of the gates, hosts and sshd for those 250 moves: $((cpu1 - cpu0)) ms"
    sh "$capacity" "$ACCOUNT" "$SSHD_PID" "50 players in 25 games, between moves (kB)"
    g=1
    while [ "$g" -le 25 ]; do
        tm kill-session -t "=w$g"
        tm kill-session -t "=b$g"
        g=$((g + 1))
    done
    # The same 50 names idle in their menus, once the games' processes went.
    tries=$WAIT_TENTHS
    while pgrep -u "$ACCOUNT" -x zanzibar >/dev/null && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
    i=1
    while [ "$i" -le 50 ]; do
        term "m$i" "p$i"
        see "m$i" "five large chess variants" "no menu for p$i"
        i=$((i + 1))
    done
    sh "$capacity" "$ACCOUNT" "$SSHD_PID" "50 players idle in the menu (kB)"
    i=1
    while [ "$i" -le 50 ]; do
        tm kill-session -t "=m$i"
        i=$((i + 1))
    done
fi

# A new key that asks for a board signs up first, then gets the board.
term sd dave "invite alice --variant pemba"
see sd "choose the name" "no sign-up prompt before a board"
t0=$(now_ms)
tm send-keys -t "=sd:" -l "dave" && tm send-keys -t "=sd:" Enter
see sd "waiting for alice" "no board after signing up with invite"
echo "sign-up to first board: $(($(now_ms) - t0)) ms"
tm kill-session -t "=sd"

# --- an idle menu ends (the administrator's limit through sshd's SetEnv) --------
# (the games cap, and boards and the sign-up that end when idle: server_limits.sh)
tm kill-session -t "=b" 2>/dev/null
stop_sshd
EXTRA_CONF="SetEnv ZANZIBAR_SERVER_IDLE_SECONDS=2"
start_sshd_retrying "sshd did not start again"
left_list alice bob # bob's first gate goes with its terminal
term d bob
see d "five large chess variants" "no menu for bob again"
see d "EXIT=" "an idle menu did not end"

echo "the public server: sign-up, names, verbs, refusals, link codes and the archive work"
