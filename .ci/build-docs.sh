#!/usr/bin/env bash
# Builds the DocC catalogs with the toolchain's own docc (no plugin dependency) and fails on any
# warning (broken symbol links, undocumented topics, malformed articles) and on any public symbol
# left out of the catalog's Topics groups (.ci/check-docs-curation.py; docc itself does not warn).
#   bash .ci/build-docs.sh            # writes .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
# Extension block symbols let docc show members added to other modules' types
# (`XCTestCase.trackForLeaks`, `Trait.detectsLeaks`) under "Extended Modules".
swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >/dev/null
graphs=$(dirname "$(find .build -path '*/symbolgraph/ViperNest.symbols.json' | head -n 1)")
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
