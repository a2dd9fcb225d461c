/// The simulator is one host of the session among others: the physical-key maps it draws
/// hints from and the `PhysicalLayout` it takes (`--physical`) come from the host layer, which
/// users of `KeyboardSimulator` get with it.
@_exported import KeyboardHost
