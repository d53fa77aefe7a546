/// The persisted keys an app's views branch on and the flags set only as one of them changes
/// (`FileFacts.persistedFlags`, `FileFacts.flagFlips`): what `EnvironmentGraph` needs to leave out a path that goes
/// through `if isOnboarding { OnboardingView() }` and then through what the onboarding shows only as it writes
/// `isOnboarding = false` (the root then shows the other branch, not that path's end).
enum PersistedFlagFlips: ProjectAnalysis {
    struct Declaration: Hashable, Sendable {
        var file: Int, type: Int
    }

    struct Value: Sendable {
        /// Per declaration (file, index of the type in it), its `@AppStorage` flags' keys by property name; only for
        /// keys some flip writes.
        var keys: [Declaration: [String: String]] = [:]
        /// The flips by flag name: a name only one type of the project declares a property of, with one flip.
        var flips: [String: FlagFlip] = [:]
    }

    struct Inputs: Equatable {
        var persisted: [PersistedFlag]
        var flips: [FlagFlip]
        /// The types and their properties: a flag's name must be one type's property only.
        var types: [TypeFact]
    }

    static func inputs(of facts: FileFacts) -> Inputs {
        Inputs(persisted: facts.persistedFlags, flips: facts.flagFlips, types: facts.types)
    }

    static func compute(_ index: ProjectIndex) -> Value {
        var byFlag: [String: [FlagFlip]] = [:]
        for facts in index.files {
            for flip in facts.flagFlips { byFlag[flip.flag, default: []].append(flip) }
        }
        guard !byFlag.isEmpty else { return Value() }
        // Another type's property of the same name may be the flag a view's condition reads: the types that
        // declare each flag's name, every type's properties decoded once.
        var declaring: [String: Set<String>] = [:]
        for file in index.files.indices {
            for type in index.files[file].types.indices {
                for property in index.properties(of: (file, type)) where byFlag[property.name] != nil {
                    declaring[property.name, default: []].insert(index.files[file].types[type].qualifiedOrSimpleName)
                }
            }
        }
        var value = Value()
        for (flag, flips) in byFlag where flips.count == 1 && declaring[flag] == [flips[0].owner] {
            value.flips[flag] = flips[0]
        }
        let written = Set(value.flips.values.map(\.key))
        for (file, facts) in index.files.enumerated() {
            for flag in facts.persistedFlags where written.contains(flag.key) {
                value.keys[Declaration(file: file, type: Int(flag.type)), default: [:]][flag.property] = flag.key
            }
        }
        return value
    }
}
