func simulatorBenchmarks() -> [Benchmark] { [] }
