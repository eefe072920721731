// What a keyword, attribute, modifier or contextual word at the current position starts.
extension OutlineBuilder {
    // MARK: - Attributes and modifiers

    /// Records where a run of attributes and modifiers begins, for the declaration that follows.
    func notePending(_ start: Int, through end: Int) {
        if pending.end != start - 1 {
            dropPending()
            pending.start = start
        }
        pending.end = end
    }

    /// Forgets the attributes and modifiers seen so far: no declaration follows them.
    func dropPending() {
        let first = pending.attributeStart
        if outline.attributeNames.count > first {
            outline.attributeNames.removeSubrange(first...)
        }
        pending = PendingDeclaration(attributeStart: first)
    }

    /// The first token of the declaration whose keyword is at `keyword`.
    func takePending(_ keyword: Int) -> (start: Int, modifiers: Modifiers, attributes: Range<Int>) {
        if pending.end == keyword - 1, pending.start >= 0 {
            let end = outline.attributeNames.count
            let taken = (pending.start, pending.modifiers, pending.attributeStart..<end)
            pending = PendingDeclaration(attributeStart: end)
            return taken
        }
        dropPending()
        return (keyword, [], pending.attributeStart..<pending.attributeStart)
    }

    func handleAttribute() {
        let start = position
        var end = position
        // `@Wrapper<T>`: generic arguments belong to the attribute.
        if kind(end + 1) == .operator, tok(end + 1).flags.contains(.joinedToPrevious),
           buffer[tok(end + 1).startOffset] == UInt8(ascii: "<") {
            end = skipAngles(from: end + 1) - 1
        }
        let hasArguments = kind(end + 1) == .leftParen && tok(end + 1).flags.contains(.joinedToPrevious)
            && match(end + 1) > end + 1
        notePending(start, through: hasArguments ? match(end + 1) : end)
        // The name without its `@`, read straight from the bytes.
        let range = tok(start).range
        // Room for a file's first few at once: grown from empty, the array was reallocated at its
        // 1st, 2nd, 3rd and 5th name.
        if outline.attributeNames.capacity == 0 { outline.attributeNames.reserveCapacity(8) }
        outline.attributeNames.append(String(
            decoding: UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<range.upperBound]), as: UTF8.self))
        // Arguments are code (`@Validated({ $0.isEmpty })`): read them, but never as a call.
        position = end + 1
        if hasArguments {
            push(.parens, open: position)
            position += 1
        }
    }

    /// Words that begin a declaration (after any modifiers).
    func startsDeclaration(_ position: Int) -> Bool {
        let token = tok(position)
        switch token.kind {
        case .keyword:
            switch token.keyword {
            case .class, .struct, .enum, .protocol, .extension, .func, .`init`, .deinit, .subscript, .let, .var,
                 .typealias, .associatedtype, .import, .operator, .precedencegroup, .case, .static, .private,
                 .fileprivate, .internal, .public:
                return true
            default:
                return false
            }
        case .identifier:
            let word = word(position)
            return word.modifier != nil || word == .actor || word == .macro || word.accessor != nil
        case .attribute:
            return true
        default:
            return false
        }
    }

    /// A modifier word (`override`, `private(set)`, `unowned(safe)`): returns the position after it,
    /// or nil when the word is used as a name here.
    func modifierEnd(_ position: Int) -> Int? {
        var next = position + 1
        // `private(set)`, `unowned(safe)`, `nonisolated(unsafe)`.
        if kind(next) == .leftParen, match(next) == next + 2,
           [.set, .safe, .unsafe].contains(word(next + 1)) {
            next += 3
        }
        return startsDeclaration(next) ? next : nil
    }

    func addModifier(_ modifier: Modifiers) {
        guard let end = modifierEnd(position) else {
            position += 1
            return
        }
        notePending(position, through: end - 1)
        pending.modifiers.insert(modifier)
        position = end
    }

    // MARK: - Keywords

    func handleKeyword(_ keyword: Keyword) {
        let scope = topKind
        switch scope {
        case .parameterClause, .functionSignature:
            // Keywords here are argument labels (`for x: Int`) or effects, never statements.
            position += 1
            return
        case .callArguments, .parens, .brackets:
            if kind(position + 1) == .colon {
                position += 1
                return
            }
        default:
            break
        }
        let declares = scope.holdsStatements
        switch keyword {
        case .class, .struct, .enum, .protocol, .extension, .func, .deinit, .subscript, .static, .private,
             .fileprivate, .internal, .public, .import, .typealias, .associatedtype, .operator, .precedencegroup:
            if !declares {
                position += 1
                return
            }
        case .`init` where !declares && scope != .accessorBlock:
            position += 1
            return
        default:
            break
        }
        switch keyword {
        case .class:
            if startsDeclaration(position + 1) && !isTypeName(position + 1) {
                addModifier(.class)
            } else {
                declareType(.class)
            }
        case .struct: declareType(.struct)
        case .enum: declareType(.enum)
        case .protocol: declareType(.protocol)
        case .extension: declareType(.extension)
        case .func: declareFunction(.function)
        case .`init`:
            if scope == .accessorBlock {
                declareAccessor(.`init`)
            } else {
                declareFunction(.initializer)
            }
        case .deinit: declareFunction(.deinitializer)
        case .subscript: declareFunction(.subscript)
        case .let, .var:
            if scope.holdsStatements {
                declareVariable(keyword: position, isLet: keyword == .let)
            } else if scope == .conditionHeader, let conditional = scopes.last?.detail,
                      [.if, .guard, .while].contains(outline.conditionals[conditional].kind) {
                declareBinding(keyword: position, isLet: keyword == .let)
            } else {
                position += 1
            }
        case .static: addModifier(.static)
        case .private: addModifier(.private)
        case .fileprivate: addModifier(.fileprivate)
        case .internal: addModifier(.internal)
        case .public: addModifier(.public)
        case .import, .operator:
            // `import UIKit`, `infix operator <*>: Precedence`: one line, whose last word may look
            // like an operator waiting for an operand.
            if keyword == .import {
                var module = position + 1
                if kind(module) == .keyword || word(module) == .actor { module += 1 }
                if kind(module) == .identifier {
                    if outline.imports.capacity == 0 { outline.imports.reserveCapacity(8) }
                    outline.imports.append(text(module))
                }
            }
            position += 1
            while position < count, !tok(position).flags.contains(.startsLine), kind(position) != .semicolon,
                  kind(position) != .rightBrace {
                position += 1
            }
        case .typealias, .associatedtype:
            let keywordPosition = position
            position = skipStatement(from: position)
            if keyword == .typealias, kind(keywordPosition + 1) == .identifier {
                var equal = keywordPosition + 2
                if kind(equal) == .operator, buffer[tok(equal).startOffset] == UInt8(ascii: "<") { equal = skipAngles(from: equal) }
                if kind(equal) == .equal, equal + 1 < position {
                    outline.typeAliases.append(TypeAlias(
                        name: text(keywordPosition + 1), nameToken: raw(keywordPosition + 1),
                        target: rawRange(equal + 1, through: position - 1),
                        enclosingType: scopes.last.map { $0.kind == .typeBody ? $0.node : -1 } ?? -1))
                }
            }
        case .precedencegroup:
            var next = position + 1
            while next < count, kind(next) != .leftBrace, !tok(next).flags.contains(.startsLine) { next += 1 }
            position = kind(next) == .leftBrace && match(next) > next ? match(next) + 1 : next
        case .if: openConditional(.if)
        case .guard: openConditional(.guard)
        case .switch: openConditional(.switch)
        case .for: openConditional(.forIn)
        case .catch: openConditional(.catch)
        case .while:
            openConditional(.while)
        case .else:
            handleElse()
        case .case:
            handleCase(isDefault: false)
        case .default:
            if (scope == .switchBody || scope == .caseBody), kind(position + 1) == .colon {
                handleCase(isDefault: true)
            } else {
                position += 1
            }
        default:
            position += 1
        }
    }

    func isTypeName(_ position: Int) -> Bool {
        let token = tok(position)
        guard token.kind == .identifier else { return false }
        if token.flags.contains(.backticked) { return true }
        let word = word(position)
        if word.modifier != nil {
            // `class final Foo` is not Swift; `class override func` is a modifier.
            return false
        }
        return true
    }

    // MARK: - Identifiers

    /// Inlined up to the scope test: most names stand in expressions, where they start nothing.
    @inline(__always)
    func handleIdentifier() {
        let scope = topKind
        guard scope.holdsStatements || scope == .accessorBlock else {
            position += 1
            return
        }
        handleStatementIdentifier(scope)
    }

    /// A name where a statement or accessor may start: a modifier, `actor`, `macro` or an accessor's word.
    func handleStatementIdentifier(_ scope: ScopeKind) {
        // Outside an accessor block a word means something only before a word that goes on a
        // declaration (a modifier, `actor`, `macro`) or before `(` (`unowned(safe)`): most names
        // here are followed by `.`, `=` or an operator, and need no word lookup.
        if scope != .accessorBlock {
            switch kind(position + 1) {
            case .keyword, .identifier, .attribute, .leftParen:
                break
            default:
                position += 1
                return
            }
        }
        let word = word(position)
        if word != .none {
            if scope == .accessorBlock, let accessor = word.accessor {
                declareAccessor(accessor)
                return
            }
            if scope.holdsStatements || scope == .accessorBlock {
                if let modifier = word.modifier {
                    addModifier(modifier)
                    return
                }
                if word == .actor, kind(position + 1) == .identifier, scope.holdsStatements {
                    declareType(.actor)
                    return
                }
                if word == .macro, kind(position + 1) == .identifier, scope.holdsStatements {
                    position = skipStatement(from: position)
                    return
                }
            }
        }
        position += 1
    }
}
