import LifeguardKit

/// A delegate or data source held strongly.
public struct StrongDelegateRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is a property whose name
    /// `isDelegateName` accepts, so it is one of the words or ends in one of the suffixes.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? { ["delegate", "dataSource"] }
    public static func anchorSuffixes(_ options: RuleOptions) -> Set<String> { ["Delegate", "DataSource"] }

    /// Of those, pass 2 lints only files that declare a property `check` could report: the words
    /// `delegate` and `dataSource` are in most files that use a table view, the declarations in few.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in tree.outline.variables.contains { isCandidate($0, in: tree) } }
    }

    /// What a finding's property is, read without the index: a stored, annotated, non-function
    /// property named like a delegate, of a type that may be a class, not `weak`, `unowned`,
    /// `static`, `class`, `override` or an `@IBOutlet`.
    static func isCandidate(_ variable: VariableDeclaration, in tree: SyntaxTree) -> Bool {
        let outline = tree.outline
        let node = outline.nodes[variable.node]
        guard !variable.isConditionalBinding, variable.storage != .computed,
              node.parent >= 0, outline.nodes[node.parent].kind == .type,
              isDelegateName(tree.name(of: variable)),
              !variable.modifiers.contains(.weak), !variable.modifiers.contains(.unowned),
              !variable.modifiers.contains(.static), !variable.modifiers.contains(.class),
              // `override var delegate: X? { didSet { ... } }` observes the superclass's (weak) storage.
              !variable.modifiers.contains(.override),
              // An outlet's object comes from a nib or storyboard the run cannot read.
              !outline.attributeNames[variable.attributes].contains("IBOutlet"),
              let annotation = variable.typeAnnotation, !TypeNames.isFunctionType(tree, annotation)
        else { return false }
        switch outline.types[outline.nodes[node.parent].detail].kind {
        case .struct, .enum, .protocol: return false
        case .class, .actor, .extension: return true
        }
    }

    public static let description = RuleDescription(
        id: "strong_delegate",
        name: "StrongDelegate",
        category: .resources,
        defaultSeverity: .warning,
        summary: "A delegate or data source property of a class is a strong reference.",
        documentation: RuleDocumentation(
            whatItDoes: """
                In a class, flags a stored property named `delegate` or `dataSource`, or ending in \
                `Delegate` or `DataSource`, whose type is a class-bound protocol or a class \
                (`XDelegate?`, `any XDelegate`, `XDelegate!`) and that is not declared `weak` or \
                `unowned`. Protocols are resolved across the run: one declared here without an \
                `AnyObject`/`class` constraint (directly or through a parent protocol), `@objc` or a \
                `where Self:` class requirement is not class-bound and is left alone; so are computed \
                properties, closure-typed properties, concrete structs, `let`s in structs, concrete \
                classes other than view controllers and views (a diffable data source, a helper object), \
                and helper objects the class creates for itself (every value the run assigns to the \
                property is a new object, such as `transitionDelegate = FadeAnimator()`, directly or \
                through a local): those are owned, not owners. Also left alone: a \
                `UIViewControllerTransitioningDelegate` (UIKit's `transitioningDelegate` is weak, so \
                the presented controller is expected to keep its animator alive, and a presenter it \
                points back to does not hold it after dismissal), and a saved delegate kept only to \
                be put back later (`originalDelegate`, `previousDelegate`, `savedDataSource`). The \
                protocol must be *known* to be class-bound: declared in the run, or an Apple delegate or \
                data-source protocol in Lifeguard's catalog (`UITableViewDelegate`, `WKNavigationDelegate`, \
                `CLLocationManagerDelegate`, ...). A type the run cannot see — an Objective-C or \
                binary-framework class named `...DataSource` — is not reported. Nor is \
                `override var delegate` with only observers (the superclass owns the storage, weakly), \
                and a helper the class owns keeps counting as owned when some code sets it to `nil`, or \
                when it arrives through an `init` parameter whose default value creates it. An \
                `@IBOutlet` is left alone: what it points to is decided in a nib or storyboard, which \
                Lifeguard does not read (often a helper object the scene creates and the outlet owns). A line \
                SwiftLint's `weak_delegate` is suppressed on is suppressed for this rule too.
                """,
            whyIsThisBad: """
                The delegate pattern points up the ownership tree: a view controller owns a view (or a \
                child, or a helper) and sets itself as that object's delegate. If the delegate reference \
                is strong, owner and owned keep each other alive — a retain cycle that leaks both, along \
                with everything they hold. UIKit's own `delegate` and `dataSource` properties are `weak` \
                for this reason.
                """,
            example: """
                protocol PlayerViewDelegate: AnyObject {
                    func playerDidFinish()
                }

                final class PlayerView: UIView {
                    var delegate: PlayerViewDelegate?
                }
                """,
            useInstead: """
                protocol PlayerViewDelegate: AnyObject {
                    func playerDidFinish()
                }

                final class PlayerView: UIView {
                    weak var delegate: PlayerViewDelegate?
                }
                """,
            knownLimitations: """
                Opt-in. On five open-source apps that were never used to tune it, 3 of 7 findings were \
                real cycles; the rest were delegates that create the holder as a local and present or push \
                it, so UIKit, not the delegate, owns it (a relation the run would have to follow through \
                every creator of the holder to rule out). Enable it with `opt_in_rules: [strong_delegate]`. \
                A protocol that is neither declared in the run nor in the catalog is unknown, and its \
                delegates are not reported (third-party SDK protocols included). An `init` parameter \
                with a creating default counts as creating, whatever the callers pass. A throwaway \
                object that keeps a delegate only to hand it on (a builder nothing stores) is still \
                reported, since the run cannot tell it from an object its owner keeps; a strong \
                reference that is deliberate (an object that must outlive its owner) needs a suppression \
                comment saying why.
                """,
            fix: """
                Adds `weak` before `var`, keeping attributes and modifiers in place (`private(set) \
                weak var`), where `weak` certainly compiles and cannot free an object that only this \
                property keeps: an optional `var` (`T?`, `T!`) declaring one name, not `lazy`, with no \
                property wrapper, no initial value but `nil`, and no new object (`X()`) stored into it \
                anywhere in the run (nor into a property of that name on a receiver of unknown \
                type), whose type is a class-bound protocol of the run, a controller or view, or a \
                delegate protocol of Apple's frameworks. No fix \
                for a `let`, a non-optional type, a protocol Lifeguard only assumes is class-bound, \
                an `override` (the storage belongs to the superclass) or an `@IBOutlet` (it may be \
                the only owner of an object in its nib).
                """),
        triggeringExamples: [
            RuleExample("""
                protocol PlayerViewDelegate: AnyObject { func playerDidFinish() }
                protocol ScrubberDataSource: AnyObject {}
                final class PlayerView: UIView {
                    ↓var delegate: PlayerViewDelegate?
                    ↓private(set) var scrubberDataSource: (any ScrubberDataSource)!
                    ↓let tableDelegate: UITableViewDelegate
                }
                """),
            RuleExample("""
                final class Uploader {
                    ↓var delegate: UploaderDelegate?
                }
                """, supportingFiles: ["protocol UploaderDelegate: NSObjectProtocol {}"]),
            RuleExample("""
                final class MapScreen: UIViewController {
                    ↓var mapDelegate: MKMapViewDelegate?
                    ↓var navigationDelegate: WKNavigationDelegate?
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                protocol PlayerViewDelegate: AnyObject { func playerDidFinish() }
                protocol Formatting { func format(_ value: Int) -> String }
                final class PlayerView: UIView {
                    weak var delegate: PlayerViewDelegate?
                    unowned let dataSource: PlayerDataSource
                    var formatterDelegate: Formatting?
                    var onFinishDelegate: (() -> Void)?
                    var delegateProxy: PlayerViewDelegate { delegate! }
                }
                struct Settings { let delegate: SettingsDelegate }
                """),
            RuleExample("""
                final class SheetController: UIViewController {
                    var sheetTransitionDelegate: UIViewControllerTransitioningDelegate? {
                        didSet { transitioningDelegate = sheetTransitionDelegate }
                    }
                }
                final class FindProxy: NSObject {
                    private var originalDelegate: AnyObject?
                    private var photoDataSource: PhotoDataSource?
                    func show(_ photo: Photo) {
                        let source = PhotoDataSource(photo: photo)
                        photoDataSource = source
                    }
                }
                """),
            RuleExample("""
                final class ChartCard: UIView {
                    var chartDataSource: ChartDataSource?
                    var sdkDelegate: VendorSDKDelegate?
                }
                """),
            RuleExample("""
                final class SearchField: UITextField {
                    override var delegate: UITextFieldDelegate? {
                        didSet { installForwarding() }
                    }
                }
                """),
            RuleExample("""
                protocol LoaderDelegate: AnyObject {}
                final class Loader: LoaderDelegate {}
                final class Screen {
                    var loaderDelegate: LoaderDelegate?
                    init(loaderDelegate: LoaderDelegate = Loader()) {
                        self.loaderDelegate = loaderDelegate
                    }
                    func tearDown() { loaderDelegate = nil }
                }
                """),
        ],
        isOptIn: true,
        indexesAssignments: true)

    public func check(_ context: RuleContext) {
        let model = context.model
        let outline = context.outline
        var creatingDefaults = CreatingDefaults()
        for (position, variable) in outline.variables.enumerated() where Self.isCandidate(variable, in: context.tree) {
            guard let role = model.enclosingRole(of: variable.nodeID), role.isReferenceType,
                  let annotation = variable.typeAnnotation, let written = TypeNames.annotated(context.tree, annotation)
            else { continue }
            let type = model.typeKey(written, at: variable.nodeID)
            guard !context.index.isFunctionAlias(written, from: role.key), holdsStrongly(type, context: context),
                  !isOwnedHelper(VariableID(position), typeKey: role.key, creatingDefaults: &creatingDefaults, context: context)
            else { continue }
            var spelled = context.tree.compactText(ofTokens: annotation)
            if !spelled.hasSuffix("?") && !spelled.hasSuffix("!") {
                spelled = spelled.contains(" ") || spelled.contains("&") ? "(\(spelled))?" : spelled + "?"
            }
            // Keep the attributes and modifiers as written (`@IBOutlet`, `private(set)`).
            let binding = context.tree.previousSignificant(before: variable.nameToken) ?? variable.declarationStart
            let modifiers = binding > variable.declarationStart
                ? context.tree.compactText(ofTokens: variable.declarationStart..<binding) : ""
            let prefix = modifiers.isEmpty ? "" : modifiers + " "
            context.report(tokens: variable.declarationStart..<(variable.nameToken + 1), node: variable.nodeID,
                           message: Self.message(name: context.tree.name(of: variable), declaration: "\(prefix)weak var \(context.tree.name(of: variable)): \(spelled)",
                                                 isLet: variable.isLet),
                           fix: weakFix(variable, typeKey: type, context: context))
        }
    }

    /// A delegate object this class creates for itself (a transition animator, a table's data
    /// source): every value the property is ever given is a new object, so the property owns it
    /// and nothing points back. Assignments from outside the type count when the receiver is
    /// known to be this type, or (receiver unknown) for names UIKit's own objects do not share.
    /// Setting it to `nil` releases the helper and does not make it someone else's; a value that
    /// arrives through an `init` parameter whose default creates it counts as created. Read from
    /// the run's tallies of the name (`ProjectIndex.assignmentTallies(of:)`).
    func isOwnedHelper(_ variable: VariableID, typeKey: String, creatingDefaults: inout CreatingDefaults,
                       context: RuleContext) -> Bool {
        let declaration = context.outline[variable]
        let name = context.tree.name(of: declaration)
        let distinctive = name != "delegate" && name != "dataSource"
        let tallies = context.index.assignmentTallies(of: name)
        // `chartView.dataSource = self` counts when `chartView` is one of ours; an unresolved
        // receiver counts only for names UIKit does not also use.
        var given = (tallies.ownByType[typeKey] ?? .init()) + (tallies.receivedByBase[typeKey] ?? .init())
        if distinctive { given = given + tallies.unresolved }
        var values = given.values
        var creations = given.creations
        // `self.helper = helper` in an `init(helper: Helper = Helper())` of this file: one value
        // that is not known to be new counts as created.
        if given.others > 0, creatingDefaults.contains(name, context: context) { creations += 1 }
        if let initializer = declaration.initializer {
            // `lazy var helper: Helper = { ... }()` builds its object too.
            let tokens = context.tree.significantTokens(in: initializer)
            let isBuilder = tokens.first.map { context.tree.tokens[$0].kind == .leftBrace } ?? false
            if context.model.isNilLiteral(initializer) {
                // `= nil` is no value at all.
            } else {
                values += 1
                if isBuilder || TypeNames.initialized(context.tree, initializer) != nil { creations += 1 }
            }
        }
        return values > 0 && creations == values
    }

    /// The properties this file sets from an `init` parameter whose default creates an object
    /// (`init(loader: Loader = Loader()) { self.loader = loader }`), found with one reading of the
    /// file's assignments the first time a property asks (each asking read them all).
    struct CreatingDefaults {
        private var names: Set<String>?

        mutating func contains(_ name: String, context: RuleContext) -> Bool {
            if names == nil { names = Self.names(context) }
            return names!.contains(name)
        }

        private static func names(_ context: RuleContext) -> Set<String> {
            var result = Set<String>()
            for assignment in context.outline.assignments {
                guard let lhs = ExpressionChain(context.tree, tokens: assignment.lhs), let name = lhs.lastName, lhs.names.count == 1,
                      let rhs = ExpressionChain(context.tree, tokens: assignment.rhs), rhs.links.count == 1,
                      case .parameter(let function, let index)? = StrongDelegateRule.rhsBinding(rhs, context: context),
                      context.outline[function].kind == .initializer else { continue }
                let parameter = context.outline.parameters[context.outline[function].parameters.lowerBound + index]
                guard let value = parameter.defaultValue, TypeNames.initialized(context.tree, value) != nil else { continue }
                result.insert(name)
            }
            return result
        }
    }

    static func rhsBinding(_ chain: ExpressionChain, context: RuleContext) -> Binding? {
        guard case .name(let name)? = chain.links.first else { return nil }
        return context.model.binding(of: name, at: TokenID(chain.linkTokens[0]))
    }

    static func isDelegateName(_ name: String) -> Bool {
        guard name == "delegate" || name == "dataSource" || name.hasSuffix("Delegate") || name.hasSuffix("DataSource")
        else { return false }
        // A delegate saved to be restored later is someone else's, not an owner of this object.
        return !Self.savedDelegatePrefixes.contains { name.hasPrefix($0) }
    }

    static let savedDelegatePrefixes = ["original", "previous", "saved", "old"]

    /// UIKit protocols whose objects are owned helpers by design: UIKit holds them weakly and
    /// expects the presented controller to keep them alive.
    static let ownedHelperProtocols: Set<String> = ["UIViewControllerTransitioningDelegate"]

    /// Whether a property of this type points back at an owner: a protocol known to be
    /// class-bound (declared in the run, or in the catalog of Apple's delegate protocols), or a
    /// view controller or view (a strong back-reference). Other concrete classes named
    /// `...Delegate`/`...DataSource` (diffable data sources, helper objects) are owned, not
    /// owners; a name the run cannot resolve is unknown and not reported.
    func holdsStrongly(_ type: String, context: RuleContext) -> Bool {
        let index = context.index
        if Self.ownedHelperProtocols.contains(type) { return false }
        if let bound = index.isClassBoundProtocol(type) { return bound }
        return index.isController(type) || index.isView(type)
    }

    /// `weak` before `var`, attributes and modifiers left where they are (`private(set) weak
    /// var`). Only where `weak` certainly compiles and cannot free an object the property alone
    /// keeps: an optional `var` (`T?`, `T!`, `(any T)?`) of one name, not `lazy`, not an
    /// `override` (the storage is the superclass's), not an `@IBOutlet` (it may be the only owner
    /// of an object in its nib), with no property wrapper, no initial value but `nil`, and no
    /// new object ever stored into it in the run; and whose type is proven
    /// to be a class or class-bound: a protocol of the run that is, a controller or view, or a
    /// delegate protocol of Apple's frameworks (Objective-C protocols are class-bound).
    func weakFix(_ variable: VariableDeclaration, typeKey: String, context: RuleContext) -> Fix? {
        let tree = context.tree
        let index = context.index
        guard !variable.isLet, tree.tokens[variable.keywordToken].isKeyword(.var), !variable.modifiers.contains(.lazy),
              !variable.modifiers.contains(.override),
              !mayBeGivenNewObject(variable, context: context),
              context.outline.attributeNames[variable.attributes].allSatisfy(Self.attributesAllowedWithWeak.contains),
              let annotation = variable.typeAnnotation, let last = tree.significantTokens(in: annotation).last,
              tree.token(last, is: "?") || tree.token(last, is: "!"),
              !tree.significantTokens(in: annotation).contains(where: { tree.token($0, is: "&") }),
              variable.initializer.map({ tree.significantTokens(in: $0).map { tree.tokens[$0].isKeyword(.nil) } == [true] }) ?? true,
              !context.outline.variables.contains(where: { $0.keywordToken == variable.keywordToken && $0.node != variable.node })
        else { return nil }
        let isFrameworkProtocol = index.declaredKinds(of: typeKey).isEmpty && !index.isClass(typeKey)
            && Self.appleFrameworkPrefixes.contains { ProjectIndex.simpleName(typeKey).hasPrefix($0) }
        guard index.isClassBoundProtocol(typeKey) == true || index.isController(typeKey) || index.isView(typeKey)
            || isFrameworkProtocol else { return nil }
        return context.fixes.fix("declare `\(context.tree.name(of: variable))` `weak`", [context.fixes.insert("weak ", before: variable.keywordToken)])
    }

    /// Whether the run may store a new object (`X()`) into this property: in the code of its
    /// type or a subclass, or through a receiver of such a type, or of a type not known.
    func mayBeGivenNewObject(_ variable: VariableDeclaration, context: RuleContext) -> Bool {
        guard let owner = context.model.enclosingRole(of: variable.nodeID)?.key else { return true }
        let tallies = context.index.assignmentTallies(of: context.tree.name(of: variable))
        let creating: [ProjectIndex.AssignmentTally?] = [
            tallies.ownByType[nil], tallies.ownByType[owner], tallies.ownByBase[owner],
            tallies.receivedByType[owner], tallies.receivedByBase[owner], tallies.unresolved,
        ]
        return creating.contains { ($0?.creations ?? 0) > 0 }
    }

    static let attributesAllowedWithWeak: Set<String> = ["objc", "nonobjc", "available", "MainActor"]

    /// Prefixes of Apple's Objective-C frameworks, whose delegate protocols are all `@objc`.
    static let appleFrameworkPrefixes = [
        "UI", "NS", "WK", "MK", "CL", "AV", "SK", "PH", "CN", "EK", "MF", "GK", "QL", "SF", "AS", "CB", "CA", "MC",
        "PK", "UN", "WC", "AR", "SCN", "CX", "PDF", "NFC", "MTK", "GLK", "INUI", "ASWeb",
    ]

    static func message(name: String, declaration: String, isLet: Bool) -> String {
        "`\(name)` is a strong reference, but a delegate usually owns the object that holds it: a retain cycle; "
            + "declare it `\(declaration)`" + (isLet ? " (or `unowned let`)" : "")
    }
}
