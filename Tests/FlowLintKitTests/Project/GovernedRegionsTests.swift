import XCTest
@testable import FlowLintKit

/// `GovernedRegions` finds a file's innermost region by looking up the directories holding it; it must answer as
/// testing every region with `Paths.relative` does (the innermost region holding the file decides; the first
/// region listed for a directory decides for it).
final class GovernedRegionsTests: XCTestCase {
    /// The definition: every region tested, the longest directory holding the file wins, the first on a tie.
    func byScanning(_ regions: [ProjectRegion], _ path: String) -> Bool {
        var best: ProjectRegion?
        for region in regions where Paths.relative(path, to: region.directory) != nil {
            if best.map({ region.directory.utf8.count > $0.directory.utf8.count }) ?? true { best = region }
        }
        return best?.isComplete ?? false
    }

    func testInnermostRegionDecides() {
        let regions = [ProjectRegion(directory: "/p", isComplete: true),
                       ProjectRegion(directory: "/p/Example", isComplete: false),
                       ProjectRegion(directory: "/p/Example/Sources", isComplete: true)]
        let lookup = GovernedRegions(regions)
        XCTAssertTrue(lookup.governs("/p/Sources/A.swift"))
        XCTAssertFalse(lookup.governs("/p/Example/App.swift"))
        XCTAssertTrue(lookup.governs("/p/Example/Sources/B.swift"))
        // A directory whose name only starts like a region's is not in it.
        XCTAssertFalse(lookup.governs("/pp/A.swift"))
        XCTAssertTrue(lookup.governs("/p/ExampleTwo/A.swift"))
        XCTAssertFalse(lookup.governs("/q/A.swift"))
        XCTAssertFalse(GovernedRegions([]).governs("/p/A.swift"))
    }

    func testAnswersAsScanningEveryRegion() {
        let directories = ["/", "", "/p", "/p/", "/p/a", "/p/a/b", "/p//a", "/pa", "/p/é", "/p/e\u{301}", "p", "p/a"]
        let paths = ["/", "", "/p", "/p/", "/p/a", "/p/a/b/C.swift", "/p//a/C.swift", "/pa/C.swift", "/p/é/C.swift",
                     "/p/e\u{301}/C.swift", "p/a/C.swift", "p", "/x/C.swift", "//p/C.swift"]
        // Every directory complete or not, in both orders, with duplicates of opposite completeness.
        var layouts: [[ProjectRegion]] = []
        for (k, _) in directories.enumerated() {
            let regions = directories.enumerated().map { ProjectRegion(directory: $1, isComplete: ($0 + k) % 3 != 0) }
            layouts.append(regions)
            layouts.append(regions.reversed())
            layouts.append(regions + regions.map { ProjectRegion(directory: $0.directory, isComplete: !$0.isComplete) })
            layouts.append(Array(regions.prefix(k + 1)))
            layouts.append([regions[k]])
        }
        for regions in layouts {
            let lookup = GovernedRegions(regions)
            for path in paths {
                XCTAssertEqual(lookup.governs(path), byScanning(regions, path), "\(path) in \(regions.map(\.directory))")
            }
        }
    }
}
