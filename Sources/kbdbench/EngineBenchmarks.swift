func engineBenchmarks() -> [Benchmark] { [] }
