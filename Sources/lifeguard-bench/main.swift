// lifeguard-bench COMMAND [ARGUMENTS]
//
//   run [--all-rules|--no-rules|--rules ID,ID] [--runs N] [--huge-pages] PATH ...
//                                          a CLI-shaped run (default rules unless told): per-phase
//                                          times, CPU, page faults and peak RSS
//   index [--runs N] PATH ...             the project index alone, built N times from one set of
//                                          per-file facts (IndexBench.swift)
//   scaling [--max N] [--repeat R] [--check GROWTH] [SHAPE ...]
//                                          generated inputs at 1k..16k: time per token by size;
//                                          --check exits 1 when a shape's grows past GROWTH (CI)
//   throughput [DIRECTORY ...]             front-end and in-memory lint throughput
//   frontend-scaling                       tokenizer / outline / lint per token, 1k..16k (FrontEndScaling.swift)
//   frontend-cpu DIRECTORY ...             front-end MB/s per core by CPU time (FrontEndScaling.swift)
//
// Without a command it runs `throughput`, as it always has.

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first
switch command {
case "run":
    runBench(Array(arguments.dropFirst()))
case "index":
    indexBench(Array(arguments.dropFirst()))
case "scaling":
    scalingBench(Array(arguments.dropFirst()))
case "frontend-scaling":
    FrontEndScaling.scaling()
case "frontend-cpu":
    for directory in arguments.dropFirst() { FrontEndScaling.frontEndCPU(directory) }
case "throughput":
    throughput(Array(arguments.dropFirst()))
default:
    throughput(arguments)
}
