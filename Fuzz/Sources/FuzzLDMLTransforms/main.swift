import FuzzChecks

// libFuzzer entry point: see FuzzChecks.ldmlTransforms for what is checked.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLDMLTransforms(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let problems = FuzzChecks.ldmlTransforms(Array(UnsafeBufferPointer(start: data, count: size)))
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
    return 0
}
