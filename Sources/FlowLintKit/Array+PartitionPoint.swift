extension Array {
    /// The first index whose element satisfies `belongs`, for an array partitioned by it (all that do not come first):
    /// a binary search (the buffers of the language server, the write ranges of a state, a type's methods by bytes).
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
