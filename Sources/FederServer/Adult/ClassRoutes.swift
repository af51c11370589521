import FederCore
import FederStore
import Foundation
import Hummingbird

/// The class as the adults see it, under `/api/v1/children` (adult session required): every
/// profile with its settings and progress, a new child, changes, deletion, and each child's dashboard.
struct ClassRoutes: Sendable {
    let services: FederServices

    func register(on router: Router<FederRequestContext>) {
        let children = router.group("api/v1/children")
        children.get { _, _ -> [AdultChildView] in
            var views: [AdultChildView] = []
            for child in try await services.children.profiles(includeArchived: true) {
                views.append(AdultChildView(child, lastWritten: try await lastWritten(child.id)))
            }
            return views
        }
        children.post { request, context -> EditedResponse<AdultChildView> in
            let body = try await request.decodeForAdults(as: NewProfile.self, context: context)
            if let name = body.name, let problem = Nickname.germanProblem(name) { throw AdultError(.badRequest, "bad_change", problem) }
            let child = try await AdultError.refusingTakenAvatars {
                try await services.children.create(avatar: Avatar(animal: body.animal, colour: body.colour),
                                                   displayName: body.name.flatMap(Nickname.normalised), now: services.clock.wall())
            }
            return EditedResponse(status: .created, response: AdultChildView(child, lastWritten: nil))
        }
        children.get(":id") { _, context -> AdultChildView in
            let child = try await self.child(context)
            return AdultChildView(child, lastWritten: try await lastWritten(child.id))
        }
        children.patch(":id") { request, context -> AdultChildView in
            let id = try await self.child(context).id
            let change = try await request.decodeForAdults(as: ChildChange.self, context: context)
            let problems = change.problems(scripts: services.library.scriptIDs)
            guard problems.isEmpty else { throw AdultError(.badRequest, "bad_change", problems.joined(separator: " ")) }
            let now = services.clock.wall()
            let updated = try await AdultError.refusingTakenAvatars {
                try await services.children.update(id: id, now: now, { change.apply(to: &$0, now: now) })
            }
            guard let child = updated else {
                throw AdultError(.notFound, "no_child", "Dieses Kind gibt es nicht.")
            }
            context.logger.info("adult changed a child's profile", metadata: ["child": "\(id)"])
            return AdultChildView(child, lastWritten: try await lastWritten(id))
        }
        // Erasure: the profile and everything stored about the child, for good (ChildStore.delete).
        children.delete(":id") { _, context -> Response in
            let id = try await self.child(context).id
            guard let deletion = try await services.children.delete(id: id, now: services.clock.wall()) else {
                throw AdultError(.notFound, "no_child", "Dieses Kind gibt es nicht.")
            }
            context.logger.notice("adult deleted a child and all its data", metadata: ["child": "\(id)"])
            if let failure = deletion.rebuildFailure {
                context.logger.warning("the database file, written by an older version, could not be rebuilt (see error); its free space may still hold drafts deleted by that version",
                                       metadata: ["child": "\(id)", "error": "\(failure)"])
            }
            if let failure = deletion.logFailure {
                context.logger.warning("the database's log, which still holds the deleted rows, could not be emptied; it is tried again at the next deletion and when the server stops",
                                       metadata: ["child": "\(id)", "error": "\(failure)"])
            } else if !deletion.logEmptied {
                context.logger.warning("the database's log still holds the deleted rows while a reader keeps it; it is emptied at the next deletion or when the server stops",
                                       metadata: ["child": "\(id)"])
            }
            return Response(status: .noContent)
        }
        children.get(":id/dashboard") { _, context -> ChildDashboard in
            let id = try await self.child(context).id
            guard let dashboard = try await services.children.dashboard(childID: id, today: services.clock.today,
                                                                        timeZone: services.clock.timeZone) else {
                throw AdultError(.notFound, "no_child", "Dieses Kind gibt es nicht.")
            }
            return dashboard
        }
    }

    private func lastWritten(_ id: String) async throws -> CalendarDay? {
        try await services.children.lastWritten(childID: id, timeZone: services.clock.timeZone)
    }

    private func child(_ context: FederRequestContext) async throws -> ChildRecord {
        let id = try context.parameters.require("id").lowercased()
        guard UUID(uuidString: id) != nil else { throw AdultError(.badRequest, "bad_id", "Die Kennung ist keine UUID.") }
        guard let child = try await services.children.find(id: id) else {
            throw AdultError(.notFound, "no_child", "Dieses Kind gibt es nicht.")
        }
        return child
    }
}

extension ChildDashboard: ResponseEncodable {}

/// A profile as the adults see it: everything that can be set, and the course's steps for moving
/// the child's position.
struct AdultChildView: ResponseEncodable {
    var id: String
    var name: String?
    var animal: Animal
    var colour: AvatarColour
    var handedness: Handedness?
    var pointer: PointerKind?
    var script: String
    var condition: StudyCondition
    /// The phases a letter has in the child's condition (the study's control and guidedOnly arms
    /// trace only): the dashboard does not wait for phases the child never meets.
    var phases: [LessonPhase]
    var settings: ChildSettings
    var archived: Bool
    var createdAt: Date
    var onboarded: Bool
    /// Letters whose mastery reached the unlock threshold.
    var lettersLearnt: Int
    var lettersInCourse: Int
    /// The last day the child wrote anything, a letter left part-way included (`ChildStore.lastWritten`).
    var lastPracticeDay: String?
    /// The course's steps (letters introduced together) and how many are open now.
    var steps: [[String]]
    var openSteps: Int

    init(_ child: ChildRecord, lastWritten: CalendarDay?) {
        id = child.id; name = child.displayName; animal = child.animal; colour = child.colour
        handedness = child.handedness; pointer = child.pointer; script = child.script; condition = child.condition
        phases = child.condition.phases
        settings = child.settings; archived = child.archivedAt != nil; createdAt = child.createdAt
        onboarded = child.onboardedAt != nil
        let scheduler = child.scheduler
        lettersLearnt = scheduler.course.chars.filter {
            LetterLevel.of(scheduler.course.key($0), in: child.learner, policy: scheduler.policy) >= .bud
        }.count
        lettersInCourse = scheduler.course.chars.count
        lastPracticeDay = lastWritten?.description
        steps = scheduler.course.steps.map(\.chars)
        openSteps = scheduler.openStepCount(in: child.learner)
    }
}
