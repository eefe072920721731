import UIKit

// Cards built on `CardScreen` and `ListCard` (CardScreenBase.swift), some with their
// `loadView()` in an extension.

final class OrderHistoryCard: ListCard<Order> {
    override func loadView() {
        view.accessibilityIdentifier = "order-history" // expect: view_access_in_load_view
        super.loadView()
        tableView.register(OrderCell.self, forCellReuseIdentifier: "row")
    }
}

final class ContactsCard: ListCard<Contact> {
    override func loadView() {
        super.loadView()
        view.accessibilityIdentifier = "contacts"
        tableView.register(ContactCell.self, forCellReuseIdentifier: "row")
    }
}

final class ShareSheetCard: CardScreen {
    private let targets = ShareTargetsView()

    override func loadView() {
        let card = makeCardView()
        card.addSubview(targets)
        grabber.center.x = view.center.x // expect: view_access_in_load_view
        view = card
        targets.frame = view.bounds.inset(by: view.layoutMargins)
    }
}

extension LibraryCard {
    override func loadView() {
        let card = makeCardView()
        #if targetEnvironment(macCatalyst)
        card.layer.cornerRadius = 0
        #endif
        view = card
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 20, leading: 16, bottom: 20, trailing: 16)
    }
}

extension Player.Controls {
    override func loadView() {
        view.tintColor = .white // expect: view_access_in_load_view
        let card = makeCardView()
        card.addSubview(scrubber)
        card.addSubview(playPause)
        view = card
    }
}

extension Editor.Controls {
    func highlight(_ clip: Clip) {
        view.layer.borderColor = UIColor.systemYellow.cgColor
        timeline.select(clip)
    }
}

/// The badges are set up through a loop variable and a closure parameter that are both
/// named `view`; neither is the root view.
final class BadgeRowCard: CardScreen {
    private let badges: [BadgeView] = Badge.allCases.map(BadgeView.init)

    override func loadView() {
        let card = makeCardView()
        for view in badges {
            view.tintColor = .systemOrange
            card.addSubview(view)
        }
        badges.forEach { view in view.isAccessibilityElement = true }
        view = card
    }
}

/// A card whose root depends on the size class; every read comes after the first assignment.
final class NowPlayingCard: CardScreen {
    private let artwork = UIImageView()

    override func loadView() {
        if traitCollection.horizontalSizeClass == .regular {
            view = WideNowPlayingView(artwork: artwork)
        } else {
            view = makeCardView()
        }
        view.addSubview(artwork)
        artwork.frame = view.bounds
    }
}
