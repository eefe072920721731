import UIKit

protocol PlayerDelegate: AnyObject {}

// Shape (v2): a team that silenced SwiftLint's `weak_delegate` on a line made the decision this
// rule asks about: `disable:next`, `disable:this`, `disable:previous` and regions all count.
final class PlayerControlsView: UIView {
    // swiftlint:disable:next weak_delegate
    var delegate: PlayerDelegate?
    var secondaryDelegate: PlayerDelegate? // swiftlint:disable:this weak_delegate
    var tertiaryDelegate: PlayerDelegate?
    // swiftlint:disable:previous weak_delegate

    // swiftlint:disable weak_delegate
    var mirrorDelegate: PlayerDelegate?
    // swiftlint:enable weak_delegate

    // Other SwiftLint rules do not suppress it.
    // swiftlint:disable:next line_length
    var scrubberDelegate: PlayerDelegate? // expect: strong_delegate
}
