struct TestSnippet {}
