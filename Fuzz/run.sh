#!/usr/bin/env bash
# Builds the libFuzzer target (LifeguardKit and LifeguardRules compiled with swiftc and
# -sanitize=fuzzer,address; SwiftPM cannot pass those flags) and runs it.
#
#   Fuzz/run.sh [SECONDS] [CORPUS_DIR]     fuzz for SECONDS (default 60) with one worker
#   Fuzz/run.sh --build                    only build
#   Fuzz/run.sh --replay FILE...           run inputs once each (a crash reproducer, a seed)
#
# The seed corpus starts from Fixtures/ (and any Swift files in LIFEGUARD_FUZZ_SEEDS, a directory
# outside the repository: real code is never committed). The working corpus and crashes live in
# LIFEGUARD_FUZZ_WORK (default: $TMPDIR/lifeguard-fuzz), outside the repository; the binary is
# built in .build/fuzz. LIFEGUARD_FUZZ_FLAGS adds libFuzzer flags (-max_len=, -jobs=, ...).
# Exits non-zero when the fuzzer finds a crash, a leak, an invariant violation or an input slower
# than the timeout; the input is saved under $LIFEGUARD_FUZZ_WORK/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="${LIFEGUARD_FUZZ_WORK:-${TMPDIR:-/tmp}/lifeguard-fuzz}"
build="$root/.build/fuzz"
mkdir -p "$build"

sources_newer_than() {
  [ -n "$(find Sources/LifeguardKit Rules Fuzz -name '*.swift' -newer "$1" -print -quit)" ]
}

binary="$build/fuzz-lifeguard"
if [ ! -x "$binary" ] || sources_newer_than "$binary"; then
  echo "== building the fuzz target" >&2
  flags=(-O -g -parse-as-library -swift-version 6 -sanitize=fuzzer,address -module-cache-path "$build/cache")
  find Sources/LifeguardKit -name '*.swift' | sort > "$build/kit.txt"
  (cd "$build" && swiftc "${flags[@]}" -module-name LifeguardKit -wmo -emit-module -emit-module-path "$build/LifeguardKit.swiftmodule" \
    -c $(sed "s|^|$root/|" kit.txt) -o "$build/LifeguardKit.o")
  find Rules -name '*.swift' | sort > "$build/rules.txt"
  (cd "$build" && swiftc "${flags[@]}" -module-name LifeguardRules -wmo -I "$build" \
    -c $(sed "s|^|$root/|" rules.txt) "$root/Fuzz/FuzzLint.swift" -o "$build/LifeguardRules.o")
  # ld.gold warns once per ASan helper symbol; none of it is actionable.
  swiftc "${flags[@]}" "$build/LifeguardKit.o" "$build/LifeguardRules.o" -o "$binary" 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } >&2
fi

case "${1:-}" in
  --build) exit 0 ;;
  --replay) shift; exec "$binary" -runs=1 "$@" ;;
esac

seconds="${1:-60}"
corpus="${2:-$work/corpus}"
seeds="$work/seeds"
mkdir -p "$corpus" "$seeds" "$work/artifacts"
# Seeds: every fixture, plus real files from LIFEGUARD_FUZZ_SEEDS when given.
find Fixtures -name '*.swift' -size -100k -exec cp {} "$seeds/" \; 2>/dev/null || true
if [ -n "${LIFEGUARD_FUZZ_SEEDS:-}" ]; then
  find "$LIFEGUARD_FUZZ_SEEDS" -name '*.swift' -type f -size -64k | shuf -n 2000 --random-source=<(yes) | while IFS= read -r file; do
    cp "$file" "$seeds/$(echo "$file" | cksum | cut -d' ' -f1).swift"
  done
fi

# Leak detection is off: LeakSanitizer's scan after each input costs more than the input itself,
# and the Swift runtime's caches look like leaks to it.
"$binary" "$corpus" "$seeds" -dict="$root/Fuzz/swift.dict" -max_total_time="$seconds" -timeout=10 -detect_leaks=0 \
  -max_len=65536 -rss_limit_mb=4096 -artifact_prefix="$work/artifacts/" -print_final_stats=1 ${LIFEGUARD_FUZZ_FLAGS:-}
