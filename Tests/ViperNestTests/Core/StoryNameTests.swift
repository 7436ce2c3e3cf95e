import Testing
import ViperNest

private enum ShippingStory: UserStory {}
private enum Wizard { enum PaymentStory: UserStory {} }
private struct StepStory<Step>: UserStory {}
private enum Names { enum Story: UserStory {} }
private enum Onboarding: UserStory {}

/// A story's default name is its type name without a trailing `Story`, as `String(describing:)`
/// renders the type (it is rendered without asking the runtime about conformances).
@Suite struct StoryNameTests {
  @Test func defaultStoryNameDropsATrailingStoryFromTheTypeName() {
    #expect(ShippingStory.storyName == "Shipping")
    #expect(Wizard.PaymentStory.storyName == "Payment")
    #expect(Onboarding.storyName == "Onboarding")
    #expect(Names.Story.storyName == "Story")
  }

  @Test func genericStoryTypesKeepTheirArgumentsInTheName() {
    #expect(StepStory<Int>.storyName == "StepStory<Int>")
  }
}
