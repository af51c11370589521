import FederCore
import FederStore
import Foundation
import Logging

/// A write that failed. It is kept and tried again, oldest first, before the connection stores
/// anything else (at each pen-up, each new letter and when the connection closes), so a disk that
/// was full or a database that was read-only for a while costs no record once it is back.
enum PendingWrite: Sendable {
    case record(PhaseRecordRow, resumed: Bool)
    case letter(LetterSessionRow)
    case paper(PaperRatingWrite)

    var childID: String? {
        switch self {
        case .record(let row, _): return row.childID
        case .letter(let row): return row.childID
        case .paper(let rating): return rating.childID
        }
    }

    var describing: String {
        switch self {
        case .record(let row, _): return "record \(row.lessonID)/\(row.phase)/\(row.attempt)"
        case .letter(let row): return "letter session \(row.lessonID)"
        case .paper(let rating): return "paper rating \(rating.lessonID)"
        }
    }
}

// Storage failures: each one logged with the child and lesson, answered with `storage_failed`,
// and what it could not write kept for another try.
extension SessionConnection {
    /// The most writes kept for another try; beyond it the oldest is given up (and logged in full).
    static let pendingWriteLimit = 256

    /// Logs a storage failure and makes the page's `storage_failed` error.
    func storageFailed(_ what: String, _ error: any Error, re id: RequestID?, metadata: Logger.Metadata = [:]) -> ServerMessage {
        logger.error("\(what)", metadata: logMetadata(metadata.merging(["code": "\(ProtocolError.Code.storageFailed.rawValue)",
                                                                         "error": "\(error)"]) { $1 }))
        return .error(re: id, ProtocolError(.storageFailed, "\(what): \(error)"))
    }

    /// The child and lesson of this connection, for every log line about it (`extra` may name
    /// another child, as a `hello` whose child could not be loaded does).
    func logMetadata(_ extra: Logger.Metadata = [:]) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["child": "\(child?.id ?? "-")", "lesson": "\(lesson?.id ?? "-")"]
        metadata.merge(extra) { $1 }
        return metadata
    }

    /// Keeps a write that failed for another try.
    mutating func keepForRetry(_ write: PendingWrite) {
        pendingWrites.append(write)
        if pendingWrites.count > Self.pendingWriteLimit {
            let lost = pendingWrites.removeFirst()
            logger.critical("a write that kept failing is given up", metadata: logMetadata(["write": "\(lost.describing)",
                                                                                            "content": "\(Self.json(lost))"]))
        }
    }

    /// A write failed. It is kept for another try — unless an adult deleted its child meanwhile:
    /// then it and everything else waiting for that child is dropped (`forgetWrites`), and the
    /// page is told `child_deleted` instead of `storage_failed`. Returns the error to send.
    mutating func failedWrite(_ write: PendingWrite, _ what: String, _ error: any Error, re id: RequestID?) async -> ServerMessage {
        if let childID = write.childID, await store.isDeleted(childID: childID) {
            forgetWrites(of: childID)
            return Self.childDeleted(re: id)
        }
        keepForRetry(write)
        return storageFailed(what, error, re: id)
    }

    static func childDeleted(re id: RequestID?) -> ServerMessage {
        .error(re: id, ProtocolError(.childDeleted, "an adult deleted this child: choose who is writing"))
    }

    /// Whether the child writing here was deleted; if so the connection forgets it (and what waits
    /// for it) and writes as nobody from now on.
    mutating func writerWasDeleted() async -> Bool {
        guard let id = child?.id, await store.isDeleted(childID: id) else { return false }
        forgetWrites(of: id)
        return true
    }

    /// An adult deleted the child: what still waits to be written about it is dropped — neither
    /// stored (it would fail for ever and hold back every later write) nor logged in full. When it
    /// is the child writing here, its letter in flight ends unstored (its hand is the deleted
    /// child's, whoever it would be filed under) and the connection writes as nobody from now on.
    mutating func forgetWrites(of childID: String) {
        if child?.id == childID {
            logger.notice("the child was deleted while it was writing", metadata: logMetadata())
            child = nil
            unsavedLearnerChanges = []
            lesson = nil
            paperDue = nil
        }
        let before = pendingWrites.count
        pendingWrites.removeAll { $0.childID == childID }
        if pendingWrites.count < before {
            logger.notice("writes waiting for a deleted child are dropped",
                          metadata: logMetadata(["deleted": "\(childID)", "dropped": "\(before - pendingWrites.count)"]))
        }
    }

    /// Tries the kept writes in order and stops at the first that fails again. Returns true when
    /// none is left.
    @discardableResult
    mutating func retryPendingWrites() async -> Bool {
        while let write = pendingWrites.first {
            do {
                switch write {
                case .record(let row, let resumed): _ = resumed ? try await store.saveResumed(row) : try await store.save(row)
                case .letter(let row): try await store.recordLetter(row)
                case .paper(let rating): try await store.addPaperRating(rating)
                }
            } catch {
                // Its child deleted meanwhile: dropped, so it holds back nobody's later writes.
                if let childID = write.childID, await store.isDeleted(childID: childID) {
                    forgetWrites(of: childID)
                    continue
                }
                logger.warning("a kept write failed again", metadata: logMetadata(["write": "\(write.describing)",
                                                                                   "waiting": "\(pendingWrites.count)",
                                                                                   "error": "\(error)"]))
                return false
            }
            pendingWrites.removeFirst()
            logger.notice("a kept write is stored", metadata: logMetadata(["write": "\(write.describing)"]))
        }
        return true
    }

    /// The connection is closing with writes that still fail: they are logged in full, the last
    /// place they can be kept — except those of a child an adult deleted, which are dropped.
    mutating func logUnstoredWrites() async {
        for childID in Set(pendingWrites.compactMap(\.childID)) where await store.isDeleted(childID: childID) {
            forgetWrites(of: childID)
        }
        for write in pendingWrites {
            logger.critical("a write could not be stored before the connection closed",
                            metadata: logMetadata(["write": "\(write.describing)", "content": "\(Self.json(write))"]))
        }
    }

    /// The finished strokes of the attempt in progress that no draft holds, logged in full: the
    /// connection is closing and the store still fails.
    func logUndraftedStrokes() {
        guard let lesson, let ink = lesson.machine.inkInProgress else { return }
        let finished = lesson.finishedStrokes
        guard finished > lesson.draftedStrokes else { return }
        let strokes = Array(ink.strokes[lesson.draftedStrokes..<finished])
        let content = (try? JSONEncoder().encode(strokes)).map { String(decoding: $0, as: UTF8.self) } ?? "(not encodable)"
        logger.critical("strokes could not be kept as drafts before the connection closed",
                        metadata: logMetadata(["phase": "\(lesson.machine.phase?.rawValue ?? "-")",
                                               "attempt": "\(lesson.machine.currentAttempt)",
                                               "firstStroke": "\(lesson.draftedStrokes)", "content": "\(content)"]))
    }

    private static func json(_ write: PendingWrite) -> String {
        let encoder = JSONEncoder()
        let data: Data?
        switch write {
        case .record(let row, _): data = try? encoder.encode(row)
        case .letter(let row): data = try? encoder.encode(row)
        case .paper(let rating): data = try? encoder.encode(rating)
        }
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "(not encodable)"
    }
}

/// The store failed on an earlier write and still does; this write waits behind it.
struct StorageStillFailing: Error, CustomStringConvertible {
    var description: String { "the store still fails; the write is kept and tried again" }
}
