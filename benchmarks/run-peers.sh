#!/usr/bin/env bash
# Runs the comparison of PimSQL with its peers (PostgreSQL, H2, HSQLDB): builds the benchmarks module if
# bin/pimsql cannot find it, then `bin/pimsql bench compare` with the given options (see --help).
# Results: benchmarks/results/latest.md and latest.png.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
if ! ls benchmarks/target/pimsql-benchmarks-*.jar >/dev/null 2>&1 || [ ! -d benchmarks/target/lib ]; then
    source scripts/toolchain.sh
    pimsql_select_java
    mvn -o -q -pl benchmarks -am package -DskipTests
fi
exec bin/pimsql bench compare "$@"
