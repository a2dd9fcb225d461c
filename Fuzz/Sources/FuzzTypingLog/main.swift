import FuzzChecks

// libFuzzer entry point: see FuzzChecks.typingLog for what is checked.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypingLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let problems = FuzzChecks.typingLog(Array(UnsafeBufferPointer(start: data, count: size)))
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
    return 0
}
