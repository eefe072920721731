extension SyntaxTree {
    /// A readable listing of the outline, one node per line, indented by depth; used by
    /// `lifeguard outline` and by tests that pin the parser's behavior.
    public func outlineDescription() -> String {
        var lines: [String] = []
        var depth: [Int] = []
        depth.reserveCapacity(outline.nodes.count)
        for (index, node) in outline.nodes.enumerated() {
            let level = node.parent >= 0 ? depth[node.parent] + 1 : 0
            depth.append(level)
            let indent = String(repeating: "  ", count: level)
            let line = self.line(ofToken: node.tokens.lowerBound)
            let endLine = self.line(ofToken: node.tokens.upperBound - 1)
            lines.append("\(indent)\(describe(node, index: index)) [\(line)-\(endLine)]")
        }
        return lines.joined(separator: "\n")
    }

    private func describe(_ node: Node, index: Int) -> String {
        switch node.kind {
        case .type:
            let type = outline.types[node.detail]
            let inherited = type.inheritedTypes.map(\.name).joined(separator: ", ")
            return "\(type.kind.rawValue) \(type.name)" + (inherited.isEmpty ? "" : ": \(inherited)")
        case .function:
            let function = outline.functions[node.detail]
            var text = "\(function.kind.rawValue) \(function.fullName)"
            if function.isImplicitGetter { text += " (implicit)" }
            if function.body == nil { text += " (no body)" }
            return text
        case .variable:
            let variable = outline.variables[node.detail]
            var text = "\(variable.isLet ? "let" : "var") \(name(of: variable))"
            if let type = variable.typeAnnotation { text += ": \(self.text(ofTokens: type))" }
            if variable.isConditionalBinding { text += " (binding)" }
            if variable.storage != .stored { text += " (\(variable.storage.rawValue))" }
            return text
        case .closure:
            let closure = outline.closures[node.detail]
            let captures = outline.captures[closure.captures].map { capture in
                capture.specifier == .strong ? name(of: capture) : "\(capture.specifier.rawValue) \(name(of: capture))"
            }
            var text = "closure"
            if !captures.isEmpty { text += " [\(captures.joined(separator: ", "))]" }
            if !closure.parameters.isEmpty { text += " (\(parameterNames(of: closure).joined(separator: ", ")))" }
            if closure.isTrailing { text += " trailing" }
            if let label = argumentLabel(of: closure) { text += " \(label):" }
            if closure.assignment != nil { text += " assigned" }
            if closure.variable != nil { text += " initializer" }
            if closure.isImmediatelyInvoked { text += " invoked" }
            return text
        case .call:
            let call = outline.calls[node.detail]
            var text = "call "
            if let receiver = call.receiver { text += self.text(ofTokens: receiver) + (call.isOptionalChain ? "?." : ".") }
            if call.isImplicitMember { text += "." }
            let labels = outline.arguments[call.arguments].map { (label(of: $0) ?? "_") + ":" }.joined()
            text += name(of: call) + "(\(labels))"
            let trailing = outline.trailingClosures(of: node.detail)
            if !trailing.isEmpty { text += " +\(trailing.count) trailing" }
            return text
        case .assignment:
            let assignment = outline.assignments[node.detail]
            return "assign \(text(ofTokens: assignment.lhs))"
        case .conditional:
            let conditional = outline.conditionals[node.detail]
            let condition = text(ofTokens: conditional.condition)
            return "\(conditional.kind.rawValue) \(condition.prefix(60))"
        }
    }
}
