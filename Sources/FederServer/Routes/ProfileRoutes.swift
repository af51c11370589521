import FederCore
import FederStore
import Foundation
import Hummingbird

/// What the child's pages read and change about profiles, under `/api/v1/profiles`: the avatars for
/// "Wer schreibt heute?", a new profile from the picker, and a child's own progress board. Nothing
/// here returns records or another child's data beyond its avatar.
struct ProfileRoutes: Sendable {
    let services: FederServices

    func register<Context: RequestContext>(on router: Router<Context>) {
        let profiles = router.group("api/v1/profiles")
        profiles.get { _, _ -> [ProfileTile] in
            try await services.children.profiles().map(ProfileTile.init)
        }
        profiles.post { request, context -> EditedResponse<ProfileTile> in
            let body = try await request.decodeForAdults(as: NewProfile.self, context: context)
            if let name = body.name, let problem = Nickname.germanProblem(name) { throw AdultError(.badRequest, "bad_request", problem) }
            let child = try await AdultError.refusingTakenAvatars {
                try await services.children.create(avatar: Avatar(animal: body.animal, colour: body.colour),
                                                   displayName: body.name.flatMap(Nickname.normalised), now: services.clock.wall())
            }
            return EditedResponse(status: .created, response: ProfileTile(child))
        }
        profiles.get(":id/progress") { _, context -> ProgressBoard in
            let id = try context.parameters.require("id").lowercased()
            guard UUID(uuidString: id) != nil else { throw HTTPError(.badRequest, message: "id: expected a UUID") }
            guard let child = try await services.children.find(id: id) else { throw HTTPError(.notFound, message: "no such child") }
            let today = services.clock.today
            return ProgressBoard(
                child: child, today: today,
                lettersToday: try await services.children.lettersFinished(childID: id, on: today),
                practiceDays: try await services.children.practiceDays(childID: id))
        }
    }
}

/// A profile as "Wer schreibt heute?" shows it.
struct ProfileTile: ResponseCodable {
    var id: String
    var name: String?
    var animal: Animal
    var colour: AvatarColour
    /// The line the page says when the tile is tapped (the nickname if set, else the animal).
    var say: Utterance

    init(_ child: ChildRecord) {
        id = child.id; name = child.displayName; animal = child.animal; colour = child.colour
        say = child.displayName.map { Utterance(key: "name.\(child.id)", text: $0) } ?? child.animal.spokenName
    }
}

struct NewProfile: Decodable {
    var animal: Animal
    var colour: AvatarColour
    var name: String?
}

/// The child's own progress: every course letter with its plant, the sticker book, today's jar and
/// the streak's flames. Levels and fills are drawn as pictures; nothing here is shown as a number.
struct ProgressBoard: ResponseEncodable {
    struct Letter: Encodable {
        var char: String
        var level: LetterLevel
        var stars: Int
        var open: Bool
    }

    var letters: [Letter]
    var stickers: [StickerBook.Entry]
    var jar: Double
    var roundDone: Bool
    var streak: Int

    init(child: ChildRecord, today: CalendarDay, lettersToday: Int, practiceDays: Set<CalendarDay>) {
        let scheduler = child.scheduler
        let course = scheduler.course
        let open = Set(scheduler.openChars(in: child.learner))
        letters = course.chars.map { char in
            let key = course.key(char)
            return Letter(char: char, level: LetterLevel.of(key, in: child.learner, policy: scheduler.policy),
                          stars: child.learner.letters[key]?.bestStars ?? 0, open: open.contains(char))
        }
        stickers = StickerBook.entries(course: course, learner: child.learner)
        jar = DailyJar.fill(lettersToday: lettersToday, goal: child.settings.dailyGoal)
        roundDone = child.learner.round.map { $0.day == today && $0.isComplete } ?? false
        streak = Streak.current(practiceDays: practiceDays, today: today)
    }
}
