#!/usr/bin/env bash
# The measured runs of docs/scale-out.md. For 1, 2 and 3 instances behind the proxy (each time a fresh PostgreSQL,
# unless JSONABLE_POSTGRES names one): GET 100 statuses, POST one status and PATCH one member of one transform, in
# Jsonable JSON and System.Text.Json, then the concurrency check; and once with 1 instance and no proxy, to see what
# the proxy costs. Prints a table of req/s and p99 with the ratios to 1 instance, the proxy's split, the 412 counts
# and each process's CPU seconds.
#
#   samples/scale-out-measure.sh [--duration 10s] [--warmup 2s] [--load closed:32] [--check 16x25] [--out DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

duration=10s
warmup=2s
load=closed:32
check=16x25
out="$root/load-tests/reports/scale-out-$(date -u +%Y%m%d-%H%M%S)"
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --load) load="$2"; shift 2 ;;
        --check) check="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "scale-out-measure: unknown option '$1'" >&2; exit 2 ;;
    esac
done

dotnet build -c Release "$root/load-tests/Jsonable.LoadTests.csproj" -v q -nologo >&2
dotnet build -c Release "$root/samples/Proxy/Proxy.csproj" -v q -nologo >&2
load_tests="$root/load-tests/bin/Release/net10.0/Jsonable.LoadTests.dll"
mkdir -p "$out"
args=(--scenarios get-statuses-100,post-status,patch-position --formats json,stj --load "$load" --duration "$duration" --warmup "$warmup")

# Straight to one instance: what the hop through the proxy costs.
bash "$root/samples/scale-out.sh" --no-build --instances 1 -- \
    bash -c 'exec dotnet "$0" --url "${SCALE_OUT_INSTANCES%%,*}" --cpu-pids "$SCALE_OUT_PIDS" --out "$1" "${@:2}"' "$load_tests" "$out/direct" "${args[@]}" \
    > "$out/direct.log" 2>&1
for n in 1 2 3; do
    bash "$root/samples/scale-out.sh" --no-build --instances "$n" -- \
        dotnet "$load_tests" --url {url} --cpu-pids {pids} --out "$out/proxy-$n" "${args[@]}" --concurrency-check "$check" \
        > "$out/proxy-$n.log" 2>&1
done

# One table: every run's req/s and p99, and its req/s over the same run through the proxy to 1 instance.
awk -F, '
    FNR == 1 { split(FILENAME, parts, "/"); setup = parts[length(parts) - 1]; next }
    { key = $2 "/" $3; rps[setup, key] = $6; p99[setup, key] = $10; if (!(key in seen)) { seen[key] = 1; keys[++n] = key } }
    END {
        printf "| scenario/format | direct req/s | p99 ms |"
        for (i = 1; i <= 3; i++) printf " %d inst. req/s | p99 ms | vs 1 |", i
        printf "\n|---|---|---|"; for (i = 1; i <= 3; i++) printf "---|---|---|"; printf "\n"
        for (k = 1; k <= n; k++) {
            key = keys[k]; base = rps["proxy-1", key]
            printf "| %s | %.0f | %.1f |", key, rps["direct", key], p99["direct", key]
            for (i = 1; i <= 3; i++) printf " %.0f | %.1f | %.2f× |", rps["proxy-" i, key], p99["proxy-" i, key], (base > 0 ? rps["proxy-" i, key] / base : 0)
            printf "\n"
        }
    }' "$out"/direct/results.csv "$out"/proxy-{1,2,3}/results.csv | tee "$out/summary.md"
echo

# CPU milliseconds per request of each process, summed over instances (warm-up included): what the path costs.
echo | tee -a "$out/summary.md"
awk -F, '
    FNR == 1 { split(FILENAME, parts, "/"); setup = parts[length(parts) - 1]; next }
    {
        key = $2 "/" $3; process = $5; sub(/-[0-9]+$/, "", process)
        ms[setup, key, process] += $7
        if (!((setup, key) in seen)) { seen[setup, key] = 1; rows[++n] = setup SUBSEP key }
    }
    END {
        print "| setup | scenario/format | instances | proxy | postgres | load generator | total |"
        print "|---|---|---|---|---|---|---|"
        for (r = 1; r <= n; r++) {
            split(rows[r], k, SUBSEP)
            total = ms[k[1], k[2], "instance"] + ms[k[1], k[2], "proxy"] + ms[k[1], k[2], "postgres"] + ms[k[1], k[2], "load-generator"]
            printf "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n", k[1], k[2], ms[k[1], k[2], "instance"], ms[k[1], k[2], "proxy"], ms[k[1], k[2], "postgres"], ms[k[1], k[2], "load-generator"], total
        }
    }' "$out"/direct/cpu.csv "$out"/proxy-{1,2,3}/cpu.csv | tee -a "$out/summary.md"
echo | tee -a "$out/summary.md"
for n in 1 2 3; do
    echo "## $n instance(s)"
    grep -h -E "^proxy split|^concurrency check|CPU|Transform store" "$out/proxy-$n.log" | sed 's/^scale-out: //'
done | tee -a "$out/summary.md"
echo "## direct" | tee -a "$out/summary.md"
grep -h -E "CPU|Transform store" "$out/direct.log" | sed 's/^scale-out: //' | tee -a "$out/summary.md"
echo "Reports: $out" >&2
