import UIKit

/// Two toolbars, each with a nested `Delegate` protocol: only the story one is class-bound.
final class StoryToolbar: UIView {
    protocol Delegate: AnyObject {
        func toolbarDidTapShare(_ toolbar: StoryToolbar)
    }

    var delegate: Delegate? // expect: strong_delegate
}

final class ReceiptToolbar: UIView {
    protocol Delegate {
        func totalText(for toolbar: ReceiptToolbar) -> String
    }

    var delegate: Delegate?
    var fallbackDelegate: StoryToolbar.Delegate? // expect: strong_delegate
}

/// Two nested `Header` types: a view in the gallery, a value in the exporter.
final class GalleryViewController: UIViewController {
    final class Header: UICollectionReusableView {
        var delegate: GalleryViewController? // expect: strong_delegate
    }

    final class Footer: UIView {
        var layoutDelegate: Header? // expect: strong_delegate
    }
}

enum GalleryExporter {
    struct Header {
        var title: String
    }

    final class Job {
        var headerDataSource: Header?
        var progressDelegate: Progress?
    }
}

/// Generic classes are class types like any other.
class PagedListViewController<Page: Hashable>: UIViewController {
    var pagingDelegate: (any PagingDelegate)? // expect: strong_delegate
    var pages: [Page] = []
}

protocol PagingDelegate: AnyObject {
    func didReachEnd()
}

final class OrdersListViewController: PagedListViewController<Int> {
    var refreshDataSource: OrdersRefreshing? // expect: strong_delegate
    var sectionDataSource: PagedListViewController<String>? // expect: strong_delegate
}

protocol OrdersRefreshing: PagingDelegate {}

final class Paginator<Element> {
    var dataSource: (any PagingDataSource)? // expect: strong_delegate
    var elements: [Element] = []
}

protocol PagingDataSource: AnyObject {
    func page(after index: Int) -> [Int]
}

/// Extensions may only add computed properties.
extension Paginator {
    var delegate: PagingDelegate? {
        dataSource as? PagingDelegate
    }
}

extension StoryToolbar {
    var shareDelegate: Delegate? {
        get { delegate }
        set { delegate = newValue }
    }
}

/// Local variables in functions are not properties.
final class ShareCoordinator {
    func share(from toolbar: StoryToolbar) {
        let delegate: StoryToolbar.Delegate? = toolbar.delegate
        var fallbackDataSource: PagingDataSource?
        fallbackDataSource = nil
        _ = (delegate, fallbackDataSource)
    }
}
