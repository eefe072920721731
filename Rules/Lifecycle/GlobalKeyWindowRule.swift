import LifeguardKit

/// Finding "the" window through `UIApplication.shared`.
public struct GlobalKeyWindowRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding starts at `UIApplication`.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["UIApplication"]
    }

    /// Of those, pass 2 lints only files outside tests that look a window up through
    /// `UIApplication.shared` (most files that name `UIApplication` open a URL or read its state).
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            guard !tree.outline.imports.contains("XCTest") else { return false }
            for (index, token) in tree.tokens.enumerated()
            where token.kind == .identifier && token.endOffset - token.startOffset == 13 && tree.token(index, is: "UIApplication") {
                if looksUpWindow(tree.memberLinks(after: index).map { tree.text(ofToken: $0) }) { return true }
            }
            return false
        }
    }

    /// `shared` then a member that reaches a window or scene: the lookups `check` judges.
    static func looksUpWindow(_ links: [String]) -> Bool {
        guard links.first == "shared", links.count >= 2 else { return false }
        switch links[1] {
        case "windows", "keyWindow", "connectedScenes": return true
        case "delegate": return links.count >= 3 && links[2] == "window"
        default: return false
        }
    }

    public static let description = RuleDescription(
        id: "global_key_window",
        name: "GlobalKeyWindow",
        category: .lifecycle,
        defaultSeverity: .warning,
        summary: "A window or root controller is found through `UIApplication.shared`, which is not multi-scene safe.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `UIApplication.shared.keyWindow`, `UIApplication.shared.windows` (any use), \
                `UIApplication.shared.delegate?.window`, and `UIApplication.shared.connectedScenes` used \
                to pick an arbitrary scene or window (`.first`, or a walk to `.windows`/`.keyWindow`); a \
                search for a particular scene (`first(where:)`, or `filter { ... }.first`) is fine, and so \
                are the windows of the scene it finds, and so is iterating *all* windows to apply \
                something to each (`for window in UIApplication.shared.windows { ... }`, \
                `UIApplication.shared.windows.forEach { ... }`). The rule needs to know whether the app \
                can show several window scenes: Lifeguard reads the app's `Info.plist` (found through the \
                Xcode project's target membership, else the nearest application plist above the file, \
                else the repository's application plists when they agree). A \
                `UIApplicationSceneManifest` with `UIApplicationSupportsMultipleScenes` true, or a CarPlay \
                or external-display scene configuration, means several scenes; a manifest without them, \
                or none, means one. In a single-scene app the rule is silent (there is only one window \
                scene to find); in a multi-scene app it reports; when nothing can be found (a package, a \
                pre-commit run on a few files) it reports unless `.lifeguard.yml` says `scenes: single`. \
                Test files (importing `XCTest`) are left alone: a test that needs some scene only to \
                pass it along is not multi-scene code.
                """,
            whyIsThisBad: """
                Since iOS 13 an app can show several scenes at once (iPad split view, Stage Manager, \
                external displays, CarPlay), each with its own windows. `keyWindow` was deprecated for this \
                reason: \"the key window\" may belong to another scene than the code's view, \
                `windows` mixes windows of every scene, and `connectedScenes.first` is an arbitrary one. \
                Code that presents alerts, reads safe areas or finds the root controller this way acts on \
                the wrong window, or on none while a scene is in the background.
                """,
            example: """
                func presentError(_ alert: UIAlertController) {
                    UIApplication.shared.keyWindow?.rootViewController?.present(alert, animated: true)
                }
                """,
            useInstead: """
                func presentError(_ alert: UIAlertController, from view: UIView) {
                    view.window?.rootViewController?.present(alert, animated: true)
                }
                """,
            knownLimitations: """
                Only chains written from `UIApplication.shared` are seen; `let app = UIApplication.shared` \
                followed by `app.windows` is not. An app's scene support is read from its plists and \
                project, not from code that builds scene configurations at run time \
                (`application(_:configurationForConnecting:options:)`).
                """),
        triggeringExamples: [
            RuleExample("""
                func topController() -> UIViewController? {
                    let root = ↓UIApplication.shared.keyWindow?.rootViewController
                    let any = ↓UIApplication.shared.windows.first { $0.isKeyWindow }
                    let window = ↓UIApplication.shared.delegate?.window
                    let scene = ↓UIApplication.shared.connectedScenes.first as? UIWindowScene
                    let some = ↓UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first?.windows
                    let walked = ↓UIApplication.shared.connectedScenes
                        .flatMap { ($0 as? UIWindowScene)?.windows ?? [] }
                        .first(where: \\.isKeyWindow)
                    return root
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Feed: UIViewController {
                    func present(_ alert: UIAlertController) {
                        view.window?.rootViewController?.present(alert, animated: true)
                        UIApplication.shared.open(url)
                        let state = UIApplication.shared.applicationState
                        let count = UIApplication.shared.connectedScenes.count
                        let mine = UIApplication.shared.connectedScenes
                            .compactMap { $0 as? UIWindowScene }
                            .filter { $0.session == session }
                            .first
                        let key = UIApplication.shared.connectedScenes
                            .compactMap { $0 as? UIWindowScene }
                            .first(where: { $0.activationState == .foregroundActive })?
                            .windows.first(where: \\.isKeyWindow)
                    }
                }
                """),
        ])

    public func check(_ context: RuleContext) {
        let tree = context.tree
        let outline = context.outline
        guard !outline.imports.contains("XCTest") else { return }
        var isSingleScene: Bool?
        for (index, token) in tree.tokens.enumerated()
        where token.kind == .identifier && token.endOffset - token.startOffset == 13 && tree.token(index, is: "UIApplication") {
            let linkTokens = tree.memberLinks(after: index)
            let links = linkTokens.map { tree.text(ofToken: $0) }
            // `candidateTest` reads the same condition.
            guard Self.looksUpWindow(links) else { continue }
            let flagged: String?
            switch links[1] {
            case "windows" where isIterationOverAllWindows(links: links, linkTokens: linkTokens, context: context):
                flagged = nil
            case "keyWindow", "windows":
                flagged = "UIApplication.shared.\(links[1])"
            case "delegate" where links.count >= 3 && links[2] == "window":
                flagged = "UIApplication.shared.delegate?.window"
            case "connectedScenes" where picksArbitraryScene(linkTokens, context: context):
                flagged = "UIApplication.shared.connectedScenes"
            default:
                flagged = nil
            }
            guard let expression = flagged else { continue }
            // The app's scene support is looked up once, when a lookup is found.
            if isSingleScene == nil { isSingleScene = context.sceneSupport == .single }
            guard isSingleScene == false else { return }
            context.report(token: index, node: context.model.innermostNode(containing: index), message: Self.message(expression))
        }
    }

    /// `for window in UIApplication.shared.windows { ... }` or `UIApplication.shared.windows.forEach { ... }`:
    /// every window gets the same treatment, which is right however many scenes there are.
    func isIterationOverAllWindows(links: [String], linkTokens: [Int], context: RuleContext) -> Bool {
        let tree = context.tree
        if links.count == 3, links[2] == "forEach" { return true }
        guard links.count == 2, let node = context.model.innermostNode(containing: linkTokens[1]),
              context.outline[node].kind == .conditional else { return false }
        let loop = context.outline.conditionals[context.outline[node].detail]
        guard loop.kind == .forIn, loop.condition.contains(linkTokens[1]) else { return false }
        // The sequence ends the condition (or precedes `where`): nothing picks one window out of it.
        guard let next = tree.nextSignificant(after: linkTokens[1]) else { return false }
        return next == loop.body?.open || tree.tokens[next].isKeyword(.where)
    }

    /// `.first`/`.last` (any scene), or a window found by walking every scene's windows — in the
    /// chain itself, a closure (`flatMap { $0.windows }`) or a key path (`flatMap(\.windows)`).
    /// A search with a predicate (`first(where: { $0.session == session })`) picks a particular
    /// scene and is fine.
    func picksArbitraryScene(_ links: [Int], context: RuleContext) -> Bool {
        let tree = context.tree
        guard links.count >= 2 else { return false }
        let scenes = links[1]
        // The rest of the postfix expression after `connectedScenes`, closures and key paths included.
        var current = scenes
        var end = scenes
        while let next = tree.nextSignificant(after: current) {
            let kind = tree.tokens[next].kind
            if kind == .period || tree.isPostfixMarker(next) {
                current = next
            } else if kind == .identifier, tree.tokens[current].kind == .period {
                current = next
            } else if kind == .leftParen || kind == .leftBracket || kind == .leftBrace, let close = tree.partner(ofToken: next),
                      kind != .leftBrace || context.outline.closures.contains(where: { $0.body.open == next }) {
                // A brace continues the chain only as a trailing closure, not as the body of
                // `for scene in UIApplication.shared.connectedScenes { ... }`.
                current = close
            } else {
                break
            }
            end = current
        }
        // `filter { predicate }.first` is `first(where: predicate)` written in two steps.
        var filtered = false
        let appliesToEvery = chainAppliesToEveryElement(end: end, context: context)
        for token in tree.significantTokens(in: (scenes + 1)..<max(scenes + 1, end + 1)) where tree.tokens[token].kind == .identifier {
            let name = tree.text(ofToken: token)
            if name == "keyWindow" { return true }
            // Every scene's windows, each treated the same (`.forEach { ... }`, a `for` loop): fine.
            if name == "windows" { return !appliesToEvery }
            guard let before = tree.previousSignificant(before: token), tree.tokens[before].kind == .period else { continue }
            let next = tree.nextSignificant(after: token).map { tree.tokens[$0].kind }
            let hasPredicate = next == .leftParen || next == .leftBrace
            if name == "filter", hasPredicate { filtered = true }
            // Once a particular scene is chosen, its `windows` are that scene's own.
            if name == "first" || name == "last" { return !(hasPredicate || filtered) }
        }
        return false
    }

    /// Whether the chain ending at `end` is consumed whole: its last link is `forEach`, or it is the
    /// sequence of a `for` loop.
    func chainAppliesToEveryElement(end: Int, context: RuleContext) -> Bool {
        let tree = context.tree
        var last = end
        if tree.tokens[last].kind == .rightBrace || tree.tokens[last].kind == .rightParen,
           let open = tree.partner(ofToken: last), let before = tree.previousSignificant(before: open) {
            last = before
            if tree.tokens[last].kind == .rightParen, let paren = tree.partner(ofToken: last),
               let name = tree.previousSignificant(before: paren) {
                last = name
            }
        }
        if tree.tokens[last].kind == .identifier, tree.token(last, is: "forEach") { return true }
        guard let next = tree.nextSignificant(after: end), var node = context.model.innermostNode(containing: end) else {
            return false
        }
        // The loop whose condition holds the chain: climb out of the calls inside it.
        var steps = 0
        while context.outline[node].kind == .call, context.outline[node].parent >= 0, steps < 64 {
            node = NodeID(context.outline[node].parent)
            steps += 1
        }
        guard context.outline[node].kind == .conditional else { return false }
        let loop = context.outline.conditionals[context.outline[node].detail]
        return loop.kind == .forIn && (next == loop.body?.open || tree.tokens[next].isKeyword(.where))
    }

    static func message(_ expression: String) -> String {
        "`\(expression)` is not multi-scene safe; use `view.window`, `view.window?.windowScene`, or pass the scene in"
    }
}
