import UIKit

/// A feed that "lazily" loads and observes from its layout callbacks. Network work and
/// observer registrations are flagged even behind a flag: layout is the wrong trigger for them.
final class FeedViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let scrollIndicator = UIScrollView()
    private let feedURL = URL(string: "https://api.example.com/v2/feed")!
    private var hasRequestedFeed = false
    private var isObservingKeyboard = false
    private var isObservingOffset = false
    private var items: [FeedItem] = []
    private var thumbnailDownload: URLSessionDataTask?
    private var refreshTimer: Timer?
    private let emptyState = EmptyFeedView()
    private let pullHint = UILabel()
    private let sidebarHandle = UIView()

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if !hasRequestedFeed {
            hasRequestedFeed = true
            var request = URLRequest(url: feedURL) // expect: non_idempotent_layout
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            // expect: non_idempotent_layout
            let task = URLSession.shared.dataTask(with: request) { [weak self] data, _, _ in
                guard let data else { return }
                DispatchQueue.main.async { self?.apply(data) }
            }
            task.resume() // expect: non_idempotent_layout
        }
        if !isObservingKeyboard {
            isObservingKeyboard = true
            NotificationCenter.default.addObserver( // expect: non_idempotent_layout
                self, selector: #selector(keyboardWillShow(_:)),
                name: UIResponder.keyboardWillShowNotification, object: nil)
        }
        guard !isObservingOffset else { return }
        isObservingOffset = true
        // expect: non_idempotent_layout
        tableView.addObserver(self, forKeyPath: #keyPath(UIScrollView.contentOffset), options: .new, context: nil)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        tableView.frame = view.bounds
        // Re-entering layout from inside a layout pass loops.
        view.layoutIfNeeded() // v2: runs a pass only when layout is dirty
        self.view.setNeedsLayout() // expect: non_idempotent_layout
        // A subview's own pass is not a loop on this controller's view.
        tableView.layoutIfNeeded()
        scrollIndicator.setNeedsLayout()
        if items.isEmpty {
            Task {
                // expect: non_idempotent_layout
                let (data, _) = try await URLSession.shared.data(from: feedURL)
                apply(data)
            }
        }
        if thumbnailDownload != nil {
            thumbnailDownload?.resume() // expect: non_idempotent_layout
        }
        // expect: non_idempotent_layout
        NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification,
                                               object: nil, queue: .main) { [weak self] _ in
            self?.tableView.reloadData()
        }
        if refreshTimer == nil {
            refreshTimer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in
                self?.tableView.reloadData()
            }
        }
        // Closures written in the callback are part of it.
        DispatchQueue.main.async {
            self.view.addSubview(self.pullHint) // a stored label is moved, not duplicated
            self.view.addSubview(UILabel()) // expect: non_idempotent_layout
        }
        // Two on one line are two findings.
        view.addSubview(emptyState); view.addSubview(pullHint) // stored views are moved, not duplicated
        view.addSubview(EmptyFeedView()); view.addSubview(UILabel()) // expect: non_idempotent_layout, non_idempotent_layout
        // This guard is not at the top of the function and reads no stored property.
        guard traitCollection.userInterfaceIdiom == .pad else { return }
        view.addSubview(sidebarHandle) // a stored handle is moved, not duplicated
        view.addSubview(UIView()) // expect: non_idempotent_layout
    }

    private func apply(_ data: Data) {}
    @objc private func keyboardWillShow(_ note: Notification) {}
}

/// An avatar that downloads its image when it is laid out, and forces its own layout.
final class RemoteAvatarView: UIImageView {
    var imageURL: URL?
    private var imageTask: URLSessionDataTask?
    private var downloadTask: URLSessionDownloadTask?
    private var isExpanded = false
    private var wasExpanded = false

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
        if imageTask == nil, let imageURL {
            // expect: non_idempotent_layout
            imageTask = URLSession.shared.dataTask(with: imageURL) { [weak self] data, _, _ in
                let image = data.flatMap(UIImage.init(data:))
                DispatchQueue.main.async { self?.image = image }
            }
            imageTask?.resume() // expect: non_idempotent_layout
        }
        if downloadTask == nil, let imageURL {
            downloadTask = URLSession.shared.downloadTask(with: imageURL) // expect: non_idempotent_layout
        }
        setNeedsLayout() // expect: non_idempotent_layout
        self.layoutIfNeeded()
        // The superview is not this view: not the loop the rule describes.
        superview?.setNeedsLayout()
        if isExpanded != wasExpanded {
            wasExpanded = isExpanded
            setNeedsLayout()
        }
    }
}
