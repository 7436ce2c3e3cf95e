#!/usr/bin/env bash
# Type-checks the SwiftUI layer of ViperNestSwiftUI (its `#if canImport(SwiftUI)`
# files) on a machine without SwiftUI.
#
# 1. builds ViperNest with SwiftPM;
# 2. compiles Tests/UIKitStub/UIKit.swift as a module named UIKit, the UIKit adapters
#    (Sources/ViperNestUIKit) against it, and Tests/SwiftUIStub/SwiftUI.swift, a stub of exactly the
#    SwiftUI API the layer uses, as a module named SwiftUI;
# 3. compiles the whole ViperNestSwiftUI module against them (so its SwiftUI files are compiled,
#    not skipped), then the navigation conformance suite's SwiftUI side (Tests/Conformance and
#    Tests/UIKitConformanceTests), in Swift 6 mode with the package's upcoming features and package
#    name, failing on any error or warning.
#
# On Apple platforms the layer is compiled for real by `swift build`; this script is how Linux CI
# keeps it honest.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=stub-common.sh
source .ci/stub-common.sh
compile_uikit_layer

swiftc -emit-module -module-name SwiftUI -parse-as-library -swift-version 6 "${features[@]}" \
  -warnings-as-errors -I "$stub_dir" -emit-module-path "$stub_dir/SwiftUI.swiftmodule" \
  Tests/SwiftUIStub/SwiftUI.swift

plugins="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/host/plugins"
swiftui_files=()
while IFS= read -r file; do swiftui_files+=("$file"); done < <(find Sources/ViperNestSwiftUI -name '*.swift' | sort)
swiftc -emit-module -module-name ViperNestSwiftUI -parse-as-library -swift-version 6 "${features[@]}" \
  -package-name "$package_name" -warnings-as-errors -I "$stub_dir" -I "$module_dir" \
  -I Sources/CViperNestAtomics/include -emit-module-path "$stub_dir/ViperNestSwiftUI.swiftmodule" \
  "${swiftui_files[@]}"

# The navigation conformance suite's SwiftUI side (run in an iOS simulator with the UIKit side):
# the scenarios, built against this ViperNestSwiftUI, then the simulator tests.
swiftc -emit-module -module-name ViperNestConformance -parse-as-library -swift-version 6 \
  "${features[@]}" -package-name "$package_name" -warnings-as-errors -I "$stub_dir" \
  -I "$module_dir" -I Sources/CViperNestAtomics/include -plugin-path "$plugins" \
  -emit-module-path "$stub_dir/ViperNestConformance.swiftmodule" Tests/Conformance/*.swift
swiftc -typecheck -module-name ViperNestUIKitConformanceTests -parse-as-library -swift-version 6 \
  "${features[@]}" -package-name "$package_name" -warnings-as-errors -I "$stub_dir" \
  -I "$module_dir" -I Sources/CViperNestAtomics/include -plugin-path "$plugins" \
  Tests/UIKitConformanceTests/*.swift

layer=$(grep -l 'canImport(SwiftUI)' "${swiftui_files[@]}" | grep -vc PlatformHost || true)
echo "ViperNestSwiftUI (${#swiftui_files[@]} files, $layer with the SwiftUI layer) and the SwiftUI"
echo "conformance tests type-check against the SwiftUI and UIKit stubs."
