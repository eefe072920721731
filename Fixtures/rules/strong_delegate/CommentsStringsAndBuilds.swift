import UIKit

/*
 The login form before the memory audit:

     var delegate: LoginFormDelegate?
     var credentialsDataSource: CredentialsDataSource!
 /* nested: let submitDelegate: LoginFormDelegate */
 still commented out: var delegate: LoginFormDelegate?
 */

protocol LoginFormDelegate: AnyObject {
    func loginFormDidSubmit(_ form: LoginFormView)
}

protocol CredentialsDataSource: AnyObject {
    func savedUsername() -> String?
}

/// A login form. Text that merely mentions a delegate declaration is not one:
/// `var delegate: LoginFormDelegate?`
final class LoginFormView: UIView {
    // var formDelegate: LoginFormDelegate?
    let hint = "var delegate: LoginFormDelegate? is a retain cycle"
    let rawHint = #"let submitDelegate: LoginFormDelegate "quoted" \(no interpolation)"#
    let help = """
        Declare it as
            var credentialsDataSource: CredentialsDataSource!
        and a retain cycle follows. \("var helpDelegate: LoginFormDelegate?")
        """
    let closing = "*/ var trapDelegate: LoginFormDelegate?"
    weak var delegate: LoginFormDelegate? /* var shadowDelegate: LoginFormDelegate? */

    #if DEBUG
    var debugDelegate: LoginFormDelegate? // expect: strong_delegate
    #else
    var releaseDataSource: CredentialsDataSource! // expect: strong_delegate
    #endif

    #if targetEnvironment(simulator)
    weak var simulatorDataSource: CredentialsDataSource?
    #elseif DEBUG
    var deviceDataSource: CredentialsDataSource? // expect: strong_delegate
    #endif

    var credentialsDataSource: CredentialsDataSource? // expect: strong_delegate
    var submitDelegate: LoginFormDelegate? /* set by the login screen */ // expect: strong_delegate
    var logLine: String { "\("delegate: LoginFormDelegate?") \(rawHint.count)" }
}

/// A struct holding the same types is a value: no cycle.
struct LoginFormConfiguration {
    var delegate: LoginFormDelegate?
    let credentialsDataSource: CredentialsDataSource
}
