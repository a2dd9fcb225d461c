// What the embedded Swift standard library calls on wasm32 that neither it nor wasi-libc
// provides: number parsing (`Double(_: String)`, used by the JSON parser) and the 128-bit
// multiplication the compiler emits for full-width 64-bit products; and a failed assertion
// in wasi-libc reported without printf (whose formatting would otherwise be linked in for it
// alone). Compiled by web/build-wasm.sh with the toolchain's clang against wasi-libc's headers.
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// As the Swift runtime's own: strtod in the C locale (wasi-libc has no other), the end of
// the number, or NULL when the value overflows or underflows (ERANGE), which `Double(_:)`
// then answers with nil, as on Linux.
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    *result = value;
    if (errno == ERANGE && (value == HUGE_VAL || value == -HUGE_VAL || value == 0.0)) return NULL;
    return end;
}

typedef union {
    __int128 whole;
    struct {
        uint64_t low;
        uint64_t high;
    } parts;
} Words128;

// The low 64 bits × 64 bits, as two 64-bit halves, from four 32-bit products.
static Words128 multiply64(uint64_t a, uint64_t b) {
    uint64_t aLow = a & 0xFFFFFFFFu, aHigh = a >> 32, bLow = b & 0xFFFFFFFFu, bHigh = b >> 32;
    uint64_t lowLow = aLow * bLow, lowHigh = aLow * bHigh, highLow = aHigh * bLow, highHigh = aHigh * bHigh;
    uint64_t middle = (lowLow >> 32) + (lowHigh & 0xFFFFFFFFu) + (highLow & 0xFFFFFFFFu);
    Words128 product;
    product.parts.low = (middle << 32) | (lowLow & 0xFFFFFFFFu);
    product.parts.high = highHigh + (lowHigh >> 32) + (highLow >> 32) + (middle >> 32);
    return product;
}

// a × b modulo 2^128 (compiler-rt's name; the toolchain has no compiler-rt for wasm32).
__int128 __multi3(__int128 a, __int128 b) {
    Words128 x = {.whole = a}, y = {.whole = b};
    Words128 product = multiply64(x.parts.low, y.parts.low);
    product.parts.high += x.parts.high * y.parts.low + x.parts.low * y.parts.high;
    return product.whole;
}

// wasi-libc's assert(): the failed condition on standard error, then a trap.
_Noreturn void __assert_fail(const char *condition, const char *file, int line, const char *function) {
    (void)line;
    fputs("assertion failed: ", stderr);
    fputs(condition, stderr);
    fputs(" (", stderr);
    fputs(function, stderr);
    fputs(", ", stderr);
    fputs(file, stderr);
    fputs(")\n", stderr);
    __builtin_trap();
}
