import FederCore
import FederStore
import Foundation
import Hummingbird

/// The research JSON API under `/api/v1/research`: the study switch, enrolment with consent, arm
/// overrides, paper-transfer ratings, the dashboard's figures and the export download. The
/// dashboard and the download read the same store queries as `feder export`.
///
/// Adult area only: `AdultOnlyMiddleware` answers 401 to these without an adult session. Research
/// data needs the parent PIN besides (`ResearchNeedsPIN`): without one set, 403 `pin_required`.
struct ResearchRoutes: Sendable {
    let services: FederServices
    let keeper: GateKeeper

    var research: ResearchStore { ResearchStore(database: services.database) }

    func register(on router: Router<FederRequestContext>) {
        let api = router.group("api/v1/research").add(middleware: ResearchNeedsPIN(keeper: keeper))
        api.get("study") { _, _ -> StudyState in try await self.studyState() }
        api.put("study") { request, context -> StudyState in
            let body = try await request.decodeForAdults(as: StudySwitch.self, context: context)
            try await research.setStudy(active: body.active, now: services.clock.wall())
            return try await self.studyState()
        }
        api.get("children") { request, _ -> [ChildSummary] in
            // The export's filter (`studyOnly`, `child`; `since` is checked and, as for the
            // export's children, cuts nothing): the list and the export name the same children.
            let filter = try await self.filter(request)
            return try await services.database.writer.read { db in
                var out: [ChildSummary] = []
                try ResearchQueries.children(db, filter) { out.append(ChildSummary($0)) }
                return out
            }
        }
        api.post("enrolments") { request, context -> ChildSummary in
            let body = try await request.decodeForAdults(as: Enrolment.self, context: context)
            try await Self.answer { try await research.enrol(childID: body.childID, consentDate: body.consentDate,
                                                               consentBy: body.consentBy, consentReference: body.consentReference,
                                                               now: services.clock.wall()) }
            return try await self.child(body.childID)
        }
        api.delete("enrolments/:child") { _, context -> ChildSummary in
            let child = try context.parameters.require("child")
            try await Self.answer { try await research.withdraw(childID: child, now: services.clock.wall()) }
            return try await self.child(child)
        }
        api.post("overrides") { request, context -> ChildSummary in
            let body = try await request.decodeForAdults(as: Override.self, context: context)
            try await Self.answer { try await research.overrideArm(childID: body.childID, to: body.arm, by: body.changedBy,
                                                                     reason: body.reason, now: services.clock.wall()) }
            return try await self.child(body.childID)
        }
        api.post("paper-ratings") { request, context -> RatingCreated in
            let body = try await request.decodeForAdults(as: PaperRating.self, context: context)
            guard let face = PaperFace(rawValue: body.face) else { throw HTTPError(.badRequest, message: "face: 1, 2 oder 3 (noch nicht, fast, sicher)") }
            guard ["child", "adult"].contains(body.ratedBy) else { throw HTTPError(.badRequest, message: "ratedBy: child oder adult") }
            // A rating of a letter Feder does not teach would be exported as data.
            let script = body.script ?? "druck"
            guard (try? services.library.glyph(body.glyph, script: script, variant: nil)) != nil else {
                throw HTTPError(.badRequest, message: "glyph und script: ein Buchstabe einer Schrift von Feder")
            }
            let id = try await Self.answer {
                try await research.addPaperRating(childID: body.childID, lessonID: body.lessonID, script: script,
                                                  glyph: body.glyph, face: face, ratedBy: body.ratedBy, note: body.note,
                                                  now: services.clock.wall())
            }
            return RatingCreated(ratingID: id)
        }
        api.get("dashboard") { request, _ -> ResearchDashboard in
            let filter = try await self.filter(request)
            return try await services.database.writer.read { db in try ResearchQueries.dashboard(db, filter) }
        }
        api.get("export.tar") { request, _ -> Response in
            let format = try request.uri.queryParameters.get("format").map {
                guard let f = ExportFormat(rawValue: $0) else { throw HTTPError(.badRequest, message: "format: csv, tsv oder json") }
                return f
            } ?? .csv
            let options = ResearchExport.Options(format: format, filter: try await self.filter(request),
                                                 samples: try QueryValues.flag(request, "samples"))
            return try await self.download(options)
        }
    }

    // MARK: - Handlers

    private func studyState() async throws -> StudyState {
        try await services.database.writer.read { db in
            var enrolled = 0
            try ResearchQueries.children(db, ExportFilter()) { if $0.enrolled { enrolled += 1 } }
            return StudyState(active: try ResearchStore.isActive(db), enrolled: enrolled)
        }
    }

    private func child(_ id: String) async throws -> ChildSummary {
        let found = try await services.database.writer.read { db in
            var out: ChildSummary?
            try ResearchQueries.children(db, ExportFilter(childID: id)) { out = ChildSummary($0) }
            return out
        }
        guard let found else { throw HTTPError(.notFound, message: "no child \(id)") }
        return found
    }

    /// Writes the export into a temporary directory and sends it as one tar archive, file by file in
    /// chunks; the directory is removed when the response is done.
    private func download(_ options: ResearchExport.Options) async throws -> Response {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feder-export-\(UUID())", isDirectory: true)
        let summary: ResearchExport.Summary
        do {
            summary = try await ResearchExport.write(from: services.database, to: directory, options: options)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let files = summary.files.map { directory.appendingPathComponent($0) }
        var headers = HTTPFields()
        headers[.contentType] = "application/x-tar"
        headers[.contentDisposition] = "attachment; filename=\"feder-export.tar\""
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { try? FileManager.default.removeItem(at: directory) }
            try await TarArchive.write(files: files, prefix: "feder-export") { chunk in
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        })
    }

    func filter(_ request: Request) async throws -> ExportFilter {
        var filter = ExportFilter(childID: try QueryValues.child(request), studyOnly: try QueryValues.flag(request, "studyOnly"))
        if let since = request.uri.queryParameters.get("since") {
            guard let date = ExportDates.parse(since) else { throw HTTPError(.badRequest, message: "since: ein Datum (JJJJ-MM-TT) oder ein Zeitpunkt nach ISO 8601") }
            filter.since = date
        }
        // A mistyped or deleted child's id would give empty tables that look like a child who never
        // wrote (as `feder export --child` refuses it).
        if let child = filter.childID {
            if try await ChildStore(database: services.database).find(id: child) == nil {
                throw Self.refusal(.unknownChild(child))
            }
        }
        return filter
    }

    /// The store's typed failures become 4xx answers with their message.
    @discardableResult
    static func answer<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let failure as ResearchStore.Failure {
            throw refusal(failure)
        }
    }

    /// A refusal the research page shows as it is: in German, with a code for programs.
    static func refusal(_ failure: ResearchStore.Failure) -> AdultError {
        switch failure {
        case .unknownChild: return AdultError(.notFound, "no_child", "Dieses Kind gibt es nicht.")
        case .unknownLesson: return AdultError(.notFound, "no_lesson", "Diese Lektion gehört nicht zu diesem Kind.")
        case .studyNotActive: return AdultError(.conflict, "study_off", "Die Studie ist nicht eingeschaltet.")
        case .notEnrolled: return AdultError(.conflict, "not_enrolled", "Dieses Kind ist nicht in die Studie aufgenommen.")
        case .invalidConsentDate:
            return AdultError(.badRequest, "bad_consent_date",
                              "Das Datum der Einwilligung ist kein gültiges Datum (JJJJ-MM-TT) oder liegt in der Zukunft.")
        case .emptyField(let field):
            let label = ["changedBy": "Geändert von", "reason": "Grund"][field] ?? field
            return AdultError(.badRequest, "empty_field", "Bitte „\(label)“ ausfüllen.")
        }
    }
}

// MARK: - Bodies

struct StudyState: ResponseCodable {
    var active: Bool
    var enrolled: Int
}

struct StudySwitch: Decodable { var active: Bool }

struct Enrolment: Decodable {
    var childID: String
    var consentDate: String
    var consentBy: ConsentGiver
    var consentReference: String?
}

struct Override: Decodable {
    var childID: String
    var arm: StudyCondition
    var changedBy: String
    var reason: String
}

struct PaperRating: Decodable {
    var childID: String
    var lessonID: String?
    var script: String?
    var glyph: String
    var face: Int
    var ratedBy: String
    var note: String?
}

struct RatingCreated: ResponseCodable { var ratingID: Int64 }

struct ChildSummary: ResponseCodable {
    var childID: String
    var enrolled: Bool
    var condition: StudyCondition
    var armSource: ArmSource
    var derivedArm: StudyCondition
    var consentDate: String?
    var consentBy: ConsentGiver?
    var consentReference: String?
    var enrolledAt: Date?
    var withdrawnAt: Date?

    init(_ row: ChildRow) {
        childID = row.childID; enrolled = row.enrolled; condition = row.condition; armSource = row.armSource
        derivedArm = row.derivedArm; consentDate = row.consentDate; consentBy = row.consentBy
        consentReference = row.consentReference; enrolledAt = row.enrolledAt; withdrawnAt = row.withdrawnAt
    }
}

extension ResearchDashboard: ResponseEncodable {}
