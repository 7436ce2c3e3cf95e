#if canImport(XCTest)
  public import ViperNest
  public import XCTest

  extension XCTestCase {
    /// Fails the test if `object` is still alive `timeout` after the test's teardown starts.
    ///
    /// For teams on XCTest: call it right after creating the object, in the style of
    /// `addTeardownBlock { [weak sut] in XCTAssertNil(sut) }`, but the failure names the retain
    /// cycle that keeps the object alive.
    ///
    /// ```swift
    /// func testClosingTheStoryReleasesItsBook() throws {
    ///   let contacts = try app.open(ContactsStory.self)
    ///   let book = try contacts.resolve(ContactBook.self)
    ///   trackForLeaks(book, role: .storyService)
    ///   contacts.close()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object; held weakly.
    ///   - role: Its role, shown in the failure message.
    ///   - timeout: How long teardown waits for the object to be released.
    ///   - file: Where the failure is reported; the caller by default.
    ///   - line: Where the failure is reported; the caller by default.
    public func trackForLeaks(
      _ object: AnyObject, role: LeakRole = .object, timeout: Duration = .seconds(1),
      file: StaticString = #filePath, line: UInt = #line
    ) {
      let detector = LeakDetector(timeout: timeout)
      detector.track(object, role: role)
      addTeardownBlock {
        if let report = await detector.check() {
          XCTFail(report.description, file: file, line: line)
        }
      }
    }
  }
#endif
