/// An area inside a controller's view where a child controller can be embedded (a `UIView` in
/// UIKit, `HeadlessContainerArea` headless).
///
/// Screens composed of independent modules embed each module into one area:
///
/// ```swift
/// try EmbedTransition(parent: dashboard, area: dashboard.summaryArea, child: summaryModule)
///   .perform()
/// ```
@MainActor
public protocol ContainerArea: AnyObject {}
