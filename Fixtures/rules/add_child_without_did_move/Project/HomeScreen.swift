import UIKit

/// Home: a hero carousel, a feed and an optional promo banner, each a child controller.
final class HomeViewController: InstrumentedContainerViewController {
    let hero = HeroCarouselViewController()
    let feed = FeedViewController()
    let summary = WeeklySummaryViewController()
    let bannerSlot = UIView()
    let feedSlot = UIView()
    private var promo: PromoBannerViewController?

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(hero)
        view.addSubview(hero.view)
        hero.didMove(toParent: self)

        // Copy-paste slip: the feed never gets its `didMove`, the hero gets two.
        self.addChild(feed) // expect: add_child_without_did_move
        feedSlot.addSubview(feed.view)
        hero.didMove(toParent: self)

        addChild(self.summary)
        pin(summary.view, to: view)
        summary.didMove(toParent: self)
    }

    func showPromo(_ banner: PromoBannerViewController) {
        promo = banner
        addChild(banner) // expect: add_child_without_did_move
        bannerSlot.addSubview(banner.view)
        banner.view.frame = bannerSlot.bounds
    }

    func revealPromo(_ banner: PromoBannerViewController) {
        addChild(banner)
        banner.view.alpha = 0
        bannerSlot.addSubview(banner.view)
        UIView.animate(withDuration: 0.3) {
            banner.view.alpha = 1
        } completion: { _ in
            banner.didMove(toParent: self)
        }
    }

    func replaceFeed(with next: FeedViewController) {
        feed.willMove(toParent: nil)
        addChild(next)
        transition(from: feed, to: next, duration: 0.25, options: .transitionCrossDissolve, animations: nil) { _ in
            self.feed.removeFromParent()
            next.didMove(toParent: self)
        }
    }

    func showComments(_ comments: CommentsViewController) {
        addChild(comments)
        pin(comments.view, to: feedSlot)
        finishEmbedding(comments)
    }

    func showDetail(for item: FeedItem) {
        let detail = ItemDetailViewController(item: item)
        configureAppearance(of: detail)
        addChild(detail) // expect: add_child_without_did_move
        view.addSubview(detail.view)
        detail.view.frame = view.bounds.insetBy(dx: 16, dy: 16)
    }

    func showFooter(_ footerController: FooterViewController?) {
        guard let footerController else { return }
        addChild(footerController)
        view.addSubview(footerController.view)
        footerController.didMove(toParent: self)
    }
}

/// The onboarding pages sit side by side in a paging stack view.
final class OnboardingPagesViewController: ThemedViewController {
    private let pages: [UIViewController]
    private let stack = UIStackView()

    init(pages: [UIViewController]) {
        self.pages = pages
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        pin(stack, to: view)
        for page in pages {
            addChild(page)
            stack.addArrangedSubview(page.view)
        }
        for page in pages {
            page.didMove(toParent: self)
        }
    }

    func appendBadges(_ badges: [BadgeViewController]) {
        for badge in badges {
            addChild(badge) // expect: add_child_without_did_move
            stack.addArrangedSubview(badge.view)
        }
    }

    func appendCards(_ cards: [CardViewController]) {
        cards.forEach { addChild($0); stack.addArrangedSubview($0.view) }
        cards.forEach { $0.didMove(toParent: self) }
    }

    func appendTips(_ tips: [TipViewController]) {
        for tip in tips {
            addChild(tip)
            stack.addArrangedSubview(tip.view)
            tip.didMove(toParent: self)
        }
    }
}
