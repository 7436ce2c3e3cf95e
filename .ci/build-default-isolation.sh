#!/usr/bin/env bash
# Builds ViperNest's code as an app with Xcode 26's defaults for new app targets sees it: default
# main-actor isolation and "approachable concurrency" (NonisolatedNonsendingByDefault,
# InferIsolatedConformances), in Swift 6 mode, with warnings as errors.
#
# Tests/DefaultIsolationClient is a package of its own that depends on ViperNest by path. Its
# targets reach the project's code through symbolic links, so nothing is copied and nothing can
# drift: both samples' apps (Samples/*/App, with Samples/Support), every guide's code
# (Tests/ViperNestTests/Docs, with the few test fixtures those snippets use, linked one by one in
# Tests/GuideSnippets/Fixtures), and a VIPER, an MVC and a SwiftUI screen module that this script
# writes with vipernest-generate, with their tests. It then
# 1. builds the client and runs its tests (the guides' snippet tests, the generated modules' tests,
#    and the isolated-conformance tests of Tests/DefaultIsolationTests);
# 2. type-checks Rejected/RegistryInNonisolatedCode.swift, which must fail with exactly the
#    isolated-conformance errors docs/Registration.md describes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
client=Tests/DefaultIsolationClient
started=$SECONDS

# The generator, from the root package, writes into the client (nothing is ever overwritten, so
# the previous run's modules go first; they are not committed, see .gitignore).
swift build --product vipernest-generate
generate="$(swift build --show-bin-path)/vipernest-generate"
rm -rf "$client/Sources/GeneratedModules/ProfileCard" "$client/Sources/GeneratedModules/About" \
  "$client/Sources/GeneratedModules/NoteCard"
rm -f "$client/Tests/DefaultIsolationTests/ProfileCardModuleTests.swift" \
  "$client/Tests/DefaultIsolationTests/AboutModuleTests.swift" \
  "$client/Tests/DefaultIsolationTests/NoteCardModuleTests.swift"
(
  cd "$client"
  "$generate" ProfileCard --in Sources/GeneratedModules --story ProfileStory \
    --tests-in Tests/DefaultIsolationTests > /dev/null
  "$generate" About --mvc --in Sources/GeneratedModules \
    --tests-in Tests/DefaultIsolationTests > /dev/null
  "$generate" NoteCard --view swiftui --in Sources/GeneratedModules --story NoteCardStory \
    --tests-in Tests/DefaultIsolationTests > /dev/null
)

# Its targets treat warnings as errors (.treatAllWarnings(as: .error)); the grep also catches a
# warning in ViperNest itself, compiled here as a dependency.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build --build-tests --package-path "$client" >"$log" 2>&1; then
  cat "$log"
  echo "error: the default-isolation client does not build (see above)" >&2
  exit 1
fi
if grep -E '^/.*(warning|error):' "$log"; then
  echo "error: the default-isolation client build printed warnings (see above)" >&2
  exit 1
fi
if ! swift test --skip-build --package-path "$client" >"$log" 2>&1; then
  cat "$log"
  echo "error: tests of the default-isolation client failed (see above)" >&2
  exit 1
fi
tail -n 1 "$log"

# An assembly of such an app conforms to `Assembly` on the main actor: `Registry(...)` in code that
# is not on the main actor must be rejected, and for that reason only.
bin=$(swift build --show-bin-path --package-path "$client")
if swiftc -typecheck -module-name Rejected -parse-as-library -swift-version 6 \
  -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault \
  -enable-upcoming-feature InferIsolatedConformances -I "$bin/Modules" \
  -Xcc -fmodule-map-file="$root/Sources/CViperNestAtomics/include/module.modulemap" \
  -module-cache-path "$bin/ModuleCache" "$root/$client/Rejected/RegistryInNonisolatedCode.swift" \
  >"$log" 2>&1; then
  echo "error: Rejected/RegistryInNonisolatedCode.swift type-checks; its Registry(...) calls must not" >&2
  exit 1
fi
rejected=$(grep -cE "^/.*error: main actor-isolated conformance of 'GreeterAssembly' to 'Assembly' cannot be used in" "$log" || true)
others=$(grep -E '^/.*error:' "$log" | grep -vc "conformance of 'GreeterAssembly' to 'Assembly'" || true)
if [ "$rejected" -ne 4 ] || [ "$others" -ne 0 ]; then
  cat "$log" >&2
  echo "error: expected exactly 4 isolated-conformance errors, got $rejected (and $others others)" >&2
  exit 1
fi

echo "Default-isolation client: samples, guide snippets and generated modules build with zero"
echo "warnings and their tests pass; Registry(...) of a main-actor assembly is rejected off the main"
echo "actor ($((SECONDS - started)) s)."
