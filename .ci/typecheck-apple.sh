#!/usr/bin/env bash
# Type-checks ViperNest's Apple-only branches (`#if canImport(Darwin)`, `canImport(ObjectiveC)`,
# `canImport(os)`) on a machine without Apple's SDK.
#
# 1. compiles Tests/AppleStubs/{Darwin,ObjectiveC,os}.swift, stubs of exactly the SDK API those
#    branches use, as modules of those names;
# 2. type-checks every source file of the ViperNest target against them, in Swift 6 mode with the
#    package's upcoming features, warnings as errors, once as a debug build and once as a release
#    build (`#if DEBUG` chooses between checked and unchecked main-actor factories).
#
# With the stubs on the search path `canImport(Darwin)` and the others are true, so the Linux
# branches are skipped and the Apple ones compiled. What a stub cannot show (SDK availability,
# Objective-C interoperability) is listed in docs/Architecture.md, "Apple-only code".
set -euo pipefail
cd "$(dirname "$0")/.."

stub_dir=$(mktemp -d)
trap 'rm -rf "$stub_dir"' EXIT
features=(
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
)

for module in Darwin ObjectiveC os; do
  swiftc -emit-module -module-name "$module" -parse-as-library -swift-version 6 \
    -warnings-as-errors -emit-module-path "$stub_dir/$module.swiftmodule" \
    "Tests/AppleStubs/$module.swift"
done

sources=()
while IFS= read -r file; do sources+=("$file"); done < <(find Sources/ViperNest -name '*.swift' | sort)
apple_files=$(grep -l -E 'canImport\((Darwin|ObjectiveC|os)\)' "${sources[@]}" | wc -l)

for configuration in debug release; do
  defines=()
  [ "$configuration" = debug ] && defines=(-D DEBUG -D VIPERNEST_INTERNAL_CHECKS)
  swiftc -typecheck -module-name ViperNest -parse-as-library -swift-version 6 "${features[@]}" \
    "${defines[@]}" -package-name vipernest -warnings-as-errors -I "$stub_dir" \
    -I Sources/CViperNestAtomics/include "${sources[@]}"
done

echo "ViperNest (${#sources[@]} files, $apple_files with Apple-only branches) type-checks against the"
echo "Darwin, ObjectiveC and os stubs, as a debug and as a release build."
