import FederCore
import Foundation
import Hummingbird

/// Printable practice sheets for the adults (adult session required, as everything under `/api/`):
/// `GET /api/v1/worksheet?script=druck&letters=MmAa&rows=2` describes the sheet (its letters and
/// pages), `GET /api/v1/worksheet/pages/N?…` is page N (from 1) as an A4 SVG.
struct WorksheetRoutes: Sendable {
    let services: FederServices

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get("api/v1/worksheet") { request, _ -> WorksheetLayout in
            let (sheet, script) = try self.sheet(request)
            return WorksheetLayout(sheet, script: script)
        }
        router.get("api/v1/worksheet/pages/:page") { request, context -> Response in
            let (sheet, _) = try self.sheet(request)
            guard let number = Int(try context.parameters.require("page")), number >= 1, number <= sheet.pageCount else {
                throw AdultError(.notFound, "no_page", "Diese Seite gibt es nicht.")
            }
            let svg = try Self.german { () throws(Worksheet.Problem) in try sheet.page(number - 1) }
            return Response(status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }

    private func sheet(_ request: Request) throws -> (Worksheet, String) {
        let query = request.uri.queryParameters
        let script = query.get("script") ?? "druck"
        let rowsText = query.get("rows")
        guard let rows = rowsText.map({ Int($0) }) ?? 2 else {
            throw AdultError(.badRequest, "bad_worksheet", "Zeilen pro Buchstabe: eine ganze Zahl.")
        }
        let library = services.library
        let sheet = try Self.german { () throws(Worksheet.Problem) in
            try Worksheet(glyphs: Worksheet.letters(query.get("letters") ?? "", script: script, library: library),
                          rowsPerLetter: rows, footer: library.scripts[script]?.name ?? script)
        }
        return (sheet, script)
    }

    /// Runs `body`, answering its problem in German with the code `bad_worksheet`.
    private static func german<T>(_ body: () throws(Worksheet.Problem) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw AdultError(.badRequest, "bad_worksheet", message(error))
        }
    }

    static func message(_ problem: Worksheet.Problem) -> String {
        switch problem {
        case .noLetters: return "Bitte mindestens einen Buchstaben wählen."
        case .tooManyLetters: return "Ein Blatt nimmt höchstens \(Worksheet.maxLetters) Buchstaben."
        case .mixedRulings: return "Diese Buchstaben stehen nicht auf denselben Linien."
        case .rowsPerLetter(let rows) where rows < 1: return "Mindestens eine Zeile pro Buchstabe."
        case .rowsPerLetter(let rows): return "\(rows) Zeilen pro Buchstabe passen nicht auf eine Seite."
        case .noSuchPage: return "Diese Seite gibt es nicht."
        case .unknownScript: return "Diese Schrift gibt es nicht."
        case .unknownLetters(let chars):
            let named = chars.prefix(12).joined(separator: " ") + (chars.count > 12 ? " …" : "")
            return "Diese Zeichen gibt es in der Schrift nicht: \(named)"
        }
    }
}

/// What a worksheet holds: its letters, page by page.
struct WorksheetLayout: ResponseEncodable {
    var script: String
    var letters: [String]
    var rowsPerLetter: Int
    var rowsPerPage: Int
    var pages: [[String]]

    init(_ sheet: Worksheet, script: String) {
        self.script = script
        letters = sheet.glyphs.map(\.char)
        rowsPerLetter = sheet.rowsPerLetter
        rowsPerPage = sheet.rowsPerPage
        pages = (0..<sheet.pageCount).map { sheet.letters(onPage: $0).map(\.char) }
    }
}
