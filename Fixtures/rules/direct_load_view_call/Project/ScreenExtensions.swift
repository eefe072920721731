import UIKit

// Screens built on Screens.swift: subclasses of a base declared in another file, extensions of
// types declared elsewhere, generic and nested types, and debug-only code paths.

final class OnboardingPage: ReaderScaffold {}

extension ThemeableViewController {
    func rebuildForAccessibility() {
        loadView() // expect: direct_load_view_call
    }
}

extension ShimmerTemplate {
    func preview() -> UIView {
        loadView()
    }
}

extension PDFPageView {
    func redraw() {
        loadView()
    }
}

final class ReaderCoordinator {
    private let feedLoader = FeedLoader()
    private let skeleton = SkeletonController()
    private let shimmer = ShimmerTemplate(height: 60)
    private let pdfPage: PDFPageView

    init(pdfPage: PDFPageView) {
        self.pdfPage = pdfPage
    }

    func start() {
        let page = OnboardingPage()
        page.loadView() // expect: direct_load_view_call
        let article: ArticleViewController = ArticleViewController(url: URL(fileURLWithPath: "/"))
        article.loadView() // expect: direct_load_view_call
        feedLoader.loadView()
        skeleton.loadView()
        _ = shimmer.loadView()
        pdfPage.loadView()
        let placeholder = SkeletonTemplates.loadView()
        let template: ShimmerTemplate = ShimmerTemplate()
        _ = template.loadView()
        _ = placeholder
    }

    func prefetch(_ pages: [ReaderScaffold]) {
        for page in pages {
            page.loadView() // expect: direct_load_view_call
        }
    }
}

final class Preloader<Screen: UIViewController> {
    private var screens: [Screen] = []

    func warm(_ screen: Screen) {
        screen.loadView() // expect: direct_load_view_call
        screens.append(screen)
    }
}

final class Container<Content: UIViewController>: UIViewController {
    let content: Content

    init(content: Content) {
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func loadView() {
        super.loadView()
        content.loadView() // expect: direct_load_view_call
    }
}

enum Wizard {
    final class WelcomeViewController: UIViewController {
        override func loadView() {
            #if DEBUG
            super.loadView()
            #else
            view = UIView()
            #endif
        }
    }

    struct Step {
        func loadView() -> UIView { UILabel() }
    }

    static func firstStepView() -> UIView {
        let step = Wizard.Step()
        return step.loadView()
    }
}

final class WizardViewController: UIViewController {
    struct Page {
        func loadView() -> UIView { UIView() }
    }

    func build() {
        let page = Page()
        view.addSubview(page.loadView())
        let welcome = Wizard.WelcomeViewController()
        welcome.loadView() // expect: direct_load_view_call
    }

    func debugReload() {
        #if DEBUG
        loadView() // expect: direct_load_view_call
        #elseif targetEnvironment(simulator)
        self.loadView() // expect: direct_load_view_call
        #else
        loadViewIfNeeded()
        #endif
    }
}
