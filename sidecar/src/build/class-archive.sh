#!/usr/bin/env bash
# Makes the sidecar start faster, at build time: one training run over stdio (initialize, tools/list, read, write,
# edit, a refused call), at whose exit the JVM writes the classes it loaded and linked (the class archive), and whose
# answers to initialize and tools/list are kept (tool-fs-handshake.jsonl: answered to a stdio client while the next
# starts are still starting). Then writes quarkus-app/jvm.args: the options of sidecar/jvm.args plus both files, by
# their absolute paths, so that `java @…/quarkus-app/jvm.args -jar …/quarkus-run.jar` uses them from any folder.
#
#   class-archive.sh <quarkus-app folder> <jvm.args> <java>
#
# JDK 25+ writes an AOT cache (-XX:AOTCacheOutput, JEPs 483 and 514), older ones a dynamic AppCDS archive
# (-XX:ArchiveClassesAtExit). An archive only serves the JDK build that made it: another JDK warns on stderr and
# starts without it (a JDK older than 24 skips an AOT cache silently). A JVM that writes no archive gets the options
# alone.
set -euo pipefail
app="$(cd "$1" && pwd)"
options="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
java="$3"
jar="$app/quarkus-run.jar"
out="$app/jvm.args"
handshake="$app/tool-fs-handshake.jsonl"

if [ ! -f "$jar" ]; then
  # Another packaging (an uber-jar, no jar at all): nothing to train, and no argument file.
  echo "class-archive: no $jar; no class archive made" >&2
  exit 0
fi
version="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')"
major="${version%%.*}"
if [ "${major:-0}" -ge 25 ]; then
  archive="$app/tool-fs.aot"; record="-XX:AOTCacheOutput=$archive"; use="-XX:AOTCache=$archive"; kind="AOT cache"
else
  archive="$app/tool-fs.jsa"; record="-XX:ArchiveClassesAtExit=$archive"; use="-XX:SharedArchiveFile=$archive"; kind="AppCDS archive"
fi
rm -f "$app/tool-fs.aot" "$app/tool-fs.jsa" "$out" "$handshake"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/ws"
printf 'alpha\nbeta\ngamma\n' > "$work/ws/notes.txt"
call() { # id, tool, arguments
  printf '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}\n' "$1" "$2" "$3"
}
{
  echo '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"class-archive","version":"1"}}}'
  echo '{"jsonrpc":"2.0","method":"notifications/initialized"}'
  echo '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
  call 3 read '{"file_path":"notes.txt"}'
  call 4 edit '{"file_path":"notes.txt","old_string":"beta","new_string":"BETA"}'
  call 5 write '{"file_path":"sub/new.txt","content":"fresh\n"}'
  call 6 read '{"file_path":"notes.txt","offset":2,"limit":1}'
  call 7 read '{"file_path":"missing.txt"}'
  call 8 read '{}'
} > "$work/in.jsonl"

# The training run ends when its input does; the JVM then writes the archive. It runs with the jar's own
# configuration only (no QUARKUS_* or SMALLRYE_* variables: its tool list is recorded), takes no JVM options from
# the environment, and may not hang the build.
clean=()
for name in $(compgen -e); do
  case "$name" in
    QUARKUS_*|SMALLRYE_*|JDK_JAVA_OPTIONS|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS) clean+=(-u "$name") ;;
  esac
done
limit=()
command -v timeout >/dev/null && limit=(timeout 300)
if ! (cd "$work/ws" && env ${clean[@]+"${clean[@]}"} ${limit[@]+"${limit[@]}"} "$java" "@$options" \
    "$record" "-Dquarkus.tool-fs.workspace.roots=$work/ws" -Dquarkus.tool-fs.sandbox.approval=deny \
    -Dquarkus.tool-fs.policy.enabled=true -Dtool-fs.stdio.handshake= -jar "$jar" --stdio < "$work/in.jsonl" > "$work/out.jsonl" 2> "$work/err.log"); then
  echo "class-archive: the training run failed:" >&2
  cat "$work/err.log" >&2
  exit 1
fi
# The run must have done its work: a sidecar that answers wrongly is a broken build, not a slow one.
expect() {
  grep -q -- "$1" "$work/out.jsonl" || {
    echo "class-archive: the training run did not answer $2 (expected $1); its output:" >&2
    cat "$work/out.jsonl" "$work/err.log" >&2
    exit 1
  }
}
expect '1: alpha' 'the read'
expect 'has been updated successfully' 'the edit'
expect 'Created file' 'the write'
expect '2: BETA' 'the second read'
expect 'FS_NOT_FOUND' 'the read of a missing file'
expect 'INVALID_ARGUMENT' 'the call without arguments'
[ "$(cat "$work/ws/notes.txt")" = "$(printf 'alpha\nBETA\ngamma')" ] || { echo "class-archive: the edit left the wrong bytes" >&2; exit 1; }

# The server's own answers to the handshake, as it sent them, for the next starts to answer early (and the check
# that it answered initialize and tools/list).
{
  grep -E '^\{"jsonrpc":"2.0","id":1,"result":\{"protocolVersion":' "$work/out.jsonl" || true
  grep -E '^\{"jsonrpc":"2.0","id":2,"result":\{"tools":' "$work/out.jsonl" || true
} > "$handshake"
[ "$(wc -l < "$handshake")" -eq 2 ] || {
  echo "class-archive: the training run did not answer initialize and tools/list once each; its output:" >&2
  cat "$work/out.jsonl" "$work/err.log" >&2
  exit 1
}

# Quoted, with \ and " escaped: unquoted, an argument file splits a path at a space and ends it at a #.
quote() {
  local q="${1//\\/\\\\}"
  printf '"%s"\n' "${q//\"/\\\"}"
}
cp "$options" "$out"
{
  echo "# The handshake answers (initialize, tools/list) of the build's training run: a stdio client gets them while"
  echo "# the sidecar is still starting. Made by class-archive.sh; rebuilt with every package."
  quote "-Dtool-fs.stdio.handshake=$handshake"
} >> "$out"
if [ -s "$archive" ]; then
  {
    echo "# The $kind made by the build for Java $version: classes loaded and linked ahead of the start."
    echo "# Another JDK ignores it with a warning on stderr. Made by class-archive.sh; rebuilt with every package."
    echo "# java: $java"
    # A JDK older than 24 does not know -XX:AOTCache: without this it would refuse to start instead of ignoring it.
    [ "$kind" = "AOT cache" ] && echo "-XX:+IgnoreUnrecognizedVMOptions"
    quote "$use"
  } >> "$out"
  echo "class-archive: $kind $archive ($(du -k "$archive" | cut -f1) KiB), options in $out"
else
  echo "class-archive: Java $version wrote no $kind; $out has the options alone" >&2
fi
