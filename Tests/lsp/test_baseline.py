"""Issue 27: the language server honours the configuration's `baseline:` as `flowlint lint` does. A baseline written
by `flowlint lint --write-baseline` on a full run hides exactly what it hides on the command line in every file opened
in the editor (an environment finding at its root and at its reader included); an edit that makes a new finding
shows only the new one; the baseline is read again when its file changes on disk, and one that cannot be read is
shown as the command line's error."""
import asyncio
import json
import subprocess

from lsprotocol import types

from conftest import FLOWLINT
from helpers import barrier, change_whole, codes, count, initialize, open_document, published, uri, watched, write

APP = """import SwiftUI

@main
struct ShopApp: App {
    var body: some Scene {
        WindowGroup { ContentView() }
    }
}
"""

CONTENT = """import SwiftUI

struct ContentView: View {
    var body: some View { Badge() }
}
"""

BADGE = """import SwiftUI

final class Store: ObservableObject { @Published var count = 0 }

struct Badge: View {
    @EnvironmentObject var store: Store
    var body: some View { Text(String(describing: store)) }
}
"""

# A new reader of the same root: the app shows it without a Session.
BADGE_WITH_SESSION = BADGE.replace("final class Store", "final class Session: ObservableObject {}\nfinal class Store").replace(
    "    @EnvironmentObject var store: Store\n", "    @EnvironmentObject var store: Store\n    @EnvironmentObject var session: Session\n").replace(
    "Text(String(describing: store))", "Text(String(describing: store) + String(describing: session))")

CART = """import SwiftUI

final class Cart: ObservableObject { @Published var count = 0 }

struct CartView: View {
    @ObservedObject var cart = Cart()
    var body: some View { Text(String(describing: cart)) }
}

#Preview { Badge() }
"""

# Not a view's new property: the same finding moved down a line, and a new one (a second inline object).
CART_EDITED = CART.replace("struct CartView: View {\n", "struct CartView: View {\n    @ObservedObject var spare = Cart()\n").replace(
    "Text(String(describing: cart))", "Text(String(describing: cart) + String(describing: spare))")

FILES = {"Sources/Shop/App.swift": APP, "Sources/Shop/ContentView.swift": CONTENT,
         "Sources/Shop/Badge.swift": BADGE, "Sources/Shop/Cart.swift": CART}

# The preview's finding is the opt-in rule's: the project's configuration turns it on.
PREVIEWS_ON = "opt_in_rules: [missing_environment_object_in_preview]\n"


def lint(root, *args):
    """`flowlint lint --reporter json ARGS` in `root`: its findings, as (file, rule, line, message)."""
    run = subprocess.run([FLOWLINT, "lint", "--reporter", "json", "--no-cache", *args], cwd=root,
                         capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return sorted((d["file"], d["rule"], d["line"], d["message"]) for d in json.loads(run.stdout)["diagnostics"])


def shown(root, name, diagnostics):
    """The server's diagnostics of one file in the command line's terms."""
    return sorted((name, str(d.code), d.range.start.line + 1, d.message) for d in diagnostics)


def shop(tmp_path):
    root = tmp_path / "Shop"
    write(root, "Package.swift", '// swift-tools-version:5.9\nimport PackageDescription\n'
          'let package = Package(name: "Shop", targets: [.executableTarget(name: "Shop")])\n')
    write(root, ".flowlint.yml", PREVIEWS_ON)
    for name, text in FILES.items():
        write(root, name, text)
    return root


async def test_a_baseline_of_the_full_run_hides_the_same_findings_in_every_open_file(client, tmp_path):
    root = shop(tmp_path)
    unfiltered = lint(root, ".")
    # Not vacuous: findings in three files, one of them the root of an environment finding whose reader is in
    # another file, which a run of the reader's file shows there; and a preview finding.
    assert sorted({f[0] for f in unfiltered}) == ["Sources/Shop/App.swift", "Sources/Shop/Cart.swift"]
    assert {f[1] for f in unfiltered} == {"missing_environment_object", "missing_environment_object_in_preview",
                                          "observed_object_inline"}
    assert [f[1] for f in lint(root, "Sources/Shop/Badge.swift")] == ["missing_environment_object",
                                                                     "missing_environment_object_in_preview"]
    written = subprocess.run([FLOWLINT, "lint", "--no-cache", "--write-baseline", ".flowlint-baseline.json", "."], cwd=root,
                             capture_output=True, text=True)
    assert written.returncode == 0, written.stderr
    write(root, ".flowlint.yml", "baseline: .flowlint-baseline.json\n" + PREVIEWS_ON)

    await initialize(client, root)
    for name in FILES:
        open_document(client, root / name)
    for name in FILES:
        assert codes(await published(client, root / name, version=1)) == [], name
        assert lint(root, name) == [], name  # the command line, with the same baseline, agrees
    # The client was asked to watch the baseline (its name is the user's: no fixed pattern covers it).
    patterns = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern
                for r in client.registrations for w in (r.register_options["watchers"] if isinstance(r.register_options, dict) else r.register_options.watchers)]
    assert "**/.flowlint-baseline.json" in patterns

    # An edit that moves the accepted finding down a line and adds a new one: only the new one is shown.
    cart = root / "Sources/Shop/Cart.swift"
    change_whole(client, cart, 2, CART_EDITED)
    diagnostics = await published(client, cart, version=2)
    assert [(str(d.code), d.range.start.line) for d in diagnostics] == [("observed_object_inline", 5)]
    # A new reader of the accepted roots: shown at the root and at the reader; the accepted reader stays hidden.
    badge = root / "Sources/Shop/Badge.swift"
    app_count = count(client, root / "Sources/Shop/App.swift")
    change_whole(client, badge, 2, BADGE_WITH_SESSION)
    diagnostics = await published(client, badge, version=2)
    # (The app and the preview show it without one: two new findings, both at the new reader.)
    assert [(str(d.code), d.range.start.line) for d in diagnostics] == [("missing_environment_object", 7),
                                                                       ("missing_environment_object_in_preview", 7)]
    assert all("'Badge' reads a 'Session' here" in d.message for d in diagnostics)
    at_root = await published(client, root / "Sources/Shop/App.swift", lambda ds: ds != [], after=app_count)
    assert codes(at_root) == ["missing_environment_object"]
    # What the command line reports for the same text, with the same baseline, file by file.
    write(root, "Sources/Shop/Cart.swift", CART_EDITED)
    write(root, "Sources/Shop/Badge.swift", BADGE_WITH_SESSION)
    await barrier(client, cart)
    for name in FILES:
        assert shown(root, name, client.published[uri(root / name)][-1][1]) == lint(root, name), name

    # The baseline written again on disk (the editor's watcher reports it): everything is accepted.
    before = count(client, cart)
    written = subprocess.run([FLOWLINT, "lint", "--no-cache", "--write-baseline", ".flowlint-baseline.json", "."], cwd=root,
                             capture_output=True, text=True)
    assert written.returncode == 0, written.stderr
    watched(client, (root / ".flowlint-baseline.json", "changed"))
    assert codes(await published(client, cart, after=before)) == []
    await barrier(client, cart)
    for name in FILES:
        assert codes(client.published[uri(root / name)][-1][1]) == [], name


async def test_a_broken_baseline_is_shown_as_the_command_lines_error_and_reports_nothing_until_fixed(client, tmp_path):
    root = shop(tmp_path)
    write(root, ".flowlint.yml", "baseline: accepted.json\n" + PREVIEWS_ON)
    write(root, "accepted.json", "{not json")
    cli = subprocess.run([FLOWLINT, "lint", "--no-cache", "."], cwd=root, capture_output=True, text=True)
    assert cli.returncode == 2
    assert cli.stderr.strip() == "accepted.json: error: not a FlowLint baseline: not valid JSON (named by 'baseline' at .flowlint.yml:1:11)"
    await initialize(client, root)
    cart = root / "Sources/Shop/Cart.swift"
    open_document(client, cart)
    assert codes(await published(client, cart, version=1)) == []
    for _ in range(100):
        if client.messages:
            break
        await asyncio.sleep(0.05)
    # The same message, its paths as the server's working directory shows them.
    assert [m.type for m in client.messages] == [types.MessageType.Error]
    assert client.messages[0].message.endswith("error: not a FlowLint baseline: not valid JSON (named by 'baseline' at "
                                               f"{root}/.flowlint.yml:1:11)")
    # Fixed on disk: read again, and the findings it does not cover are shown.
    before = count(client, cart)
    write(root, "accepted.json", '{"version": 2, "findings": []}\n')
    watched(client, (root / "accepted.json", "changed"))
    assert codes(await published(client, cart, after=before)) == ["missing_environment_object_in_preview", "observed_object_inline"]
    # Deleted: the command line's error again, and nothing reported.
    before = count(client, cart)
    (root / "accepted.json").unlink()
    watched(client, (root / "accepted.json", "deleted"))
    assert codes(await published(client, cart, after=before)) == []
    for _ in range(100):
        if len(client.messages) > 1:
            break
        await asyncio.sleep(0.05)
    assert "error: cannot read baseline: No such file or directory (named by 'baseline' at" in client.messages[1].message
