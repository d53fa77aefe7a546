public enum FlowLintVersion { public static let current = "0.1.0" }
