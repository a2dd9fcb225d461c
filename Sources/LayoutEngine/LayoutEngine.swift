/// `LayoutEngine` is `LayoutCore` (the model, the JSON loader with its diagnostics, the
/// typing session, the planner and the Unicode tables, without Foundation) plus what needs
/// Foundation: reading and writing files, the `KBD_LAYOUTS_DIR` override folder, and the
/// session's invariant checks against Foundation's normalization. `import LayoutEngine`
/// brings both.
@_exported import LayoutCore
