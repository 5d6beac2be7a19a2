#!/bin/sh
# What the players of the public server cost this machine (a figure, not a
# test): for the server account's processes (gates, with a terminal, and
# games' hosts, without) and for sshd's per-connection processes (the
# children and grandchildren of the sshd that listens), how many there are
# and, on average, their resident and proportional memory (PSS: shared
# pages split among their users, what one more costs), their open file
# descriptors, and the processor time they all took over SECONDS.
# Usage (as root): tools/server_capacity.sh ACCOUNT SSHD_PID LABEL [SECONDS]
# or: tools/server_capacity.sh ACCOUNT SSHD_PID --cpu, which prints only
# the processor time they have taken so far, in milliseconds.
account=$1 sshd=$2 label=$3 seconds=${4:-10}
uid=$(id -u "$account") || exit 2

# kind PID: gate (a terminal), host (none), sshd (a connection's), other
# (anything else of the account's), or nothing.
kind() {
    [ -r "/proc/$1/status" ] || return
    owner=$(sed -n 's/^Uid:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$1/status")
    parent=$(sed -n 's/^PPid:[[:space:]]*//p' "/proc/$1/status")
    grand=$(sed -n 's/^PPid:[[:space:]]*//p' "/proc/$parent/status" 2>/dev/null)
    comm=$(cat "/proc/$1/comm" 2>/dev/null)
    if [ "$owner" = "$uid" ] && [ "$comm" = zanzibar ]; then
        set -- $(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null)
        [ "${5:-0}" = 0 ] && echo host || echo gate
    elif [ "$parent" = "$sshd" ] || [ "$grand" = "$sshd" ]; then
        echo sshd
    elif [ "$owner" = "$uid" ]; then
        echo other
    fi
}

# ticks: the processor time (user and system, in clock ticks) of every
# process of these kinds now.
ticks() {
    total=0
    for dir in /proc/[0-9]*; do
        pid=${dir#/proc/}
        [ -n "$(kind "$pid")" ] || continue
        set -- $(sed 's/^.*) //' "$dir/stat" 2>/dev/null)
        total=$((total + ${12:-0} + ${13:-0}))
    done
    echo "$total"
}

hz=$(getconf CLK_TCK)
if [ "$label" = --cpu ]; then
    echo $(($(ticks) * 1000 / hz))
    exit 0
fi
before=$(ticks)
sleep "$seconds"
after=$(ticks)
for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    k=$(kind "$pid")
    [ -n "$k" ] || continue
    rss=$(sed -n 's/^Rss:[[:space:]]*\([0-9]*\).*/\1/p' "$dir/smaps_rollup" 2>/dev/null)
    pss=$(sed -n 's/^Pss:[[:space:]]*\([0-9]*\).*/\1/p' "$dir/smaps_rollup" 2>/dev/null)
    fds=$(ls "$dir/fd" 2>/dev/null | wc -l)
    echo "$k ${rss:-0} ${pss:-0} $fds"
done | awk -v label="$label" -v cpu="$(( (after - before) * 1000 / hz ))" -v s="$seconds" '
    { n[$1]++; rss[$1] += $2; pss[$1] += $3; fds[$1] += $4 }
    END {
        printf "%s:\n", label
        for (k in n)
            printf "  %3d %-5s RSS %5d kB, PSS %5d kB, %3d descriptors each on average\n",
                n[k], k, rss[k] / n[k], pss[k] / n[k], fds[k] / n[k]
        printf "  processor time of all of them over %d s: %d ms\n", s, cpu
    }'
