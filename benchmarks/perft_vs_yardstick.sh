#!/usr/bin/env bash
# perft(DEPTH) from the bagh-chal start, one thread: bagh against the plain C
# yardstick (../shared/bench/yardstick.c, or $YARDSTICK_C), run alternately in
# one session, RUNS times each; prints every time and the medians.
#
#   bash benchmarks/perft_vs_yardstick.sh [DEPTH] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-7}
runs=${2:-7}
source_c=${YARDSTICK_C:-../shared/bench/yardstick.c}
build=target/yardstick
mkdir -p "$build"
cc -O2 -o "$build/yardstick" "$source_c"
cargo build --release --quiet -p bagh-cli --bin bagh
bagh="target/release/bagh perft"

seconds() { # run a command, print its wall time in seconds and check its node count
  local start end out
  start=$(date +%s.%N)
  out=$("$@" 2>/dev/null | tail -n 1)
  end=$(date +%s.%N)
  echo "$out" >>"$build/nodes.txt"
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.4f\n", b - a}' 
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

: >"$build/nodes.txt"
: >"$build/c.txt"
: >"$build/bagh.txt"
for _ in $(seq "$runs"); do
  seconds "$build/yardstick" "$depth" >>"$build/c.txt"
  seconds $bagh --threads 1 "$depth" >>"$build/bagh.txt"
done
if [ "$(sort -u "$build/nodes.txt" | wc -l)" != 1 ]; then
  echo "node counts differ:"; sort -u "$build/nodes.txt"; exit 1
fi
nodes=$(head -n 1 "$build/nodes.txt" | awk '{print $2}')
c=$(median <"$build/c.txt")
b=$(median <"$build/bagh.txt")
echo "perft($depth) from the bagh-chal start, $nodes nodes, median of $runs runs each, one thread"
awk -v n="$nodes" -v c="$c" -v b="$b" 'BEGIN {
  printf "  yardstick (C, cc -O2): %6.3f s  %12.0f nodes/s\n", c, n / c
  printf "  bagh-core:             %6.3f s  %12.0f nodes/s\n", b, n / b
  printf "  bagh-core is %.1f times faster\n", c / b
}' 
