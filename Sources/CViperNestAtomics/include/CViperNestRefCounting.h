// The Swift runtime's reference-counting entry points that the leak detector's tracked references
// use. They are exported by libswiftCore on every platform (they are part of its ABI) and use the
// C calling convention, so they are declared here and called directly: no lookup by name, no
// function pointer loaded through a lazily initialized global on every call.
#ifndef CVIPERNEST_REFCOUNTING_H
#define CVIPERNEST_REFCOUNTING_H

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

/// Adds an unowned reference: the object may deinitialize, its memory stays until the matching
/// `swift_unownedRelease`.
extern void *swift_unownedRetain(void *object);

/// Gives up an unowned reference; frees the object's memory when it was the last reference.
extern void swift_unownedRelease(void *object);

/// A strong reference (+1) to an object that has not started deinitializing, else NULL.
extern void *_Nullable swift_tryRetain(void *object);

/// Whether the object started deinitializing.
extern _Bool swift_isDeallocating(void *object);

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
