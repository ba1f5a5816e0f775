#!/usr/bin/env bash
# Tool FS vs the reference MCP filesystem server, side by side. Run on demand, not part of the test suite.
#
#   bench/run.sh [options]          the end-to-end bench (options: bench/run.sh --help)
#   bench/run.sh --build [options]  the same, rebuilding the sidecar first
#   bench/run.sh jmh [JMH options]  the JMH micro-benchmarks of the hot pure paths, with their ratios
#   bench/run.sh cpu [options]      the sidecar's CPU per call over stdio (options: bench/run.sh cpu --help)
#
# It installs the npm packages the lock file pins, builds what is missing, and runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"

need() {
  command -v "$1" >/dev/null || { echo "bench: $1 is required ($2)" >&2; exit 1; }
}
need java "Java 17+"
need mvn "Maven 3.8+, to build the sidecar and the benchmarks"

if [ "${1:-}" = "jmh" ]; then
  shift
  # The module depends on the extension as installed in the local Maven repository: install the working tree's,
  # so that the benchmarks measure the code as it is.
  (cd "$root" && mvn -B -ntp -q -pl runtime -am install -DskipTests)
  # Clean: an incremental build does not notice a changed dependency, and would run stale benchmark classes.
  mvn -B -ntp -q -f "$here/jmh/pom.xml" clean package
  exec java -jar "$here/jmh/target/benchmarks.jar" "$@"
fi

need node "Node.js 20+"

if [ "${1:-}" = "cpu" ]; then
  shift
  # A bare JSON-RPC client: no npm packages needed. Builds the sidecar only when no jar is given or built.
  if [ -z "${TOOLFS_JAR:-}" ] && [ ! -f "$root/sidecar/target/quarkus-app/quarkus-run.jar" ]; then
    (cd "$root" && mvn -B -ntp -pl sidecar -am package -DskipTests)
  fi
  exec node "$here/cpu.mjs" "$@"
fi

need npm "npm, to install the MCP client and the reference server"

build=false
args=()
jar_given=false
for a in "$@"; do
  case "$a" in
    --build) build=true ;;
    --jar|--jar=*) jar_given=true; args+=("$a") ;;
    *) args+=("$a") ;;
  esac
done
[ -n "${TOOLFS_JAR:-}" ] && jar_given=true

cd "$here"
# Install exactly what package-lock.json pins, again only when the lock file changes.
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.installed-lock; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock
fi

if ! $jar_given; then
  jar="$root/sidecar/target/quarkus-app/quarkus-run.jar"
  if $build || [ ! -f "$jar" ]; then
    (cd "$root" && mvn -B -ntp -pl sidecar -am package -DskipTests)
  fi
  export TOOLFS_JAR="$jar"
fi

exec node bench.mjs ${args[@]+"${args[@]}"}
