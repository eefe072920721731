#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the callers of a name do, what calling a name may do, and what a type's code does,
/// answered once per name or type for the whole run.
///
/// Rules ask about the callers of each function they look at, and `callers(of:)` finds callers by
/// full name: every function of a name gets the same answer. A run that declares a name many
/// times and calls it as often (`configure(with:)` in a thousand cells, each calling it on
/// another) would read every call site once per declaration, time quadratic in the input; here
/// each name's sites are read once, then the answer is looked up.
final class CallerVerdicts: Sendable {
    private let argumentEffectsMemo = LockedMemo<Int64, Set<CallSummaries.Effect>>()
    private let receiverEffectsMemo = LockedMemo<Int64, Bool>()
    private let deinitOnlyMemo = LockedMemo<String, Bool>()
    private let nameEffectsMemo = LockedMemo<Int64, Set<CallSummaries.Effect>>()
    private let functionsByTargetMemo = LockedMemo<String, [CallSummaries.Target: [CallSummaries.Touch]]>()
    private let namedEffectsMemo = LockedMemo<String, Set<CallSummaries.Effect>>()
    private let completingNamesMemo = LockedMemo<CompletingNames, [String]>()
    private let typeEffectsMemo = LockedMemo<String, Set<CallSummaries.TargetEffect>>()
    private let effectsByTargetMemo = LockedMemo<Int, [CallSummaries.Target: Set<CallSummaries.Effect>]>()

    /// The key of `CallSummaries.functionNames(inType:doing:on:unlessAlso:)`.
    struct CompletingNames: Hashable {
        var typeKey: String
        var target: CallSummaries.Target
        var effects: UInt16
        var start: UInt8?
    }

    func argumentEffects(_ key: Int64, _ compute: () -> Set<CallSummaries.Effect>) -> Set<CallSummaries.Effect> {
        argumentEffectsMemo.value(for: key, compute)
    }

    func receiverEffects(_ key: Int64, _ compute: () -> Bool) -> Bool {
        receiverEffectsMemo.value(for: key, compute)
    }

    func nameEffects(_ key: Int64, _ compute: () -> Set<CallSummaries.Effect>) -> Set<CallSummaries.Effect> {
        nameEffectsMemo.value(for: key, compute)
    }

    func functionsByTarget(_ typeKey: String, _ compute: () -> [CallSummaries.Target: [CallSummaries.Touch]])
        -> [CallSummaries.Target: [CallSummaries.Touch]] {
        functionsByTargetMemo.value(for: typeKey, compute)
    }

    func namedEffects(_ key: String, _ compute: () -> Set<CallSummaries.Effect>) -> Set<CallSummaries.Effect> {
        namedEffectsMemo.value(for: key, compute)
    }

    func completingNames(_ key: CompletingNames, _ compute: () -> [String]) -> [String] {
        completingNamesMemo.value(for: key, compute)
    }

    func typeEffects(_ typeKey: String, _ compute: () -> Set<CallSummaries.TargetEffect>) -> Set<CallSummaries.TargetEffect> {
        typeEffectsMemo.value(for: typeKey, compute)
    }

    func effectsByTarget(_ function: Int, _ compute: () -> [CallSummaries.Target: Set<CallSummaries.Effect>])
        -> [CallSummaries.Target: Set<CallSummaries.Effect>] {
        effectsByTargetMemo.value(for: function, compute)
    }

    func deinitOnly(_ fullName: String, _ compute: () -> Bool) -> Bool {
        deinitOnlyMemo.value(for: fullName, compute)
    }
}

extension CallSummaries {
    /// What function `function` does to each of its targets, unpacked once per function: a
    /// caller passing thousands of its targets to thousands of helpers was asked, for each
    /// helper, about every one of its effects.
    func effectsByTarget(ofFunction function: Int) -> [Target: Set<Effect>] {
        verdicts.effectsByTarget(function) {
            var result: [Target: Set<Effect>] = [:]
            functions[function].forEachEffect { result[$0, default: []].insert($1) }
            return result
        }
    }

    /// What the callers of `fullName` do to the objects they pass at argument `position`: the
    /// union of `Caller.callerEffects(onArgument:in:)` over every caller that passes a target or a
    /// local there.
    public func callerEffects(of fullName: String, onArgument position: Int) -> Set<Effect> {
        precondition(position >= 0 && position < Int(Int32.max), "an argument position is an index")
        guard let symbol = symbol(of: fullName) else { return [] }
        return verdicts.argumentEffects(Int64(symbol) << 32 | Int64(UInt32(truncatingIfNeeded: position))) {
            var result = Set<Effect>()
            for caller in callers(of: fullName) {
                if let effects = caller.callerEffects(onArgument: position, in: self) { result.formUnion(effects) }
            }
            return result
        }
    }

    /// Whether some caller of `fullName` calls it on something it does not trace (a receiver that
    /// is no target of the caller), or does `effect` itself to the receiver it calls it on.
    public func someCaller(of fullName: String, untracedOrDoing effect: Effect) -> Bool {
        guard let symbol = symbol(of: fullName) else { return false }
        return verdicts.receiverEffects(Int64(symbol) << 32 | Int64(effect.rawValue)) {
            callers(of: fullName).contains { caller in
                guard let receiver = caller.receiver else { return true }
                var found = false
                functions[caller.function].forEachEffect { if !found, $0 == receiver, $1 == effect { found = true } }
                return found
            }
        }
    }

    /// The summaries of a type's functions (every file) that have some effect on `target`, in run
    /// order: rules ask per object, and reading every function of a large type for each object
    /// of it is quadratic.
    public func functions(inType typeKey: String, touching target: Target) -> [Function] {
        touches(inType: typeKey, on: target).map { functions[Int($0.function)] }
    }

    /// `functions(inType:touching:)`, each with what it does to `target`. A function with an
    /// effect on each of thousands of objects (a `deinit` stopping every timer) is read once per
    /// type here, where testing its effects for each object made them all into a set each time.
    public func functionEffects(inType typeKey: String, on target: Target) -> [(function: Function, effects: Set<Effect>)] {
        touches(inType: typeKey, on: target).map { touch in
            (functions[Int(touch.function)], PackedEffects.effects(inMask: touch.effects))
        }
    }

    /// The functions of a type that touch `target`, with a mask of their effects on it
    /// (`PackedEffects.bit`): worked out once per type, for every target.
    private func touches(inType typeKey: String, on target: Target) -> [Touch] {
        let byTarget = verdicts.functionsByTarget(typeKey) {
            var result: [Target: [Touch]] = [:]
            for index in functionIndices(inType: typeKey) {
                var masks: [Target: UInt16] = [:]
                functions[index].forEachEffect { target, effect in masks[target, default: 0] |= PackedEffects.bit(effect) }
                // Each target's functions in run order, as they are read.
                for (target, mask) in masks {
                    result[target, default: []].append(Touch(function: Int32(truncatingIfNeeded: index), effects: mask))
                }
            }
            return result
        }
        return byTarget[target] ?? []
    }

    /// The distinct full names, in run order, of a type's functions that do one of `effects` to
    /// `target` and not `start`: worked out once per type, target and question, where asking for
    /// each object of a type with thousands of methods touching it read them all each time.
    public func functionNames(inType typeKey: String, doing effects: Set<Effect>, on target: Target,
                              unlessAlso start: Effect? = nil) -> [String] {
        let mask = PackedEffects.mask(effects)
        let key = CallerVerdicts.CompletingNames(typeKey: typeKey, target: target, effects: mask, start: start?.rawValue)
        return verdicts.completingNames(key) {
            var seen = Set<String>()
            var names: [String] = []
            for touch in touches(inType: typeKey, on: target)
            where touch.effects & mask != 0 && !(start.map { touch.effects & PackedEffects.bit($0) != 0 } ?? false) {
                let name = functions[Int(touch.function)].fullName
                if seen.insert(name).inserted { names.append(name) }
            }
            return names
        }
    }

    /// What the functions named `fullName` in a type do, to any target: worked out once per type
    /// and name (rules ask it for each object of the type).
    public func effects(inType typeKey: String, named fullName: String) -> Set<Effect> {
        verdicts.namedEffects(typeKey + "\u{0}" + fullName) {
            var result = Set<Effect>()
            for function in functions(inType: typeKey, named: fullName) { function.forEachEffect { result.insert($1) } }
            return result
        }
    }

    /// Whether `fullName` has callers in the run and every one of them is a `deinit`.
    public func isCalledOnlyFromDeinitializers(_ fullName: String) -> Bool {
        verdicts.deinitOnly(fullName) {
            let callers = callers(of: fullName)
            return !callers.isEmpty && callers.allSatisfy { functions[$0.function].kind == .deinitializer }
        }
    }
}
