#!/usr/bin/env bash
# Builds the DocC catalogs with the toolchain's own docc (no plugin dependency) and fails on any
# warning (broken symbol links, undocumented topics, malformed articles) and on any public symbol
# left out of the catalog's Topics groups (.ci/check-docs-curation.py; docc itself does not warn).
#   bash .ci/build-docs.sh            # writes .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
# Builds only the documented library modules and extracts their symbol graphs directly: `swift package
# dump-symbol-graph` also asks for the test modules, which a fresh clone has not built, and fails.
# Extension block symbols let docc show members added to other modules' types
# (`XCTestCase.trackForLeaks`, `Trait.detectsLeaks`) under "Extended Modules".
swift build --target ViperNestTesting
swift build --target ViperNestHeadless
swift build --target ViperNestSwiftUI
bin=$(swift build --show-bin-path)
if command -v xcrun >/dev/null 2>&1; then
  extract=$(xcrun --find swift-symbolgraph-extract)
else
  extract="$(dirname "$(readlink -f "$(command -v swift)")")/swift-symbolgraph-extract"
fi
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
for catalog in Sources/*/Documentation.docc; do
  "$extract" -module-name "$(basename "$(dirname "$catalog")")" -target "$triple" \
    -I "$bin/Modules" -I "$bin" -module-cache-path "$bin/ModuleCache" \
    -Xcc -fmodule-map-file="$PWD/Sources/CViperNestAtomics/include/module.modulemap" \
    -Xcc -I -Xcc "$PWD/Sources/CViperNestAtomics/include" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs"
done
status=0
mkdir -p .build/docs
for catalog in Sources/*/Documentation.docc; do
  module=$(basename "$(dirname "$catalog")")
  moduleGraphs=.build/symbol-graphs-$module
  rm -rf "$moduleGraphs" && mkdir -p "$moduleGraphs"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$moduleGraphs/" 2>/dev/null || true
  echo "docc convert $catalog"
  if ! docc convert "$catalog" \
    --additional-symbol-graph-dir "$moduleGraphs" \
    --output-path ".build/docs/$module.doccarchive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.vipernest.$module" \
    --warnings-as-errors; then
    status=1
  elif ! python3 .ci/check-docs-curation.py ".build/docs/$module.doccarchive" "$moduleGraphs"; then
    status=1
  fi
done
exit $status
