import UIKit

protocol SearchResultsDataSource: AnyObject {}
final class RecentSearchesSource: SearchResultsDataSource {}

// Shape: an owned helper. Every value the property is given is a new object — directly, through
// a local, or through an `init` parameter whose default creates it — so the property owns the
// helper and nothing points back; a declaration `= nil` or a `tearDown` that sets it to `nil`
// does not make it someone else's.
final class SearchViewController: UIViewController {
    private var resultsDataSource: SearchResultsDataSource? = nil

    init(resultsDataSource: SearchResultsDataSource = RecentSearchesSource()) {
        self.resultsDataSource = resultsDataSource
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func reset() {
        let fresh = RecentSearchesSource()
        resultsDataSource = fresh
    }

    func tearDown() {
        resultsDataSource = nil
    }
}

// Still reported: a helper object some other object keeps, whose delegate points back.
protocol UploaderDelegate: AnyObject {}

final class Uploader {
    var delegate: UploaderDelegate? // expect: strong_delegate
}

final class UploadsScreen: UIViewController, UploaderDelegate {
    private let uploader = Uploader()

    override func viewDidLoad() {
        super.viewDidLoad()
        uploader.delegate = self
    }
}
