#!/usr/bin/env bash
# Regression guard for engine changes: runs a short fixed set of benchmarks (SmallBank, TPC-C, YCSB-A,
# YCSB-C, all on simulated DPUs) on the working tree and on an earlier commit, the two builds taking turns
# in one run (A B A B ...), and prints each figure's median and the ratio working tree / earlier commit.
# Timing stays out of the tests; run this before merging a change that touches the engine (README).
#
#   scripts/perf-guard.sh [--base COMMIT] [--rounds N] [--seconds S] [--keep DIR]
#     --base     the commit to compare with (default: the merge base with main, else HEAD)
#     --rounds   rounds of the whole set per build (default 3; medians over the rounds)
#     --seconds  measured seconds per benchmark (default 5)
#     --keep     keep the earlier commit's build in DIR (reused by a later call with the same commit)
#
# The working tree must be built (mvn -o -q -DskipTests package, or ./setup.sh); the earlier commit is
# exported with git archive and built with the same Maven settings (MAVEN_OPTS, offline). On a shared
# machine a ratio within about 10% of 1 is noise: compare medians over several rounds.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/toolchain.sh
source "$ROOT/scripts/toolchain.sh"
pimsql_select_java # Maven builds the earlier commit with Java 25 (JAVA_HOME)
BASE=""
ROUNDS=3
SECONDS_PER=5
KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --base) BASE=$2; shift 2 ;;
        --rounds) ROUNDS=$2; shift 2 ;;
        --seconds) SECONDS_PER=$2; shift 2 ;;
        --keep) KEEP=$2; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "perf-guard: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
if [ -z "$BASE" ]; then
    BASE=$(git -C "$ROOT" merge-base HEAD main 2>/dev/null || git -C "$ROOT" rev-parse HEAD)
fi
BASE_ID=$(git -C "$ROOT" rev-parse --short "$BASE")
if [ ! -e "$ROOT/benchmarks/target/lib" ]; then
    echo "perf-guard: the working tree is not built (mvn -o -q -DskipTests package)" >&2
    exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/perf-guard.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
OLD=${KEEP:-$WORK/base}
if [ ! -e "$OLD/benchmarks/target/lib" ] || [ "$(cat "$OLD/.perf-guard-commit" 2>/dev/null)" != "$BASE_ID" ]; then
    echo "building $BASE_ID in $OLD ..." >&2
    rm -rf "$OLD"
    mkdir -p "$OLD"
    git -C "$ROOT" archive "$BASE" | tar -x -C "$OLD"
    (cd "$OLD" && mvn -o -q -DskipTests package >"$WORK/build.log" 2>&1) || {
        tail -30 "$WORK/build.log" >&2
        echo "perf-guard: building $BASE_ID failed" >&2
        exit 1
    }
    echo "$BASE_ID" >"$OLD/.perf-guard-commit"
fi

# SmallBank warms up for 2 s on both builds when both have bench bank's --warmup; a build from before it has none, and
# then neither warms up (--warmup 0), so that the two measure the same phase of a run.
bank_warmup() {
    "$1/bin/pimsql" bench bank --help 2>/dev/null | grep -q -- '--warmup'
}
BANK_WARMUP=()     # the working tree's
BANK_WARMUP_OLD=() # the earlier commit's
if bank_warmup "$OLD"; then
    BANK_WARMUP=(--warmup 2)
    BANK_WARMUP_OLD=(--warmup 2)
elif bank_warmup "$ROOT"; then
    BANK_WARMUP=(--warmup 0)
fi

# One round of the set on the tree at $1 with bench bank's warm-up options $3...; appends "figure value" lines to $2.
run_set() {
    local tree=$1 out=$2 res
    shift 2
    res=$(mktemp -d "$WORK/res.XXXXXX")
    "$tree/bin/pimsql" bench bank --dpus 8 --clients 4 --customers 8000 --seconds "$SECONDS_PER" "$@" \
        >"$res/bank.txt" 2>/dev/null || true
    awk '/^throughput:/ {gsub(",", "", $0); for (i = 1; i <= NF; i++) if ($i == "=") print "SmallBank_calls/s", $(i + 1)}
         /^latency \(ms\):/ {print "SmallBank_p50_ms", $4; print "SmallBank_p99_ms", $6}' "$res/bank.txt" >>"$out"
    # TPC-C with a warehouse per client (4 DPUs busy; a warehouse's MRAM does not fill within the run), then YCSB
    "$tree/bin/pimsql" bench compare --systems pimsql --workloads tpcc --warehouses 4 --warmup 2 \
        --seconds "$SECONDS_PER" --out "$res/tpcc" >/dev/null 2>&1 || true
    "$tree/bin/pimsql" bench compare --systems pimsql --workloads A,C --records 20000 --warmup 2 \
        --seconds "$SECONDS_PER" --out "$res/ycsb" >/dev/null 2>&1 || true
    for table in "$res/tpcc/latest.md" "$res/ycsb/latest.md"; do
        [ -f "$table" ] || continue
        # | workload | system | tx/s | p50 ms | p99 ms | retries | failures | ...
        awk -F'|' '$3 ~ /PimSQL (sync|async)/ {
                gsub(/ /, "", $2); gsub(/[ ,]/, "", $4); gsub(/[ ,]/, "", $8);
                mode = ($3 ~ /async/) ? "async" : "sync";
                if ($4 ~ /^[0-9.]+$/) print $2 "_" mode "_tx/s", $4;
                if ($8 ~ /^[0-9]+$/) print $2 "_" mode "_failures", $8 }' "$table" >>"$out"
    done
}

for ((r = 1; r <= ROUNDS; r++)); do
    echo "round $r of $ROUNDS: $BASE_ID ..." >&2
    run_set "$OLD" "$WORK/old.txt" ${BANK_WARMUP_OLD[@]+"${BANK_WARMUP_OLD[@]}"}
    echo "round $r of $ROUNDS: working tree ..." >&2
    run_set "$ROOT" "$WORK/new.txt" ${BANK_WARMUP[@]+"${BANK_WARMUP[@]}"}
done

median() { sort -g | awk '{v[NR] = $1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
printf '%-26s %14s %14s %8s\n' "figure (median of $ROUNDS)" "$BASE_ID" "working tree" "ratio"
for figure in $(cat "$WORK/old.txt" "$WORK/new.txt" | awk '{print $1}' | awk '!seen[$0]++'); do
    old=$(awk -v f="$figure" '$1 == f {print $2}' "$WORK/old.txt" | median)
    new=$(awk -v f="$figure" '$1 == f {print $2}' "$WORK/new.txt" | median)
    ratio=$(awk -v a="$new" -v b="$old" 'BEGIN {if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2fx", a / b}')
    printf '%-26s %14s %14s %8s\n' "$figure" "$old" "$new" "$ratio"
done
echo "(latencies and failures: a ratio below 1 is better; throughputs: above 1 is better)"
