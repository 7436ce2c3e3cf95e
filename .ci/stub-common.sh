# Sourced by .ci/typecheck-uikit.sh and .ci/typecheck-swiftui.sh, from the package root: builds
# ViperNest and the targets named as arguments, finds ViperNest's module and the package name
# SwiftPM compiled it with (in the same package, conforming stub types to ViperNest's protocols is
# not a retroactive conformance), and defines `stub_dir` (removed on exit), `features` (the
# package's upcoming features) and `compile_uikit_layer` (the UIKit stub as a module named UIKit,
# then the UIKit adapters against it).

for target in ViperNest "$@"; do swift build --target "$target"; done

build_dir=$(swift build --show-bin-path)
module_dir=$(dirname "$(find "$build_dir" -name ViperNest.swiftmodule -not -path '*/ViperNest.swiftmodule/*' | head -n 1)")
if [ ! -e "$module_dir/ViperNest.swiftmodule" ]; then
  echo "error: ViperNest.swiftmodule not found under $build_dir" >&2
  exit 1
fi
manifest=$(find .build -maxdepth 2 -name debug.yaml | head -n 1)
package_name=$(grep -o -- '-package-name","[^"]*"' "$manifest" | head -n 1 | sed 's/.*","//; s/"$//')
if [ -z "$package_name" ]; then
  echo "error: could not read the package name from $manifest" >&2
  exit 1
fi

stub_dir=$(mktemp -d)
trap 'rm -rf "$stub_dir"' EXIT
features=(
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
)

compile_uikit_layer() {
  swiftc -emit-module -module-name UIKit -parse-as-library -swift-version 6 "${features[@]}" \
    -warnings-as-errors -emit-module-path "$stub_dir/UIKit.swiftmodule" Tests/UIKitStub/UIKit.swift
  swiftc -emit-module -module-name ViperNestUIKit -parse-as-library -swift-version 6 \
    "${features[@]}" -package-name "$package_name" -warnings-as-errors -I "$stub_dir" \
    -I "$module_dir" -I Sources/CViperNestAtomics/include -D VIPERNEST_UIKIT_STUB \
    -emit-module-path "$stub_dir/ViperNestUIKit.swiftmodule" Sources/ViperNestUIKit/*.swift
}
