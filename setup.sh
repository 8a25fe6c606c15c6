#!/usr/bin/env bash
# One command from a fresh clone: installs the toolchain (clang, lld, llvm, maven), builds PimSQL,
# and runs the main job: compiles every example schema into DPU programs, prints the summaries, and
# runs a short SmallBank benchmark on 64 simulated DPUs.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/toolchain.sh
pimsql_need_packages
pimsql_select_java
echo "pimsql setup: building with $JAVA_HOME"
mvn -B -q install -DskipTests
for example in bank ycsb tpcc; do
  echo
  echo "== examples/$example =="
  bin/pimsql compile examples/$example/*.sql -o "target/examples/$example"
done
echo
echo "== SmallBank on 64 simulated DPUs =="
bin/pimsql bench bank --dpus 64 --clients 4 --seconds 5
