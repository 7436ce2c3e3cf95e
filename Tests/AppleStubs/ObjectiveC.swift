// A stub of the `ObjectiveC` module for .ci/typecheck-apple.sh. ViperNest imports nothing from it:
// its `#if canImport(ObjectiveC)` branches only choose the Apple-platform path (tracked references
// as `weak` boxes, the detector's enable flag, `os_unfair_lock` instead of `Synchronization`).
// An empty module makes `canImport(ObjectiveC)` true, so those branches are the ones type-checked;
// a branch that starts using Objective-C API must add exactly that API here.
