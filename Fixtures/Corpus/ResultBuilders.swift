// Exercises @resultBuilder declarations (buildBlock, buildOptional, buildEither, buildArray...) and DSL usage with nested closures.

import Foundation

@resultBuilder
struct HTMLBuilder {
    static func buildBlock(_ components: HTMLNode...) -> [HTMLNode] {
        components
    }

    static func buildBlock(_ components: [HTMLNode]...) -> [HTMLNode] {
        components.flatMap { $0 }
    }

    static func buildExpression(_ expression: HTMLNode) -> [HTMLNode] {
        [expression]
    }

    static func buildExpression(_ expression: String) -> [HTMLNode] {
        [.text(expression)]
    }

    static func buildOptional(_ component: [HTMLNode]?) -> [HTMLNode] {
        component ?? []
    }

    static func buildEither(first component: [HTMLNode]) -> [HTMLNode] {
        component
    }

    static func buildEither(second component: [HTMLNode]) -> [HTMLNode] {
        component
    }

    static func buildArray(_ components: [[HTMLNode]]) -> [HTMLNode] {
        components.flatMap { $0 }
    }

    static func buildLimitedAvailability(_ component: [HTMLNode]) -> [HTMLNode] {
        component
    }

    static func buildFinalResult(_ component: [HTMLNode]) -> HTMLNode {
        .element("fragment", [:], component)
    }
}

indirect enum HTMLNode: CustomStringConvertible {
    case text(String)
    case element(String, [String: String], [HTMLNode])
    case comment(String)

    var description: String {
        switch self {
        case .text(let t):
            return t
        case let .element(tag, attributes, children):
            let attrs = attributes
                .sorted { $0.key < $1.key }
                .map { " \($0.key)=\"\($0.value)\"" }
                .joined()
            return "<\(tag)\(attrs)>\(children.map(\.description).joined())</\(tag)>"
        case .comment(let c):
            return "<!-- \(c) -->"
        }
    }
}

func div(class className: String? = nil, @HTMLBuilder _ content: () -> HTMLNode) -> HTMLNode {
    var attributes: [String: String] = [:]
    if let className { attributes["class"] = className }
    guard case let .element(_, _, children) = content() else { return .text("") }
    return .element("div", attributes, children)
}

func p(@HTMLBuilder _ content: () -> HTMLNode) -> HTMLNode {
    guard case let .element(_, _, children) = content() else { return .text("") }
    return .element("p", [:], children)
}

func ul<S: Sequence>(_ items: S, @HTMLBuilder row: (S.Element) -> HTMLNode) -> HTMLNode {
    .element("ul", [:], items.map { item in .element("li", [:], [row(item)]) })
}

struct Page {
    var title: String
    var items: [String]
    var showFooter: Bool
    var user: String?

    @HTMLBuilder
    var body: HTMLNode {
        div(class: "page") {
            "Title: \(title)"
            if let user {
                p { "Hello, \(user)!" }
            } else {
                p { "Hello, stranger" }
            }
            for (index, item) in items.enumerated() {
                p {
                    "\(index + 1). \(item)"
                }
            }
            ul(items) { item in
                item.uppercased()
            }
            if showFooter {
                div(class: "footer") {
                    HTMLNode.comment("footer { not a brace }")
                    "Generated at \(Date())"
                }
            }
            if #available(macOS 14, iOS 17, *) {
                "modern"
            }
            switch items.count {
            case 0:
                "empty"
            case 1...3:
                "few"
            default:
                "many"
            }
        }
    }

    @HTMLBuilder
    func section(named name: String) -> HTMLNode {
        "Section \(name)"
        p {
            "Nested \(name.map { String($0) }.joined(separator: "-"))"
        }
    }
}

@resultBuilder
enum ArrayBuilder<Element> {
    static func buildPartialBlock(first: [Element]) -> [Element] { first }
    static func buildPartialBlock(accumulated: [Element], next: [Element]) -> [Element] { accumulated + next }
    static func buildExpression(_ element: Element) -> [Element] { [element] }
    static func buildExpression(_ elements: [Element]) -> [Element] { elements }
    static func buildOptional(_ component: [Element]?) -> [Element] { component ?? [] }
    static func buildEither(first: [Element]) -> [Element] { first }
    static func buildEither(second: [Element]) -> [Element] { second }
    static func buildArray(_ components: [[Element]]) -> [Element] { components.flatMap { $0 } }
}

extension Array {
    init(@ArrayBuilder<Element> _ build: () -> [Element]) {
        self = build()
    }
}

let numbers = Array<Int> {
    1
    2
    if Bool.random() {
        3
    }
    for n in 4...6 where n % 2 == 0 {
        n
    }
    [7, 8, 9]
}

struct Constraint {
    var name: String
    var constant: Double
}

@resultBuilder
struct ConstraintBuilder {
    static func buildBlock(_ parts: [Constraint]...) -> [Constraint] { parts.flatMap { $0 } }
    static func buildExpression(_ c: Constraint) -> [Constraint] { [c] }
    static func buildOptional(_ c: [Constraint]?) -> [Constraint] { c ?? [] }
    static func buildEither(first c: [Constraint]) -> [Constraint] { c }
    static func buildEither(second c: [Constraint]) -> [Constraint] { c }
}

enum Layout {
    static func activate(@ConstraintBuilder _ make: () -> [Constraint]) -> Int {
        make().count
    }
}

final class LayoutDemo {
    var compact = false
    var spacing: Double = 8

    func install() -> Int {
        Layout.activate {
            Constraint(name: "top", constant: spacing)
            Constraint(name: "leading", constant: spacing * 2)
            if compact {
                Constraint(name: "width", constant: 320)
            } else {
                Constraint(name: "width", constant: { () -> Double in
                    let base = 600.0
                    return base + self.spacing
                }())
            }
        }
    }

    lazy var cached: Int = {
        Layout.activate {
            Constraint(name: "lazy", constant: 1)
        }
    }()
}

protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

@resultBuilder
struct ViewBuilder {
    static func buildBlock() -> EmptyView { EmptyView() }
    static func buildBlock<C: View>(_ c: C) -> C { c }
    static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> Pair<C0, C1> { Pair(first: c0, second: c1) }
    static func buildIf<C: View>(_ c: C?) -> Optional<C> { c }
}

struct EmptyView: View {
    var body: EmptyView { self }
}

struct Pair<A: View, B: View>: View {
    var first: A
    var second: B
    var body: EmptyView { EmptyView() }
}

extension Optional: View where Wrapped: View {
    var body: EmptyView { EmptyView() }
}

struct Label: View {
    var text: String
    var body: EmptyView { EmptyView() }
}

struct Stack<Content: View>: View {
    var content: Content

    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    var body: EmptyView { EmptyView() }
}

struct ProfileView: View {
    var name: String
    var verified: Bool

    var body: some View {
        Stack {
            Label(text: name)
            Stack {
                if verified {
                    Label(text: "✓ verified")
                }
            }
        }
    }
}
