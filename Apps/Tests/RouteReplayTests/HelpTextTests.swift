import Testing
import TestSupport

/// Pins the command-line interface: an accidental change to a subcommand, an option or a usage line
/// shows up here.
struct HelpTextTests {
    @Test func rootListsEverySubcommandAndTheExitCodes() throws {
        let help = try CLI.run(["--help"]).standardOutput
        for subcommand in ["summary", "replay", "recover", "export", "convert", "import", "list"] {
            #expect(help.contains("\n  \(subcommand) "), "missing subcommand \(subcommand)")
        }
        #expect(help.contains("Exit codes: 0 success, 64 usage error, 65 malformed input, 66 input missing or"))
    }

    @Test func summaryUsage() throws {
        let help = try CLI.run(["summary", "--help"]).standardOutput
        #expect(help.contains("USAGE: route-replay summary <paths> ... [--input-format <input-format>] [--activity <activity>] [--filter <filter>] [--strict] [--no-analysis] [--profile <file.json>] [--format <format>] [--units <units>] [--jobs <jobs>]"))
    }

    @Test func convertUsage() throws {
        let help = try CLI.run(["convert", "--help"]).standardOutput
        #expect(help.contains("USAGE: route-replay convert <path> [--input-format <input-format>] [--strict] --to <to> [--output <output>]"), "\(help)")
    }

    @Test func storeCommandsUsage() throws {
        let importHelp = try CLI.run(["import", "--help"]).standardOutput
        #expect(importHelp.contains("USAGE: route-replay import <paths> ... --store <store> [--athlete <athlete>] [--jobs <jobs>]"))
        let listHelp = try CLI.run(["list", "--help"]).standardOutput
        for option in ["--store", "--report", "--athlete", "--activity", "--from", "--to", "--near", "--within", "--bbox", "--limit"] {
            #expect(listHelp.contains("  \(option) "), "list --help lacks \(option)")
        }
    }

    @Test func replayOptions() throws {
        let help = try CLI.run(["replay", "--help"]).standardOutput
        #expect(help.contains("USAGE: route-replay replay [<options>] <path>"))
        for option in ["--input-format", "--activity", "--filter", "--speed", "--as-fast-as-possible", "--fps", "--format",
                       "--units", "--pause-at", "--resume-at", "--auto-pause", "--journal", "--strict"] {
            #expect(help.contains("  \(option) ") || help.contains("  \(option)\n"), "replay --help lacks \(option)")
        }
    }
}
