import LayoutEngine

/// `--geometry portrait|landscape|tablet|WxP`, as the simulator and compare read it: a named
/// device, or a keyboard width and row pitch in millimetres.
enum GeometryOption {
    /// `--geometry`, declared for a command; `help` explains it there.
    static func declaration(placeholder: String, help: String) -> OptionDeclaration {
        OptionDeclaration("--geometry", .value, placeholder: placeholder, help: help)
    }

    /// The geometry `value` names.
    /// - Throws: `UsageError` that says what is wrong with a size, or suggests the nearest name.
    static func parse(_ value: String) throws(UsageError) -> DeviceGeometry {
        if let geometry = DeviceGeometry(value) { return geometry }
        if let problem = DeviceGeometry.sizeProblem(value) {
            throw UsageError("invalid value '\(value)' for '--geometry': \(problem)")
        }
        throw UsageError(
            "invalid value '\(value)' for '--geometry'\(UsageError.suggestion(value, in: DeviceGeometry.names)) "
                + "(expected portrait, landscape, tablet or WIDTHxPITCH in mm)")
    }
}
