// Editor.h: a text field for the fcitx5 check program: an input context that holds the text
// before and after its caret, applies commits and deletions as an application does, reports
// surrounding text when asked to (a GTK or Qt field) or not (a terminal, which also ignores
// deletions), and keeps the preedit and every commit for the checks.
#pragma once

#include <string>
#include <vector>

#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>

class Editor final : public fcitx::InputContext {
public:
    Editor(fcitx::InputContextManager &manager, bool surrounding)
        : fcitx::InputContext(manager, "kbdsim-check"), surrounding_(surrounding) {
        created();
        fcitx::CapabilityFlags flags{fcitx::CapabilityFlag::Preedit};
        if (surrounding) {
            flags |= fcitx::CapabilityFlag::SurroundingText;
        }
        setCapabilityFlags(flags);
        sync();
        focusIn();
    }
    ~Editor() override { destroy(); }

    const char *frontend() const override { return "kbdsim-check"; }

    /** Puts `text` before the caret as a paste does: no commit, and the input method is
     *  reset, as GTK and Qt fields reset it when their text changes under it. */
    void paste(const std::string &text) {
        before += text;
        sync();
        reset();
    }

    /** Reports the caret past the end of the text (a broken client). */
    void reportInvalidCursor() {
        surroundingText().setText(before, 1000000, 1000000);
        updateSurroundingText();
    }

    /** Reports the text as it was until flush(): an application slower than the engine. */
    void lag() { lagging_ = true; }
    void flush() {
        lagging_ = false;
        sync();
    }

    std::string before;
    std::string preedit;
    std::vector<std::string> commits;
    std::vector<std::string> forwarded;
    int ignoredDeletions = 0;

protected:
    void commitStringImpl(const std::string &text) override {
        commits.push_back(text);
        before += text;
        sync();
    }
    void deleteSurroundingTextImpl(int offset, unsigned int size) override {
        if (!surrounding_ || offset != -static_cast<int>(size)) {
            ++ignoredDeletions;
            return;
        }
        for (unsigned int i = 0; i < size && !before.empty(); ++i) {
            size_t start = before.size() - 1;
            while (start > 0 && (static_cast<unsigned char>(before[start]) & 0xC0) == 0x80) {
                --start;
            }
            before.erase(start);
        }
        sync();
    }
    void forwardKeyImpl(const fcitx::ForwardKeyEvent &event) override {
        forwarded.push_back(event.rawKey().toString());
    }
    void updatePreeditImpl() override { preedit = inputPanel().clientPreedit().toString(); }

private:
    void sync() {
        if (!surrounding_ || lagging_) {
            return;
        }
        unsigned int caret = 0;
        for (char byte : before) {
            caret += (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
        }
        surroundingText().setText(before, caret, caret);
        updateSurroundingText();
    }

    bool surrounding_;
    bool lagging_ = false;
};
