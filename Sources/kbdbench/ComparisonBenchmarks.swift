func comparisonBenchmarks() -> [Benchmark] { [] }
