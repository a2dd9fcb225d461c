import Foundation
import LayoutEngine

/// The planner's workspaces of one evaluator, handed on from one measured chunk to the next.
///
/// A workspace holds the search's buffers and its `EpisodeCache`: the detours already
/// searched. `compare` measures a corpus chunk by chunk, and a workspace made for each
/// chunk would search every detour of the chunk again the first time it comes. Handed on,
/// the workspace remembers what the chunks before taught it; the plans are the same either
/// way (a remembered episode is the search's own answer).
final class PlanningWorkspacePool: @unchecked Sendable {
    private let planner: KeystrokePlanner
    private let lock = NSLock()
    private var spare: [PlanningWorkspace] = []
    /// The most workspaces kept (more than the chunks of one layout measured at once).
    let limit: Int

    /// A pool of workspaces for `planner`.
    init(_ planner: KeystrokePlanner, limit: Int = 16) {
        self.planner = planner
        self.limit = limit
    }

    /// A workspace: one given back before, or new.
    func take() -> PlanningWorkspace {
        lock.lock()
        let kept = spare.popLast()
        lock.unlock()
        return kept ?? PlanningWorkspace(planner)
    }

    /// Keeps `workspace` for the next `take`, unless `limit` are kept already.
    func giveBack(_ workspace: consuming PlanningWorkspace) {
        lock.lock()
        defer { lock.unlock() }
        if spare.count < limit { spare.append(workspace) }
    }

    /// How many workspaces are kept (for tests).
    var spareCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return spare.count
    }
}
