// swift-format-ignore-file
// (C names, as the SDK spells them.)

// A stub of exactly the Darwin API that ViperNest's `#if canImport(Darwin)` branches use, so that
// Linux CI type-checks those branches (.ci/typecheck-apple.sh). Each declaration has the shape the
// Swift importer gives the macOS / iOS SDK's C declaration (quoted above it): Darwin's headers are
// wrapped in `clang assume_nonnull`, so an unannotated pointer imports as non-optional.
// Imported C functions are `@discardableResult`, as the importer makes them. Nothing here runs:
// the bodies only satisfy the compiler.

// MARK: - Threads (<pthread.h>, <sys/_pthread/_pthread_types.h>)

/// `typedef unsigned long __darwin_pthread_key_t;`
public typealias pthread_key_t = UInt

/// `struct _opaque_pthread_mutex_t { long __sig; char __opaque[56]; }`
public struct pthread_mutex_t {
  public init() {}
}

/// `struct _opaque_pthread_cond_t { long __sig; char __opaque[40]; }`
public struct pthread_cond_t {
  public init() {}
}

/// `struct _opaque_pthread_mutexattr_t`
public struct pthread_mutexattr_t {
  public init() {}
}

/// `struct _opaque_pthread_condattr_t`
public struct pthread_condattr_t {
  public init() {}
}

/// `int pthread_key_create(pthread_key_t *, void (* _Nullable)(void *));`
@discardableResult
public func pthread_key_create(
  _ key: UnsafeMutablePointer<pthread_key_t>,
  _ destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)?
) -> Int32 { 0 }

/// `void* _Nullable pthread_getspecific(pthread_key_t);`
@discardableResult
public func pthread_getspecific(_ key: pthread_key_t) -> UnsafeMutableRawPointer? { nil }

/// `int pthread_setspecific(pthread_key_t , const void * _Nullable);`
@discardableResult
public func pthread_setspecific(_ key: pthread_key_t, _ value: UnsafeRawPointer?) -> Int32 { 0 }

/// `int pthread_mutex_init(pthread_mutex_t * __restrict, const pthread_mutexattr_t * _Nullable __restrict);`
@discardableResult
public func pthread_mutex_init(
  _ mutex: UnsafeMutablePointer<pthread_mutex_t>, _ attributes: UnsafePointer<pthread_mutexattr_t>?
) -> Int32 { 0 }

/// `int pthread_mutex_destroy(pthread_mutex_t *);`
@discardableResult
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }

/// `int pthread_mutex_lock(pthread_mutex_t *);`
@discardableResult
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }

/// `int pthread_mutex_unlock(pthread_mutex_t *);`
@discardableResult
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }

/// `int pthread_cond_init(pthread_cond_t * __restrict, const pthread_condattr_t * _Nullable __restrict);`
@discardableResult
public func pthread_cond_init(
  _ condition: UnsafeMutablePointer<pthread_cond_t>,
  _ attributes: UnsafePointer<pthread_condattr_t>?
) -> Int32 { 0 }

/// `int pthread_cond_destroy(pthread_cond_t *);`
@discardableResult
public func pthread_cond_destroy(_ condition: UnsafeMutablePointer<pthread_cond_t>) -> Int32 { 0 }

/// `int pthread_cond_wait(pthread_cond_t * __restrict, pthread_mutex_t * __restrict);`
@discardableResult
public func pthread_cond_wait(
  _ condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>
) -> Int32 { 0 }

/// `int pthread_cond_broadcast(pthread_cond_t *);`
@discardableResult
public func pthread_cond_broadcast(_ condition: UnsafeMutablePointer<pthread_cond_t>) -> Int32 { 0 }

/// `int pthread_main_np(void);`
@discardableResult
public func pthread_main_np() -> Int32 { 1 }

// MARK: - Scheduling (<sched.h>)

/// `int sched_yield(void);`
@discardableResult
public func sched_yield() -> Int32 { 0 }

// MARK: - Input and output (<unistd.h>; `size_t` imports as `Int`, `ssize_t` as `Int`)

/// `ssize_t write(int __fd, const void * __buf, size_t __nbyte) __DARWIN_ALIAS_C(write);`
@discardableResult
public func write(_ fd: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int { count }

// MARK: - Environment (<stdlib.h>)

/// `char *getenv(const char *);` (the result is nullable in practice; the SDK header declares it
/// `_Nullable`-free outside `assume_nonnull`, so it imports as an implicitly unwrapped optional)
public func getenv(_ name: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! { nil }

// MARK: - Memory (<malloc/_malloc.h>, included by <stdlib.h>)

/// `void * __sized_by_or_null(__size) malloc(size_t __size) __result_use_check __alloc_size(1)
/// _MALLOC_TYPED(malloc_type_malloc, 1);` (a bounds annotation, no nullability one, so an
/// implicitly unwrapped optional; the caller binds it with `guard let`, which either import allows)
public func malloc(_ size: Int) -> UnsafeMutableRawPointer! { nil }

/// `void free(void *);` (no nullability annotation, so an implicitly unwrapped optional; the one
/// caller passes a non-nil pointer, which converts to either import)
public func free(_ pointer: UnsafeMutableRawPointer!) {}
