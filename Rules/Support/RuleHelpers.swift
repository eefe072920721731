import LifeguardKit

/// Small queries several rules share that are about UIKit vocabulary rather than Swift syntax.
enum UIKitVocabulary {
    /// Collections of a container's existing children: a controller found there is already a child.
    static let childCollections: Set<String> = ["children", "childViewControllers", "viewControllers"]

    /// Whether a type name reads like a view controller's, for types declared outside the run.
    static func looksLikeController(_ name: String) -> Bool {
        name.hasSuffix("Controller") || name.hasSuffix("VC") || name.hasSuffix("ViewController")
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

    /// The text of a token range with runs of whitespace collapsed, for messages.
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
        return result
    }

    /// Whether the argument labelled `label` is the literal `false`.
    func isFalse(_ label: String, of call: Call) -> Bool {
        guard let argument = argument(label, of: call) else { return false }
        let tokens = tree.significantTokens(in: argument.expression)
        return tokens.count == 1 && tree.tokens[tokens[0]].isKeyword(.false)
    }
}
