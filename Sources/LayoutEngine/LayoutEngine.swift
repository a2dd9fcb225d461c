/// `LayoutEngine` is `LayoutCore` (the model, the JSON loader with its diagnostics, the
/// typing session and the Unicode tables, without Foundation) and `LayoutPlanner` (the
/// keystroke planner, on the core) plus what needs Foundation: reading and writing files, the
/// `KBD_LAYOUTS_DIR` override folder, and the session's invariant checks against Foundation's
/// normalization. `import LayoutEngine` brings all three.
@_exported import LayoutCore
@_exported import LayoutPlanner
