#!/usr/bin/env bash
# Runs every test: Java unit and end-to-end tests (Maven Surefire) and the C tests of the DPU runtime
# and simulator (run by Maven's test phase in runtime-dpu). Arguments go to Maven: ./test.sh -Pfull-tests
# runs the slow suites at full size, ./test.sh -DexcludedGroups=slow leaves them out.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/toolchain.sh
pimsql_need_packages
pimsql_select_java
mvn -B install "$@"
