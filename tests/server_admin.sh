#!/bin/sh
# The public server behind a private sshd (tests/server_lib.sh), what the
# administrator and a stranger meet: saved games in the name's own folder,
# no server process that looks in /tmp, registrations limited per network.
SERVER_ROLE=a
. "${ZANZIBAR_SRCDIR:-.}/tests/server_lib.sh"

add_server_account
make_keys alice carol dave eve
# (two new names a day from one network)
EXTRA_CONF="SetEnv ZANZIBAR_SERVER_NAMES_PER_NETWORK=2"
start_sshd_retrying "sshd did not start"
command -v python3 >/dev/null || skip "python3 is needed to plant a socket in /tmp"

# --- saved games: :save NAME, :load NAME and the list, in the name's folder ---
term a alice
see a "choose the name" "no sign-up prompt for a new key"
see a "Your network \\(127\\.0\\.0\\.0/24\\) may make 2 more new names today" \
    "the sign-up does not say how many names the network may still make"
type_line a alice
see a "five large chess variants" "no menu after signing up"
tm send-keys -t "=a:" Enter
see a "to move|arrangement" "no game from the menu"
cmd a "save good1"
see a "saved .*good1" "no word that the game was saved"
[ -f "$DATA/players/alice/data/zanzibar/good1.pgn" ] || fail ":save good1 wrote no good1.pgn in alice's saved games"
cmd a "load good1"
see a "loaded .*good1\\.pgn" ":load good1 did not find what :save good1 wrote"
cmd a "save good2"
see a "saved .*good2" "no word that the second game was saved"
cmd a "load good2.pgn"
see a "loaded .*good2\\.pgn" ":load good2.pgn did not find what :save good2 wrote"
cmd a "load"
see a "Saved games, newest first \\(2\\)" "the saved games list does not count the game saved"
see a "\\(good1\\.pgn\\)" "the saved games list does not show good1.pgn"
tm kill-session -t "=a"

# --- no server process looks in /tmp ------------------------------------------
# Another local account plants, where games between accounts meet, a game
# for the server's account; a board (whose menu would look for games at
# its start) must not knock.
PLANTER="zztp$$"
useradd -M -s /bin/sh "$PLANTER" || fail "useradd $PLANTER failed"
AT_EXIT="kill_account_processes $PLANTER; userdel $PLANTER >/dev/null 2>&1; rm -rf /tmp/zanzibar-$(id -u "$PLANTER")"
planted=/tmp/zanzibar-$(id -u "$PLANTER")
knocks="$WORK/knocks"
touch "$knocks" && chmod 666 "$knocks" && chmod 711 "$WORK"
runuser -u "$PLANTER" -- sh -c "umask 022 && mkdir -m 755 $planted" || fail "could not plant a folder in /tmp"
runuser -u "$PLANTER" -- python3 -c '
import os, socket, struct, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o777)
s.listen(16)
while True:
    c, _ = s.accept()
    pid = struct.unpack("3i", c.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[0]
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            who = f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        who = "?"
    with open(sys.argv[2], "a") as f:
        f.write("process %d (%s)\n" % (pid, who))
    c.close()
' "$planted/game-$(id -u "$ACCOUNT")" "$knocks" &
tries=$WAIT_TENTHS
while [ ! -S "$planted/game-$(id -u "$ACCOUNT")" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
term s alice "seek --variant pemba"
see s "waiting for anyone" "the seek does not wait"
sleep 1
[ -s "$knocks" ] && fail "a server process connected to a socket another account planted in /tmp: $(cat "$knocks")"
tm kill-session -t "=s"

# --- new names are counted per network: 127.0.0.2 and .3 are alice's /24 ------
term c carol "" 127.0.0.2
see c "may make 1 more new name today" "a second address of the same /24 was not counted with the first"
type_line c carol
see c "five large chess variants" "no menu for carol"
term d dave "" 127.0.0.3
see d "made all the new names it may" \
    "a third new name from the same /24 was not refused before its name was asked"
see d "EXIT=2" "the refusal of a new name did not end with status 2"
scr d | grep -q "Name:" && fail "the name was asked before the refusal"
tm kill-session -t "=c"
tm kill-session -t "=d"
