import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WorkoutServer

/// The web pages as the server serves them (scripts/test-web.sh drives them in a real browser): no token
/// needed, a Content-Security-Policy that keeps them on the server, every file they load present, and
/// the API's answers unchanged beside them.
@Suite struct WebPagesTests {
    @Test func pagesAndEverythingTheyLoadAreServed() async throws {
        let fixture = try await ServerFixture("pages")
        let app = try await fixture.application()
        try await app.test(.live) { client in
            let index = try await client.execute(uri: "/", method: .get)
            #expect(index.status == .ok)
            #expect(index.headers[.contentType]?.hasPrefix("text/html") == true)
            let policy = try #require(index.headers[.contentSecurityPolicy])
            for directive in ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "style-src 'self'"] {
                #expect(policy.contains(directive))
            }
            #expect(index.headers[.xContentTypeOptions] == "nosniff")

            // Every page, every script and stylesheet they name, and every module those scripts import.
            var pending = ["/", "/workout.html", "/live.html"]
            var seen: Set<String> = []
            while let path = pending.popLast() {
                guard seen.insert(path).inserted else { continue }
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                let text = String(buffer: response.body)
                let folder = path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
                if path.hasSuffix(".js") {
                    #expect(response.headers[.contentType]?.contains("javascript") == true, "\(path): \(response.headers[.contentType] ?? "none")")
                    for reference in Self.matches(#"from "(\./[^"]+)""#, in: text) {
                        pending.append(folder + reference.dropFirst(2))
                    }
                    // No address beyond the server: the scripts call the API by relative paths only.
                    let addresses = text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
                    #expect(!addresses.contains("http://") && !addresses.contains("https://"), "\(path) names another origin")
                } else if path.hasSuffix(".css") {
                    #expect(response.headers[.contentType]?.hasPrefix("text/css") == true)
                } else {
                    for reference in Self.matches(#"(?:src|href)="([a-z][a-z/]*\.(?:js|css))""#, in: text) {
                        pending.append("/" + reference)
                    }
                    #expect(text.contains("<html lang=\"en\">"), "\(path)")
                }
            }
            #expect(seen.count >= 10, "\(seen.sorted())")
            #expect(seen.contains("/js/api.js") && seen.contains("/style.css"))
        }
        await fixture.close()
    }

    @Test func theAPIAnswersAsBefore() async throws {
        let fixture = try await ServerFixture("pages-api")
        let app = try await fixture.application()
        try await app.test(.live) { client in
            // The API still needs its token, and unknown paths are still JSON errors.
            let list = try await client.execute(uri: "/v1/workouts", method: .get)
            #expect(list.status == .unauthorized)
            #expect(list.headers[.contentSecurityPolicy] == nil)
            let missing = try await client.execute(uri: "/nothing-here.html", method: .get)
            #expect(missing.status == .notFound)
            #expect(try jsonObject(missing.body)["error"] as? String == "not_found")
            // No way out of the pages' folder.
            let escape = try await client.execute(uri: "/js/../../WebPageMiddleware.swift", method: .get)
            #expect(escape.status == .badRequest || escape.status == .notFound)
            #expect(!String(buffer: escape.body).contains("RouterMiddleware"))
            // A POST to a page is not a page.
            #expect(try await client.execute(uri: "/index.html", method: .post).status != .ok)
        }
        await fixture.close()
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
