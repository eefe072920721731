// Exercises extensions of sugared and specialized types: arrays, dictionaries, optionals,
// tuples and generic types with their arguments written, each with members and closures inside.

import UIKit

extension [UIViewController] {
    /// The first controller that is on screen; a closure in a member of an array extension.
    var firstVisible: UIViewController? {
        first { $0.viewIfLoaded?.window != nil }
    }

    func dismissAll(animated: Bool) {
        forEach { $0.dismiss(animated: animated) }
    }
}

extension [String: UIView] {
    func hideAll() {
        values.forEach { view in view.isHidden = true }
    }

    subscript(tagged tag: Int) -> UIView? {
        values.first { $0.tag == tag }
    }
}

extension [String : [Int]] where Value == [Int] {
    var total: Int { values.reduce(0) { $0 + $1.count } }
}

extension UIView? {
    var isShowing: Bool {
        guard let view = self else { return false }
        return !view.isHidden && view.alpha > 0
    }
}

extension [UIView]? {
    func layoutAll() {
        self?.forEach { $0.setNeedsLayout() }
    }
}

extension Optional<UIImage> {
    func orPlaceholder() -> UIImage { self ?? UIImage() }
}

extension Array<UILabel> {
    func setFonts(_ font: UIFont) {
        forEach { label in
            label.font = font
        }
    }
}

extension Set<Int> where Element: BinaryInteger {
    func sortedDescending() -> [Int] { sorted { $0 > $1 } }
}

extension Dictionary<String, [UIViewController]>.Values {
    var controllerCount: Int { reduce(0) { $0 + $1.count } }
}

extension Swift.Array<UIColor>.Index {
    static let origin: Self = 0
}

extension Result<Data, any Error> {
    var data: Data? { try? get() }
}

extension [Int]! {
}

final class SugarScreen: UIViewController {
    var rows: [[String: Int]] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let counts = rows.map { row in row.values.reduce(0, +) }
        print(counts, rows.isEmpty ? [] : rows[0].keys.sorted { $0 < $1 })
    }
}
