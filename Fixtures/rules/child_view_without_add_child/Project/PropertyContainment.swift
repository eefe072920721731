import UIKit

// Containers whose children live in stored properties: containment may happen in another method,
// in a sibling accessor, or the controller may come out of `children` (already a child).

final class TabShellViewController: UIViewController {
    let sidebar = SidebarViewController()
    private let inspector = InspectorViewController()
    let statusBar = StatusStripViewController()
    private let contentView = UIView()

    var activeTab: UIViewController? {
        willSet {
            guard let newValue, newValue !== activeTab else { return }
            activeTab?.willMove(toParent: nil)
            activeTab?.view.removeFromSuperview()
            activeTab?.removeFromParent()
            addChild(newValue)
        }
        didSet {
            guard let activeTab, activeTab !== oldValue else { return }
            contentView.addSubview(activeTab.view)
            activeTab.view.frame = contentView.bounds
            activeTab.didMove(toParent: self)
        }
    }

    var overlay: UIViewController? {
        didSet {
            guard let overlay else { return }
            view.addSubview(overlay.view) // expect: child_view_without_add_child
        }
    }

    init() {
        super.init(nibName: nil, bundle: nil)
        addChild(sidebar)
        addChild(self.inspector)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(contentView)
        view.addSubview(sidebar.view)
        view.addSubview(self.sidebar.view)
        view.insertSubview(inspector.view, aboveSubview: contentView)
        view.addSubview(statusBar.view) // expect: child_view_without_add_child
        sidebar.didMove(toParent: self)
        inspector.didMove(toParent: self)
    }

    func bringChildrenBack() {
        for child in children {
            contentView.addSubview(child.view)
        }
        contentView.addSubview(children.last!.view)
        if !children.isEmpty {
            view.insertSubview(children[0].view, at: 0)
        }
        let newest = children.last
        view.addSubview(newest!.view)
        if let top = children.first(where: { $0.isViewLoaded }) {
            view.bringSubviewToFront(top.view)
            view.addSubview(top.view)
        }
        children.forEach { contentView.addSubview($0.view) }
        for case let tab as TabContentViewController in children where tab.isPinned {
            view.addSubview(tab.view)
        }
    }

    func raiseNewestChild() {
        guard let current = children.last else { return }
        view.addSubview(current.view)
    }
}

final class DetailHostViewController: UIViewController {
    var detail: UIViewController? {
        willSet { newValue.map(addChild) }
        didSet {
            oldValue?.view.removeFromSuperview()
            if let detail { view.addSubview(detail.view) }
            detail?.didMove(toParent: self)
        }
    }

    private var placeholder: UIViewController {
        get { children.first ?? EmptyDetailViewController() }
        set {
            addChild(newValue)
            view.addSubview(newValue.view)
            newValue.didMove(toParent: self)
        }
    }

    func showEmpty() {
        let empty = EmptyDetailViewController()
        view.addSubview(empty.view) // expect: child_view_without_add_child
    }
}

final class RootNavigationViewController: UINavigationController {
    private let nowPlaying = MiniPlayerViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(nowPlaying)
        nowPlaying.didMove(toParent: self)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if nowPlaying.view.superview == nil {
            view.addSubview(nowPlaying.view)
        }
    }

    func restoreStack() {
        for controller in viewControllers where controller.isViewLoaded {
            view.addSubview(controller.view)
        }
        let root = viewControllers.first
        view.insertSubview(root!.view, at: 0)
        viewControllers.dropFirst().forEach { pushed in
            view.addSubview(pushed.view)
        }
    }
}

final class SplitPaneViewController: UIViewController {
    private var leading: UIViewController?
    private var trailing: UIViewController?

    func setPanes(leading: UIViewController, trailing: UIViewController) {
        self.leading = leading
        self.trailing = trailing
        addChild(leading)
        view.addSubview(leading.view)
        leading.didMove(toParent: self)
        view.addSubview(trailing.view) // expect: child_view_without_add_child
    }
}
