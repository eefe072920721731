#!/usr/bin/env bash
# Builds the libFuzzer target (LifeguardKit and LifeguardRules compiled with swiftc and
# -sanitize=fuzzer,address; SwiftPM cannot pass those flags) and runs it.
#
#   Fuzz/run.sh [SECONDS] [CORPUS_DIR]     fuzz for SECONDS (default 60) with one worker
#   Fuzz/run.sh --build                    only build
#   Fuzz/run.sh --replay FILE...           run inputs once each (a crash reproducer, a seed)
#
# Environment:
#   LIFEGUARD_FUZZ_MODE=lint|frontend|plist|globs
#                                      the whole pipeline (default); only tokenizer + outline with
#                                      their invariants, which runs ten times as many inputs; the
#                                      input read as an Xcode project file (seed with real ones); or
#                                      as globs and paths, the compiled path filter checked against
#                                      each glob matched on its own (seeded with a few of each)
#   LIFEGUARD_FUZZ_OPT=-O|-Onone       optimization (default -O; -Onone builds faster, for CI)
#   LIFEGUARD_FUZZ_SEEDS=DIR           real Swift files to seed from, besides Fixtures/; they are
#                                      copied outside the repository and never committed
#   LIFEGUARD_FUZZ_WORK=DIR            corpus, seeds and crashes (default $TMPDIR/lifeguard-fuzz)
#   LIFEGUARD_FUZZ_FLAGS="..."         more libFuzzer flags (-max_len=, -jobs=, ...)
#
# The binary is built in .build/fuzz. Exits non-zero when the fuzzer finds a crash, an invariant
# violation or an input slower than the timeout; the input is saved under $WORK/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="${LIFEGUARD_FUZZ_WORK:-${TMPDIR:-/tmp}/lifeguard-fuzz}"
optimization="${LIFEGUARD_FUZZ_OPT:--O}"
build="$root/.build/fuzz/${optimization#-}"
mkdir -p "$build"

binary="$build/fuzz-lifeguard"
if [ ! -x "$binary" ] || [ -n "$(find Sources/LifeguardKit Rules Fuzz -name '*.swift' -newer "$binary" -print -quit)" ]; then
  echo "== building the fuzz target ($optimization)" >&2
  flags=("$optimization" -gline-tables-only -parse-as-library -swift-version 6 -sanitize=fuzzer,address -module-cache-path "$build/cache")
  mapfile -t kit < <(find "$root/Sources/LifeguardKit" -name '*.swift' | sort)
  mapfile -t rules < <(find "$root/Rules" -name '*.swift' | sort)
  # -enable-testing: the target checks internal promises too (a tree without trivia outlines
  # like a full one).
  (cd "$build" && swiftc "${flags[@]}" -enable-testing -module-name LifeguardKit -wmo -emit-module \
    -emit-module-path "$build/LifeguardKit.swiftmodule" -c "${kit[@]}" -o "$build/LifeguardKit.o")
  (cd "$build" && swiftc "${flags[@]}" -module-name LifeguardRules -wmo -I "$build" \
    -c "${rules[@]}" "$root/Fuzz/FuzzLint.swift" -o "$build/LifeguardRules.o")
  # ld.gold warns once per ASan helper symbol; none of it is actionable. Linking to a new file
  # and renaming it leaves a fuzzer that is running the old binary undisturbed.
  swiftc "${flags[@]}" "$build/LifeguardKit.o" "$build/LifeguardRules.o" -o "$binary.new" 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } >&2
  mv -f "$binary.new" "$binary"
fi

# The Swift runtime's backtracer reads the crashed stack in a way AddressSanitizer reports as an
# underflow of its own, which hides the real trap message; libFuzzer prints the stack anyway.
export SWIFT_BACKTRACE=enable=no

case "${1:-}" in
  --build) exit 0 ;;
  --replay) shift; exec "$binary" -runs=1 "$@" ;;
esac

seconds="${1:-60}"
corpus="${2:-$work/corpus}"
seeds="$work/seeds"
mkdir -p "$corpus" "$seeds" "$work/artifacts"
# Seeds: every fixture, plus real files from LIFEGUARD_FUZZ_SEEDS when given; for globs, a few
# configurations of each way the filter files a glob, with paths they match and miss.
find Fixtures -name '*.swift' -size -100k -exec cp {} "$seeds/" \; 2>/dev/null || true
if [ "${LIFEGUARD_FUZZ_MODE:-}" = globs ]; then
  printf 'x *Tests*\nx **/Generated/**\ni Sources/*/Gen*\nSources/App/GenA.swift\nSources/MyTests/A.swift\nApp/Generated\n' > "$seeds/globs-1"
  printf 'x Caf\xc3\xa9*\nx *Kit\nx Cafe\xcc\x81/**\nx *afe\xcc\x81*\ni App/**\nCafe\xcc\x81/x\nMy\xe2\x84\xaaKit\nApp/Caf\xc3\xa9s\n' > "$seeds/globs-2"
  printf 'x Vendor\nx */Old/*.swift\ni *.swift\ni A/**/B\nA/x/B/c.swift\nVendor/a\nSources/Old/a.swift\n' > "$seeds/globs-3"
  printf 'i Sources/*/Gen1/**\ni Sources/*/Gen2/**/x\ni Sources/?/Kit/y\nSources/A\nSources/A/Gen2/B\nSources/A/Kit\nOther/A\n' > "$seeds/globs-4"
fi
if [ -n "${LIFEGUARD_FUZZ_SEEDS:-}" ]; then
  find "$LIFEGUARD_FUZZ_SEEDS" -name '*.swift' -type f -size -64k | shuf -n 2000 --random-source=<(yes) \
    | while IFS= read -r file; do cp "$file" "$seeds/$(echo "$file" | cksum | cut -d' ' -f1).swift"; done
fi

# Leak detection is off: LeakSanitizer's scan after each input costs more than the input itself,
# and the Swift runtime's caches look like leaks to it.
# shellcheck disable=SC2086
"$binary" "$corpus" "$seeds" -dict="$root/Fuzz/swift.dict" -max_total_time="$seconds" -timeout=10 -detect_leaks=0 \
  -max_len=65536 -rss_limit_mb=4096 -artifact_prefix="$work/artifacts/" -print_final_stats=1 ${LIFEGUARD_FUZZ_FLAGS:-}
