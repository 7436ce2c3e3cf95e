// Must NOT type-check against the UIKit stub (.ci/typecheck-uikit.sh expects the error): on iOS a
// view controller that declares its own initializer must implement `required init?(coder:)`.
// swift-format-ignore-file

import UIKit

final class DetailViewController: UIViewController {
  let contactID: Int

  init(contactID: Int) {
    self.contactID = contactID
    super.init(nibName: nil, bundle: nil)
  }
}
