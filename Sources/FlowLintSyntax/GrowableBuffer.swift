/// A growable array of plain values for the lexer's tokens and the parser's nodes while a file is processed.
/// Appending is a capacity test and a store: an `Array` append also tests that its storage is uniquely
/// referenced and calls out of line, every time, which on the corpus cost tens of instructions per token and
/// per node. The owner frees it with `deallocate()` after copying it out (`array()`, an exact-size copy).
/// Indices are checked (one comparison), as an array's are.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    subscript(i: Int) -> Element {
        @inline(__always) unsafeAddress {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            return UnsafePointer(base + i)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            return base + i
        }
    }

    var indices: Range<Int> { 0..<count }

    /// The elements, copied into an array of exactly their count.
    func array() -> [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Frees the storage; the buffer must not be used afterwards.
    func deallocate() { base.deallocate() }
}
