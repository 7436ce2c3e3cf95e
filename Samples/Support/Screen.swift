/// Draws a screen as text, the way the headless host shows what a user would see. A screen made of
/// embedded modules draws their boxes inside its own. Shared by the samples.
public struct Screen {
  public let title: String
  public var lines: [String] = []

  public init(title: String, lines: [String] = []) {
    self.title = title
    self.lines = lines
  }

  /// The box, unindented: a composed screen puts its children's boxes among its lines.
  public var box: [String] {
    let width = max(34, ([title.count + 4] + lines.map { $0.count + 2 }).max() ?? 0)
    let top = "┌─ \(title) " + String(repeating: "─", count: max(0, width - title.count - 3)) + "┐"
    let body = lines.map { "│ " + $0.padding(toLength: width - 1) + "│" }
    let bottom = "└" + String(repeating: "─", count: width) + "┘"
    return [top] + body + [bottom]
  }

  /// `text` broken into lines of at most `width` characters, at spaces where it can be, so that
  /// a long message (an error naming a file path, say) keeps its box readable.
  public static func wrap(_ text: String, width: Int = 60) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
      while line.count > width {
        lines.append(String(line.prefix(width)))
        line = String(line.dropFirst(width))
      }
    }
    return lines + [line]
  }

  /// The box indented for printing.
  public func render() -> String {
    box.map { "    " + $0 }.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}

/// A view that can show itself as text.
@MainActor
public protocol ScreenRendering: AnyObject {
  var screen: Screen { get }
}
