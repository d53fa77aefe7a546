func f() async throws { let x = try await g(); let y = try! h(); let z = try? i() }
