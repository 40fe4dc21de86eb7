#!/usr/bin/env bash
# Cold start of one bxctl command (`status`, against running daemons), median of 10 runs each, for
# each way of starting the JVM, beside a Python client making the same socket call (the floor).
# Usage: bench/cold-start.sh HOME   (daemons running on HOME, e.g. after `make run`: var/boxmaker)
set -euo pipefail
cd "$(dirname "$0")/.."
home="$(cd "$1" && pwd)"
runs="${RUNS:-10}"
app=bxctl/target/quarkus-app
cp="$(ls $app/app/*.jar $app/lib/main/*.jar | tr '\n' ':')"
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

median() { # command...: prints the median wall time in ms of $runs runs
  local times=()
  for _ in $(seq 1 "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

opts=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto)
row() { printf '| %-58s | %6s ms |\n' "$1" "$2"; }

echo "| how | median of $runs |"
echo "|---|---|"
row "java -jar quarkus-run.jar (Quarkus command mode), JDK 17" \
  "$(median java "${opts[@]}" -jar $app/quarkus-run.jar --home "$home" status)"
row "plain main (dev.boxmaker.bxctl.Cli) on the app's jars, JDK 17" \
  "$(median java "${opts[@]}" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status)"
java "${opts[@]}" -XX:ArchiveClassesAtExit="$work/bxctl17.jsa" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status >/dev/null 2>&1 || true
row "plain main + AppCDS archive (-XX:SharedArchiveFile), JDK 17" \
  "$(median java "${opts[@]}" -XX:SharedArchiveFile="$work/bxctl17.jsa" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status)"
if [[ -x "$jdk25" ]]; then
  opts25=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1)
  row "plain main, JDK 25" \
    "$(median "$jdk25" "${opts25[@]}" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status)"
  "$jdk25" "${opts25[@]}" -XX:AOTCacheOutput="$work/bxctl.aot" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status >/dev/null 2>&1
  # The cached run must print what a plain run prints, or the figure would time a failure.
  diff <("$jdk25" "${opts25[@]}" -XX:AOTCache="$work/bxctl.aot" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status 2>&1) \
       <("$jdk25" "${opts25[@]}" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status 2>&1) >&2
  row "plain main + AOT cache from a training run, JDK 25" \
    "$(median "$jdk25" "${opts25[@]}" -XX:AOTCache="$work/bxctl.aot" -cp "$cp" dev.boxmaker.bxctl.Cli --home "$home" status)"
fi
cat >"$work/status.py" <<'PY'
import socket, struct, sys, json
for path in sys.argv[1:]:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(path); print("answering on", path)
    except OSError:
        print("not answering on", path)
    finally:
        s.close()
PY
row "floor: python3 making the same three connects" \
  "$(median python3 "$work/status.py" "$home/run/owner-memory/admin.sock" "$home/run/owner-broker/admin.sock" "$home/run/owner-loop/loop.sock")"
