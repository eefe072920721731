import UIKit

/// The profile screen as first written: everything is built in the layout callbacks, so every
/// rotation, keyboard change or trait change stacks another copy on screen.
final class ProfileViewController: UIViewController {
    private let headerGradient = CAGradientLayer()
    private let avatarView = UIImageView()
    private let nameLabel = UILabel()
    private let statsStack = UIStackView()
    private let followButton = UIButton(type: .system)
    private let readableGuide = UILayoutGuide()
    private var stats: [ProfileStat] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        nameLabel.font = .preferredFont(forTextStyle: .title2)
        statsStack.axis = .horizontal
        statsStack.distribution = .fillEqually
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.layer.insertSublayer(headerGradient, at: 0) // a stored layer is moved, not duplicated
        view.layer.insertSublayer(CAGradientLayer(), at: 0) // expect: non_idempotent_layout
        headerGradient.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 220)
        view.addSubview(avatarView) // a stored view is moved, not duplicated
        avatarView.layer.cornerRadius = avatarView.bounds.height / 2
        view.insertSubview(nameLabel, belowSubview: avatarView) // a stored label is moved, not duplicated
        let caption = UILabel()
        view.insertSubview(caption, belowSubview: nameLabel) // expect: non_idempotent_layout
        // A `for` loop is not one of the guards the spec names, even over a stored property.
        for stat in stats {
            // expect: non_idempotent_layout
            statsStack.addArrangedSubview(StatView(stat: stat))
        }
        let tap = UITapGestureRecognizer(target: self, action: #selector(avatarTapped))
        avatarView.addGestureRecognizer(tap) // expect: non_idempotent_layout
        followButton.addTarget(self, action: #selector(followTapped), for: .touchUpInside) // expect: non_idempotent_layout
        view.addLayoutGuide(readableGuide) // a stored guide is kept, not duplicated
        view.addLayoutGuide(UILayoutGuide()) // expect: non_idempotent_layout
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(ovalIn: avatarView.bounds.insetBy(dx: -3, dy: -3)).cgPath
        avatarView.layer.addSublayer(ring) // expect: non_idempotent_layout
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        NSLayoutConstraint.activate([ // expect: non_idempotent_layout
            avatarView.widthAnchor.constraint(equalToConstant: 96),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),
            avatarView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
        ])
        nameLabel.topAnchor.constraint(equalTo: avatarView.bottomAnchor, constant: 12).isActive = true // expect: non_idempotent_layout
        view.addConstraint(NSLayoutConstraint(item: statsStack, attribute: .centerX, relatedBy: .equal, // expect: non_idempotent_layout
                                              toItem: view, attribute: .centerX, multiplier: 1, constant: 0))
        view.addConstraints( // expect: non_idempotent_layout
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-[stats]-|", metrics: nil, views: ["stats": statsStack]))
        // A trait check reads no stored state of `self`: still runs on every pass.
        if traitCollection.horizontalSizeClass == .regular {
            // expect: non_idempotent_layout
            followButton.widthAnchor.constraint(equalToConstant: 240).isActive = true
        }
        // Deactivating and plain assignments are idempotent.
        followButton.heightAnchor.constraint(equalToConstant: 44).isActive = false
        followButton.isEnabled = !stats.isEmpty
    }

    @objc private func avatarTapped() {}
    @objc private func followTapped() {}
}

/// The same screen done right: each callback checks stored state before adding anything.
final class ArticleViewController: UIViewController {
    private let heroLayer = CAGradientLayer()
    private let banner = OfflineBannerView()
    private let spinner = UIActivityIndicatorView(style: .large)
    private let bodyStack = UIStackView()
    private var didInstallConstraints = false
    private var hasPlacedHero = false
    private var pendingToast: ToastView?
    private var overlay: ReadingProgressView?
    private var queuedBadges: [BadgeView] = []
    private var phase: LoadPhase = .loading
    private var sections: [ArticleSection] = []

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if heroLayer.superlayer == nil {
            view.layer.addSublayer(heroLayer)
        }
        heroLayer.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 180)
        if !view.subviews.contains(banner) {
            view.addSubview(banner)
        }
        if let toast = pendingToast {
            view.addSubview(toast)
            pendingToast = nil
        }
        if let overlay {
            overlay.frame = view.bounds
        } else {
            let progress = ReadingProgressView()
            view.addSubview(progress)
            overlay = progress
        }
        while !queuedBadges.isEmpty {
            view.addSubview(queuedBadges.removeFirst())
        }
        switch phase {
        case .loading:
            view.addSubview(spinner)
        case .loaded, .failed:
            spinner.removeFromSuperview()
        }
        if bodyStack.arrangedSubviews.isEmpty, self.sections.count > 0 {
            sections.map(SectionView.init).forEach(bodyStack.addArrangedSubview)
        }
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        guard hasPlacedHero else {
            view.addSubview(banner)
            hasPlacedHero = true
            return
        }
        guard !didInstallConstraints else { return }
        didInstallConstraints = true
        NSLayoutConstraint.activate([
            banner.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            banner.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
        banner.heightAnchor.constraint(equalToConstant: 44).isActive = true
    }
}
