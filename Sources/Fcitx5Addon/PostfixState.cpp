#include "PostfixState.h"

#include <vector>

#include <fcitx-utils/keysym.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>

#include "Utf8Text.h"

namespace kbdsim {

namespace {

/** How many code points before the caret the session reads: graphemes an accent or
 *  backspace may change, with room for combining marks. */
constexpr size_t contextCodePoints = 16;

/** Text out of the engine through a buffer of the size it asks for. */
template <typename Read>
std::string copied(Read read) {
    size_t length = 0;
    if (read(nullptr, 0, &length) != PK_ERROR_BUFFER_TOO_SMALL && length == 0) {
        return {};
    }
    std::vector<char> buffer(length + 1);
    if (read(buffer.data(), buffer.size(), &length) != PK_OK) {
        return {};
    }
    return std::string(buffer.data(), length);
}

std::string sessionText(const pk_session *session) {
    return copied([session](char *b, size_t s, size_t *l) { return pk_session_text(session, b, s, l); });
}

std::string editText(const pk_session *session) {
    return copied([session](char *b, size_t s, size_t *l) { return pk_session_edit_text(session, b, s, l); });
}

void setContext(pk_session *session, const std::string &text) {
    if (pk_session_set_context(session, text.data(), text.size()) != PK_OK) {
        pk_session_set_context(session, nullptr, 0);
    }
}

} // namespace

PostfixState::PostfixState(fcitx::InputContext *ic) : ic_(ic) {}

std::string PostfixState::ownText() const { return current_ != nullptr ? sessionText(current_) : std::string(); }

void PostfixState::setOwnText(const std::string &text) {
    if (current_ != nullptr) {
        setContext(current_, utf8::lastCodePoints(text, text.size(), contextCodePoints));
    }
}

PostfixState::~PostfixState() {
    for (auto &entry : sessions_) {
        pk_session_free(entry.second);
    }
}

pk_session *PostfixState::session(const std::string &id, const pk_layout *layout) {
    auto found = sessions_.find(id);
    if (found != sessions_.end()) {
        return found->second;
    }
    pk_session *made = nullptr;
    if (pk_session_new(layout, &made) != PK_OK) {
        return nullptr;
    }
    sessions_[id] = made;
    return made;
}

bool PostfixState::hasSurroundingText() const {
    return ic_->capabilityFlags().test(fcitx::CapabilityFlag::SurroundingText) && ic_->surroundingText().isValid();
}

void PostfixState::readContext(pk_session *session) {
    if (!hasSurroundingText()) {
        setContext(session, preedit_);
        return;
    }
    const auto &surrounding = ic_->surroundingText();
    // A selection is replaced by what is typed; a cursor past the text gives no context.
    size_t end = utf8::byteOffset(surrounding.text(), surrounding.cursor());
    if (surrounding.cursor() != surrounding.anchor() || end == std::string::npos) {
        setContext(session, {});
        return;
    }
    std::string before = utf8::lastCodePoints(surrounding.text(), end, contextCodePoints);
    // A report older than the engine's last commit (the application has not applied it yet)
    // is not the text: the session's own record, that commit included, is.
    if (!committed_.empty() && (before.size() < committed_.size() ||
                                before.compare(before.size() - committed_.size(), committed_.size(), committed_) != 0)) {
        return;
    }
    setContext(session, before);
}

bool PostfixState::press(pk_session *session, const fcitx::Key &key) {
    // A letter's keysym already says its case (Shift, Caps Lock); other keys go by Shift.
    fcitx::KeySym sym = key.sym();
    bool upper = sym >= FcitxKey_A && sym <= FcitxKey_Z;
    bool lower = sym >= FcitxKey_a && sym <= FcitxKey_z;
    int shifted = upper || (!lower && key.states().test(fcitx::KeyState::Shift)) ? 1 : 0;
    // The physical key first (as on a US keyboard, whatever the system's layout), then the
    // keysym: a key event made without a keycode, or a symbol the layout shows (´ ˇ).
    if (key.code() != 0 && pk_session_press_keycode(session, key.code(), shifted) == PK_OK) {
        return true;
    }
    return pk_session_press_keysym(session, key.sym()) == PK_OK;
}

void PostfixState::apply(pk_session *session, bool typedByKeyWithAlternates) {
    pk_edit edit{};
    pk_session_last_edit(session, &edit);
    std::string insert = editText(session);
    if (hasSurroundingText()) {
        if (edit.delete_scalars > 0) {
            ic_->deleteSurroundingText(-static_cast<int>(edit.delete_scalars), edit.delete_scalars);
        }
        if (!insert.empty()) {
            ic_->commitString(insert);
        }
        committed_ = insert;
        return;
    }
    // The context was the held text: the session's text is what it becomes. Its last letter
    // stays held, the rest is final.
    std::string text = sessionText(session);
    size_t last = utf8::lastCodePointStart(text);
    std::string keep;
    if (!text.empty() && (typedByKeyWithAlternates || utf8::isLetter(utf8::codePointAt(text, last)))) {
        keep = text.substr(last);
        text.erase(last);
    }
    if (!text.empty()) {
        ic_->commitString(text);
    }
    showPreedit(keep);
    setContext(session, keep);
}

void PostfixState::showPreedit(const std::string &text) {
    bool changed = text != preedit_;
    preedit_ = text;
    if (!changed) {
        return;
    }
    fcitx::Text preedit;
    if (!text.empty()) {
        preedit.append(text, fcitx::TextFormatFlag::Underline);
        preedit.setCursor(static_cast<int>(text.size()));
    }
    if (ic_->capabilityFlags().test(fcitx::CapabilityFlag::Preedit)) {
        ic_->inputPanel().setClientPreedit(preedit);
    } else {
        ic_->inputPanel().setPreedit(preedit);
    }
    ic_->updatePreedit();
    ic_->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void PostfixState::commitPreedit() {
    if (preedit_.empty()) {
        return;
    }
    std::string held = preedit_;
    showPreedit({});
    ic_->commitString(held);
    if (current_ != nullptr) {
        setContext(current_, {});
    }
}

void PostfixState::finish(bool commit) {
    committed_.clear();
    closeAlternates();
    // fcitx5 commits only the client's preedit: one shown in its own panel is ours to commit.
    if (commit || !ic_->capabilityFlags().test(fcitx::CapabilityFlag::Preedit)) {
        commitPreedit();
    } else if (!preedit_.empty()) {
        showPreedit({});
        if (current_ != nullptr) {
            setContext(current_, {});
        }
    }
    tap_ = Tap{};
    heldKey_ = 0;
}

void PostfixState::keyEvent(const std::string &id, const pk_layout *layout, fcitx::KeyEvent &event) {
    pk_session *session = this->session(id, layout);
    if (session == nullptr) {
        return;
    }
    if (current_ != session) {
        finish();
        layout_ = layout;
        current_ = session;
    }
    const fcitx::Key &key = event.rawKey();
    uint64_t identity = key.code() != 0 ? (static_cast<uint64_t>(key.code()) | uint64_t{1} << 32)
                                        : static_cast<uint64_t>(key.sym());
    if (event.isRelease()) {
        sawRelease_ = true;
        if (heldKey_ == identity) {
            heldKey_ = 0;
        }
        return;
    }
    // A key pressed again before its release is its auto-repeat: the key is held. Only on a
    // client that sends releases, where a second press without one is not a second tap.
    bool repeated = sawRelease_ && heldKey_ == identity;
    heldKey_ = identity;
    if (alternatesOpen_ && chooseAlternate(event, repeated)) {
        return;
    }
    if (repeated && tap_.valid && tap_.identity == identity) {
        openAlternates();
        event.filterAndAccept();
        return;
    }
    if (key.isModifier()) {
        return;
    }
    if (key.states().testAny(fcitx::KeyStates{fcitx::KeyState::Ctrl, fcitx::KeyState::Alt,
                                              fcitx::KeyState::Super, fcitx::KeyState::Super2,
                                              fcitx::KeyState::Hyper})) {
        passOn();
        return;
    }
    if (key.sym() == FcitxKey_BackSpace) {
        backspace(session, event);
        return;
    }
    uint32_t character = fcitx::Key::keySymToUnicode(key.sym());
    if (character < 0x20 || character == 0x7F) {
        passOn();
        return;
    }
    type(layout, session, event, identity);
}

void PostfixState::type(const pk_layout *layout, pk_session *session, fcitx::KeyEvent &event, uint64_t identity) {
    readContext(session);
    uint32_t layer = 0;
    pk_session_layer(session, &layer);
    if (!press(session, event.rawKey())) {
        passOn();
        return;
    }
    event.filterAndAccept();
    pk_edit edit{};
    pk_session_last_edit(session, &edit);
    std::string typed = editText(session);
    // A tap that typed one character with a key that has alternates: holding it opens them.
    tap_ = Tap{};
    uint32_t key = 0;
    uint32_t alternates = 0;
    if (edit.effect == PK_EFFECT_TYPED && edit.delete_scalars == 0 && utf8::codePointCount(typed) == 1 &&
        pk_layout_key_named(layout, layer, typed.c_str(), &key) == PK_OK &&
        pk_layout_alternate_count(layout, key, &alternates) == PK_OK && alternates > 0) {
        tap_ = Tap{identity, key, typed, true};
    }
    apply(session, tap_.valid);
}

void PostfixState::backspace(pk_session *session, fcitx::KeyEvent &event) {
    tap_ = Tap{};
    bool surrounding = hasSurroundingText();
    if (!surrounding && preedit_.empty()) {
        return;
    }
    readContext(session);
    if (pk_session_press_keysym(session, FcitxKey_BackSpace) != PK_OK) {
        passOn();
        return;
    }
    pk_edit edit{};
    pk_session_last_edit(session, &edit);
    // On the application's text only an accent coming off is the engine's; any other
    // backspace is the application's own.
    if (surrounding && edit.effect != PK_EFFECT_ACCENT_REMOVED) {
        committed_.clear();
        return;
    }
    event.filterAndAccept();
    apply(session, false);
}

void PostfixState::passOn() {
    committed_.clear();
    // The held letter goes first; the key, left unaccepted, reaches the application after it.
    closeAlternates();
    commitPreedit();
    tap_ = Tap{};
}

} // namespace kbdsim
