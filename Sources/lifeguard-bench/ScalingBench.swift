import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import LifeguardKit
import LifeguardRules

// `lifeguard-bench scaling [--max N] [SHAPE ...]`
//
// Generated inputs of one shape at sizes 1k, 2k, 4k, 8k, 16k, each linted by the whole pipeline
// (all rules) in memory. Prints the time per token at each size and its growth against the
// smallest size: a linear shape stays near 1.0×, a quadratic one doubles with every size. A shape
// stops growing once one size takes longer than `secondsPerCaseLimit`, so a quadratic shape
// reports itself instead of stalling the bench.

/// One generated input shape: its files at size `n`.
struct ScalingShape: Sendable {
    var name: String
    /// Options by rule id, for a shape whose configuration grows with its code.
    var options: (@Sendable (Int) -> [String: [String: OptionValue]])? = nil
    /// Excluded and included globs, for a shape whose configuration grows with its files: every
    /// file's path is asked about, as discovery asks, and only the files kept are linted.
    var globs: (@Sendable (Int) -> (excluded: [String], included: [String]))? = nil
    var make: @Sendable (Int) -> [(path: String, text: String)]
}

let secondsPerCaseLimit = 20.0

/// The start of the one view controller most shapes are written in.
let screenHeader = "import UIKit\nfinal class Screen: UIViewController {\n"

/// `prefix` and `index` in six digits: `handle000042`.
func fixedWidthName(_ prefix: String, _ index: Int) -> String {
    let digits = String(index)
    return prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

/// `line(0) + line(1) + ... + line(n - 1)`: the repeated part of a shape.
func each(_ n: Int, _ line: (Int) -> String) -> String {
    (0..<n).map(line).joined()
}

let scalingShapes: [ScalingShape] = [
    ScalingShape(name: "nested types") { n in
        var text = "import UIKit\n"
        for level in 0..<n { text += "class T\(level): UIViewController {\n" }
        text += "override func viewDidLoad() { super.viewDidLoad() }\n" + String(repeating: "}\n", count: n)
        return [("Types.swift", text)]
    },
    ScalingShape(name: "nested closures") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for _ in 0..<n { text += "run { [weak self] in\n" }
        text += "self?.view.setNeedsLayout()\n" + String(repeating: "}\n", count: n) + "    }\n    func run(_ body: @escaping () -> Void) {}\n}\n"
        return [("Closures.swift", text)]
    },
    ScalingShape(name: "nested ifs") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    var flag = true\n    override func viewWillAppear(_ animated: Bool) {\n        super.viewWillAppear(animated)\n"
        for _ in 0..<n { text += "if flag {\n" }
        text += "view.layoutIfNeeded()\n" + String(repeating: "}\n", count: n) + "    }\n}\n"
        return [("Ifs.swift", text)]
    },
    ScalingShape(name: "chained calls") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        view"
        text += each(n) { index in ".step\(index % 7)()" }
        text += "\n    }\n}\n"
        return [("Chain.swift", text)]
    },
    ScalingShape(name: "long function") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    var child = UIViewController()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for index in 0..<n {
            text += "        let item\(index) = UIViewController()\n        item\(index).view.delegate = self\n        addChild(item\(index))\n"
        }
        text += "    }\n}\n"
        return [("LongFunction.swift", text)]
    },
    ScalingShape(name: "long file (many functions)") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    var timer: Timer?\n"
        for index in 0..<n {
            text += "    func step\(index)() {\n        view.setNeedsLayout()\n        timer?.invalidate()\n    }\n"
        }
        text += "}\n"
        return [("LongFile.swift", text)]
    },
    ScalingShape(name: "many files") { n in
        (0..<n).map { index in
            ("F\(index).swift", "import UIKit\nfinal class Screen\(index): UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        view.backgroundColor = .white\n    }\n}\n")
        }
    },
    ScalingShape(name: "same-named nested types") { n in
        // Every screen nests its own `Style`, and names another screen's: one simple name with
        // n declarations, looked up n times.
        var text = "import UIKit\n"
        for index in 0..<n {
            text += "final class Screen\(index): UIViewController {\n    struct Style {}\n"
                + "    var other: Screen\((index + 1) % n).Style?\n    var own = Style()\n}\n"
        }
        return [("Styles.swift", text)]
    },
    ScalingShape(name: "same-named helpers") { n in
        // Every cell declares `configure(with:)` and calls it on another: a name declared n
        // times and called n times on objects of unknown type, each stopping a timer of its own.
        (0..<n).map { index in
            ("Cell\(index).swift", "import UIKit\nfinal class Cell\(index): UIView {\n    var next: Cell\(index)?\n"
                + "    var timer\(index): Timer?\n    func configure(with controller: UIViewController) {\n"
                + "        next?.configure(with: controller)\n        timer\(index)?.invalidate()\n"
                + "        addSubview(controller.view)\n    }\n}\n")
        }
    },
    ScalingShape(name: "one class, many children") { n in
        var text = screenHeader
        for index in 0..<n {
            text += "    let child\(index) = UIViewController()\n    func show\(index)() {\n        addChild(child\(index))\n"
                + "        view.addSubview(child\(index).view)\n    }\n"
        }
        return [("Screen.swift", text + "}\n")]
    },
    ScalingShape(name: "one class, many timers") { n in
        var text = screenHeader
        for index in 0..<n {
            text += "    var timer\(index): Timer?\n    let center\(index) = NotificationCenter.default\n    func start\(index)() {\n"
                + "        timer\(index) = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }\n"
                + "        center\(index).addObserver(forName: .init(\"n\(index)\"), object: nil, queue: nil) { _ in print(1) }\n    }\n"
        }
        text += "    func tick() {}\n    deinit {\n" + (0..<n).map { "        timer\($0)?.invalidate()\n" }.joined() + "    }\n}\n"
        return [("Timers.swift", text)]
    },
    ScalingShape(name: "one class, many transitions") { n in
        var text = screenHeader
        for index in 0..<n {
            text += "    let child\(index) = UIViewController()\n"
                + "    func show\(index)() { child\(index).beginAppearanceTransition(true, animated: true) }\n"
                + "    func shown\(index)() { child\(index).endAppearanceTransition() }\n"
        }
        return [("Transitions.swift", text + "}\n")]
    },
    ScalingShape(name: "one function, many calls") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    var kids: [UIViewController] = []\n"
            + "    override func viewWillAppear(_ animated: Bool) {\n        super.viewWillAppear(animated)\n"
        for index in 0..<n {
            text += "        kids[\(index)].beginAppearanceTransition(true, animated: animated)\n"
                + "        NotificationCenter.default.addObserver(forName: .init(\"n\(index)\"), object: nil, queue: nil) { _ in self.view.setNeedsLayout() }\n"
                + "        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }\n"
        }
        return [("Calls.swift", text + "        kids[0].endAppearanceTransition()\n    }\n    func tick() {}\n}\n")]
    },
    ScalingShape(name: "one child, many branches") { n in
        // Every case and branch touches the same child: each question about one must not read the
        // others' events.
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    let child = UIViewController()\n"
            + "    func show(_ k: Int, flag: Bool) {\n        switch k {\n"
        for index in 0..<n {
            text += "        case \(index):\n"
            switch index % 4 {
            case 0: text += "            addChild(child)\n            view.addSubview(child.view)\n"
            case 1: text += "            view.addSubview(child.view)\n"
            case 2: text += "            if flag { addChild(child) } else { view.addSubview(child.view); child.view.removeFromSuperview() }\n"
            default: text += "            child.view.removeFromSuperview()\n            child.removeFromParent()\n"
            }
        }
        return [("Branches.swift", text + "        default: break\n        }\n    }\n}\n")]
    },
    ScalingShape(name: "one function, many closures") { n in
        // Closures kept by `self`, closures run later, and geometry read between them: each
        // closure's and each read's question must not read the function again.
        var text = "import UIKit\nimport Combine\nfinal class Screen: UIViewController {\n    var bag = Set<AnyCancellable>()\n"
            + "    let label = UILabel()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for index in 0..<n {
            switch index % 3 {
            case 0: text += "        NotificationCenter.default.publisher(for: .init(\"n\(index)\")).sink { _ in self.f() }.store(in: &bag)\n"
            case 1: text += "        UIView.animate(withDuration: 1) { self.label.alpha = 0 }\n"
            default: text += "        label.frame = CGRect(x: view.bounds.width, y: 0, width: 1, height: 1)\n"
            }
        }
        return [("Closures.swift", text + "    }\n    func f() {}\n}\n")]
    },
    ScalingShape(name: "one layout pass, many calls") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    override func viewDidLayoutSubviews() {\n"
            + "        super.viewDidLayoutSubviews()\n"
        for _ in 0..<n { text += "        view.addSubview(UIView())\n" }
        return [("Layout.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "suppressed findings") { n in
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    let other = UIViewController()\n    func run() {\n"
        for _ in 0..<n {
            text += "        // lifeguard:disable:next manual_lifecycle_call\n        other.viewDidLoad()\n        other.viewWillAppear(true)\n"
        }
        return [("Suppressed.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "classes with one child name") { n in
        // Thousands of classes in one file, each adding a child named `child`: the events on
        // `self.child` of one class must not be read for every other.
        [("Screens.swift", screens(n, member: "let child = UIViewController()",
                                   viewDidLoad: "view.addSubview(child.view)\n        addChild(child)"))]
    },
    ScalingShape(name: "one class, many extensions") { n in
        // Thousands of extension methods each touching one child: whether another method of the
        // type completes its containment must not read every method for each.
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    let child = UIViewController()\n}\n"
        text += each(n) { index in "extension Screen {\n    func show\(index)() { view.addSubview(child.view) }\n}\n" }
        return [("Extended.swift", text)]
    },
    ScalingShape(name: "classes with one handler name") { n in
        // Thousands of classes each storing a closure in `handler`: each type's own assignments
        // to the name must not be searched among every type's.
        [("Handlers.swift", screens(n, member: "var handler: (() -> Void)?", viewDidLoad: "handler = { self.view.tag = 1 }"))]
    },
    ScalingShape(name: "classes with one delegate name") { n in
        // Thousands of classes each holding a strong `screenDelegate` and handing `self` to some
        // other screen's: what the run assigns to the name must be tallied once, not read again
        // for each property of that name (`strong_delegate`).
        [("Delegates.swift", "import UIKit\nprotocol ScreenDelegate: AnyObject {}\n"
            + screens(n, member: "var screenDelegate: ScreenDelegate?\n    let peer = Peer()\n    let helper: Helper? = nil",
                      viewDidLoad: "peer.screenDelegate = self\n        helper?.screenDelegate = Helper()"))]
    },
    ScalingShape(name: "same-named classes") { n in
        // Thousands of files each declaring a `Screen` (an app's targets, its tests, its
        // extensions): the index merges them into one type, and each call on `self` must not be
        // linked to every same-named method of all of them (quadratic time and memory: 1.3 GB at 8k).
        (0..<n).map { index in
            ("Screen\(index).swift", "import UIKit\nfinal class Screen: UIViewController {\n"
                + "    override func viewDidLoad() {\n        super.viewDidLoad()\n        setUp()\n    }\n"
                + "    func setUp() { view.tag = \(index) }\n}\n")
        }
    },
    ScalingShape(name: "local timers and sources") { n in
        // One `viewDidLoad` makes thousands of timers and dispatch sources in locals, sets their
        // handlers and stores them: where each ends up, and which handlers it has, must not be
        // found by reading every assignment and handler again for each (sources were cubic).
        var text = screenHeader
        text += each(n) { index in "    var timer\(index): Timer?\n    var source\(index): DispatchSourceTimer?\n" }
        text += "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for index in 0..<n {
            text += "        let t\(index) = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.view.tag = \(index) }\n"
                + "        timer\(index) = t\(index)\n        let s\(index) = DispatchSource.makeTimerSource()\n"
                + "        s\(index).setEventHandler { self.view.tag = \(index) }\n        source\(index) = s\(index)\n"
        }
        text += "    }\n    deinit {\n"
        text += each(n) { index in "        timer\(index)?.invalidate()\n        source\(index)?.cancel()\n" }
        return [("Timers.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "one function, many stored children") { n in
        // Thousands of children added in one function and kept in properties: which property keeps
        // each must not be found by reading every assignment of the function again.
        var text = screenHeader
        text += each(n) { index in "    var child\(index): UIViewController?\n" }
        text += "    func show() {\n"
        for index in 0..<n {
            text += "        let c\(index) = UIViewController()\n        addChild(c\(index))\n"
                + "        view.addSubview(c\(index).view)\n        child\(index) = c\(index)\n"
        }
        return [("Children.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "geometry read in viewDidLoad, redone later") { n in
        // Thousands of geometry reads in one `viewDidLoad`, each into a local, a frame or a call,
        // with later callbacks that assign, call and constrain: what the later work does must be
        // filed once, not read again for each read (`geometry_in_view_did_load`).
        var text = screenHeader
        text += each(n) { index in "    let l\(index) = UILabel()\n" }
        text += "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for index in 0..<n {
            text += "        let w\(index) = view.bounds.width + 1\n        view.tag = \(index)\n"
                + "        l\(index).frame = view.bounds\n        l\(index).setWidth(view.bounds.width * 2)\n"
        }
        text += "    }\n    override func viewDidLayoutSubviews() {\n        super.viewDidLayoutSubviews()\n"
        text += each(n) { index in "        h\(index)()\n        l\(index).setHeight(3)\n" }
        text += "    }\n"
        text += each(n) { index in "    func h\(index)() { l\((index + 1) % n).alpha = 1 }\n" }
        return [("Geometry.swift", text + "}\n")]
    },
    ScalingShape(name: "one function, many observer tokens") { n in
        // Thousands of observer tokens kept in locals and used after all of them: whether each
        // is used later must not be found by reading the rest of the function for each.
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    var tokens: [Any] = []\n"
            + "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for index in 0..<n {
            text += "        let t\(index) = NotificationCenter.default.addObserver(forName: .init(\"n\(index)\"), object: nil, queue: nil) { _ in self.view.tag = \(index) }\n"
        }
        text += each(n) { index in "        tokens.append(t\(index))\n" }
        return [("Tokens.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "one closure, many rebindings of self") { n in
        // One `[weak self]` closure rebinding `self` before each of thousands of nested closures:
        // each nested closure must not read every variable of the outer one.
        var text = "import UIKit\nfinal class Screen: UIViewController {\n    var store: [() -> Void] = []\n"
            + "    override func viewDidLoad() {\n        super.viewDidLoad()\n        DispatchQueue.main.async { [weak self] in\n"
        for index in 0..<n {
            text += "            guard let self = self else { return }\n            self.store.append { self.view.tag = \(index) }\n"
        }
        return [("Rebinding.swift", text + "        }\n    }\n}\n")]
    },
    ScalingShape(name: "one teardown, removals prepared in helpers") { n in
        // Thousands of children removed in one function, each prepared by a helper that sends
        // `willMove(toParent: nil)`: each removal must not read every `willMove` of the file.
        var text = screenHeader
        text += each(n) { index in "    let child\(index) = UIViewController()\n" }
        text += "    func tearDown() {\n"
        for index in 0..<n {
            text += "        prepare\(index)()\n        child\(index).view.removeFromSuperview()\n        child\(index).removeFromParent()\n"
        }
        text += "    }\n"
        text += each(n) { index in "    func prepare\(index)() { child\(index).willMove(toParent: nil) }\n" }
        return [("Teardown.swift", text + "}\n")]
    },
    ScalingShape(name: "one class, transitions in many extension files") { n in
        // Thousands of extension files each beginning one child's appearance transition, which
        // another file ends: each file must not merge the whole type's effects again.
        var files = [("Screen.swift", "import UIKit\nfinal class Screen: UIViewController {\n"
            + (0..<n).map { "    let child\($0) = UIViewController()\n" }.joined() + "    func endAll() {\n"
            + (0..<n).map { "        child\($0).endAppearanceTransition()\n" }.joined() + "    }\n}\n")]
        for index in 0..<n {
            files.append(("Screen+\(index).swift", "import UIKit\nextension Screen {\n"
                + "    func show\(index)() { child\(index).beginAppearanceTransition(true, animated: false) }\n}\n"))
        }
        return files
    },
    ScalingShape(name: "one caller, many helpers taking children") { n in
        // Thousands of children each added and handed to its own helper, which shows its view:
        // what the caller does to each must not be found by reading all its effects per helper.
        var text = screenHeader
        for index in 0..<n {
            text += "    let child\(index) = UIViewController()\n"
                + "    func embed\(index)(_ controller: UIViewController) { view.addSubview(controller.view) }\n"
        }
        text += "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        text += each(n) { index in "        addChild(child\(index))\n        embed\(index)(child\(index))\n" }
        return [("Helpers.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "many loops over children") { n in
        // Thousands of methods each removing every child in a loop: each removal's events on the
        // loop's element must not be searched among every loop's.
        var text = screenHeader
        for index in 0..<n {
            text += "    func clear\(index)() {\n        for child in children {\n"
                + "            child.view.removeFromSuperview()\n            child.removeFromParent()\n        }\n    }\n"
        }
        return [("Loops.swift", text + "}\n")]
    },
    ScalingShape(name: "removed on disappearance") { n in
        // Every observer and child is removed in one `viewWillDisappear`: each question about one
        // must not read that function's effects on all the others.
        var text = screenHeader
        text += each(n) { index in "    var token\(index): NSObjectProtocol?\n    let child\(index) = UIViewController()\n" }
        text += "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
        for index in 0..<n {
            text += "        token\(index) = NotificationCenter.default.addObserver(forName: .init(\"n\(index)\"), object: nil, queue: nil) { _ in }\n"
                + "        addChild(child\(index))\n        view.addSubview(child\(index).view)\n        child\(index).didMove(toParent: self)\n"
        }
        text += "    }\n    override func viewWillDisappear(_ animated: Bool) {\n        super.viewWillDisappear(animated)\n"
        for index in 0..<n {
            text += "        NotificationCenter.default.removeObserver(token\(index) as Any)\n        child\(index).willMove(toParent: nil)\n"
                + "        child\(index).view.removeFromSuperview()\n        child\(index).removeFromParent()\n"
        }
        return [("Disappearing.swift", text + "    }\n}\n")]
    },
    ScalingShape(name: "superclass chain") { n in
        var text = "import UIKit\nclass C0: UIViewController {}\n"
        for index in 1..<n { text += "class C\(index): C\(index - 1) { override func viewDidLoad() { super.viewDidLoad() } }\n" }
        return [("Chain.swift", text)]
    },
    // Configurations that grow with the code: each configured name or glob must cost a lookup,
    // not a comparison with every file's names or paths.
    // Names of one length and first letter (`handle000042`), as generated or prefixed names are.
    ScalingShape(name: "configured lifecycle methods", options: { n in
        ["missing_super_call": ["controller_methods": .strings((0..<n).map { "\(fixedWidthName("handle", $0))()" })]]
    }) { n in
        // Ten overrides a file, so every rule's per-file work meets the whole list often; one of
        // them skips `super` (a finding, and the file is linted), the others call it.
        (0..<(n / 10)).map { file in
            ("Screen\(file).swift", "import UIKit\nfinal class Screen\(file): UIViewController {\n" + each(10) {
                let name = fixedWidthName("handle", file * 10 + $0)
                return "    override func \(name)() { \($0 == 0 ? "helper" : "super.\(name)")() }\n"
            } + "}\n")
        }
    },
    ScalingShape(name: "configured retaining calls", options: { n in
        ["strong_self_in_escaping_closure": ["retaining_calls": .strings((0..<n).map { "keep\($0)" })]]
    }) { n in
        [("Screen.swift", screenHeader + "    override func viewDidLoad() {\n        super.viewDidLoad()\n"
            + each(n) { "        keep\($0) { self.view.setNeedsLayout() }\n" } + "    }\n}\n")]
    },
    ScalingShape(name: "excluded globs", globs: { n in
        ((0..<n).flatMap { ["Sources/Gen\($0)x*.swift", "Old\($0)x*", "*x\($0).generated.swift"] }, [])
    }) { n in
        (0..<n).map { ("Sources/\($0 % 3 == 0 ? "Gen" : "Kept")\($0)x.swift", "final class G\($0) {}\n") }
    },
    // Globs whose text that differs lies between wildcards: a name that holds `Mid…x`, a folder
    // `Deep…x` anywhere, and a name `Gen…y` in any folder of `Sources`, a start they all share.
    ScalingShape(name: "contained globs", globs: { n in
        ((0..<n).flatMap { ["*Mid\($0)x*", "**/Deep\($0)x/**", "Sources/*/Gen\($0)y*"] }, [])
    }) { n in
        (0..<n).map { index in
            let name = [index % 3 == 0 ? "Mid\(index)x" : "Kept\(index)", index % 5 == 0 ? "Gen\(index)y" : ""]
            return ("Sources/\(index % 2 == 0 ? "Deep\(index)x" : "Flat")/\(name[1].isEmpty ? "A" + name[0] : name[1])B.swift",
                    "final class G\(index) {}\n")
        }
    },
    ScalingShape(name: "included globs", globs: { n in
        ([], (0..<n).map { "Sources/Module\($0)/**/*.swift" })
    }) { n in
        (0..<n).map { ("Sources/Module\($0)/Deep/File.swift", "final class G\($0) {}\n") }
    },
    // Included folders that share their start (`Sources/*/`) and differ in a literal folder, and
    // folders beside them that none includes: each asked about as discovery asks before walking it.
    ScalingShape(name: "included globs sharing a start", globs: { n in
        ([], (0..<n).map { "Sources/*/Gen\($0)/**" })
    }) { n in
        (0..<n).map { ("Sources/M\($0 % 40)/\($0 % 2 == 0 ? "Gen" : "Other")\($0)/File.swift", "final class G\($0) {}\n") }
    },
]

/// `scaling [--max N] [--repeat R] [--check GROWTH] [SHAPE ...]`: each shape at 1k, 2k, ... up to
/// N, linted and reported in every format, timed R times a size (the fastest counts). With `--check`, exits 1 when some shape's time
/// per token at N is more than GROWTH times its time at 1k: linear work stays near 1x, quadratic
/// work reaches N/1k (4x at 4k), so CI can hold every shape linear without timing anything absolute.
/// One file of `n` view controllers `Screen0`, `Screen1`, ..., each declaring `member` and running
/// `viewDidLoad` (after `super`'s) in `viewDidLoad()`.
private func screens(_ n: Int, member: String, viewDidLoad: String) -> String {
    var text = "import UIKit\n"
    for index in 0..<n {
        text += "final class Screen\(index): UIViewController {\n    \(member)\n"
            + "    override func viewDidLoad() {\n        super.viewDidLoad()\n        \(viewDidLoad)\n    }\n}\n"
    }
    return text
}

func scalingBench(_ arguments: [String]) {
    var maximum = 16_000
    var repeats = 1
    var check: Double?
    var selected: [String] = []
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        switch argument {
        case "--max": maximum = iterator.next().flatMap(Int.init) ?? maximum
        case "--repeat": repeats = max(1, iterator.next().flatMap(Int.init) ?? repeats)
        case "--check": check = iterator.next().flatMap(Double.init)
        default: selected.append(argument)
        }
    }
    var superlinear: [String] = []
    let configuration = LintConfiguration(rules: RuleRegistry.rules.map { RuleSetup(rule: $0) })
    // Every report is written too: a reporter that reads the kept lines once per finding is as
    // quadratic as a rule that does (SARIF's UTF-16 columns once were).
    let reporters: [any Reporter] = [XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(),
                                     CheckstyleReporter(), JUnitReporter(), GitLabReporter(), SummaryReporter()]
    let context = ReportContext(rules: configuration.rules.map { $0.rule.description })
    let sizes = [1_000, 2_000, 4_000, 8_000, 16_000].filter { $0 <= maximum }
    print("shape                        n       tokens   seconds   ns/token  growth")
    for shape in scalingShapes where selected.isEmpty || selected.contains(where: { shape.name.contains($0) }) {
        var baseline: Double?
        for n in sizes {
            let files = shape.make(n).map { LintInput(path: $0.path, bytes: Array($0.text.utf8)) }
            let tokens = files.reduce(0) { $0 + Tokenizer.tokenize($1.bytes).count }
            var configuration = configuration
            if let options = shape.options?(n) {
                configuration.rules = configuration.rules.map { setup in
                    guard let values = options[setup.rule.description.id] else { return setup }
                    return RuleSetup(rule: setup.rule, severity: setup.severity, options: values)
                }
            }
            let filter = shape.globs.map { globs in
                var paths = Configuration(baseDirectory: "/bench")
                (paths.excluded, paths.included) = globs(n)
                return paths.pathFilter()
            }
            var elapsed = Double.infinity
            var findings = 0
            for _ in 0..<repeats {
                let start = DispatchTime.now().uptimeNanoseconds
                // Each file and its folder, as discovery asks about both.
                let kept = filter.map { filter in
                    files.filter { file in
                        let folder = String(file.path[..<(file.path.lastIndex(of: "/") ?? file.path.startIndex)])
                        return (folder.isEmpty || !filter.isExcluded(folder, isDirectory: true, workingDirectory: "/bench"))
                            && !filter.isExcluded(file.path, isDirectory: false, workingDirectory: "/bench")
                    }
                } ?? files
                let result = Linter.lint(kept, configuration: configuration)
                for reporter in reporters { _ = reporter.report(result, context: context) }
                findings = result.diagnostics.count
                elapsed = min(elapsed, seconds(since: start))
            }
            let perToken = elapsed / Double(tokens) * 1e9
            if baseline == nil { baseline = perToken }
            let growth = perToken / (baseline ?? perToken)
            if let check, n == sizes.last, growth > check { superlinear.append("\(shape.name) (\(format("%.1f", growth))x)") }
            print(padded(shape.name, to: 26)
                + format("%7d %12d %9.3f %10.1f %6.1fx", n, tokens, elapsed, perToken, growth)
                + (findings == 0 ? "" : "  (\(findings) findings)"))
            // Each row as it finishes, even into a file: a slow shape can take minutes.
            fflush(nil)
            if elapsed > secondsPerCaseLimit {
                print("  stopped: \(shape.name) took over \(Int(secondsPerCaseLimit)) s at n = \(n)")
                if check != nil { superlinear.append("\(shape.name) (over \(Int(secondsPerCaseLimit)) s at n = \(n))") }
                break
            }
        }
    }
    if let check {
        guard superlinear.isEmpty else {
            print("time per token grew more than \(format("%.1f", check))x by n = \(sizes.last ?? 0): " + superlinear.joined(separator: ", "))
            exit(1)
        }
        print("every shape within \(format("%.1f", check))x of its time per token at n = 1000")
    }
}
