import Foundation
import Hummingbird
import Logging

/// Serves the page (HTML, CSS, JS modules) shipped as the `Web` resource folder.
enum WebAppFiles {
    static var folder: String {
        Bundle.module.url(forResource: "Web", withExtension: nil)?.path ?? "Web"
    }

    static func middleware<Context: RequestContext>(logger: Logger) -> FileMiddleware<Context, LocalFileSystem> {
        FileMiddleware(folder, cacheControl: .init([(MediaType(type: .any), [.noCache])]),
                       searchForIndexHtml: true, logger: logger)
    }
}
