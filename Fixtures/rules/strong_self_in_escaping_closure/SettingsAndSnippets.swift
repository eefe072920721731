import UIKit

/// Value types hold closures by copy: no retain cycle through `self` is possible here.
struct ToggleRowModel {
    var title: String
    var onChange: ((Bool) -> Void)?

    mutating func bindLogging() {
        onChange = { isOn in print(self.title, isOn) }
    }
}

enum SettingsAction {
    case toggle(String)
    case open(URL)

    static var handlers: [(SettingsAction) -> Void] = []

    func makeHandler() -> () -> Void {
        { print(self) }
    }

    static func registerLogging() {
        handlers.append { action in print(action) }
    }
}

struct SettingsFeature {
    var title = "Settings"

    /// A class nested in a struct is still a class.
    final class Coordinator {
        let navigation = UINavigationController()
        var onFinish: (() -> Void)?

        func start() {
            onFinish = { // expect: strong_self_in_escaping_closure
                self.navigation.popToRootViewController(animated: true)
            }
        }
    }
}

final class SettingsViewController: UIViewController {
    struct Row {
        var title: String
        var onToggle: ((Bool) -> Void)?
    }

    /// A control that keeps its own action.
    final class SwitchControl: UIControl {
        private(set) var isOn = false

        override init(frame: CGRect) {
            super.init(frame: frame)
            addAction(UIAction { _ in // expect: strong_self_in_escaping_closure
                self.isOn.toggle()
                self.sendActions(for: .valueChanged)
            }, for: .touchUpInside)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    private var rows: [Row] = [Row(title: "Wi-Fi"), Row(title: "Bluetooth")]
    private let footerSwitch = SwitchControl()
    private let codeView = UITextView()
    private var visibleCount = 0
    var onCopy: (() -> Void)?
    var onTitleChange: ((String) -> Void)?

    #if DEBUG
    private lazy var dumpState: () -> Void = { // expect: strong_self_in_escaping_closure
        print(self.rows.map(\.title))
    }
    #else
    private lazy var dumpState: () -> Void = { [weak self] in print(self?.rows.count ?? 0) }
    #endif

    override func viewDidLoad() {
        super.viewDidLoad()
        rows[0].onToggle = { isOn in // expect: strong_self_in_escaping_closure
            self.setRadio(named: "Wi-Fi", on: isOn)
        }
        footerSwitch.addAction(UIAction { [unowned self] _ in dumpState() }, for: .valueChanged)
        // onCopy = { self.copyAll() } is how it used to be wired; left as a note.
        /// `contentView.onRetry = { self.reload() }` in a doc comment.
        let template = "onCopy = { self.copyAll() }"
        let raw = #"cell.onShare = { self.share("\(id)") } // expect: strong_self_in_escaping_closure"#
        let multiline = """
            viewModel.onError = { error in
                self.show(error) // expect: strong_self_in_escaping_closure
            }
            """
        let rawMultiline = #"""
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }
            "\(not interpolated)" }}}
            """#
        let braces = "}" + "{" + "\"}"
        let pattern = #/onCopy\s*=\s*\{\s*self/#
        codeView.text = [template, raw, multiline, rawMultiline, braces].joined(separator: "\n")
        visibleCount = codeView.text.matches(of: pattern).count
        onCopy = { UIPasteboard.general.string = "self.onCopy = { self.copyAll() }" }
        onTitleChange = { title in // expect: strong_self_in_escaping_closure
            self.navigationItem.title = "\(title) · \(self.visibleCount)"
        }
        onCopy = { [weak self] in UIPasteboard.general.string = "}" + (self?.codeView.text ?? "") }
        onCopy = { // expect: strong_self_in_escaping_closure
            UIPasteboard.general.string = "{ \("}") " + self.codeView.text
        }
        codeView.accessibilityLabel = "\(rows.filter { self.isEnabled($0) }.count) of \(rows.count) enabled"
        installPlatformHooks()
    }

    private func installPlatformHooks() {
        #if os(iOS)
        onTitleChange = { _ in self.codeView.isEditable = false } // expect: strong_self_in_escaping_closure
        #elseif os(visionOS)
        onCopy = { [self] in codeView.isEditable = true } // expect: strong_self_in_escaping_closure
        #else
        onCopy = { [unowned self] in self.codeView.isEditable = true }
        #endif
    }

    private func setRadio(named name: String, on: Bool) {}
    private func isEnabled(_ row: Row) -> Bool { row.onToggle != nil }
}
