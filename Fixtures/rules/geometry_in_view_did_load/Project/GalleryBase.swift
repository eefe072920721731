import UIKit

/// Base of the photo screens: a dark background and a shared zoom transition.
class GalleryScreen: UIViewController {
    let zoomTransition = ZoomTransitionController()
    var thumbnailSize = CGSize(width: 120, height: 120)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        let side = min(view.bounds.width, view.bounds.height) / 3 // expect: geometry_in_view_did_load
        thumbnailSize = CGSize(width: side, height: side)
    }
}

/// A grid of any kind of cell, sized to three columns.
class Grid<Cell: UICollectionViewCell>: UICollectionViewController {
    let reuseIdentifier = String(describing: Cell.self)

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(Cell.self, forCellWithReuseIdentifier: reuseIdentifier)
        let flow = collectionViewLayout as? UICollectionViewFlowLayout
        let columnWidth = collectionView.bounds.width / 3
        flow?.itemSize = CGSize(width: columnWidth, height: columnWidth)
        flow?.sectionInset.top = view.safeAreaInsets.top // expect: geometry_in_view_did_load
    }
}

/// Screens of the VIPER modules forward their lifecycle to a presenter.
protocol ModulePresenting: AnyObject {
    func viewDidLoad()
}

enum Onboarding {
    /// The first onboarding page; shares its simple name with `Widgets.Welcome`.
    final class Welcome: GalleryScreen {
        let headline = UILabel()
    }
}

enum Widgets {
    /// The home-screen widget's welcome module; a presenter, not a view controller.
    final class Welcome: ModulePresenting {
        weak var view: WelcomeWidgetView?
        private(set) var columns = 1

        func viewDidLoad() {
            let width = view?.bounds.width ?? 0
            columns = width > 300 ? 2 : 1
            view?.frame = UIScreen.main.bounds
            view?.configure(columns: columns, insets: view?.safeAreaInsets ?? .zero)
        }
    }
}
