import Foundation

/// Which child each lesson handed out or resumed since start-up belongs to, before anything of it is
/// stored. A lesson's row is written with its first draft or record, seconds into the letter (its
/// watching and dot phases store nothing until they end); until then only this says whose it is, so
/// that another child's page cannot resume it and file its own attempts under it (a lesson is
/// deleted with its child, and would take the other child's records along). In memory: after a
/// restart, the first child to resume a lesson with nothing stored claims it.
final class LessonClaims: @unchecked Sendable {
    /// The most recent claims kept; older lessons have long been stored (or never will be).
    static let capacity = 50_000

    private let lock = NSLock()
    private var owners: [String: String] = [:]
    private var order: [String] = []
    private var oldest = 0

    /// The child that claimed `lessonID`, if one did (and the claim is still kept).
    func owner(of lessonID: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return owners[lessonID]
    }

    /// Claims `lessonID` for `childID`, unless another child holds it: true when the lesson is (now)
    /// this child's.
    func claim(_ lessonID: String, for childID: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let owner = owners[lessonID] { return owner == childID }
        owners[lessonID] = childID
        if order.count < Self.capacity {
            order.append(lessonID)
        } else {
            owners[order[oldest]] = nil
            order[oldest] = lessonID
            oldest = (oldest + 1) % Self.capacity
        }
        return true
    }
}
