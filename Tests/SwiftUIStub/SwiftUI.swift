// A stub of exactly the SwiftUI API that the `canImport(SwiftUI)` files of Sources/ViperNestSwiftUI
// use, so they can be type-checked on Linux (.ci/typecheck-swiftui.sh). It is never shipped and
// never run: bodies trap.
//
// Each declaration follows Apple's documentation (developer.apple.com/documentation/swiftui/…, the
// path is given above it), with its isolation (`@MainActor`), generic constraints and availability
// (availability is not checked on Linux). Where a Swift stub cannot say what SwiftUI does, a
// `// stub:` comment says what was adapted and why.
//
// Not a SwiftPM target: `.ci/typecheck-swiftui.sh` compiles it as a module named SwiftUI, against
// the UIKit stub (UIHostingController is a UIViewController).
// swift-format-ignore-file

@_exported import Observation
@_exported import UIKit

private func stub() -> Never { fatalError("SwiftUI stub: for type-checking only") }

// MARK: - Views

// swiftui/view: @MainActor @preconcurrency protocol View
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

// swiftui/never (View conformance): a view with no body ends the recursion of `Body`.
extension Never: View {
  public typealias Body = Never
  public var body: Never { stub() }
}

// swiftui/viewbuilder: @resultBuilder struct ViewBuilder
// stub: only the single-view block the layer writes.
@resultBuilder public struct ViewBuilder {
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

// swiftui/anyview: @frozen struct AnyView; init<V>(_ view: V) where V : View
public struct AnyView: View {
  public init<V: View>(_ view: V) { stub() }
  public var body: Never { stub() }
}

// swiftui/text: @frozen struct Text; init(verbatim content: String)
public struct Text: View {
  public init(verbatim content: String) { stub() }
  public var body: Never { stub() }
}

// swiftui/emptyview: @frozen struct EmptyView; init()
public struct EmptyView: View {
  public init() {}
  public var body: Never { stub() }
}

// stub: what the modifiers below return (SwiftUI returns `some View`, backed by its own types).
public struct ModifiedView: View {
  public var body: Never { stub() }
}

// MARK: - State

// swiftui/binding: @frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  // swiftui/binding/init(get:set:): init(get: @escaping () -> Value, set: @escaping (Value) -> Void)
  // stub: the layer makes no binding itself; a property wrapper needs one public initializer.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { stub() }
  public var wrappedValue: Value {
    get { stub() }
    nonmutating set { stub() }
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { stub() }
}

// swiftui/bindable: @dynamicMemberLookup @propertyWrapper struct Bindable<Value>
// (iOS 17, macOS 14); init(wrappedValue:) where Value : AnyObject, Value : Observable
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }
  public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
  where Value: AnyObject { stub() }
}

// MARK: - Navigation

// swiftui/navigationstack: @MainActor @preconcurrency struct NavigationStack<Data, Root>
// where Root : View (iOS 16, macOS 13)
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public struct NavigationStack<Data, Root: View>: View {
  // swiftui/navigationstack/init(path:root:):
  // init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data : MutableCollection,
  // Data : RandomAccessCollection, Data : RangeReplaceableCollection, Data.Element : Hashable
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  { stub() }
  public var body: Never { stub() }
}

extension View {
  // swiftui/view/navigationdestination(for:destination:) (iOS 16, macOS 13):
  // nonisolated func navigationDestination<D, C>(for data: D.Type,
  //   @ViewBuilder destination: @escaping (D) -> C) -> some View where D : Hashable, C : View
  @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { ModifiedView() }

  // swiftui/view/sheet(item:ondismiss:content:):
  // nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
  //   @ViewBuilder content: @escaping (Item) -> Content) -> some View
  //   where Item : Identifiable, Content : View
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { ModifiedView() }

  // swiftui/view/fullscreencover(item:ondismiss:content:) (iOS 14, no macOS): same shape.
  @available(macOS, unavailable)
  public func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { ModifiedView() }

  // swiftui/view/interactivedismissdisabled(_:): nonisolated func interactiveDismissDisabled(
  //   _ isDisabled: Bool = true) -> some View
  public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { ModifiedView() }
}

// MARK: - Appearance

extension View {
  // swiftui/view/onappear(perform:): nonisolated func onAppear(perform action: (() -> Void)? = nil)
  //   -> some View
  public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedView() }

  // swiftui/view/ondisappear(perform:): nonisolated func onDisappear(
  //   perform action: (() -> Void)? = nil) -> some View
  public func onDisappear(perform action: (() -> Void)? = nil) -> some View { ModifiedView() }

  // swiftui/view/task(name:priority:file:line:_:) (iOS 15, macOS 12): @export(implementation)
  //   nonisolated func task(name: String? = nil, priority: TaskPriority = .userInitiated,
  //   file: String = #fileID, line: Int = #line,
  //   _ action: sending @escaping @isolated(any) () async -> Void) -> some View
  // stub: without `@export(implementation)`, which only says how SwiftUI ships the body.
  public func task(
    name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
    line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { ModifiedView() }
}

// MARK: - Hosting

// swiftui/uihostingcontroller: @MainActor @preconcurrency class UIHostingController<Content>
// where Content : View
@MainActor @preconcurrency open class UIHostingController<Content: View>: UIViewController {
  // swiftui/uihostingcontroller/init(rootview:): init(rootView: Content)
  public init(rootView: Content) { stub() }
  // swiftui/uihostingcontroller/init(coder:): required init?(coder aDecoder: NSCoder)
  public required init?(coder aDecoder: NSCoder) { stub() }
  // swiftui/uihostingcontroller/rootview: var rootView: Content
  public var rootView: Content {
    get { stub() }
    set { stub() }
  }
}
