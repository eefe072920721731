import UIKit

protocol PlayerViewDelegate: AnyObject {
    func playerDidFinish()
}

protocol ScrubberDataSource: class {}

final class PlayerViewController: UIViewController {}

final class PlayerView: UIView {
    var delegate: PlayerViewDelegate?
    @IBOutlet var tableDataSource: UITableViewDataSource!
    private(set) var scrubberDataSource: ScrubberDataSource? = nil
    public internal(set) var scrollDelegate: (any UIScrollViewDelegate)?
    var hostDelegate: PlayerViewController?
    @objc dynamic var collectionDelegate: UICollectionViewDelegate? {
        didSet { reload() }
    }

    // No fix for these:
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
}
