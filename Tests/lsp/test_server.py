"""`flowlint lsp` driven by a real LSP client (pytest-lsp): lifecycle, diagnostics as you type, across files,
quick fixes, configuration reload, files created and deleted on disk, positions in UTF-16 and UTF-8."""
import asyncio
import pathlib

import pytest
from lsprotocol import types

from helpers import (apply_edits, barrier, change_range, change_whole, codes, count, initialize, open_document,
                     published, snapshot, uri, watched, write)

STORE_VIEW = """import SwiftUI

final class Store: ObservableObject { @Published var count = 0 }

struct ContentView: View {
    @ObservedObject var store = Store()
    var body: some View { Button("\\(store.count)") { store.count += 1 } }
}
"""

SETTINGS = """import SwiftUI

final class UserSettings: ObservableObject {
    @Published var name = "Ada"
}
"""

BADGE = """import SwiftUI

struct AvatarBadge: View {
    @EnvironmentObject var settings: UserSettings

    var body: some View {
        Text(settings.name)
    }
}
"""

# UIKit shows the badge: a reader nothing constructs would be code left over, not reported.
BADGE_HOST = """import SwiftUI
import UIKit

func makeBadgeController() -> UIViewController {
    UIHostingController(rootView: AvatarBadge())
}
"""

HEADER = """import SwiftUI

struct ProfileHeader: View {
    var body: some View {
        HStack {
            AvatarBadge()
        }
    }
}

#Preview {
    ProfileHeader()
}
"""

APP = """import SwiftUI

@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup {
            ProfileHeader()
                .environmentObject(UserSettings())
        }
    }
}
"""

HEADER_PROVIDED = HEADER.replace("    ProfileHeader()\n", "    ProfileHeader()\n        .environmentObject(UserSettings())\n")


# Turns on the opt-in rule the preview tests below need (a project's `.flowlint.yml`).
PREVIEWS_ON = "opt_in_rules: [missing_environment_object_in_preview]\n"


def project(tmp_path, files, configuration=""):
    root = tmp_path / "App"
    write(root, ".flowlint.yml", configuration)
    for name, text in files.items():
        write(root, name, text)
    return root


async def test_initialize_announces_incremental_sync_code_actions_and_utf16(client, tmp_path):
    root = project(tmp_path, {})
    result = await initialize(client, root)
    capabilities = result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.text_document_sync.open_close is True
    assert types.CodeActionKind.QuickFix in capabilities.code_action_provider.code_action_kinds
    assert result.server_info.name == "flowlint"
    # The client can register watchers: the server asks for Swift files, configuration and .gitignore files, and the
    # project files the project model reads (the .xcconfig files Xcode projects include among them).
    await barrier(client, root / "None.swift")
    patterns = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern
                for r in client.registrations for w in (r.register_options["watchers"] if isinstance(r.register_options, dict) else r.register_options.watchers)]
    assert sorted(patterns) == ["**/*.swift", "**/*.xcconfig", "**/.flowlint.yml", "**/.gitignore",
                                "**/contents.xcworkspacedata", "**/project.pbxproj"]


async def test_utf8_is_chosen_when_offered(client, tmp_path):
    root = project(tmp_path, {})
    result = await initialize(client, root, encodings=[types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8])
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8


async def test_open_publishes_findings_with_rule_links(client, tmp_path):
    root = project(tmp_path, {"Sources/ContentView.swift": STORE_VIEW})
    await initialize(client, root)
    path = root / "Sources/ContentView.swift"
    open_document(client, path)
    diagnostics = await published(client, path, version=1)
    assert codes(diagnostics) == ["observed_object_inline"]
    d = diagnostics[0]
    assert d.source == "flowlint"
    assert d.severity == types.DiagnosticSeverity.Warning
    assert d.code_description.href == "https://github.com/flowlint/flowlint/blob/main/rules/observed_object_inline.md"
    assert (d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character) == (5, 4, 5, 19)
    assert "@StateObject" in d.message


async def test_full_and_incremental_edits_update_the_findings(client, tmp_path):
    root = project(tmp_path, {"ContentView.swift": STORE_VIEW})
    await initialize(client, root)
    path = root / "ContentView.swift"
    open_document(client, path)
    assert codes(await published(client, path, version=1)) == ["observed_object_inline"]
    # Whole text: the property now owns its object.
    change_whole(client, path, 2, STORE_VIEW.replace("@ObservedObject var", "@StateObject private var"))
    assert codes(await published(client, path, version=2)) == []
    # Incremental: `@StateObject` back to `@ObservedObject` (line 5, characters 5..16).
    change_range(client, path, 3, (5, 5), (5, 16), "ObservedObject")
    diagnostics = await published(client, path, version=3)
    assert codes(diagnostics) == ["observed_object_inline"]
    assert diagnostics[0].range.start == types.Position(5, 4)
    # Two edits in one notification, applied in order: a line above, then the property made a @State.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=4),
        content_changes=[
            types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)), text="// top\n"),
            types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(6, 4), end=types.Position(6, 47)),
                                                   text="@State private var count = 0"),
        ]))
    assert codes(await published(client, path, version=4)) == []
    # The file on disk was never touched.
    assert (root / "ContentView.swift").read_text() == STORE_VIEW


async def test_an_edited_provider_updates_the_preview_and_the_view_below_it(client, tmp_path):
    root = project(tmp_path, {"App/DemoApp.swift": APP, "Models/UserSettings.swift": SETTINGS,
                              "Views/AvatarBadge.swift": BADGE, "Views/ProfileHeader.swift": HEADER}, PREVIEWS_ON)
    await initialize(client, root)
    header, badge = root / "Views/ProfileHeader.swift", root / "Views/AvatarBadge.swift"
    open_document(client, header)
    open_document(client, badge)
    found = await published(client, header, lambda ds: codes(ds) == ["missing_environment_object_in_preview"])
    d = found[0]
    assert d.severity == types.DiagnosticSeverity.Warning
    assert d.range.start == types.Position(11, 4)
    # The chain, as related information pointing into both files.
    related = [(r.location.uri, r.location.range.start.line) for r in d.related_information]
    assert related == [(uri(header), 5), (uri(badge), 3)]
    # The reading view shows the finding too, at its reading declaration.
    below = await published(client, badge, lambda ds: codes(ds) == ["missing_environment_object_in_preview"])
    assert below[0].range.start == types.Position(3, 4)
    # Providing the object in the preview (an unsaved edit of another file) clears both.
    badge_count = count(client, badge)
    change_whole(client, header, 2, HEADER_PROVIDED)
    assert codes(await published(client, header, version=2)) == []
    assert codes(await published(client, badge, after=badge_count)) == []
    # Closing the edited file: the file on disk counts again, and the finding comes back in the open one.
    badge_count = count(client, badge)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(header))))
    assert codes(await published(client, header, after=1)) == []  # the closed document's findings are cleared
    assert codes(await published(client, badge, after=badge_count)) == ["missing_environment_object_in_preview"]


async def test_quick_fixes_and_disable_comments_apply_and_clear_the_finding(client, tmp_path):
    text = STORE_VIEW.replace("    var body", "    @State var count = 0\n    var body")
    root = project(tmp_path, {"ContentView.swift": text})
    await initialize(client, root)
    path = root / "ContentView.swift"
    open_document(client, path)
    diagnostics = await published(client, path, version=1)
    assert codes(diagnostics) == ["non_private_state", "observed_object_inline"]
    state = next(d for d in diagnostics if d.code == "non_private_state")

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=state.range,
        context=types.CodeActionContext(diagnostics=[state])))
    titles = [a.title for a in actions]
    assert titles == ["insert 'private'", "Disable non_private_state for this line"]
    fix = actions[0]
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred is True
    assert fix.diagnostics[0].code == "non_private_state"
    fixed = apply_edits(text, fix.edit.changes[uri(path)])
    assert "    @State private var count = 0\n" in fixed
    change_whole(client, path, 2, fixed)
    assert codes(await published(client, path, version=2)) == ["observed_object_inline"]

    # The suggestion (not preferred) and the disable comment for the other finding.
    observed = (await published(client, path, version=2))[0]
    cursor = types.Range(start=observed.range.start, end=observed.range.start)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=cursor, context=types.CodeActionContext(diagnostics=[])))
    assert [a.title for a in actions] == ["use @StateObject", "Disable observed_object_inline for this line"]
    assert actions[0].is_preferred is None
    disabled = apply_edits(fixed, actions[1].edit.changes[uri(path)])
    assert "    // flowlint:disable:next observed_object_inline\n    @ObservedObject var store = Store()\n" in disabled
    change_whole(client, path, 3, disabled)
    assert codes(await published(client, path, version=3)) == []

    # Only quick fixes are offered: a request for other kinds gets none; a range with no finding gets none.
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=cursor,
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Refactor])))
    assert not actions
    # The server wrote nothing but its cache.
    assert (root / "ContentView.swift").read_text() == text


async def test_code_actions_follow_edits_not_yet_linted(client, tmp_path):
    # A long debounce: the code action request must lint the pending edit first, so its edits match the text.
    root = project(tmp_path, {"ContentView.swift": STORE_VIEW})
    await initialize(client, root, options={"debounce": 5000})
    path = root / "ContentView.swift"
    open_document(client, path)
    change_range(client, path, 2, (0, 0), (0, 0), "// a comment that moves everything down\n")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)),
        range=types.Range(start=types.Position(6, 10), end=types.Position(6, 10)), context=types.CodeActionContext(diagnostics=[])))
    assert [a.title for a in actions] == ["use @StateObject", "Disable observed_object_inline for this line"]
    edit = actions[0].edit.changes[uri(path)][0]
    assert (edit.range.start.line, edit.range.start.character, edit.new_text) == (6, 5, "StateObject")


async def test_disable_for_a_root_finding_shown_at_its_reader_goes_to_the_reader(client, tmp_path):
    root = project(tmp_path, {"App/DemoApp.swift": APP, "Models/UserSettings.swift": SETTINGS,
                              "Views/AvatarBadge.swift": BADGE, "Views/ProfileHeader.swift": HEADER}, PREVIEWS_ON)
    await initialize(client, root)
    badge = root / "Views/AvatarBadge.swift"
    open_document(client, badge)
    shown = await published(client, badge, lambda ds: codes(ds) == ["missing_environment_object_in_preview"])
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(badge)), range=shown[0].range,
        context=types.CodeActionContext(diagnostics=shown)))
    # A comment at the reading declaration silences the root's finding (README, "Partial runs").
    assert [a.title for a in actions] == ["Disable missing_environment_object_in_preview for this line"]
    edits = actions[0].edit.changes[uri(badge)]
    assert "    // flowlint:disable:next missing_environment_object_in_preview\n    @EnvironmentObject var settings" in apply_edits(BADGE, edits)


async def test_configuration_changes_reload_the_settings(client, tmp_path):
    root = project(tmp_path, {"ContentView.swift": STORE_VIEW})
    await initialize(client, root)
    path = root / "ContentView.swift"
    open_document(client, path)
    assert codes(await published(client, path, version=1)) == ["observed_object_inline"]
    before = count(client, path)
    write(root, ".flowlint.yml", "disabled_rules:\n  - observed_object_inline\n")
    watched(client, (root / ".flowlint.yml", "changed"))
    assert codes(await published(client, path, after=before)) == []
    # An invalid configuration: the user is told, and nothing is reported until it is fixed (as `flowlint lint`).
    write(root, ".flowlint.yml", "severity:\n  observed_object_inline: loud\n")
    watched(client, (root / ".flowlint.yml", "changed"))
    for _ in range(100):
        if client.messages:
            break
        await asyncio.sleep(0.05)
    assert client.messages and client.messages[0].type == types.MessageType.Error
    assert "observed_object_inline" in client.messages[0].message and "loud" in client.messages[0].message
    before = count(client, path)
    write(root, ".flowlint.yml", "severity:\n  observed_object_inline: error\n")
    watched(client, (root / ".flowlint.yml", "changed"))
    diagnostics = await published(client, path, lambda ds: codes(ds) == ["observed_object_inline"], after=before)
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    # Excluded files get no findings.
    before = count(client, path)
    write(root, ".flowlint.yml", "excluded:\n  - \"ContentView.swift\"\n")
    watched(client, (root / ".flowlint.yml", "changed"))
    assert codes(await published(client, path, after=before)) == []


async def test_files_created_and_deleted_on_disk_update_the_index(client, tmp_path):
    root = project(tmp_path, {"Models/UserSettings.swift": SETTINGS, "Views/AvatarBadge.swift": BADGE,
                              "Views/BadgeHost.swift": BADGE_HOST})
    await initialize(client, root)
    badge = root / "Views/AvatarBadge.swift"
    open_document(client, badge)
    # Nothing provides UserSettings anywhere: the view crashes where UIKit shows it.
    assert codes(await published(client, badge, version=1)) == ["missing_environment_object"]
    provider = write(root, "App/DemoApp.swift", """import SwiftUI

@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup { AvatarBadge().environmentObject(UserSettings()) }
    }
}
""")
    before = count(client, badge)
    watched(client, (provider, "created"))
    assert codes(await published(client, badge, after=before)) == []
    # Renamed: a delete and a create. The provider is still there.
    renamed = root / "App/RenamedApp.swift"
    provider.rename(renamed)
    watched(client, (provider, "deleted"), (renamed, "created"))
    await barrier(client, badge)
    assert codes(client.published[uri(badge)][-1][1]) == []
    # Deleted: the finding is back.
    before = count(client, badge)
    renamed.unlink()
    watched(client, (renamed, "deleted"))
    assert codes(await published(client, badge, after=before)) == ["missing_environment_object"]
    # Changed on disk (not open in the editor): read again.
    before = count(client, badge)
    write(root, "Models/UserSettings.swift", SETTINGS + "\n#Preview { AvatarBadge().environmentObject(UserSettings()) }\n")
    watched(client, (root / "Models/UserSettings.swift", "changed"))
    assert codes(await published(client, badge, after=before)) == []


async def test_positions_count_utf16_units_after_multibyte_text(client, tmp_path):
    # "é" is one UTF-16 unit and two UTF-8 bytes; "😀" two units and four bytes.
    line = '    /* é😀 */ @ObservedObject var store = Store()'
    text = STORE_VIEW.replace("    @ObservedObject var store = Store()", line)
    root = project(tmp_path, {"ContentView.swift": text})
    await initialize(client, root)
    path = root / "ContentView.swift"
    open_document(client, path)
    d = (await published(client, path, version=1))[0]
    start = line.index("@")
    utf16 = len(line[:start].encode("utf-16-le")) // 2
    assert (d.range.start.line, d.range.start.character) == (5, utf16)
    assert d.range.end.character == utf16 + len("@ObservedObject")
    # An incremental edit addressed in UTF-16 units: "ObservedObject" right after the emoji becomes "StateObject"
    # (a @StateObject that is not private: another finding, at the same place).
    change_range(client, path, 2, (5, utf16 + 1), (5, utf16 + 15), "StateObject")
    d = (await published(client, path, version=2))[0]
    assert (d.code, d.range.start.character, d.range.end.character) == ("non_private_state", utf16, utf16 + len("@StateObject"))
    change_range(client, path, 3, (5, utf16 + 1), (5, utf16 + 12), "ObservedObject")
    d = (await published(client, path, version=3))[0]
    assert d.range.start.character == utf16
    # The quick fix's range is in UTF-16 units too.
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=d.range, context=types.CodeActionContext(diagnostics=[d])))
    assert apply_edits(text, actions[0].edit.changes[uri(path)]) == text.replace("/* é😀 */ @ObservedObject", "/* é😀 */ @StateObject")


async def test_positions_count_bytes_when_utf8_is_negotiated(client, tmp_path):
    line = '    /* é😀 */ @ObservedObject var store = Store()'
    text = STORE_VIEW.replace("    @ObservedObject var store = Store()", line)
    root = project(tmp_path, {"ContentView.swift": text})
    await initialize(client, root, encodings=[types.PositionEncodingKind.Utf8])
    path = root / "ContentView.swift"
    open_document(client, path)
    d = (await published(client, path, version=1))[0]
    utf8 = len(line[:line.index("@")].encode("utf-8"))
    assert (d.range.start.line, d.range.start.character) == (5, utf8)
    change_range(client, path, 2, (5, utf8 + 1), (5, utf8 + 15), "StateObject")
    d = (await published(client, path, version=2))[0]
    assert (d.code, d.range.start.character, d.range.end.character) == ("non_private_state", utf8, utf8 + len("@StateObject"))


async def test_a_document_starting_with_u_feff_keeps_the_editors_positions(client, tmp_path):
    # U+FEFF is in the editor's text: a character of line 0 (one UTF-16 unit), not a mark to skip.
    line = 'import SwiftUI; final class S: ObservableObject { @Published var count = 0 }; struct V: View { @ObservedObject var s = S(); var body: some View { Button("\\(s.count)") { s.count += 1 } } }'
    text = "\ufeff" + line
    root = project(tmp_path, {})
    await initialize(client, root)
    path = root / "V.swift"
    open_document(client, path, text=text)
    d = (await published(client, path, version=1))[0]
    assert d.range.start == types.Position(0, text.index("@ObservedObject"))
    # An edit right after U+FEFF lands there, and the server's text stays the editor's.
    change_range(client, path, 2, (0, 1), (0, 1), "/* c */ ")
    text = "\ufeff/* c */ " + line
    d = (await published(client, path, version=2))[0]
    assert d.range.start == types.Position(0, text.index("@ObservedObject"))
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=d.range, context=types.CodeActionContext(diagnostics=[d])))
    assert apply_edits(text, actions[0].edit.changes[uri(path)]) == text.replace("@ObservedObject", "@StateObject")


async def test_two_uris_of_one_file_are_one_file(client, tmp_path):
    root = project(tmp_path, {"ContentView.swift": STORE_VIEW})  # on disk: a finding
    await initialize(client, root)
    path = root / "ContentView.swift"
    fixed = STORE_VIEW.replace("@ObservedObject var", "@StateObject private var")  # in the editor: none
    local, plain = "file://localhost" + str(path), uri(path)
    for name in [local, plain]:
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=name, language_id="swift", version=1, text=fixed)))
    assert codes(await published(client, path, version=1)) == []
    # Closing one URI leaves the file to the other: still linted from its buffer, not from the disk.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=local)))
    await barrier(client, path)
    assert codes(client.published[plain][-1][1]) == []
    # Edits through either URI are the file's text; closing the last one goes back to the disk.
    change_whole(client, path, 2, STORE_VIEW)
    assert codes(await published(client, path, version=2)) == ["observed_object_inline"]
    before = count(client, path)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=plain)))
    assert codes(await published(client, path, after=before)) == []  # a closed document's findings are cleared


async def test_a_directory_opened_as_a_document_is_not_searched(client, tmp_path):
    root = project(tmp_path, {"ContentView.swift": STORE_VIEW})
    await initialize(client, root)
    for directory in ["file:///", uri(root) + "/"]:
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=directory, language_id="swift", version=1, text=STORE_VIEW)))
    # Answered at once (searching / for Swift files would take minutes), and never linted.
    path = root / "ContentView.swift"
    open_document(client, path)
    assert codes(await published(client, path, version=1)) == ["observed_object_inline"]
    await barrier(client, path)
    assert "file:///" not in client.published
    assert any("file:/// is a directory: not linted" == m.message for m in client.log_messages)


async def test_huge_buffers_get_no_findings_and_a_log_line(client, tmp_path):
    root = project(tmp_path, {})
    await initialize(client, root)
    path = root / "Huge.swift"
    text = STORE_VIEW + "// " + "x" * (9 << 20) + "\n"
    open_document(client, path, text=text)
    assert codes(await published(client, path, version=1)) == []
    for _ in range(100):
        if any("larger than 8 MiB" in m.message for m in client.log_messages):
            break
        await asyncio.sleep(0.05)
    assert any("Huge.swift: warning: skipped, larger than 8 MiB" in m.message for m in client.log_messages)
    # Back under the limit: linted again.
    change_whole(client, path, 2, STORE_VIEW)
    assert codes(await published(client, path, version=2)) == ["observed_object_inline"]


async def test_documents_that_are_not_swift_files_are_not_linted(client, tmp_path):
    root = project(tmp_path, {"notes.md": "# notes\n"})
    await initialize(client, root)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri="untitled:Untitled-1", language_id="swift", version=1, text=STORE_VIEW)))
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(root / "notes.md"), language_id="markdown", version=1, text=STORE_VIEW)))
    swift = root / "New.swift"  # not on disk yet: linted from the buffer, as --stdin-path does
    open_document(client, swift, text=STORE_VIEW)
    assert codes(await published(client, swift, version=1)) == ["observed_object_inline"]
    assert "untitled:Untitled-1" not in client.published
    assert codes(client.published.get(uri(root / "notes.md"), [(1, [])])[-1][1]) == []


async def test_the_server_writes_nothing_but_its_cache(client, tmp_path):
    root = project(tmp_path, {"Models/UserSettings.swift": SETTINGS, "Views/AvatarBadge.swift": BADGE,
                              "Views/ProfileHeader.swift": HEADER, "ContentView.swift": STORE_VIEW})
    before = snapshot(root)
    await initialize(client, root)
    for name in ["Views/ProfileHeader.swift", "ContentView.swift"]:
        open_document(client, root / name)
    await published(client, root / "ContentView.swift", version=1)
    change_whole(client, root / "ContentView.swift", 2, "garbage { ][ \u0000 é")
    await published(client, root / "ContentView.swift", version=2)
    await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(root / "Views/ProfileHeader.swift")),
        range=types.Range(start=types.Position(0, 0), end=types.Position(20, 0)), context=types.CodeActionContext(diagnostics=[])))
    assert snapshot(root) == before
    assert any((root / ".cache").iterdir())  # the facts cache went where it was told


async def test_a_deep_chain_of_views_and_a_ladder_of_providers_are_linted_on_open(client, tmp_path):
    # Issue 23: a chain of 6,000 views (the environment analysis recursed once per view and overflowed the stack)
    # and 25 views, each showing the next with and without an object of its own (it walked 2^25 provided sets).
    lines = ["import SwiftUI", "final class Session: ObservableObject {}", "#Preview { V0() }"]
    lines += [f"struct V{i}: View {{ var body: some View {{ V{i + 1}() }} }}" for i in range(6000)]
    lines.append('struct V6000: View { @EnvironmentObject var session: Session; var body: some View { Text("\\(session.hashValue)") } }')
    lines.append("#Preview { L0() }")
    for i in range(25):
        lines.append(f"final class O{i}: ObservableObject {{}}")
        lines.append(f"struct L{i}: View {{ var body: some View {{ VStack {{ L{i + 1}(); L{i + 1}().environmentObject(O{i}()) }} }} }}")
    lines.append('struct L25: View { @EnvironmentObject var first: O0; var body: some View { Text("\\(first.hashValue)") } }')
    root = project(tmp_path, {}, PREVIEWS_ON)
    await initialize(client, root)
    path = root / "Views.swift"
    open_document(client, path, text="\n".join(lines) + "\n")
    diagnostics = await published(client, path, version=1)
    assert codes(diagnostics) == ["missing_environment_object_in_preview"] * 2
    messages = sorted(d.message for d in diagnostics)
    assert messages[0].startswith("'L0' is previewed here without an 'O0' in its environment; 'L25' below it reads one")
    assert messages[1].endswith("V5999 -> V6000 needs Session)")
