/// Lays out the lines whose length depends on the module's name the way swift-format does, so the
/// generated code passes `swift format lint` with the usual 100-column limit.
enum SourceLayout {
  static let width = 100

  /// `open` + the items + `close`, on one line when it fits after `indent` spaces; otherwise
  /// `open` ends the line, the items follow one level deeper (as many per line as fit), and `close`
  /// starts the last line.
  ///
  ///     let links = PresenterLinks<
  ///       any AViewProtocol, any AInteractorProtocol, any ARouterProtocol
  ///     >()
  /// `breaking` breaks the lines even when they would fit on one; `closeOnLastLine` ends the last
  /// line of items with `close`, as in a function call.
  static func wrapped(
    _ open: String, _ items: [String], _ close: String, indent: Int, breaking: Bool = false,
    closeOnLastLine: Bool = false
  ) -> String {
    let pad = String(repeating: " ", count: indent)
    let oneLine = open + items.joined(separator: ", ") + close
    if !breaking, indent + oneLine.count <= width { return pad + oneLine }
    let inner = String(repeating: " ", count: indent + 2)
    var lines: [String] = []
    var current = ""
    for (index, item) in items.enumerated() {
      let piece = item + (index < items.count - 1 ? "," : "")
      if current.isEmpty {
        current = piece
      } else if inner.count + current.count + 1 + piece.count <= width {
        current += " " + piece
      } else {
        lines.append(inner + current)
        current = piece
      }
    }
    if closeOnLastLine {
      lines.append(inner + current + close)
      return ([pad + open] + lines).joined(separator: "\n")
    }
    lines.append(inner + current)
    return ([pad + open] + lines + [pad + close]).joined(separator: "\n")
  }

  /// A type's or extension's head, through its opening brace: on one line when it fits; else the
  /// brace alone on the next line; else the inherited types filled after the colon, continuing
  /// one level deeper.
  ///
  ///     extension ALongModuleNamePresenter:
  ///       ALongModuleNameInteractorOutput
  ///     {
  static func declaration(_ head: String, _ inherits: [String]) -> String {
    let list = head + ": " + inherits.joined(separator: ", ")
    if list.count + 2 <= width { return list + " {" }
    if list.count <= width { return list + "\n{" }
    var lines: [String] = []
    var current = head + ":"
    for (index, item) in inherits.enumerated() {
      let piece = item + (index < inherits.count - 1 ? "," : "")
      if current.count + 1 + piece.count <= width {
        current += " " + piece
      } else {
        lines.append(current)
        current = "  " + piece
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n") + "\n{"
  }
}
