import Testing
import ViperNest
import ViperNestHeadless

struct MainActorResolutionTests {
  @Test @MainActor func mainActorFactoriesRunOnTheMainActorAndAreRefusedElsewhere() async throws {
    let host = HeadlessHost()
    let views = AnyAssembly { r in
      r.register(ContactsView.self, mainActor: ContactsView.init(host:))
    }
    let app = try Registry(host.assembly, views).start(quiet)
    #expect(try app.resolve(ContactsView.self).host === host)

    let offMain = await Task.detached { () -> ViperNestError.Code? in
      do {
        _ = try app.resolve(ContactsView.self)
        return nil
      } catch let error as ViperNestError {
        return error.code
      } catch {
        return nil
      }
    }.value
    #expect(offMain == .mainActorRequired)
  }
}
