import Foundation

/// A user's folders by the XDG Base Directory rules, as the installers (`kbdsim ibus install`,
/// `kbdsim fcitx5 install`) place per-user files: a variable that is unset or empty takes its
/// default under `$HOME`.
struct XDGFolders {
    /// The environment the folders are read from.
    let environment: [String: String]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The variable `name`, unless unset or empty.
    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// `$HOME`, else the account's home folder.
    var home: String { value("HOME") ?? NSHomeDirectory() }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    var dataHome: String { value("XDG_DATA_HOME") ?? home + "/.local/share" }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    var configHome: String { value("XDG_CONFIG_HOME") ?? home + "/.config" }
}
