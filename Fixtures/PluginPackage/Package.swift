// swift-tools-version:6.1
// A package that uses Lifeguard's command plugin; CI runs `swift package lifeguard` on it.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(name: "Lifeguard", path: "../..")],
    targets: [
        .target(name: "Screens"),
    ]
)
