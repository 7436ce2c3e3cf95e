// The story the generated modules belong to (.ci/build-default-isolation.sh writes the modules
// next to this file; they are not committed).
import ViperNest

enum ProfileStory: UserStory {}
