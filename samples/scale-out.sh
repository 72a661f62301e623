#!/usr/bin/env bash
# The sample scaled out on this machine: PostgreSQL, Redis (SignalR's backplane), N instances of samples/WebApi on
# loopback ports, and the YARP proxy (samples/Proxy) in front of them, round robin with active health checks. Everything it starts is stopped
# when it exits (Ctrl+C, the end of COMMAND, or an error). docs/scale-out.md has the measured runs.
#
#   samples/scale-out.sh [--instances N] [--port PORT] [--no-build] [--no-redis] [-- COMMAND ARGS...]
#
# Without COMMAND it prints the proxy's URL and waits for Ctrl+C. With COMMAND it runs it once everything answers,
# with {url} in its arguments replaced by the proxy's URL (also in SCALE_OUT_URL; the instances' URLs are in
# SCALE_OUT_INSTANCES, comma-separated) and {pids} by NAME=PID of every process it started (SCALE_OUT_PIDS, for
# load-tests --cpu-pids), then stops everything and exits with COMMAND's code:
#   samples/scale-out.sh --instances 3 -- dotnet run -c Release --project load-tests -- --url {url}
# A PostgreSQL of your own: set JSONABLE_POSTGRES to its Npgsql connection string and none is started. Likewise a Redis
# of your own: JSONABLE_REDIS (a StackExchange.Redis configuration string, e.g. 127.0.0.1:6379); every instance gets
# it as ConnectionStrings:Redis, so that hub messages to groups reach the clients of every instance. --no-redis: none.
# On exit each instance logs how many transform updates it wrote and how many compare-and-swaps it retried.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

instances=2
port=""
build=1
redis=1
command=()
while [ $# -gt 0 ]; do
    case "$1" in
        --instances) instances="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --no-redis) redis=0; shift ;;
        --) shift; command=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "scale-out: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$instances" in ''|*[!0-9]*|0) echo "scale-out: --instances needs a count of 1 or more" >&2; exit 2 ;; esac

log() { echo "scale-out: $*" >&2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/jsonable-scale-out.XXXXXX")"
pids=()
postgres_dir=""
redis_dir=""

# CPU seconds a process has used (user + system), from /proc; with its reaped children's when asked (the PostgreSQL
# postmaster: its backends come and go).
cpu_seconds() {
    # "return 0", not "return": in the EXIT trap a bare return gives back the status the script exited with.
    local stat; stat="$(cat "/proc/$1/stat" 2>/dev/null)" || { echo "?"; return 0; }
    # The fields after "(name) ": [11] utime, [12] stime, [13] cutime, [14] cstime, in clock ticks.
    local fields=(${stat##*) })
    local ticks=$(( fields[11] + fields[12] ))
    if [ "${2:-}" = children ]; then ticks=$(( ticks + fields[13] + fields[14] )); fi
    awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t / hz }'
}

cpu_report() {
    local line="CPU seconds used:"
    for ((i = 0; i < ${#pids[@]}; i++)); do
        local name="instance-$((i + 1))"; [ "$i" = "$instances" ] && name="proxy"
        line="$line $name $(cpu_seconds "${pids[$i]}"),"
    done
    if [ -n "${JSONABLE_POSTGRES_DIR:-}" ] && [ -f "$JSONABLE_POSTGRES_DIR/data/postmaster.pid" ]; then
        local postmaster total
        postmaster="$(head -n 1 "$JSONABLE_POSTGRES_DIR/data/postmaster.pid")"
        total="$(cpu_seconds "$postmaster" children)"
        for child in $(pgrep -P "$postmaster"); do total="$(awk -v a="$total" -v b="$(cpu_seconds "$child")" 'BEGIN { printf "%.1f", a + b }')"; done
        line="$line postgres $total (since it started),"
    fi
    log "${line%,}"
}

cleanup() {
    local code=$?
    trap - EXIT INT TERM
    # Everything below must run whatever fails (a process already gone, a report that cannot be read).
    set +e
    if [ ${#pids[@]} -gt 0 ]; then cpu_report; fi
    # SIGTERM: each instance shuts down gracefully and logs its store's counts.
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    for ((i = 1; i <= instances; i++)); do
        if [ -f "$work/instance-$i.log" ]; then
            grep -h "Transform store:" "$work/instance-$i.log" | sed "s/^ */scale-out: instance-$i: /" >&2 || true
        fi
    done
    if [ -n "$postgres_dir" ]; then bash "$root/.ci/postgres" stop "$postgres_dir" || true; fi
    if [ -n "$redis_dir" ]; then bash "$root/.ci/redis" stop "$redis_dir" || true; fi
    if [ "$code" != 0 ] && [ -d "$work" ]; then
        for f in "$work"/*.log; do [ -f "$f" ] && { log "--- $(basename "$f") (last lines)"; tail -n 20 "$f" >&2; }; done
    fi
    rm -rf "$work"
    exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
    local p
    for _ in $(seq 1 50); do
        p=$((20000 + RANDOM % 20000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
    done
    log "no free port found"; return 1
}

# Waits until URL answers 2xx (curl when present, else bash's /dev/tcp).
wait_for() {
    local url="$1" name="$2" pid="$3"
    for _ in $(seq 1 300); do
        if ! kill -0 "$pid" 2>/dev/null; then log "$name exited"; return 1; fi
        if command -v curl >/dev/null; then
            curl -sf -o /dev/null "$url" && return 0
        else
            local hostport="${url#http://}"; hostport="${hostport%%/*}"; local path="/${url#http://*/}"
            if exec 3<>"/dev/tcp/${hostport%:*}/${hostport#*:}" 2>/dev/null; then
                printf 'GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$path" "$hostport" >&3
                local status; read -r _ status _ <&3 || true; exec 3<&-
                case "$status" in 2*) return 0 ;; esac
            fi
        fi
        sleep 0.2
    done
    log "$name did not answer $url within 60 s"; return 1
}

if [ "$build" = 1 ]; then
    log "building the sample and the proxy (Release)"
    dotnet build -c Release "$root/samples/WebApi/WebApi.csproj" -v q -nologo >&2
    dotnet build -c Release "$root/samples/Proxy/Proxy.csproj" -v q -nologo >&2
fi
sample_dll="$root/samples/WebApi/bin/Release/net10.0/Jsonable.Samples.WebApi.dll"
proxy_dll="$root/samples/Proxy/bin/Release/net10.0/Jsonable.Samples.Proxy.dll"

if [ -z "${JSONABLE_POSTGRES:-}" ]; then
    postgres_env="$(bash "$root/.ci/postgres" start)"
    eval "$postgres_env"
    postgres_dir="$JSONABLE_POSTGRES_DIR"
fi

redis_args=()
if [ "$redis" = 1 ]; then
    if [ -z "${JSONABLE_REDIS:-}" ]; then
        redis_env="$(bash "$root/.ci/redis" start)"
        eval "$redis_env"
        redis_dir="$JSONABLE_REDIS_DIR"
    fi
    redis_args=(--ConnectionStrings:Redis "$JSONABLE_REDIS")
fi

backends=()
for ((i = 1; i <= instances; i++)); do
    p="$(free_port)"
    # Each instance in its own working directory: nothing of the default SQLite file is shared or left behind.
    mkdir -p "$work/instance-$i"
    (cd "$work/instance-$i" && exec dotnet "$sample_dll" --urls "http://127.0.0.1:$p" --environment Production \
        --store postgres --ConnectionStrings:Postgres "$JSONABLE_POSTGRES" "${redis_args[@]}" --Logging:LogLevel:Default Warning \
        --Logging:LogLevel:Jsonable.Samples.WebApi.Storage Information >"$work/instance-$i.log" 2>&1) &
    pids+=($!)
    backends+=("http://127.0.0.1:$p")
    # One at a time: the first creates and seeds the tables, the others would only wait on its lock.
    wait_for "http://127.0.0.1:$p/minimal/transforms/1/position" "instance-$i" "$!"
    log "instance-$i on http://127.0.0.1:$p (pid $!)"
done

port="${port:-$(free_port)}"
(exec dotnet "$proxy_dll" --urls "http://127.0.0.1:$port" --backends "$(IFS=,; echo "${backends[*]}")" --health-interval 1 \
    >"$work/proxy.log" 2>&1) &
pids+=($!)
wait_for "http://127.0.0.1:$port/minimal/transforms/1/position" "proxy" "$!"
export SCALE_OUT_URL="http://127.0.0.1:$port"
export SCALE_OUT_INSTANCES="$(IFS=,; echo "${backends[*]}")"
process_ids=()
for ((i = 0; i < instances; i++)); do process_ids+=("instance-$((i + 1))=${pids[$i]}"); done
process_ids+=("proxy=${pids[$instances]}")
if [ -n "${JSONABLE_POSTGRES_DIR:-}" ] && [ -f "$JSONABLE_POSTGRES_DIR/data/postmaster.pid" ]; then
    process_ids+=("postgres=$(head -n 1 "$JSONABLE_POSTGRES_DIR/data/postmaster.pid")")
fi
export SCALE_OUT_PIDS="$(IFS=,; echo "${process_ids[*]}")"
log "proxy on $SCALE_OUT_URL over ${instances} instance(s)$([ "$redis" = 1 ] && echo ", Redis at $JSONABLE_REDIS"); per-instance counts at $SCALE_OUT_URL/proxy/stats"

if [ ${#command[@]} -eq 0 ]; then
    log "Ctrl+C stops everything"
    while true; do sleep 3600; done
fi

args=()
for a in "${command[@]}"; do a="${a//\{url\}/$SCALE_OUT_URL}"; args+=("${a//\{pids\}/$SCALE_OUT_PIDS}"); done
set +e
"${args[@]}"
code=$?
set -e
# The command's own CPU (the load generator's, when it is one): the second line of `times` is the shell's children
# (written to a file: in a pipe or $(...) it would be a subshell's, which has none).
times >"$work/times"
log "CPU used by the command: $(tail -n 1 "$work/times" | awk '{ print $1 " user, " $2 " system" }')"
exit "$code"
