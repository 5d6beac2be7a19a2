#!/bin/sh
# Level ladder in self-play: each level against the one below it, with no
# clock, so that every level thinks as its own settings say; a game both
# levels score at 8 pawns or more for one side over five moves each is
# adjudicated, since 12x12 games often outlast any move limit. Results go to
# OUT/ladder-VARIANT-HIGH-LOW.txt (and .pgn); see tools/match.py.
# usage: tools/ladder.sh VARIANT ZANZIBAR_BINARY FROM_LEVEL TO_LEVEL GAMES [OUT]
set -eu
if [ $# -lt 5 ]; then
    echo "usage: $0 VARIANT ZANZIBAR_BINARY FROM_LEVEL TO_LEVEL GAMES [OUT_DIR]" >&2
    exit 2
fi
variant=$1 bin=$2 low=$3 top=$4 games=$5 out=${6:-.}
here=$(dirname "$0")
while [ "$low" -lt "$top" ]; do
    high=$((low + 1))
    python3 "$here/match.py" --variant "$variant" --games "$games" --tc none --seed "$low" \
        --max-plies 400 --adjudicate 800:5 --referee "$bin" \
        --engine "L$high=$bin --xboard;option Level=$high" \
        --engine "L$low=$bin --xboard;option Level=$low" \
        --pgn "$out/ladder-$variant-$high-$low.pgn" > "$out/ladder-$variant-$high-$low.txt"
    tail -n 1 "$out/ladder-$variant-$high-$low.txt"
    low=$high
done
