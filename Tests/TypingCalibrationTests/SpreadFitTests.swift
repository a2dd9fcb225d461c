import Testing

@testable import TypingCalibration

/// The dual-Gaussian fit (σ² = α·W² + σa²) keeps both parts of the variance at 0 or above:
/// a model file with a negative α or σa² would be refused by its own reader.
struct SpreadFitTests {
    /// Per-size sums (n, Σd, Σd²) of `n` offsets ±σ around 0 at each size: variance σ²·n/(n − 1).
    static func sums(_ sigmas: [Double], n: Double = 100) -> [Double] {
        sigmas.flatMap { sigma in [n, 0, n * sigma * sigma] }
    }

    @Test("a spread that falls with the key's size: α 0, σa² the weighted mean variance")
    func fallingSpread() throws {
        let fit = try #require(SpreadFit.fit(Self.sums([1.6, 1.4, 1.2]), [5, 7, 9]))
        #expect(fit.alpha == 0)
        let mean = (1.6 * 1.6 + 1.4 * 1.4 + 1.2 * 1.2) / 3 * 100 / 99
        #expect(abs(fit.sigmaA - mean.squareRoot()) < 1e-9)
        #expect(fit.r2 == 0)
    }

    @Test("a line through below 0 at W = 0: σa 0, α the line through the origin")
    func negativeIntercept() throws {
        // σ² = 0.03·W² − 0.5 at W = 5 and 10: 0.25 and 2.5.
        let fit = try #require(SpreadFit.fit(Self.sums([0.5, 2.5.squareRoot()]), [5, 10]))
        #expect(fit.sigmaA == 0)
        let variances = [0.25, 2.5].map { $0 * 100 / 99 }
        let alpha = (25 * variances[0] + 100 * variances[1]) / (625 + 10_000)
        #expect(abs(fit.alpha - alpha) < 1e-12)
        #expect(fit.r2.map { $0 > 0.9 && $0 < 1 } == true)
    }

    @Test("Bi & Zhai's x constants are found again from sizes 4 to 12 mm")
    func publishedConstants() throws {
        let sizes: [Double] = [4, 6, 8, 10, 12]
        let sigmas = sizes.map { (0.0075 * $0 * $0 + 1.68).squareRoot() }
        let fit = try #require(SpreadFit.fit(Self.sums(sigmas, n: 1_000_000), sizes))
        #expect(abs(fit.alpha - 0.0075) < 1e-6)
        #expect(abs(fit.sigmaA - 1.68.squareRoot()) < 1e-4)
    }
}
