#!/usr/bin/env bash
# Measures the AotApi sample published two ways: Native AOT (artifacts/aot, made by .ci/native-aot-smoke) and on the
# JIT (framework-dependent, published here to artifacts/jit). For each: size on disk, time from process start to the
# first 200 response, and resident memory (VmRSS) after that response and after 500 more requests. Loopback only.
# Usage, from the repository root: bash samples/AotApi/measure.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}

[ -x artifacts/aot/Jsonable.Samples.AotApi ] || bash .ci/native-aot-smoke >/dev/null
dotnet publish samples/AotApi/AotApi.csproj -c Release -r linux-x64 --self-contained false -p:PublishAot=false -o artifacts/jit >/dev/null

measure() {
  local label=$1 binary=$2 port=5391
  local best_ms=999999 rss_first=0 rss_after=0
  for _ in $(seq 1 "$runs"); do
    local start end pid
    start=$(date +%s%N)
    "$binary" --urls "http://127.0.0.1:$port" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 2000); do
      curl -sf -o /dev/null "http://127.0.0.1:$port/todos/1" && break
      sleep 0.005
    done
    end=$(date +%s%N)
    local ms=$(( (end - start) / 1000000 ))
    [ "$ms" -lt "$best_ms" ] && best_ms=$ms
    rss_first=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
    for _ in $(seq 1 500); do curl -sf -o /dev/null -H 'Accept: application/jsonc+jmc1' "http://127.0.0.1:$port/todos/"; done
    rss_after=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
  echo "$label: startup to first response ${best_ms} ms (best of $runs), RSS $((rss_first / 1024)) MB after it, $((rss_after / 1024)) MB after 500 more requests"
}

echo "Native AOT: $(du -sb artifacts/aot/Jsonable.Samples.AotApi | cut -f1) bytes (one self-contained file)"
echo "JIT: $(du -cb artifacts/jit/*.dll artifacts/jit/Jsonable.Samples.AotApi | tail -n1 | cut -f1) bytes of app files, plus the shared .NET and ASP.NET Core runtimes"
measure "Native AOT" artifacts/aot/Jsonable.Samples.AotApi
measure "JIT" artifacts/jit/Jsonable.Samples.AotApi
