import UIKit

protocol PlayerViewDelegate: AnyObject {
    func playerDidFinish()
}

protocol ScrubberDataSource: class {}

final class PlayerViewController: UIViewController {}

final class PlayerView: UIView {
    var delegate: PlayerViewDelegate?
    var tableDataSource: UITableViewDataSource!
    private(set) var scrubberDataSource: ScrubberDataSource? = nil
    public internal(set) var scrollDelegate: (any UIScrollViewDelegate)?
    var hostDelegate: PlayerViewController?
    @objc dynamic var collectionDelegate: UICollectionViewDelegate? {
        didSet { reload() }
    }

    // No fix for these:
    @IBOutlet var outletDelegate: UITableViewDelegate!
    var ownedDelegate: UITextFieldDelegate?
    let fixedDelegate: PlayerViewDelegate
    var requiredDelegate: PlayerViewDelegate
    var libraryDelegate: ChartViewDelegate?
    var firstDelegate: PlayerViewDelegate?, secondDelegate: PlayerViewDelegate?

    init(delegate: PlayerViewDelegate) {
        fixedDelegate = delegate
        requiredDelegate = delegate
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }

    func reload() {}

    func install(_ shared: UITextFieldDelegate?) {
        // Sometimes a new object that only this property keeps: `weak` would free it.
        ownedDelegate = shared ?? FieldCoordinator()
        if shared == nil { ownedDelegate = FieldCoordinator() }
    }
}

final class FieldCoordinator: NSObject, UITextFieldDelegate {}

class BasePlayerView: UIView {
    var delegate: PlayerViewDelegate?
}

final class LoopingPlayerView: BasePlayerView {
    override var delegate: PlayerViewDelegate? {
        didSet { reload() }
    }

    func reload() {}
}
