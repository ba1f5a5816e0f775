#!/usr/bin/env bash
# Runs the Node.js MCP client tests against the packaged sidecar. Usage: run.sh <path to quarkus-run.jar> [java]
# The java is the one the build ran on, which made the class archive (default: java on the PATH).
set -euo pipefail
# Resolve the jar before moving to this folder, so a relative path works.
export TOOLFS_JAR="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
# The JVM options the README starts the sidecar with: those the build wrote next to the jar (with its class
# archive), or the sidecar's own when the build made none.
built_args="$(dirname "$TOOLFS_JAR")/jvm.args"
if [ -f "$built_args" ]; then
  export TOOLFS_JVM_ARGS="$built_args"
else
  export TOOLFS_JVM_ARGS="$(cd "$(dirname "$0")/../../.." && pwd)/jvm.args"
fi
export TOOLFS_JAVA="${2:-java}"
cd "$(dirname "$0")"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "Node.js and npm are required for the MCP client tests (skip them with -DskipNodeTests)" >&2
  exit 1
fi
# Install exactly what package-lock.json pins, once per lock change.
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.installed-lock; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock
fi
node --import ./node20-shim/register.mjs --test --test-reporter=spec --test-concurrency=1 mcp-client.test.mjs conformance.test.mjs
