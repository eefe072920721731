import UIKit

struct OnboardingPage {
    let symbol: String
    let title: String

    static let all = [
        OnboardingPage(symbol: "water.waves", title: "Swell and wind for the spots you surf"),
        OnboardingPage(symbol: "clock", title: "See the tide right now, and when it turns"),
        OnboardingPage(symbol: "star", title: "Star a spot to keep it close"),
    ]
}

final class OnboardingViewController: UIViewController {
    private let pager = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
    private let pages: [OnboardingPageViewController]
    private let doneButton = UIButton(configuration: .filled())

    init() {
        pages = OnboardingPage.all.map { OnboardingPageViewController(page: $0) }
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Palette.sea
        pager.dataSource = self
        addChild(pager)
        view.addSubview(pager.view)
        pager.view.pin(to: view)
        pager.didMove(toParent: self)
        pager.setViewControllers([pages[0]], direction: .forward, animated: false)

        // Build the other pages up front so the first swipe doesn't hitch.
        for page in pages.dropFirst() where !page.isViewLoaded {
            page.loadView() // expect: direct_load_view_call
        }

        doneButton.configuration?.title = "Start surfing"
        doneButton.configuration?.baseBackgroundColor = .white
        doneButton.configuration?.baseForegroundColor = Palette.sea
        doneButton.addAction(UIAction { [weak self] _ in self?.finish() }, for: .touchUpInside)
        doneButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(doneButton)
        doneButton.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Keep the button clear of the home indicator.
        doneButton.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -(view.safeAreaInsets.bottom + 24)).isActive = true // expect: non_idempotent_layout
    }

    private func finish() {
        Preferences.shared.hasSeenOnboarding = true
        dismiss(animated: true)
    }
}

extension OnboardingViewController: UIPageViewControllerDataSource {
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? OnboardingPageViewController,
              let index = pages.firstIndex(of: page), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? OnboardingPageViewController,
              let index = pages.firstIndex(of: page), index < pages.count - 1 else { return nil }
        return pages[index + 1]
    }
}

final class OnboardingPageViewController: UIViewController {
    private let page: OnboardingPage
    private let symbolView = UIImageView()

    init(page: OnboardingPage) {
        self.page = page
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        symbolView.image = UIImage(systemName: page.symbol)
        symbolView.tintColor = Palette.foam
        symbolView.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 72, weight: .light)
        let title = UILabel()
        title.text = page.title
        title.font = .preferredFont(forTextStyle: .title1)
        title.textColor = .white
        title.numberOfLines = 0
        title.textAlignment = .center
        let stack = UIStackView(arrangedSubviews: [symbolView, title])
        stack.axis = .vertical
        stack.spacing = 16
        stack.alignment = .center
        view.addSubview(stack)
        stack.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -40),
            stack.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor),
        ])
    }

    override func viewDidAppear(_ animated: Bool) { // expect: missing_super_call
        symbolView.addSymbolEffect(.bounce, options: .nonRepeating)
    }
}
