/// The screen model of the simulator (filled in by the simulator work).
