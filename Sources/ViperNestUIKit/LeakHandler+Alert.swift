#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  extension LeakHandler {
    /// For debug builds: shows a short summary of each report in an alert over the window's
    /// topmost controller, as MLeaksFinder does, and hands the full report to `log`.
    ///
    /// The alert says what leaked and the first retain cycle of each root cause
    /// (``LeakReport/summary``); the log has the whole report. While an alert is on screen, later
    /// reports are only logged.
    ///
    /// ```swift
    /// #if DEBUG
    ///   LeakDetector.shared.isEnabled = true
    ///   LeakDetector.shared.handler = .alert(in: { [weak window] in window })
    /// #endif
    /// ```
    ///
    /// - Parameters:
    ///   - window: Returns the window to show the alert in (nil: only log), read on the main actor
    ///     when a report arrives.
    ///   - log: Receives every full report first. Default: ``LeakHandler/log`` (standard error).
    /// - Returns: The handler.
    public static func alert(
      in window: @escaping @MainActor @Sendable () -> UIWindow?, log: LeakHandler = .log
    ) -> LeakHandler {
      LeakHandler { report in
        log(report)
        let summary = report.summary
        Task { @MainActor in
          guard var top = window()?.rootViewController else { return }
          while let presented = top.presentedViewController { top = presented }
          if top is UIAlertController { return }
          let alert = UIAlertController(
            title: "ViperNest found a leak", message: summary, preferredStyle: .alert)
          alert.addAction(UIAlertAction(title: "OK", style: .default))
          top.present(alert, animated: true)
        }
      }
    }
  }
#endif
