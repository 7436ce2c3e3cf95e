#!/usr/bin/env bash
# Type-checks the UIKit adapters (Sources/ViperNestUIKit) on a machine without UIKit.
#
# 1. builds ViperNest with SwiftPM (the adapters' only dependency);
# 2. compiles Tests/UIKitStub/UIKit.swift, a stub of exactly the UIKit API the adapters call, as a
#    module named UIKit;
# 3. type-checks every adapter file against the stub and the built ViperNest module (and the C
#    module of its atomics, which its interface imports), in Swift 6 mode with the package's
#    upcoming features and package name, failing on any error or warning.
#
# On Apple platforms the adapters are compiled for real by `swift build`; this script is how Linux
# CI keeps them honest.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=stub-common.sh
source .ci/stub-common.sh ViperNestConformance
compile_uikit_layer

# The navigation conformance suite's UIKit side (run in an iOS simulator, see its header).
swiftc -typecheck -module-name ViperNestUIKitConformanceTests -parse-as-library -swift-version 6 \
  "${features[@]}" -package-name "$package_name" -warnings-as-errors -I "$stub_dir" \
  -I "$module_dir" -I Sources/CViperNestAtomics/include \
  -plugin-path "$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/host/plugins" \
  Tests/UIKitConformanceTests/*.swift

# The stub declares initializers as the iOS SDK does: a controller subclass with an initializer of
# its own must also implement `required init?(coder:)`. The correct subclass type-checks; the one
# without `init?(coder:)` must be rejected, as Xcode rejects it.
swiftc -typecheck -module-name StubChecks -parse-as-library -swift-version 6 "${features[@]}" \
  -warnings-as-errors -I "$stub_dir" Tests/UIKitStubChecks/ControllerSubclass.swift
if swiftc -typecheck -module-name StubChecks -parse-as-library -swift-version 6 \
  -I "$stub_dir" Tests/UIKitStubChecks/Rejected/ControllerWithoutCoder.swift \
  >"$stub_dir/rejected.log" 2>&1; then
  echo "error: the UIKit stub accepts a controller subclass without required init?(coder:)" >&2
  exit 1
fi
grep -q "'required' initializer 'init(coder:)' must be provided" "$stub_dir/rejected.log" || {
  cat "$stub_dir/rejected.log" >&2
  echo "error: the stub rejected ControllerWithoutCoder.swift for another reason" >&2
  exit 1
}

echo "ViperNestUIKit ($(ls Sources/ViperNestUIKit/*.swift | wc -l) files), its conformance tests and a controller"
echo "subclass type-check against the UIKit stub; a subclass without init?(coder:) is rejected."
