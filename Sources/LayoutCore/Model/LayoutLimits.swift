/// How much one layout may hold: far past any real keyboard, so that every count fits the
/// engine's compact tables and loading and planning stay fast whatever a file says.
///
/// `Layout.init` enforces them for every source (layout files, CLDR keyboards, XKB, peers);
/// the layout file loader reports them with the place in the file first.
public enum LayoutLimits {
    /// Layers, the shift layer derived from `base` included. The planner's set-up grows with
    /// the cube of the layer count (three session states a layer): 64 layers take a moment,
    /// 240 took minutes.
    public static let layers = 64
    /// Keys over all layers: timing keeps a move for each pair of keys (2,048 keys: 32 MB).
    /// A hardware keyboard of 100 keys on 16 layers has 1,600.
    public static let keys = 2048
    /// Long-press alternates of one key (the session's tables count them in 16 bits).
    public static let alternates = 256
    /// Overrides of one accent (all accents' results are numbered in 16 bits).
    public static let overridesPerAccent = 4096

    /// What `Layout.init` finds beyond a limit, or `nil`: `layers` is the layer count with
    /// the derived shift layer, `keys` the keys of all layers.
    static func problem(
        layers: Int, keys: Int, longestAlternates: Int, mostOverrides: (accent: String, count: Int)?
    ) -> String? {
        if layers > Self.layers {
            return "the layout has \(layers) layers (the shift layer included); at most \(Self.layers)"
        }
        if keys > Self.keys { return "the layout has \(keys) keys over its layers; at most \(Self.keys)" }
        if longestAlternates > alternates {
            return "a key has \(longestAlternates) long-press alternates; at most \(alternates)"
        }
        if let (accent, count) = mostOverrides, count > overridesPerAccent {
            return "accent \(accent) has \(count) overrides; at most \(overridesPerAccent)"
        }
        return nil
    }
}
