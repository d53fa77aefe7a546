"""Drives `flowlint lsp` with a real LSP client (pytest-lsp). FLOWLINT_BIN names the binary (Tests/integration/lsp.sh
sets it). Every test gets a project of its own in a temporary directory, and the server's facts cache is kept
there too (initializationOptions.cachePath): nothing outside the test's directory is written."""
import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

FLOWLINT = os.environ.get("FLOWLINT_BIN", "flowlint")


def make_client() -> LanguageClient:
    """pytest-lsp's test client, which also records every publishDiagnostics with its version, in order, and
    accepts (and records) the server's capability registrations."""
    client = LanguageClient(converter_factory=default_converter)
    features = {method: handler for method, handler in DEFAULT_CLIENT_FEATURES.items()
                if method != types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}
    register_lsp_features(client, features)
    client.published = {}
    client.registrations = []

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams):
        client.diagnostics[params.uri] = params.diagnostics
        client.published.setdefault(params.uri, []).append((params.version, params.diagnostics))

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(params: types.RegistrationParams):
        client.registrations.extend(params.registrations)
        return None

    return client


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FLOWLINT, "lsp"], client_factory=make_client))
async def client(lsp_client: LanguageClient):
    """A started server, not yet initialized: each test initializes it as it needs (see `lsp.initialize`)."""
    yield lsp_client
    await lsp_client.shutdown_session()
