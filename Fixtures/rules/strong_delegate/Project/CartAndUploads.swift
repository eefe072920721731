import UIKit

/// The cart screen: it owns its views and helpers, and is the delegate of several of them.
final class CartViewController: UIViewController, CartViewDelegate, ChartViewDataSource {
    private let chartView = ChartView()
    private let uploadQueue = UploadQueue()
    private var dataSource: UITableViewDiffableDataSource<Int, UUID>!
    private let transitionDelegate: UIViewControllerTransitioningDelegate = SheetTransitionDelegate()
    private lazy var keyboardDelegate: UITextFieldDelegate = {
        let helper = AmountFieldDelegate()
        helper.maximumDigits = 7
        return helper
    }()
    var tableDataSource: UITableViewDataSource? // expect: strong_delegate
    var composerDelegate: ComposerDelegate? // expect: strong_delegate
    var stepDelegate: StepHosting? // expect: strong_delegate

    override func viewDidLoad() {
        super.viewDidLoad()
        let tableView = UITableView()
        dataSource = UITableViewDiffableDataSource<Int, UUID>(tableView: tableView) { tableView, indexPath, _ in
            tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        }
        tableDataSource = dataSource
        chartView.dataSource = self
        uploadQueue.delegate = self
        transitioningDelegate = transitionDelegate
    }
}

/// A chart whose data source defaults to an empty placeholder until a screen sets itself.
final class ChartView: UIView {
    var dataSource: ChartViewDataSource? = EmptyChartDataSource() // expect: strong_delegate
    var legendDelegate: UICollectionViewDelegate? = LegendLayoutDelegate()
}

protocol ChartViewDataSource: AnyObject {
    func numberOfPoints(in chartView: ChartView) -> Int
}

/// Helpers a class creates for itself are owned by it, so holding them strongly is right.
final class UploadQueue: NSObject {
    var delegate: UploadQueueDelegate? // expect: strong_delegate
    private var sessionDelegate: URLSessionDelegate?
    private(set) var retryDelegate: RetryPolicyDelegate

    override init() {
        retryDelegate = ExponentialRetryDelegate()
        super.init()
        sessionDelegate = UploadSessionDelegate(queue: self)
    }

    func resetRetries() {
        retryDelegate = ExponentialRetryDelegate(base: 2)
    }
}

/// An actor is a class type too.
actor DownloadManager {
    var delegate: (any UploadQueueDelegate)? // expect: strong_delegate
    var progressDelegate: AnalyticsDelegate?

    func setDelegate(_ delegate: any UploadQueueDelegate) {
        self.delegate = delegate
    }
}

/// Concrete classes other than controllers and views are owned objects, not owners.
final class FeedDataSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
}

final class FeedController {
    let dataSource: FeedDataSource
    let gridDataSource: UICollectionViewDiffableDataSource<Int, UUID>
    let appDelegate: AppDelegate

    init(dataSource: FeedDataSource, gridDataSource: UICollectionViewDiffableDataSource<Int, UUID>, appDelegate: AppDelegate) {
        self.dataSource = dataSource
        self.gridDataSource = gridDataSource
        self.appDelegate = appDelegate
    }
}

/// Structs never form the cycle; a class nested in one does.
struct CheckoutFlow {
    let delegate: PlayerViewDelegate
    var dataSource: ScrubberDataSource?

    final class Session {
        var delegate: CartViewDelegate? // expect: strong_delegate
        let receiptDataSource: ReceiptDataSource

        init(receiptDataSource: ReceiptDataSource) {
            self.receiptDataSource = receiptDataSource
        }
    }
}
