import Foundation
public import Hummingbird
public import Logging

/// Serves the web pages (Workouts, Workout, Live: static HTML, CSS and JavaScript in this module's
/// `Pages` resources) for any `GET` or `HEAD` the router has no route for: `/` is the Workouts page,
/// `/workout.html?id=N` a workout, `/live.html?session=ID` or `/live.html?replay=N&speed=X` the live
/// page. The pages call the API on the same origin; a Content-Security-Policy keeps them there (no
/// script, style, image or connection from anywhere else).
///
/// Add it to the router before the API's middleware groups, so that no page needs a token.
public struct WebPageMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy sent with every page: scripts, styles, images and connections from this origin only
    /// (images also from `blob:`, the maps the pages fetch with the token).
    public static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
            + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    }

    private let files: FileMiddleware<Context, LocalFileSystem>?

    /// The pages from `folder`, by default the module's own resources (``WebPages/folder``). Without
    /// the folder the middleware serves nothing and logs that once.
    public init(folder: String? = WebPages.folder, logger: Logger = Logger(label: "workout-server.pages")) {
        if let folder {
            files = FileMiddleware(folder, cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true, logger: logger)
        } else {
            files = nil
            logger.error("web pages: the resource folder Pages is missing; the pages are not served")
        }
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let files else { return try await next(request, context) }
        var response = try await files.handle(request, context: context, next: next)
        // Only what the file middleware served gets the page headers (an API answer keeps its own).
        guard context.coreContext.endpointPath.value == "FileMiddleware" else { return response }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}

/// Where the pages are.
public enum WebPages {
    /// The folder holding `index.html`, `workout.html`, `live.html`, `style.css` and `js/`: the `Pages`
    /// resource of this module, or `nil` when the resource bundle is missing.
    public static var folder: String? {
        guard let url = Bundle.module.resourceURL?.appendingPathComponent("Pages", isDirectory: true) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return url.path
    }
}
