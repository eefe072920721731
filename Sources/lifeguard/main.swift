#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import LifeguardKit

// Reports land on stdout in one write, and a closed pipe (`lifeguard | head`) must end the
// run quietly rather than kill it with SIGPIPE half-way through writing a file.
signal(SIGPIPE, SIG_IGN)
// A crash names the file being analyzed and exits with status 3, instead of dying silently.
CrashGuard.install()
let status = Tool(environment: ProcessInfo.processInfo.environment).run(Array(CommandLine.arguments.dropFirst()))
exit(status)
