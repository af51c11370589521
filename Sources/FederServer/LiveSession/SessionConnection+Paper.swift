import FederCore
import FederStore
import Foundation

/// Paper transfer (brief §8, a research option an adult switches on per child): after a letter of
/// Schule is finished, the page asks the child to write it on paper and to rate it with three
/// faces; the face is stored as the child's paper rating of that lesson.
extension SessionConnection {
    /// The letter the child may now rate on paper.
    struct PaperDue: Sendable, Equatable {
        var lessonID: String
        var script: String
        var glyph: String
    }

    /// Whether a finished letter asks for paper transfer: the adult switched it on, the letter was
    /// completed (all its phases), and it is one letter of the child's course script (not a word).
    static func paperDue(after result: LetterResult, lessonID: String?, child: ChildRecord) -> PaperDue? {
        guard let lessonID, asksForPaper(char: result.glyph.char, script: result.glyph.script,
                                         completed: result.completed, child: child) else { return nil }
        return PaperDue(lessonID: lessonID, script: result.glyph.script, glyph: result.glyph.char)
    }

    static func asksForPaper(char: String, script: String, completed: Bool, child: ChildRecord) -> Bool {
        child.settings.paperTransfer && completed && char.count == 1 && script == child.scheduler.course.script
    }

    /// The same question for a lesson finished on an earlier connection, from its stored records:
    /// it is completed when the last phase of its condition passed.
    static func paperDue(afterStored records: [PhaseRecordRow], lessonID: String, child: ChildRecord) -> PaperDue? {
        guard let first = records.first, records.allSatisfy({ $0.glyph == first.glyph && $0.script == first.script }),
              let lastPhase = first.condition.phases.last else { return nil }
        let completed = records.contains { $0.phase == lastPhase.rawValue && $0.outcome == PhaseRecord.Outcome.passed.rawValue }
        guard asksForPaper(char: first.glyph, script: first.script, completed: completed, child: child) else { return nil }
        return PaperDue(lessonID: lessonID, script: first.script, glyph: first.glyph)
    }

    /// `paper`: the child's face for the letter it just wrote on paper. Stored once; a second face
    /// for the same letter, or one with no finished letter waiting for it, is refused. A face that
    /// names its lesson is also taken on a later connection of the same child, before any other
    /// letter begins there and while it is the child's latest lesson (a letter written since, on any
    /// tablet, lets it go unrated): the page tapped it while the connection was down and sends it
    /// after reconnecting. Sent again after a reply that was lost, the same face is answered as
    /// stored.
    mutating func ratePaper(_ face: PaperFace, lesson named: String?, re id: RequestID?) async -> [ServerMessage] {
        guard let current = child else { return [.error(re: id, ProtocolError(.noChild, "send hello with a child first"))] }
        let due: PaperDue
        if let waiting = paperDue, named == nil || named == waiting.lessonID {
            due = waiting
        } else if let named, paperDue == nil, !letterBegunSinceHello {
            do {
                if let given = try await store.childsPaperFace(lessonID: named, childID: current.id) {
                    return given == face ? [.paperStored(re: id)]
                        : [.error(re: id, ProtocolError(.noSession, "this letter already has the child's face"))]
                }
                let latest = try await store.latestLessonID(childID: current.id)
                let records = latest == named ? try await store.lessonRecords(lessonID: named, childID: current.id) : []
                guard let earlier = Self.paperDue(afterStored: records, lessonID: named, child: current) else {
                    return [.error(re: id, ProtocolError(.noSession, "that lesson is not a finished letter of this child waiting for a face"))]
                }
                due = earlier
            } catch {
                logger.error("a finished letter could not be read for its paper rating",
                             metadata: logMetadata(["lesson": "\(named)", "error": "\(error)"]))
                return [.error(re: id, ProtocolError(.storageFailed, "the letter could not be read; send the face again"))]
            }
        } else {
            return [.error(re: id, ProtocolError(.noSession, "no finished letter waits for a paper rating"))]
        }
        let rating = PaperRatingWrite(childID: current.id, lessonID: due.lessonID, script: due.script, glyph: due.glyph,
                                      face: face, ratedAt: clock.wall())
        let write = PendingWrite.paper(rating)
        paperDue = nil
        // Older writes first, as for records: the lesson's records are stored before its rating.
        guard await retryPendingWrites() else {
            return [await failedWrite(write, "the paper rating could not be stored (earlier writes still wait)", StorageStillFailing(), re: id)]
        }
        do {
            try await store.addPaperRating(rating)
            return [.paperStored(re: id)]
        } catch {
            return [await failedWrite(write, "the paper rating could not be stored", error, re: id)]
        }
    }
}

/// A child's paper rating as a live session writes it (kept for another try when the store fails).
struct PaperRatingWrite: Sendable, Encodable {
    var childID: String
    var lessonID: String
    var script: String
    var glyph: String
    var face: PaperFace
    var ratedAt: Date
}
