#!/usr/bin/env bash
# Coverage-guided fuzzing of the Jsonable readers (FromJson / FromJsonable over the real-data models) with
# SharpFuzz + AFL++. Usage: tests/Jsonable.Fuzz/run.sh [MINUTES]   (default 10; one afl-fuzz process)
# Findings land in artifacts/fuzz/findings/default/crashes; replay one with
#   dotnet artifacts/fuzz/bin/Jsonable.Fuzz.dll replay FILE
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes="${1:-10}"
out=artifacts/fuzz

command -v afl-fuzz >/dev/null || { echo "afl-fuzz not found: apt-get install afl++" >&2; exit 2; }
dotnet tool restore >/dev/null

rm -rf "$out/bin"
dotnet publish tests/Jsonable.Fuzz/Jsonable.Fuzz.csproj -c Release -o "$out/bin" -p:UseAppHost=false >/dev/null

# Seeds first: instrumented code only runs under afl-fuzz (it writes to AFL's shared coverage map).
rm -rf "$out/seeds"
dotnet "$out/bin/Jsonable.Fuzz.dll" seed "$out/seeds" data

# Coverage comes from instrumenting the code under test: the reader runtime, the generated readers, the hub frame parsers.
for dll in Jsonable.Runtime.dll Jsonable.Samples.RealData.dll Jsonable.AspNetCore.SignalR.dll; do
  dotnet sharpfuzz "$out/bin/$dll" >/dev/null
done

# A previous run's queue keeps its coverage: resume from it when there is one.
input="$out/seeds"
if [ -d "$out/findings/default/queue" ]; then input=-; fi

# AFL cannot see .NET instrumentation in the dotnet host binary: SKIP_BIN_CHECK is what SharpFuzz documents.
# NO_AFFINITY: on a shared machine every core may look busy, and AFL would refuse to start.
export AFL_SKIP_BIN_CHECK=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
# -t: a hang is an input that takes over 10 s; -m none: the .NET runtime reserves far more address space than AFL's default.
status=0
afl-fuzz -i "$input" -o "$out/findings" -t 10000 -m none -V "$((minutes * 60))" \
  -- dotnet "$out/bin/Jsonable.Fuzz.dll" || status=$?
[ "$status" -eq 0 ] || { echo "afl-fuzz failed (exit $status)" >&2; exit 2; }

stats="$out/findings/default/fuzzer_stats"
grep -E '^(run_time|execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|bitmap_cvg)' "$stats"
crashes=$(find "$out/findings/default/crashes" -type f -name 'id:*' 2>/dev/null | wc -l)
hangs=$(find "$out/findings/default/hangs" -type f -name 'id:*' 2>/dev/null | wc -l)
echo "crashes: $crashes, hangs: $hangs"
[ "$crashes" -eq 0 ] && [ "$hangs" -eq 0 ]
