#!/usr/bin/env bash
# Builds the DocC catalogs with the toolchain's own docc (no plugin dependency) and fails on any
# warning: broken symbol links, undocumented topics, malformed articles.
#   bash .ci/build-docs.sh            # writes .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
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
  fi
done
exit $status
