/// `kbdsim compare …` (filled in by the comparisons work).
enum CompareCommand {
    static func run(_ arguments: [String]) -> Int32 { 64 }
}
