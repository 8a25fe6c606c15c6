# Sourced by setup.sh and test.sh: makes sure the build tools exist and selects Java 25.
# Installs from Debian's packages only what is missing, so repeated runs are fast.

pimsql_need_packages() {
  local missing=()
  command -v clang >/dev/null 2>&1 || missing+=(clang)
  command -v ld.lld >/dev/null 2>&1 || missing+=(lld)
  command -v llvm-size >/dev/null 2>&1 || missing+=(llvm)
  command -v mvn >/dev/null 2>&1 || missing+=(maven)
  command -v make >/dev/null 2>&1 || missing+=(make)
  # The IRAM estimate links for a 32-bit proxy target with lld 19, which relaxes calls to one
  # instruction as on the DPU (lld 14 cannot), see docs/iram.md.
  command -v clang-19 >/dev/null 2>&1 || missing+=(clang-19)
  command -v ld.lld-19 >/dev/null 2>&1 || missing+=(lld-19)
  command -v llvm-size-19 >/dev/null 2>&1 || missing+=(llvm-19)
  # pimsql bench compare starts its own PostgreSQL server (initdb in a temporary directory) as a peer.
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  # The server's acceptance tests drive 'pimsql server' with the real psql (postgresql-client) and pgbench
  # (Debian ships pgbench with the server package), and make a throw-away TLS certificate with openssl.
  command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
  command -v pgbench >/dev/null 2>&1 || missing+=(postgresql)
  command -v openssl >/dev/null 2>&1 || missing+=(openssl)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "pimsql setup: installing ${missing[*]} from Debian packages"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

pimsql_select_java() {
  local candidates=("${PIMSQL_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-25-openjdk-amd64)
  for home in "${candidates[@]}"; do
    [ -n "$home" ] && [ -x "$home/bin/java" ] || continue
    local major
    major=$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/ *java.specification.version = //p')
    if [ "${major%%.*}" -ge 25 ] 2>/dev/null; then
      export JAVA_HOME="$home"
      return 0
    fi
  done
  echo "pimsql setup: Java 25 is required (set PIMSQL_JAVA_HOME to a JDK 25, e.g. Temurin 25)" >&2
  return 1
}
