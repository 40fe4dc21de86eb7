#!/usr/bin/env bash
# Cold start of two bxctl commands against running daemons, median of 10 runs each, for each way of
# starting the JVM, beside a Python client making the same socket calls (the floor): `status` (three
# connects, no frame) and `memory show` (one request and its JSON reply, through jackson-core).
# Usage: bench/cold-start.sh HOME   (daemons running on HOME, e.g. after `make run`: var/boxmaker)
set -euo pipefail
cd "$(dirname "$0")/.."
home="$(cd "$1" && pwd)"
runs="${RUNS:-10}"
app=bxctl/target/quarkus-app
app_cp="$(ls $app/app/*.jar $app/lib/main/*.jar | tr '\n' ':')"
cli_cp="$(ls bxctl/target/cli/*.jar | tr '\n' ':')"
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
opts="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData"
bxctl_opts="$opts -XX:CompileThresholdScaling=10" # bin/bxctl's
cli="-cp $cli_cp dev.boxmaker.bxctl.Cli"
train="-cp $cli_cp dev.boxmaker.bxctl.Training" # bin/bxctl's training runs
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The rows are timed interleaved, one run of each command in turn, $runs rounds, so that a change in
# the machine's load falls on every row alike; each figure is the median wall time of its runs.
labels=()
commands=()
row() { # label, command for status, command for memory show (each before bxctl's arguments)
  labels+=("$1")
  commands+=("$2 --home $home status" "$3 --home $home memory show")
}

# shellcheck disable=SC2086
same() { # cached plain command: a cached run must print what a plain run prints, or the figure times a failure
  diff <($1 --home "$home" $3 2>&1) <($2 --home "$home" $3 2>&1) >&2
}

# shellcheck disable=SC2086 # the commands are words split on purpose (no path has a space)
measure() { # times every command $runs times, interleaved; prints the table's rows
  local round i t0 t1
  for round in $(seq 1 "$runs"); do
    for i in "${!commands[@]}"; do
      t0=$(date +%s%N)
      ${commands[i]} >/dev/null 2>&1 || true
      t1=$(date +%s%N)
      echo $(( (t1 - t0) / 1000000 )) >>"$work/times.$i"
    done
  done
  for i in "${!labels[@]}"; do
    printf '| %-66s | %6s ms | %6s ms |\n' "${labels[i]}" "$(median "$work/times.$((2 * i))")" \
      "$(median "$work/times.$((2 * i + 1))")"
  done
}

median() { # file of times, one a line
  sort -n "$1" | sed -n "$(( (runs + 1) / 2 ))p"
}

row "java -jar quarkus-run.jar (Quarkus command mode), JDK 17" \
  "java $opts -jar $app/quarkus-run.jar" "java $opts -jar $app/quarkus-run.jar"
row "plain main (dev.boxmaker.bxctl.Cli) on the app's 48 jars, JDK 17" \
  "java $opts -cp $app_cp dev.boxmaker.bxctl.Cli" "java $opts -cp $app_cp dev.boxmaker.bxctl.Cli"
row "plain main on target/cli's 5 jars, JDK 17" "java $opts $cli" "java $opts $cli"
java $bxctl_opts -XX:ArchiveClassesAtExit="$work/bxctl.jsa" $train status "memory show" >/dev/null 2>&1
jsa="java $bxctl_opts -XX:SharedArchiveFile=$work/bxctl.jsa $cli"
same "$jsa" "java $opts $cli" status && same "$jsa" "java $opts $cli" "memory show"
row "5 jars + AppCDS archive, bin/bxctl's JVM options, JDK 17" "$jsa" "$jsa"
if [[ -x "$jdk25" ]]; then
  row "plain main on the app's 48 jars, JDK 25" \
    "$jdk25 $opts -cp $app_cp dev.boxmaker.bxctl.Cli" "$jdk25 $opts -cp $app_cp dev.boxmaker.bxctl.Cli"
  row "plain main on the 5 jars, JDK 25" "$jdk25 $opts $cli" "$jdk25 $opts $cli"
  $jdk25 $opts -XX:AOTCacheOutput="$work/both.aot" $train status "memory show" >/dev/null 2>&1
  $jdk25 $opts -XX:AOTCacheOutput="$work/status.aot" $train status >/dev/null 2>&1
  $jdk25 $opts -XX:AOTCacheOutput="$work/call.aot" $train "memory show" >/dev/null 2>&1
  status="$jdk25 $opts -XX:AOTCache=$work/status.aot $cli"
  call="$jdk25 $opts -XX:AOTCache=$work/call.aot $cli"
  same "$status" "$jdk25 $opts $cli" status && same "$call" "$jdk25 $opts $cli" "memory show"
  both="$jdk25 $opts -XX:AOTCache=$work/both.aot $cli"
  row "5 jars + one AOT cache trained on status and memory show, JDK 25" "$both" "$both"
  row "5 jars + the AOT cache trained on the command run, JDK 25" "$status" "$call"
  row "the same with CompileThresholdScaling=10 (bin/bxctl's JVM), JDK 25" \
    "$jdk25 $bxctl_opts -XX:AOTCache=$work/status.aot $cli" "$jdk25 $bxctl_opts -XX:AOTCache=$work/call.aot $cli"
  bin/bxctl status >/dev/null 2>&1 || true # bin/bxctl makes its own caches if it has none
  bin/bxctl memory show >/dev/null 2>&1 || true
  row "bin/bxctl (the script, which starts the row above)" bin/bxctl bin/bxctl
fi
cat >"$work/client.py" <<'PY'
import json, socket, struct, sys

def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s

def exactly(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            raise OSError("closed")
        data += chunk
    return data

# Called as bxctl is: --home HOME status, or --home HOME memory show.
home, command = sys.argv[2], sys.argv[3]
if command == "status":
    for path in ("run/owner-memory/admin.sock", "run/owner-broker/admin.sock", "run/owner-loop/loop.sock"):
        try:
            connect(home + "/" + path).close(); print("answering on", path)
        except OSError:
            print("not answering on", path)
else:
    s = connect(home + "/run/owner-memory/admin.sock")
    body = json.dumps({"kind": "memory_admin", "body": {"command": "show", "arg": ""}}).encode()
    s.sendall(struct.pack(">I", len(body)) + body)
    reply = json.loads(exactly(s, struct.unpack(">I", exactly(s, 4))[0]))
    print(reply["body"]["text"])
PY
python="$(python3 -c 'import sys; print(sys.executable)')"
row "floor: python3 as the PATH finds it ($(command -v python3))" \
  "python3 $work/client.py" "python3 $work/client.py"
row "floor: that python3's interpreter itself ($python)" "$python $work/client.py" "$python $work/client.py"
echo "| how | status | memory show |"
echo "|---|---|---|"
measure
