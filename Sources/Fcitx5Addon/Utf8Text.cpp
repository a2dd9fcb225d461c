#include "Utf8Text.h"

namespace kbdsim::utf8 {

namespace {
/** Whether `byte` continues a code point (10xxxxxx). */
bool isContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }
} // namespace

size_t byteOffset(const std::string &text, size_t index) {
    size_t offset = 0;
    for (size_t seen = 0; seen < index; ++seen) {
        if (offset >= text.size()) {
            return std::string::npos;
        }
        ++offset;
        while (offset < text.size() && isContinuation(static_cast<unsigned char>(text[offset]))) {
            ++offset;
        }
    }
    return offset;
}

std::string lastCodePoints(const std::string &text, size_t end, size_t count) {
    if (end > text.size()) {
        end = text.size();
    }
    size_t start = end;
    for (size_t taken = 0; taken < count && start > 0; ++taken) {
        --start;
        while (start > 0 && isContinuation(static_cast<unsigned char>(text[start]))) {
            --start;
        }
    }
    return text.substr(start, end - start);
}

std::string dropLastCodePoints(const std::string &text, size_t count) {
    size_t end = text.size();
    for (size_t dropped = 0; dropped < count && end > 0; ++dropped) {
        end = lastCodePointStart(text.substr(0, end));
    }
    return text.substr(0, end);
}

size_t codePointCount(const std::string &text) {
    size_t count = 0;
    for (char byte : text) {
        if (!isContinuation(static_cast<unsigned char>(byte))) {
            ++count;
        }
    }
    return count;
}

size_t lastCodePointStart(const std::string &text) {
    size_t start = text.size();
    if (start == 0) {
        return 0;
    }
    --start;
    while (start > 0 && isContinuation(static_cast<unsigned char>(text[start]))) {
        --start;
    }
    return start;
}

uint32_t codePointAt(const std::string &text, size_t offset) {
    if (offset >= text.size()) {
        return 0;
    }
    auto lead = static_cast<unsigned char>(text[offset]);
    int extra = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
    uint32_t value = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int i = 1; i <= extra && offset + i < text.size(); ++i) {
        value = (value << 6) | (static_cast<unsigned char>(text[offset + i]) & 0x3F);
    }
    return value;
}

bool isLetter(uint32_t c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        return true;
    }
    if (c >= 0xC0 && c <= 0x24F) {
        return c != 0xD7 && c != 0xF7;
    }
    return (c >= 0x370 && c <= 0x3FF) || (c >= 0x400 && c <= 0x4FF) || (c >= 0x1E00 && c <= 0x1EFF);
}

} // namespace kbdsim::utf8
