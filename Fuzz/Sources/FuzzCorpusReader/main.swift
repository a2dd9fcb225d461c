import FuzzChecks

// libFuzzer entry point: see FuzzChecks.corpusReader for what is checked.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCorpusReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let problems = FuzzChecks.corpusReader(Array(UnsafeBufferPointer(start: data, count: size)))
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
    return 0
}
