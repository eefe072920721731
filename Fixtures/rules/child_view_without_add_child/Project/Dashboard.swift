import UIKit

// Screens built on the base classes of ContainerBase.swift, extensions of screens declared in
// other files, generic containers, nested types, and debug-only children.

enum Widgets {
    final class WeatherTile: UIViewController {}
    final class Header {
        let view = UILabel()
    }
}

final class Inbox: ListViewController {}
final class AvatarNode: BaseNode {}

final class DashboardViewController: BaseViewController {
    struct Skeleton {
        let view = UIView()
    }

    let news = NewsFeedViewController()
    private let weather = Widgets.WeatherTile()
    private let header = Widgets.Header()
    private let skeleton = Skeleton()
    private let inbox = Inbox()
    private let avatar = AvatarNode()
    private let playback = PlaybackController()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(news.view)
        view.addSubview(weather.view) // expect: child_view_without_add_child
        view.addSubview(header.view)
        view.addSubview(skeleton.view)
        view.addSubview(inbox.view) // expect: child_view_without_add_child
        view.addSubview(avatar.view)
        view.addSubview(playback.view)
    }

    func showFavorites() {
        let favorites = FavoritesViewController()
        adopt(favorites)
        view.addSubview(favorites.view)
        finishAdopting(favorites)

        let recents = Inbox()
        recents.attach(to: self)
        view.addSubview(recents.view)
        recents.didMove(toParent: self)

        let tips = TipsViewController()
        install(tips, into: self)
        view.insertSubview(tips.view, at: 0)
        tips.didMove(toParent: self)

        let promo = PromoViewController()
        prepare(promo)
        view.addSubview(promo.view) // expect: child_view_without_add_child
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        #if DEBUG
        let layoutInspector = LayoutInspectorViewController()
        view.addSubview(layoutInspector.view) // expect: child_view_without_add_child
        #elseif targetEnvironment(simulator)
        let simulatorBanner = SimulatorBannerViewController()
        view.addSubview(simulatorBanner.view) // expect: child_view_without_add_child
        #else
        let watermark = WatermarkViewController()
        addChild(watermark)
        view.addSubview(watermark.view)
        watermark.didMove(toParent: self)
        #endif

        let frameRate = FrameRateViewController()
        #if DEBUG
        addChild(frameRate)
        #endif
        view.addSubview(frameRate.view)
    }
}

extension TabShellViewController {
    func restoreChrome() {
        view.addSubview(sidebar.view)
        view.addSubview(statusBar.view) // expect: child_view_without_add_child
    }
}

extension ProductPageViewController {
    func showSellerCard(for seller: Seller) {
        let card = SellerCardViewController(seller: seller)
        view.addSubview(card.view) // expect: child_view_without_add_child
    }
}

class ContainerViewController<Content: UIViewController>: BaseViewController {
    let content: Content

    init(content: Content) {
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(content)
        view.addSubview(content.view)
        content.didMove(toParent: self)
    }
}

final class SettingsContainer: ContainerViewController<SettingsViewController> {}

final class PagerViewController<Page>: UIViewController where Page: UIViewController {
    private let pages: [Page]
    private let scrollView = UIScrollView()

    init(pages: [Page]) {
        self.pages = pages
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(scrollView)
        for page in pages {
            scrollView.addSubview(page.view) // expect: child_view_without_add_child
        }
        let settings = SettingsContainer(content: SettingsViewController())
        view.addSubview(settings.view) // expect: child_view_without_add_child
    }
}

final class SettingsScreen: BaseViewController {
    final class Row: UIViewController {}
    private let stack = UIStackView()

    func appendRow() {
        let row = Row()
        stack.addArrangedSubview(row.view) // expect: child_view_without_add_child
    }
}

final class ProfileScreen: BaseViewController {
    final class Row {
        let view = UIView()
    }
    private let stack = UIStackView()

    func appendRow() {
        let row = Row()
        stack.addArrangedSubview(row.view)
    }
}
