// Type-checked against the UIKit stub by .ci/typecheck-uikit.sh: a view controller with an
// initializer of its own, written the way iOS requires (it compiles unchanged in Xcode).
// swift-format-ignore-file

import UIKit

final class DetailViewController: UIViewController {
  let contactID: Int

  init(contactID: Int) {
    self.contactID = contactID
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }
}

final class ContactsNavigationController: UINavigationController {
  override init(rootViewController: UIViewController) {
    super.init(rootViewController: rootViewController)
  }

  required init?(coder aDecoder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }
}

@MainActor func makeDetail() -> UINavigationController {
  ContactsNavigationController(rootViewController: DetailViewController(contactID: 1))
}
