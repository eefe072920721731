import LifeguardKit

/// `addChild(X)` without `X.didMove(toParent:)`.
public struct AddChildWithoutDidMoveRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "add_child_without_did_move",
        name: "AddChildWithoutDidMove",
        category: .containment,
        defaultSeverity: .warning,
        summary: "A child view controller is added without `didMove(toParent:)`.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `addChild(X)` in a function that never calls `X.didMove(toParent:)` (with any \
                argument; a bare `didMove(toParent:)` when `X` is `self`) and does not hand `X` on to a \
                function of the run after adding it (that helper may finish the job), nor call a method of \
                the run whose body calls `didMove(toParent:)` on it. UIKit's `transition(from:to:...)` \
                does not count: it never calls `didMove`. Calls inside an `override func addChild(_:)` \
                are left alone, and so is SpriteKit's `addChild(_:)` on nodes: `X` and the parent must be \
                (or may be) view controllers.
                """,
            whyIsThisBad: """
                `addChild(_:)` calls the child's `willMove(toParent:)` for you, but not \
                `didMove(toParent:)`: UIKit expects the container to call it once the child's view is in \
                place. A child that never receives it misses the end of the transition — its \
                `didMove(toParent:)` override (where children commonly start work or read their parent) \
                never runs, and appearance and transition bookkeeping stays half done.
                """,
            example: """
                func show(_ detail: DetailViewController) {
                    addChild(detail)
                    view.addSubview(detail.view)
                }
                """,
            useInstead: """
                func show(_ detail: DetailViewController) {
                    addChild(detail)
                    view.addSubview(detail.view)
                    detail.didMove(toParent: self)
                }
                """,
            knownLimitations: """
                `X` is compared as written (`self.detail` and `detail` match; `controllers[0]` and \
                `first` do not). A `didMove` call made by code outside the function — a completion \
                handler stored elsewhere, a caller — is not seen.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Container: UIViewController {
                    func show(_ detail: DetailViewController) {
                        ↓addChild(detail)
                        view.addSubview(detail.view)
                    }
                }
                """),
            RuleExample("""
                final class Container: UIViewController {
                    let menu = MenuViewController()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        self.↓addChild(menu)
                        view.addSubview(menu.view)
                        detail.didMove(toParent: self)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Container: UIViewController {
                    func show(_ detail: DetailViewController) {
                        addChild(detail)
                        view.addSubview(detail.view)
                        detail.didMove(toParent: self)
                    }
                }
                """),
            RuleExample("""
                final class Container: UIViewController {
                    func show(_ detail: DetailViewController) {
                        addChild(detail)
                        present(detail)
                    }
                    func present(_ child: UIViewController) {
                        view.addSubview(child.view)
                        child.didMove(toParent: self)
                    }
                    override func addChild(_ childController: UIViewController) {
                        super.addChild(childController)
                    }
                }
                """),
            RuleExample("""
                final class Container: UIViewController {
                    func show(_ detail: DetailViewController) {
                        addChild(detail)
                        UIView.animate(withDuration: 0.3) {
                            self.view.addSubview(detail.view)
                        } completion: { _ in
                            detail.didMove(toParent: self)
                        }
                    }
                }
                """),
        ],
        indexedCalls: ["didMove"])

    public func check(_ context: RuleContext) {
        guard !context.model.isAppKitOnly else { return }
        let outline = context.outline
        for callIndex in context.model.calls(named: "addChild", "addChildViewController") {
            let call = outline.calls[callIndex]
            guard let first = context.arguments(of: call).first, first.label == nil,
                  let childChain = context.chain(first) else { continue }
            // SpriteKit's `addChild(_:)` takes nodes: only containment of view controllers counts.
            guard context.mayBeController(context.receiverChain(call), at: call.node),
                  context.mayBeController(childChain, at: call.node) else { continue }
            let child = context.dealiasedKey(childChain, at: call.node)
            let scope = FunctionScope(of: call.node, in: context)
            guard !scope.functions.isEmpty else { continue }
            if scope.functions.contains(where: { outline.functions[$0].fullName == "addChild(_:)" && outline.functions[$0].modifiers.contains(.override) }) {
                continue
            }
            let aliases = scope.aliases(of: child, context: context)
            var finished = false
            for candidate in scope.calls(context) where candidate != callIndex {
                let other = outline.calls[candidate]
                let name = context.model.name(ofCall: candidate)
                if name == "didMove" {
                    // A bare `didMove(toParent:)` is `self.didMove(toParent:)`.
                    let receiverKey = context.receiverChain(other).map { context.dealiasedKey($0, at: other.node) } ?? "self"
                    if aliases.contains(receiverKey) {
                        finished = true
                        break
                    }
                }
                // Handed on after `addChild` to a function of the run, which may call `didMove`.
                // (UIKit's own `transition(from:to:...)` does not.)
                if other.chainStart > call.chainStart, !Self.viewCalls.contains(name),
                   context.index.functionsByName[context.fullName(of: other)] != nil,
                   context.arguments(of: other).contains(where: { argument in
                       context.chain(argument).map { aliases.contains(context.dealiasedKey($0, at: other.node)) } ?? false
                   }) {
                    finished = true
                    break
                }
            }
            guard !finished, !helperFinishes(child, scope: scope, context: context) else { continue }
            let parent = context.receiverChain(call)?.key ?? "self"
            context.report(token: call.nameToken, node: call.node, message: Self.message(child: child, parent: parent))
        }
    }

    /// Calls that take a controller without finishing its containment.
    static let viewCalls: Set<String> = ["addChild", "addChildViewController", "addSubview", "insertSubview",
                                         "addArrangedSubview", "insertArrangedSubview", "bringSubviewToFront"]

    /// `viewController.addChild(self); attach(to: container)` where `attach(to:)` calls
    /// `didMove(toParent:)`: a method of the run called in the scope finishes the protocol.
    func helperFinishes(_ child: String, scope: FunctionScope, context: RuleContext) -> Bool {
        for candidate in scope.calls(context) {
            let call = context.outline.calls[candidate]
            guard let helpers = context.index.functionsByName[context.fullName(of: call)] else { continue }
            let keys = context.argumentKeys(of: call)
            let receiver = context.receiverChain(call)?.key
            for helper in helpers {
                for inner in helper.calls where inner.name == "didMove" {
                    let innerReceiver = inner.receiver ?? "self"
                    if child == "self", receiver == nil || receiver == "self", innerReceiver == "self" { return true }
                    if receiver == child, innerReceiver == "self" { return true }
                    for (position, key) in keys.enumerated()
                    where key == child && position < helper.parameterNames.count && innerReceiver == helper.parameterNames[position] {
                        return true
                    }
                }
            }
        }
        return false
    }

    static func message(child: String, parent: String) -> String {
        let call = child == "self" ? "`didMove(toParent: \(parent))`" : "`\(child).didMove(toParent: \(parent))`"
        return "`\(child)` is added as a child but never gets `didMove(toParent:)`; call \(call) once its view is in place"
    }
}
