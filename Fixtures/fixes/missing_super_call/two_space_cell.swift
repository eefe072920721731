import UIKit

final class AvatarCell: UITableViewCell {
  override func prepareForReuse() {}

  override func awakeFromNib() {
    avatar.layer.cornerRadius = 8
  }

  let avatar = UIImageView()
}
