import LifeguardKit

/// `addChild(X)` without `X.didMove(toParent:)`.
public struct AddChildWithoutDidMoveRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is an `addChild` call.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["addChild", "addChildViewController"]
    }

    public static let description = RuleDescription(
        id: "add_child_without_did_move",
        name: "AddChildWithoutDidMove",
        category: .containment,
        defaultSeverity: .warning,
        summary: "A child view controller is added without `didMove(toParent:)`.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `UIViewController.addChild(_:)` — one unlabeled argument, on a receiver that may be a \
                view controller (so `Progress.addChild(_:withPendingUnitCount:)` and SpriteKit's \
                `addChild(_:)` on nodes are not containment; nor is a receiver whose type is written as a \
                class the run cannot see and whose name says neither controller nor view, such as an XML \
                library's `DDXMLElement`; a generic parameter counts as its constraint) — when the visible code never finishes the \
                protocol for that object with `didMove(toParent:)`. The object is followed by identity, \
                not spelling: `self.menu`, `menu`, `if let vc = menu`, `newValue` in `menu`'s `willSet` and \
                `$0` in `menu.map { ... }` are one object. The protocol may finish in the same function or \
                property (a `willSet` and its `didSet` count as one), in a helper of the run that sends \
                `didMove` (followed through helpers of helpers), or — for `self` and `self`'s properties — \
                in another method of the type (`addChild` in `init`, `didMove` in `viewDidLoad`), in any \
                file or a superclass of the run. Handing the child to a UIKit container that manages \
                containment itself (`setViewControllers`, `pushViewController`, `present`, `show`, \
                `viewControllers = [...]`) finishes it too. When the child is handed to code the run cannot \
                see (a UI library's `add(_:)` helper), or its view is returned for a sibling callback to \
                place, nothing is reported: the visible code cannot prove the protocol is broken. Calls \
                inside an `override func addChild(_:)` are left alone.
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
                A local child is followed only within its function group and the helpers it is handed to; \
                a `didMove` sent by a caller, or to the child found again later through `children`, is not \
                matched (the type's own `didMove` on an element of `children` silences local children, \
                since it may be that). A method of the type that runs a whole protocol of its own (it both \
                adds `X` and sends `didMove`) does not vouch for a different method that only adds `X`.
                """,
            fix: """
                Inserts `X.didMove(toParent: parent)` right after the statement that adds `X`'s view, \
                with that statement's indentation, when the same block adds the view exactly once after \
                `addChild`. No fix when the view is placed elsewhere (a closure, another method, no \
                visible statement): where the protocol should end is not certain.
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
        indexedCalls: [])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        var facts = GroupFacts()
        for call in model.calls(named: "addChild", "addChildViewController") {
            let node = context.outline[call].nodeID
            guard let first = model.arguments(of: call).first, model.arguments(of: call).count == 1, !first.isLabelled,
                  model.typeClassOfReceiver(call).mayBeController, let childChain = model.chain(first),
                  model.typeClass(of: childChain, at: node).mayBeController else { continue }
            let group = model.functionGroup(of: node)
            guard !group.isEmpty,
                  !group.contains(where: { context.outline[$0].fullName == "addChild(_:)" && context.outline[$0].modifiers.contains(.override) })
            else { continue }
            let child = model.object(of: childChain, at: node)
            guard !isFinished(child, addedAt: call, group: group, facts: &facts, context: context) else { continue }
            let parent = context.outline[call].receiver.map { context.tree.compactText(ofTokens: $0) } ?? "self"
            let written = context.tree.compactText(ofTokens: first.expression)
            // `addChild(embed(list))`: the child is what a call returns, and writing the call
            // again would make another controller, so neither the message nor a fix repeats it.
            let isCallResult: Bool
            switch childChain.links.last {
            case .call?, .closure?: isCallResult = true
            default: isCallResult = false
            }
            context.report(token: context.outline[call].nameToken, node: node,
                           message: Self.message(child: child.isSelf ? "self" : written, parent: parent, isCallResult: isCallResult),
                           fix: isCallResult ? nil : didMoveFix(child: child, written: child.isSelf ? nil : written, parent: parent,
                                                                addedAt: call, group: group, context: context))
        }
    }

    /// Whether the visible code finishes (or may finish) the protocol that `addChild` starts.
    func isFinished(_ child: ObjectRef, addedAt call: CallID, group: [FunctionID], facts: inout GroupFacts,
                    context: RuleContext) -> Bool {
        let model = context.model
        let finishing: Set<CallSummaries.Effect> = [.didMoveToParent, .handedToContainer, .escapesToUnknown]
        if model.event(finishing, on: child, in: group, besides: context.outline[call].nodeID) != nil { return true }
        if model.typeCompletes([.didMoveToParent, .handedToContainer], for: child, at: context.outline[call].nodeID,
                               outside: group, unlessItAlso: .addedAsChild) {
            return true
        }
        // A local stored into a property: the property's protocol is the type's.
        if case .local = child.root, let stored = facts.storedProperty(of: child, in: group, context: context),
           model.typeCompletes([.didMoveToParent, .handedToContainer], for: stored, at: context.outline[call].nodeID,
                               outside: group, unlessItAlso: .addedAsChild) {
            return true
        }
        if !child.isSelf, child.selfMember == nil {
            // Its view (or the child) handed back to a caller: a sibling callback places it.
            if facts.returnsChild(child, in: group, context: context) { return true }
            // The type sends `didMove` to a child it finds again (`children.last?.didMove(toParent: self)`).
            if let role = model.enclosingRole(of: context.outline[call].nodeID),
               facts.movesFoundChildren(inTypeWithKey: role.key, context: context) {
                return true
            }
        }
        return false
    }

    /// Inserts `X.didMove(toParent: parent)` after the one statement of the same block that puts
    /// `X`'s view in place, when there is exactly one such statement after the `addChild` and
    /// nothing runs later (a closure) in between. No fix without a view statement to follow: where
    /// the view goes is not certain.
    func didMoveFix(child: ObjectRef, written: String?, parent: String, addedAt call: CallID, group: [FunctionID],
                    context: RuleContext) -> Fix? {
        let model = context.model
        let added = context.outline[call].nameToken
        // Two are enough to tell there is not exactly one.
        let placements = model.events([.viewAdded], on: child, in: group, from: added + 1, limit: 2) { !$0.isIndirect }
        guard placements.count == 1, let placement = placements.first,
              model.enclosingClosure(of: placement.node) == model.enclosingClosure(of: context.outline[call].nodeID),
              !model.areExclusive(placement.node, context.outline[call].nodeID) else { return nil }
        let fixes = context.fixes
        // The view statement must sit in the same block as `addChild`.
        guard let addRange = fixes.statementRange(containing: added), let placeRange = fixes.statementRange(containing: placement.token),
              context.tree.nextSignificant(after: addRange.upperBound - 1).map({ $0 <= placeRange.lowerBound }) ?? false
        else { return nil }
        let statement = written.map { "\($0).didMove(toParent: \(parent))" } ?? "didMove(toParent: \(parent))"
        return fixes.fix("insert `\(statement)` after the view is added", [fixes.insertStatement(statement, after: placement.token)])
    }

    static func message(child: String, parent: String, isCallResult: Bool = false) -> String {
        if isCallResult {
            return "the controller `\(child)` returns is added as a child but never gets `didMove(toParent:)`; keep it in a "
                + "constant and call `didMove(toParent: \(parent))` on it once its view is in place"
        }
        let call = child == "self" ? "`didMove(toParent: \(parent))`" : "`\(child).didMove(toParent: \(parent))`"
        return "`\(child)` is added as a child but never gets `didMove(toParent:)`; call \(call) once its view is in place"
    }
}

/// What `isFinished` reads of a function group or a type, worked out once per group and type:
/// a function with many `addChild` calls must not read its whole body again for each.
struct GroupFacts {
    /// Per group: each assignment's value and the `self` property it is stored in, in source
    /// order, filed by the value's anchor (a function adding thousands of children asked for
    /// each which property kept it, reading every assignment of the function each time).
    private var stores: [[FunctionID]: [ObjectRef.Anchor: [(value: ObjectRef, property: ObjectRef)]]] = [:]
    /// Per group: the objects returned (`return child`, `return child.view` as `child`), by anchor.
    private var returned: [[FunctionID]: [ObjectRef.Anchor: [ObjectRef]]] = [:]
    /// Per type: whether it sends `didMove` to elements of its child collections.
    private var movesFound: [String: Bool] = [:]

    /// `self.detail = local` in the group: the property the local is kept in.
    mutating func storedProperty(of local: ObjectRef, in group: [FunctionID], context: RuleContext) -> ObjectRef? {
        if stores[group] == nil {
            let model = context.model
            var found: [ObjectRef.Anchor: [(value: ObjectRef, property: ObjectRef)]] = [:]
            for function in group {
                for assignment in model.assignments(in: context.outline[function].nodeID) {
                    let item = context.outline[assignment]
                    guard let lhs = ExpressionChain(context.tree, tokens: item.lhs) else { continue }
                    let target = model.object(of: lhs, at: item.nodeID)
                    guard target.selfMember != nil else { continue }
                    let value = model.object(ofTokens: item.rhs, at: item.nodeID)
                    found[value.anchor, default: []].append((value, target))
                }
            }
            stores[group] = found
        }
        return stores[group]?[local.anchor]?.first { $0.value.isSame(as: local) }?.property
    }

    /// `return child.view` or `return child`: the caller takes over.
    mutating func returnsChild(_ child: ObjectRef, in group: [FunctionID], context: RuleContext) -> Bool {
        if returned[group] == nil {
            returned[group] = Dictionary(grouping: Self.returnedObjects(in: group, context: context), by: \.anchor)
        }
        return returned[group]?[child.anchor]?.contains { $0.isSame(as: child) } ?? false
    }

    mutating func movesFoundChildren(inTypeWithKey key: String, context: RuleContext) -> Bool {
        if let known = movesFound[key] { return known }
        let moves = context.model.protocolEvents(inTypeWithKey: key).contains {
            $0.effect == .didMoveToParent && $0.object.isElement(ofAnyOf: UIKitVocabulary.childCollections)
        }
        movesFound[key] = moves
        return moves
    }

    private static func returnedObjects(in group: [FunctionID], context: RuleContext) -> [ObjectRef] {
        let tree = context.tree
        var result: [ObjectRef] = []
        for function in group {
            guard let body = context.outline[function].body else { continue }
            let tokens = tree.significantTokens(in: body.interior)
            for (offset, token) in tokens.enumerated() where tree.tokens[token].isKeyword(.return) && offset + 1 < tokens.count {
                var end = offset + 1
                while end < tokens.count, tree.tokens[tokens[end]].kind == .identifier || tree.tokens[tokens[end]].kind == .period
                        || tree.isPostfixMarker(tokens[end]) {
                    end += 1
                }
                guard end > offset + 1, let chain = ExpressionChain(tree, tokens: tokens[offset + 1]..<(tokens[end - 1] + 1)) else {
                    continue
                }
                let node = context.model.innermostNode(containing: token) ?? context.outline[function].nodeID
                var object = context.model.object(of: chain, at: node)
                if object.path.last == .member("view") { object.path.removeLast() }
                result.append(object)
            }
        }
        return result
    }
}
