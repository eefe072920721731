import UIKit

final class AvatarCell: UITableViewCell {
  override func prepareForReuse() {}

  override func awakeFromNib() {
    avatar.layer.cornerRadius = 8
  }

  let avatar = UIImageView()
}

final class TagView: UIView {
  var tagConstraints: [NSLayoutConstraint] = []

  override func updateConstraints() {
    NSLayoutConstraint.activate(tagConstraints)
  }
}

final class TagViewController: UIViewController {
  override func updateViewConstraints() {
    guard isViewLoaded else { return } // can leave early: no fix
    view.setNeedsLayout()
  }
}
