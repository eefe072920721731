import LifeguardKit

/// Small queries several rules share that are about UIKit vocabulary rather than Swift syntax.
enum UIKitVocabulary {
    /// Collections of a container's existing children: a controller found there is already a child.
    static let childCollections: Set<String> = ["children", "childViewControllers", "viewControllers"]

    /// Whether a type name reads like a view controller's, for types declared outside the run.
    static func looksLikeController(_ name: String) -> Bool {
        name.hasSuffix("Controller") || name.hasSuffix("VC") || name.hasSuffix("ViewController")
    }

    /// SpriteKit and SceneKit nodes also have `addChild(_:)` and `removeFromParent()`: a type
    /// from those frameworks (`SKShapeNode`, `SCNNode`), or a name that reads like a node.
    static func looksLikeSceneNode(_ name: String) -> Bool {
        if name.hasSuffix("Node") { return true }
        for prefix in ["SK", "SCN"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let next = rest.first, next.isUppercase, rest.dropFirst().first?.isLowercase == true { return true }
        }
        return false
    }
}

extension RuleContext {
    /// The arguments of a call, in order.
    func arguments(of call: Call) -> ArraySlice<Argument> { outline.arguments[call.arguments] }

    /// The argument labelled `label` (`nil` for the first unlabelled one).
    func argument(_ label: String?, of call: Call) -> Argument? {
        arguments(of: call).first { $0.label == label }
    }

    /// The chain an argument's expression is, if it is one.
    func chain(_ argument: Argument) -> ExpressionChain? {
        ExpressionChain(tree, tokens: argument.expression)
    }

    /// The receiver chain of a call, if it has one and it is a chain.
    func receiverChain(_ call: Call) -> ExpressionChain? {
        call.receiver.flatMap { ExpressionChain(tree, tokens: $0) }
    }

    /// The text of a token range with runs of whitespace collapsed and trimmed, for messages.
    func compactText(_ range: Range<Int>) -> String {
        var result = ""
        var lastWasSpace = false
        for character in tree.text(ofTokens: range) {
            if character.isWhitespace {
                if !lastWasSpace && !result.isEmpty { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        if lastWasSpace, result.last == " " { result.removeLast() }
        return result
    }

    /// Whether the argument labelled `label` is the literal `false`.
    func isFalse(_ label: String, of call: Call) -> Bool {
        guard let argument = argument(label, of: call) else { return false }
        let tokens = tree.significantTokens(in: argument.expression)
        return tokens.count == 1 && tree.tokens[tokens[0]].isKeyword(.false)
    }
}

/// "The same function" of the spec: the innermost `func`/`init`/`deinit`/accessor body with the
/// closures nested in it, where the accessors of one property count as one function and
/// `newValue`/`oldValue` stand for that property.
struct FunctionScope {
    var functions: [Int]
    /// The property whose accessors these are, if they are.
    var property: Int?

    init(of node: Int, in context: RuleContext) {
        let outline = context.outline
        guard let function = context.model.enclosingFunction(of: node) else {
            functions = []
            property = nil
            return
        }
        if let property = outline.functions[function].property {
            self.property = property
            functions = outline.functions.indices.filter { outline.functions[$0].property == property }
        } else {
            property = nil
            functions = [function]
        }
    }

    /// The names that mean `key` inside this scope.
    func aliases(of key: String, context: RuleContext) -> Set<String> {
        guard let property, key == context.outline.variables[property].name else { return [key] }
        return [key, "newValue", "oldValue"]
    }

    /// The calls of the scope, in source order.
    func calls(_ context: RuleContext) -> [Int] {
        functions.flatMap { context.model.descendants(of: context.outline.functions[$0].node, kind: .call) }
    }

    /// Whether `node` is inside one of the scope's functions.
    func contains(_ node: Int, _ context: RuleContext) -> Bool {
        functions.contains { context.model.isInside(node, function: $0) }
    }
}

extension RuleContext {
    /// The full name a call site spells: `embed(_:in:)`.
    func fullName(of call: Call) -> String {
        tree.name(of: call) + "(" + arguments(of: call).map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// The `ExpressionChain.key` of every argument.
    func argumentKeys(of call: Call) -> [String?] {
        arguments(of: call).map { chain($0)?.key }
    }
}

/// What a type name is, as far as the run and UIKit tell.
enum TypeClass {
    case controller, view, other, unknown

    /// A controller, or something that might be one.
    var mayBeController: Bool { self == .controller || self == .unknown }

    /// Declared in the run or known from UIKit: classified by its class chain. Otherwise judged
    /// by the name (`...ViewController`, `...Controller`, `...VC`; `...View`, `...Cell`).
    init(_ name: String, index: ProjectIndex) {
        if index.isController(name) {
            self = .controller
        } else if index.isView(name) {
            self = .view
        } else if !index.declaredKinds(of: name).isEmpty || index.isClass(name) || UIKitCatalog.classBoundProtocols.contains(name) {
            self = .other
        } else if UIKitVocabulary.looksLikeController(name) {
            self = .controller
        } else if name.hasSuffix("View") || name.hasSuffix("Cell") {
            self = .view
        } else if UIKitVocabulary.looksLikeSceneNode(name) {
            self = .other
        } else {
            self = .unknown
        }
    }
}

extension RuleContext {
    /// What the object a chain names is: by its declared type when one resolves, otherwise by the
    /// last name in the chain (`settingsVC`, `controller`, `headerView`).
    func classify(_ chain: ExpressionChain, at node: Int) -> TypeClass {
        if let type = model.declaredTypeName(of: chain, at: node) {
            return TypeClass(type, index: index)
        }
        guard let last = chain.names.last else { return .unknown }
        let capitalized = last.prefix(1).uppercased() + last.dropFirst()
        if UIKitVocabulary.looksLikeController(capitalized) || last == "vc" || last == "controller" { return .controller }
        if capitalized.hasSuffix("View") || capitalized.hasSuffix("Cell") { return .view }
        if UIKitVocabulary.looksLikeSceneNode(capitalized) { return .other }
        return .unknown
    }
}

extension RuleContext {
    /// A chain's key with a closure parameter replaced by what the closure is called on:
    /// `$0` inside `child.do { $0.didMove(toParent: self) }` is `child`.
    func dealiasedKey(_ chain: ExpressionChain, at node: Int) -> String {
        guard let root = chain.names.first, !chain.startsWithSelf else { return chain.key }
        // `for child in children { child... }`: a loop variable stands for its sequence.
        if let local = model.localVariable(named: root, visibleAtToken: chain.linkTokens[0]) {
            let parent = outline.nodes[outline.variables[local].node].parent
            if parent >= 0, outline.nodes[parent].kind == .conditional {
                let loop = outline.conditionals[outline.nodes[parent].detail]
                if loop.kind == .forIn, let sequence = loopSequence(loop) {
                    return sequence.key + chain.key.dropFirst(root.count)
                }
            }
        }
        var current = outline.nodes[node].parent
        while current >= 0, outline.nodes[current].kind != .function, outline.nodes[current].kind != .type {
            if outline.nodes[current].kind == .closure {
                let closure = outline.closures[outline.nodes[current].detail]
                let isParameter = root == "$0" || (closure.parameterNames.count == 1 && closure.parameterNames[0] == root)
                if isParameter, let call = closure.call, let receiver = receiverChain(outline.calls[call]) {
                    let rest = chain.key.dropFirst(root.count)
                    return receiver.key + rest
                }
            }
            current = outline.nodes[current].parent
        }
        return chain.key
    }

    /// The sequence a `for ... in` loop walks, when it is a chain: `children` in
    /// `for child in children where child.isViewLoaded`.
    func loopSequence(_ loop: Conditional) -> ExpressionChain? {
        let tokens = tree.significantTokens(in: loop.condition)
        guard let inIndex = tokens.firstIndex(where: { tree.tokens[$0].isKeyword(.in) }), inIndex + 1 < tokens.count else {
            return nil
        }
        var end = tokens.endIndex
        if let whereIndex = tokens[(inIndex + 1)...].firstIndex(where: { tree.tokens[$0].isKeyword(.where) }) { end = whereIndex }
        guard inIndex + 1 < end else { return nil }
        return ExpressionChain(tree, tokens: tokens[inIndex + 1]..<(tokens[end - 1] + 1))
    }

    /// Whether the object a chain names may be a view controller (a parent or child in containment).
    func mayBeController(_ chain: ExpressionChain?, at node: Int) -> Bool {
        guard let chain, chain.key != "self" else { return model.enclosingRole(of: node)?.isController ?? true }
        let key = dealiasedKey(chain, at: node)
        if key.hasPrefix("children") || key.hasPrefix("viewControllers") || key.hasPrefix("childViewControllers") { return true }
        return classify(chain, at: node).mayBeController
    }
}
