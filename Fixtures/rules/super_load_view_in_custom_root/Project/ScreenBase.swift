import UIKit

/// The root of every screen in the app: applies the theme and reports screen views.
class ThemedScreen: UIViewController {
    let theme: Theme

    init(theme: Theme = .current) {
        self.theme = theme
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        theme = .current
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.tintColor = theme.accentColor
        Analytics.shared.track(screen: String(describing: type(of: self)))
    }
}

/// A form with one row per case of `Field`.
class FormScreen<Field: Hashable & CaseIterable>: ThemedScreen {
    var values: [Field: String] = [:]

    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        view = FormStackView(rowCount: Field.allCases.count)
    }
}

/// Dashboard tiles are not view controllers: the dashboard lays their views out itself.
class DashboardWidget {
    var view: UIView?
    var refreshInterval: TimeInterval = 300

    func loadView() {
        view = UIView()
    }

    func refresh() {}
}

final class WeatherWidget: DashboardWidget {
    private let forecast = ForecastService()

    override func loadView() {
        super.loadView()
        view = WeatherTileView(units: forecast.units)
    }
}

enum Dashboard {
    /// A tile that shows one settings shortcut; shares its simple name with `Settings.Panel`.
    final class Panel: DashboardWidget {
        let shortcut: SettingsShortcut

        init(shortcut: SettingsShortcut) {
            self.shortcut = shortcut
        }

        override func loadView() {
            super.loadView()
            self.view = ShortcutTileView(shortcut: shortcut)
        }
    }
}

enum Settings {
    /// A settings page; shares its simple name with `Dashboard.Panel`.
    final class Panel: ThemedScreen {
        var sections: [SettingsSection] = []
    }
}

/// Pages through any kind of item, one per cell.
final class Carousel<Item: Hashable>: UICollectionViewController {
    private let pageControl = UIPageControl()

    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        let container = UIView()
        container.addSubview(collectionView)
        container.addSubview(pageControl)
        view = container
    }
}
