// Types, functions, parameters, accessors and variables: each read ahead from its keyword.
extension OutlineBuilder {
    // MARK: - Declarations

    /// Advances past one statement or declaration starting at `start`, without building nodes.
    func skipStatement(from start: Int) -> Int {
        var next = start + 1
        while next < count {
            let current = tok(next)
            switch current.kind {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                if current.flags.contains(.startsLine), !continuesExpression(next) { return next }
                let closer = match(next)
                if closer < 0 { return next + 1 }
                next = closer + 1
                continue
            case .rightParen, .rightBracket, .rightBrace, .interpolationEnd, .stringEnd:
                return next
            case .semicolon:
                return next + 1
            case .poundIf, .poundElseif, .poundElse, .poundEndif:
                return next
            default:
                if current.flags.contains(.startsLine), !continuesExpression(next) { return next }
            }
            next += 1
        }
        return next
    }

    /// Skips `<...>` starting at an operator token that begins with `<`; returns the position after.
    /// `depth` is how many `<` are already open before `start` (a `<` split off an operator name).
    func skipAngles(from start: Int, depth openAngles: Int = 0) -> Int {
        var depth = openAngles
        var next = start
        while next < count {
            let current = tok(next)
            switch current.kind {
            case .operator:
                for offset in current.range {
                    let byte = buffer[offset]
                    if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return next + 1 }
            case .leftParen, .leftBracket:
                if match(next) > next { next = match(next) }
            case .leftBrace, .rightBrace, .semicolon, .equal, .rightParen, .rightBracket:
                return next
            default:
                break
            }
            next += 1
        }
        return next
    }

    /// Skips a type written at `start` (an annotation, a return type); returns the position after.
    func skipType(from start: Int) -> Int {
        var next = start
        var angles = 0
        while next < count {
            let current = tok(next)
            if next > start, current.flags.contains(.startsLine), angles == 0, !continuesSignature(next)
                || current.kind == .leftBrace {
                return next
            }
            switch current.kind {
            case .leftParen, .leftBracket:
                guard match(next) > next else { return next }
                next = match(next)
            case .operator:
                var other = false
                for offset in current.range {
                    switch buffer[offset] {
                    case UInt8(ascii: "<"): angles += 1
                    case UInt8(ascii: ">"): angles -= 1
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: "~"):
                        break
                    default: other = true
                    }
                }
                if angles < 0 || (other && angles == 0) { return next }
            case .identifier, .period, .arrow, .attribute:
                break
            case .comma, .colon:
                if angles == 0 { return next }
            case .keyword:
                switch current.keyword {
                case .throws, .rethrows, .inout: break
                default: if angles == 0 { return next }
                }
            default:
                return next
            }
            next += 1
        }
        return next
    }

    func declareType(_ kind: TypeKind) {
        let keyword = position
        var next = position + 1
        let nameToken = next
        var name: String
        if kind == .extension {
            // `extension Outer.Inner`, `extension [Key: Value]`, `extension Array<Int>`, `extension Int?`.
            let typeEnd = extendedTypeEnd(from: next)
            guard typeEnd > next else {
                position += 1
                return
            }
            name = spelling(from: next, to: typeEnd)
            next = typeEnd
        } else {
            guard self.kind(next) == .identifier else {
                position += 1
                return
            }
            name = text(next)
            next += 1
            if self.kind(next) == .operator, buffer[tok(next).startOffset] == UInt8(ascii: "<") {
                next = skipAngles(from: next)
            }
        }
        let (start, modifiers, attributes) = takePending(keyword)
        var inherited: [InheritedType] = []
        if self.kind(next) == .colon {
            // Most types name one to three: room for them at once, not regrown at the 2nd and 3rd.
            inherited.reserveCapacity(4)
            next = readInheritance(from: next + 1, into: &inherited)
        }
        var whereClause: Range<Int>?
        if isKeyword(next, .where) {
            let whereStart = next
            while next < count, self.kind(next) != .leftBrace, self.kind(next) != .rightBrace {
                if self.kind(next) == .leftParen || self.kind(next) == .leftBracket, match(next) > next { next = match(next) }
                next += 1
            }
            whereClause = rawRange(whereStart + 1, through: next - 1)
        }
        let typeIndex = outline.types.count
        let node = addNode(.type, detail: typeIndex, start: start, parent: currentParent)
        var body: Block?
        if self.kind(next) == .leftBrace {
            body = Block(open: raw(next), close: match(next) > next ? raw(match(next)) : rawCount)
        }
        outline.types.append(TypeDeclaration(
            node: node, kind: kind, name: name, nameToken: raw(nameToken), keywordToken: raw(keyword),
            modifiers: modifiers, attributes: attributes, inheritedTypes: inherited,
            whereClause: whereClause, body: body))
        if body != nil {
            push(.typeBody, open: next, node: node, detail: typeIndex)
            position = next + 1
        } else {
            setEnd(node, last: next - 1)
            position = next
        }
    }

    /// The position after the type an extension extends: a dotted name with generic arguments
    /// (`Outer<T>.Inner`), or sugar (`[T]`, `[K: V]`, `(A, B)`), with any `?` or `!` after it.
    func extendedTypeEnd(from start: Int) -> Int {
        var next = start
        switch kind(next) {
        case .leftBracket, .leftParen:
            guard match(next) > next else { return start }
            next = match(next) + 1
        case .identifier:
            next += 1
            while true {
                if kind(next) == .operator, tok(next).flags.contains(.joinedToPrevious),
                   buffer[tok(next).startOffset] == UInt8(ascii: "<") {
                    next = skipAngles(from: next)
                }
                guard kind(next) == .period, kind(next + 1) == .identifier else { break }
                next += 2
            }
        default:
            return start
        }
        // `Int?`, `[T]?`, `Array<T>!`: the optional's marks (a `>?` token ended the angles already).
        while kind(next) == .operator, tok(next).flags.contains(.joinedToPrevious), isOptionalMarks(next) {
            next += 1
        }
        return next
    }

    /// An operator token made only of `?` and `!`.
    func isOptionalMarks(_ position: Int) -> Bool {
        for offset in tok(position).range where buffer[offset] != UInt8(ascii: "?") && buffer[offset] != UInt8(ascii: "!") {
            return false
        }
        return true
    }

    /// The source text of significant positions `start..<end`, with whatever separates two tokens
    /// (spaces, line breaks, comments) written as one space.
    func spelling(from start: Int, to end: Int) -> String {
        // Measured, then written straight into the string's storage (no byte array in between).
        var length = 0
        for position in start..<end {
            let token = tok(position)
            if position > start, !token.flags.contains(.joinedToPrevious) { length += 1 }
            length += token.nameRange.count
        }
        return String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            for position in start..<end {
                let token = tok(position)
                if position > start, !token.flags.contains(.joinedToPrevious) {
                    at = putByte(UInt8(ascii: " "), to: out, at: at)
                }
                at = copyBytes(UnsafeBufferPointer(rebasing: buffer[token.nameRange]), to: out, at: at)
            }
            return at
        }
    }

    /// Reads `A, B<C>, @unchecked Sendable, P & Q` up to `where` or `{`.
    func readInheritance(from start: Int, into inherited: inout [InheritedType]) -> Int {
        var next = start
        var angles = 0
        var entryName: (name: String, token: Int)?
        var entryStart = -1
        func flush(_ entry: (name: String, token: Int)?, into list: inout [InheritedType]) {
            if let entry { list.append(InheritedType(name: entry.name, token: entry.token)) }
        }
        while next < count {
            let current = tok(next)
            if angles == 0 {
                if current.kind == .leftBrace || current.isKeyword(.where) || current.kind == .rightBrace
                    || current.kind == .semicolon {
                    break
                }
                if current.kind == .comma {
                    flush(entryName, into: &inherited)
                    entryName = nil
                    entryStart = -1
                    next += 1
                    continue
                }
            }
            switch current.kind {
            case .operator:
                for offset in current.range {
                    if buffer[offset] == UInt8(ascii: "<") { angles += 1 }
                    if buffer[offset] == UInt8(ascii: ">") { angles -= 1 }
                    if buffer[offset] == UInt8(ascii: "&"), angles == 0 {
                        flush(entryName, into: &inherited)
                        entryName = nil
                        entryStart = -1
                    }
                    if buffer[offset] == UInt8(ascii: "~"), angles == 0 {
                        // `~Copyable` suppresses a conformance; it inherits nothing.
                        entryStart = -2
                    }
                }
                if angles < 0 { angles = 0 }
            case .identifier where angles == 0:
                if entryStart == -2 { break }
                let word = word(next)
                if word == .any || word == .some { break }
                if entryStart == -1 || self.kind(next - 1) == .period {
                    if entryStart == -1 { entryStart = next }
                    entryName = (text(next), raw(entryStart))
                }
            case .keyword where angles == 0 && current.keyword == .class:
                // `protocol P: class`, the old spelling of `AnyObject`.
                entryName = ("class", raw(next))
            case .attribute:
                if self.kind(next + 1) == .leftParen, match(next + 1) > next { next = match(next + 1) }
            case .leftParen, .leftBracket:
                if match(next) > next { next = match(next) }
            default:
                break
            }
            next += 1
        }
        flush(entryName, into: &inherited)
        return next
    }

    func declareFunction(_ kind: FunctionKind) {
        let keyword = position
        let (start, modifiers, attributes) = takePending(keyword)
        var next = position + 1
        var name: String
        var nameToken = keyword
        var isOperatorName = false
        switch kind {
        case .function:
            let current = tok(next)
            guard current.kind == .identifier || current.kind == .operator || current.kind == .keyword
                    || current.kind == .period else {
                position += 1
                return
            }
            nameToken = next
            name = text(next)
            isOperatorName = current.kind == .operator || current.kind == .period
            next += 1
            // `func +<T>(...)`: the lexer reads `+<` as one operator; like the compiler, split the
            // generic clause's `<` off the name.
            if current.kind == .operator, current.range.count > 1, buffer[current.endOffset - 1] == UInt8(ascii: "<"),
               self.kind(next) == .identifier {
                name.removeLast()
                next = skipAngles(from: next, depth: 1)
            }
        case .initializer:
            name = "init"
            if self.kind(next) == .operator, tok(next).flags.contains(.joinedToPrevious) {
                if isOperator(next, "?") || isOperator(next, "!") {
                    next += 1
                } else if isOperator(next, "?<") || isOperator(next, "!<"), self.kind(next + 1) == .identifier {
                    // `init?<T>(...)`: one operator token holds the `?` and the generic clause's `<`.
                    next = skipAngles(from: next + 1, depth: 1)
                }
            }
        case .deinitializer:
            name = "deinit"
        case .subscript:
            name = "subscript"
        case .accessor:
            name = text(keyword)
        }
        if self.kind(next) == .operator, buffer[tok(next).startOffset] == UInt8(ascii: "<") {
            next = skipAngles(from: next)
        }
        let parameterStart = outline.parameters.count
        var parameterClause = -1
        if self.kind(next) == .leftParen, kind != .deinitializer {
            parameterClause = next
            readParameters(open: next, labelled: kind != .subscript && !isOperatorName)
        }
        let fullName: String
        if kind == .deinitializer {
            fullName = name
        } else {
            // Measured, then spelled straight into the string's own storage: through a byte array,
            // each append tested the array's uniqueness and room, and the array was copied again.
            var length = name.utf8.count + 2
            for index in parameterStart..<parameterLabels.count {
                let label = parameterLabels[index]
                length += (label >= 0 ? tokens[label].nameRange.count : 1) + 1
            }
            fullName = name.withUTF8 { base in
                String(unsafeUninitializedCapacity: length) { out in
                    var at = copyBytes(base, to: out, at: 0)
                    at = putByte(UInt8(ascii: "("), to: out, at: at)
                    for index in parameterStart..<parameterLabels.count {
                        let label = parameterLabels[index]
                        if label >= 0 {
                            at = copyBytes(UnsafeBufferPointer(rebasing: buffer[tokens[label].nameRange]), to: out, at: at)
                        } else {
                            at = putByte(UInt8(ascii: "_"), to: out, at: at)
                        }
                        at = putByte(UInt8(ascii: ":"), to: out, at: at)
                    }
                    return putByte(UInt8(ascii: ")"), to: out, at: at)
                }
            }
        }
        var returnType: Range<Int>?
        var after = parameterClause >= 0 && match(parameterClause) > parameterClause ? match(parameterClause) + 1 : next
        while after < count {
            if isKeyword(after, .throws) || isKeyword(after, .rethrows) || word(after) == .async || word(after) == .reasync {
                after += 1
                if self.kind(after) == .leftParen, match(after) > after { after = match(after) + 1 }
            } else {
                break
            }
        }
        if self.kind(after) == .arrow {
            let typeEnd = skipType(from: after + 1)
            returnType = rawRange(after + 1, through: typeEnd - 1)
        }
        let functionIndex = outline.functions.count
        let node = addNode(.function, detail: functionIndex, start: start, parent: currentParent)
        outline.functions.append(FunctionDeclaration(
            node: node, kind: kind, accessorKind: nil, name: name, fullName: fullName,
            nameToken: raw(nameToken), keywordToken: raw(keyword), declarationStart: raw(start),
            modifiers: modifiers, attributes: attributes, parameters: parameterStart..<outline.parameters.count,
            returnType: returnType, body: nil, property: nil, isImplicitGetter: false))
        push(.functionSignature, open: keyword, node: node, detail: functionIndex)
        signatureParen = parameterClause
        position = parameterClause >= 0 ? parameterClause : next
    }

    /// Reads the parameters between `open` and its `)` into `outline.parameters`.
    func readParameters(open: Int, labelled: Bool) {
        let close = match(open)
        guard close > open else { return }
        var entryStart = open + 1
        var next = open + 1
        var angles = 0
        var inDefault = false
        while next <= close {
            let current = tok(next)
            if next == close || (current.kind == .comma && angles == 0) {
                if next > entryStart { readParameter(from: entryStart, to: next, labelled: labelled) }
                entryStart = next + 1
                angles = 0
                inDefault = false
                next += 1
                continue
            }
            switch current.kind {
            case .leftParen, .leftBracket, .leftBrace, .stringStart:
                if match(next) > next { next = match(next) }
            case .equal:
                inDefault = true
            case .operator where !inDefault:
                for offset in current.range {
                    if buffer[offset] == UInt8(ascii: "<") { angles += 1 }
                    if buffer[offset] == UInt8(ascii: ">") { angles = max(0, angles - 1) }
                }
            default:
                break
            }
            next += 1
        }
    }

    /// `_`, with or without backticks.
    func isUnderscore(_ position: Int) -> Bool {
        let range = tok(position).nameRange
        return range.count == 1 && buffer[range.lowerBound] == UInt8(ascii: "_")
    }

    /// Copies `bytes` into `out` at `offset`; returns the offset after them. `out` has the room:
    /// its length was counted from the same tokens.
    @inline(__always)
    func copyBytes(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return offset }
        precondition(offset + bytes.count <= out.count)
        out.baseAddress!.advanced(by: offset).update(from: source, count: bytes.count)
        return offset + bytes.count
    }

    @inline(__always)
    func putByte(_ byte: UInt8, to out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        precondition(offset < out.count)
        out.baseAddress![offset] = byte
        return offset + 1
    }

    func isName(_ position: Int) -> Bool {
        let kind = kind(position)
        return kind == .identifier || kind == .keyword
    }

    func readParameter(from start: Int, to end: Int, labelled: Bool) {
        var first = start
        while first < end, kind(first) == .attribute {
            first += 1
            if kind(first) == .operator, buffer[tok(first).startOffset] == UInt8(ascii: "<") {
                first = skipAngles(from: first)
            }
            if kind(first) == .leftParen, tok(first).flags.contains(.joinedToPrevious), match(first) > first {
                first = match(first) + 1
            }
        }
        guard first < end else { return }
        // The label's significant position, or -1.
        var label = -1
        var nameToken: Int
        var colon: Int
        if isName(first), first + 1 < end, isName(first + 1), kind(first + 2) == .colon {
            label = first
            nameToken = first + 1
            colon = first + 2
        } else if isName(first), kind(first + 1) == .colon {
            label = labelled ? first : -1
            nameToken = first
            colon = first + 1
        } else {
            return
        }
        if label >= 0, isUnderscore(label) { label = -1 }
        var typeEnd = colon + 1
        var defaultValue: Range<Int>?
        var scan = colon + 1
        while scan < end {
            if kind(scan) == .equal {
                defaultValue = rawRange(scan + 1, through: end - 1)
                break
            }
            if kind(scan) == .leftParen || kind(scan) == .leftBracket, match(scan) > scan { scan = match(scan) }
            scan += 1
        }
        typeEnd = scan
        parameterLabels.append(label)
        outline.parameters.append(Parameter(
            labelToken: label >= 0 ? raw(label) : nil, nameToken: raw(nameToken),
            type: rawRange(colon + 1, through: typeEnd - 1), defaultValue: defaultValue))
    }

    func declareAccessor(_ accessor: AccessorKind) {
        guard let block = scopes.last else {
            position += 1
            return
        }
        let keyword = position
        let (start, modifiers, attributes) = takePending(keyword)
        var next = position + 1
        if kind(next) == .leftParen, match(next) > next { next = match(next) + 1 }
        while next < count, isKeyword(next, .throws) || word(next) == .async || isKeyword(next, .rethrows) {
            next += 1
            if kind(next) == .leftParen, match(next) > next { next = match(next) + 1 }
        }
        let functionIndex = outline.functions.count
        let node = addNode(.function, detail: functionIndex, start: start, parent: block.node)
        let property = block.detail >= 0 ? block.detail : nil
        var body: Block?
        if kind(next) == .leftBrace {
            body = Block(open: raw(next), close: match(next) > next ? raw(match(next)) : rawCount)
        }
        let name = accessor.rawValue
        outline.functions.append(FunctionDeclaration(
            node: node, kind: .accessor, accessorKind: accessor, name: name, fullName: name,
            nameToken: raw(keyword), keywordToken: raw(keyword), declarationStart: raw(start),
            modifiers: modifiers, attributes: attributes,
            parameters: outline.parameters.count..<outline.parameters.count, returnType: nil, body: body,
            property: property, isImplicitGetter: false))
        if body != nil {
            push(.functionBody, open: next, node: node, detail: functionIndex)
            position = next + 1
        } else {
            setEnd(node, last: next - 1)
            position = next
        }
    }

    func declareVariable(keyword: Int, isLet: Bool) {
        let (start, modifiers, attributes) = takePending(keyword)
        declareBindingPattern(at: keyword + 1, keyword: keyword, start: start, isLet: isLet,
                              modifiers: modifiers, attributes: attributes)
    }

    /// Declares the variables of one pattern (`x`, `(a, b)`) with its annotation, and opens the
    /// declaration scope whose `=`, `{` or `,` comes next.
    func declareBindingPattern(at patternStart: Int, keyword: Int, start: Int, isLet: Bool,
                                        modifiers: Modifiers, attributes: Range<Int>) {
        // One name (`let x`) is the common case: only a tuple pattern needs the array.
        var single = -1
        var names: [Int] = []
        var next = patternStart
        switch kind(next) {
        case .identifier:
            single = next
            next += 1
        case .leftParen where match(next) > next:
            for inner in (next + 1)..<match(next) where kind(inner) == .identifier && kind(inner + 1) != .colon {
                names.append(inner)
            }
            next = match(next) + 1
        default:
            position = patternStart
            return
        }
        var annotation: Range<Int>?
        if kind(next) == .colon {
            let typeEnd = skipType(from: next + 1)
            annotation = rawRange(next + 1, through: typeEnd - 1)
            next = typeEnd
        }
        var first = -1
        for offset in 0..<(single >= 0 ? 1 : names.count) {
            let name = single >= 0 ? single : names[offset]
            let variableIndex = outline.variables.count
            let node = addNode(.variable, detail: variableIndex, start: offset == 0 ? start : name, parent: currentParent)
            outline.variables.append(VariableDeclaration(
                node: node, nameToken: raw(name), keywordToken: raw(keyword),
                declarationStart: raw(start), isLet: isLet, isConditionalBinding: false, modifiers: modifiers,
                attributes: attributes, typeAnnotation: annotation, initializer: nil, accessors: nil, storage: .stored))
            if offset == 0 {
                first = variableIndex
            } else {
                setEnd(node, last: name)
            }
        }
        // `let () = f()`, `let (_: Int) = x`: a pattern that binds nothing declares nothing; what
        // follows reads as an expression.
        guard first >= 0 else {
            position = next
            return
        }
        push(.variableDeclaration, open: keyword, node: outline.variables[first].node, detail: first,
             contentStart: next)
        setEnd(outline.variables[first].node, last: next - 1)
        position = next
    }

    /// `let x = value` inside an `if`/`guard`/`while` condition.
    func declareBinding(keyword: Int, isLet: Bool) {
        let nameToken = keyword + 1
        guard kind(nameToken) == .identifier else {
            position = keyword + 1
            return
        }
        var next = nameToken + 1
        var annotation: Range<Int>?
        if kind(next) == .colon {
            let typeEnd = skipType(from: next + 1)
            annotation = rawRange(next + 1, through: typeEnd - 1)
            next = typeEnd
        }
        let variableIndex = outline.variables.count
        let node = addNode(.variable, detail: variableIndex, start: keyword, parent: currentParent)
        outline.variables.append(VariableDeclaration(
            node: node, nameToken: raw(nameToken), keywordToken: raw(keyword),
            declarationStart: raw(keyword), isLet: isLet, isConditionalBinding: true, modifiers: [],
            attributes: 0..<0, typeAnnotation: annotation, initializer: nil, accessors: nil, storage: .stored))
        if kind(next) == .equal {
            push(.bindingInitializer, open: keyword, node: node, detail: variableIndex, contentStart: next + 1)
            position = next + 1
        } else {
            // `if let x {`: the name is its own initializer.
            outline.variables[variableIndex].initializer = rawRange(nameToken, through: nameToken)
            setEnd(node, last: next - 1)
            position = next
        }
    }
}
