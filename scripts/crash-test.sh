#!/usr/bin/env bash
# The kill -9 harness (issue 17): a process writing to a file: database is killed with SIGKILL, trial after
# trial, at random moments and while it writes checkpoints; after each kill the database must reopen with every
# call that had returned, none applied twice.
#   scripts/crash-test.sh                 100 trials on a temporary database (deleted when all pass)
#   scripts/crash-test.sh --trials 20 --dir /tmp/crash-db --dpus 8 --seed 3
# Needs the build of ./setup.sh (or mvn -DskipTests install); prints one line per trial and a summary.
set -euo pipefail
cd "$(dirname "$0")/.."
exec bin/pimsql bench crash "$@"
