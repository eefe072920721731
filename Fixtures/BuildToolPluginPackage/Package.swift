// swift-tools-version:6.1
// A package that lints its targets with Lifeguard's build-tool plugin on every `swift build`;
// CI builds it and looks for the findings in the build log.
import PackageDescription

let package = Package(
    name: "BuildToolPluginFixture",
    dependencies: [.package(name: "Lifeguard", path: "../..")],
    targets: [
        // Its finding is a warning (the package's .lifeguard.yml lowers it): the build succeeds.
        .target(name: "Screens", plugins: [.plugin(name: "LifeguardBuildToolPlugin", package: "Lifeguard")]),
        // Its finding is an error: the build fails.
        .target(name: "Broken", plugins: [.plugin(name: "LifeguardBuildToolPlugin", package: "Lifeguard")]),
    ]
)
