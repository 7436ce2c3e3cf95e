import SampleSupport

/// A screen that draws itself as text, as the headless session prints it (in an app, its SwiftUI
/// `body` draws it).
@MainActor
protocol TextScreen {
  var text: Screen { get }
}
