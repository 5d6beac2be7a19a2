#!/bin/sh
# Engine-against-engine games through the real terminal front end (in a
# private tmux server), to count losses on time: the clocks, the screen's
# polling and the engine's time manager all take part, as for a player.
# Usage: tools/ui_flags.sh BIN TIME LEVEL VARIANT... (one game per variant
# named; e.g. tools/ui_flags.sh ./zanzibar 1+0 10 pemba zanzibar-s)
# Prints one line per game: variant, result line, moves, and FLAG on a
# loss on time.
set -u
bin=$1 tc=$2 level=$3
shift 3
tmux_bin=$(command -v tmux) || { echo "tmux is needed" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/zanzibar-flags.XXXXXX")
socket="zanzibar-flags-$$"
export XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
T() { "$tmux_bin" -L "$socket" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$work"' EXIT
# A sudden-death game lasts at most both clocks plus the screen's delays.
minutes=${tc%%+*}
limit=$((minutes * 120 + 120))
for variant in "$@"; do
    T kill-server 2>/dev/null
    sleep 0.5
    T new-session -d -x 120 -y 40 "$bin --variant $variant --white engine --black engine \
--level $level --time $tc; sleep 600"
    waited=0 line=""
    while [ "$waited" -lt "$limit" ]; do
        sleep 2
        waited=$((waited + 2))
        screen=$(T capture-pane -p 2>/dev/null)
        line=$(printf '%s\n' "$screen" | grep -E '(1-0|0-1|1/2-1/2)' | grep -v '^ *$' | tail -1)
        [ -n "$line" ] && break
    done
    moves=$(printf '%s\n' "$screen" | grep -oE '^ *[0-9]+\.' | tail -1 | tr -d ' .')
    flag=""
    printf '%s\n' "$line" | grep -qi "time" && flag=FLAG
    printf '%s\t%s\tmoves~%s\t%s\n' "$variant" "$(echo "$line" | sed 's/^ *//;s/ *$//')" \
        "${moves:-?}" "$flag"
done
