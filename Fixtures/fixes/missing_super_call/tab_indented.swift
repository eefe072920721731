import UIKit

final class BadgeView: UIView {
	override func layoutSubviews() {}

	override func didMoveToWindow() {
		update()
	}

	func update() {}
}
