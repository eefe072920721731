import UIKit

typealias RowActionDelegate = (IndexPath) -> Void

/// The video player's chrome. Its delegate is the screen that owns it.
final class PlayerView: UIView {
    var delegate: PlayerViewDelegate? // expect: strong_delegate
    private(set) var scrubberDataSource: (any ScrubberDataSource)! // expect: strong_delegate
    var rateDelegate: VideoPlayerViewDelegate? { // expect: strong_delegate
        didSet { rateDelegate?.playerView(self, didChangeRate: 1) }
    }
    let tableDelegate: UITableViewDelegate // expect: strong_delegate
    var pickerDataSource: any UIPickerViewDataSource & UIPickerViewDelegate // expect: strong_delegate

    weak var backupDelegate: PlayerViewDelegate?
    unowned let chaptersDataSource: ScrubberDataSource
    unowned(unsafe) var overlayDelegate: PlayerViewDelegate
    var priceDelegate: PriceFormattingDelegate?
    var onFinishDelegate: (() -> Void)?
    var seekDelegate: (@MainActor (TimeInterval) -> Void)?
    var rowDelegate: RowActionDelegate?
    var delegateQueue: DispatchQueue = .main
    var delegates: [AnyObject] = []
    var delegateProxy: PlayerViewDelegate? { delegate }

    init(tableDelegate: UITableViewDelegate, pickerDataSource: any UIPickerViewDataSource & UIPickerViewDelegate,
         chaptersDataSource: ScrubberDataSource, overlayDelegate: PlayerViewDelegate) {
        self.tableDelegate = tableDelegate
        self.pickerDataSource = pickerDataSource
        self.chaptersDataSource = chaptersDataSource
        self.overlayDelegate = overlayDelegate
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func finish() {
        let delegate: PlayerViewDelegate? = delegateProxy
        delegate?.playerViewDidFinish(self)
    }
}

final class ScrubberView: UIControl {
    var dataSource: ScrubberDataSource! // expect: strong_delegate
    // v2: an outlet's object is decided in a nib or storyboard, which Lifeguard does not read.
    @IBOutlet var menuDataSource: UITableViewDataSource!
    @IBOutlet weak var menuDelegate: UITableViewDelegate?
    var receiptDataSource: ReceiptDataSource?
    var invoiceDataSource: (any InvoiceDataSource)?
    var sortDataSource: SortDataSource = .recent
    var layoutDataSource = MenuDataSource()
}

/// A cell that reports back to its screen through a concrete controller reference.
final class CartItemCell: UITableViewCell {
    var delegate: CartViewController? // expect: strong_delegate
    var hostDelegate: UIViewController! // expect: strong_delegate
    var cartDelegate: CartViewDelegate? // expect: strong_delegate
    var footerDataSource: CartView? // expect: strong_delegate
    var analyticsDelegate: AnalyticsDelegate?
    var appDelegate: AppDelegate?

    override func prepareForReuse() {
        super.prepareForReuse()
        delegate = nil
    }
}

final class CartView: UIView {}

/// A scroll view that forwards its delegate: overriding the property makes it computed.
final class ZoomingScrollView: UIScrollView {
    private weak var externalDelegate: UIScrollViewDelegate?

    override var delegate: UIScrollViewDelegate? {
        get { externalDelegate }
        set {
            externalDelegate = newValue
            super.delegate = newValue
        }
    }

    var feedDelegate: FeedTableDelegate? // expect: strong_delegate
    var legacyDelegate: AnyObject? // expect: strong_delegate
}
