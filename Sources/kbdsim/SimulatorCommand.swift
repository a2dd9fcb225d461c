/// `kbdsim [--layout ID] …` (filled in by the simulator work).
enum SimulatorCommand {
    static func run(_ arguments: [String]) -> Int32 { 64 }
}
