// Long-press on a physical keyboard, as in the IBus engine: holding a key that has
// alternates (its auto-repeat) opens them in fcitx5's candidate list; 1–9 pick one, ←/→
// (↑/↓) move, Space or Enter take the selected one, Esc closes, a click picks. The
// alternate replaces the letter the key typed.

#include <memory>
#include <vector>

#include <fcitx-utils/keysym.h>
#include <fcitx/candidatelist.h>
#include <fcitx/inputpanel.h>
#include <fcitx/text.h>

#include "PostfixState.h"
#include "Utf8Text.h"

namespace kbdsim {

namespace {

/** One alternate in the candidate list; selecting it picks it. */
class AlternateWord final : public fcitx::CandidateWord {
public:
    AlternateWord(PostfixState *state, int index, const std::string &text)
        : fcitx::CandidateWord(fcitx::Text(text)), state_(state), index_(index) {}

    void select(fcitx::InputContext *) const override {
        // pick() replaces the candidate list, and this word with it: copy first.
        PostfixState *state = state_;
        int index = index_;
        state->pick(index);
    }

private:
    PostfixState *state_;
    int index_;
};

/** The alternates of `key`, copied out of the layout. */
std::vector<std::string> alternatesOf(const pk_layout *layout, uint32_t key) {
    uint32_t count = 0;
    std::vector<std::string> alternates;
    if (pk_layout_alternate_count(layout, key, &count) != PK_OK) {
        return alternates;
    }
    for (uint32_t index = 0; index < count; ++index) {
        char buffer[64];
        size_t length = 0;
        if (pk_layout_alternate(layout, key, index, buffer, sizeof buffer, &length) == PK_OK) {
            alternates.emplace_back(buffer, length);
        }
    }
    return alternates;
}

} // namespace

void PostfixState::openAlternates() {
    auto alternates = alternatesOf(layout_, tap_.key);
    if (alternates.empty()) {
        return;
    }
    alternatesOpen_ = true;
    selection_ = 0;
    auto list = std::make_unique<fcitx::CommonCandidateList>();
    list->setPageSize(static_cast<int>(alternates.size() < 9 ? alternates.size() : 9));
    list->setLayoutHint(fcitx::CandidateLayoutHint::Horizontal);
    for (size_t index = 0; index < alternates.size(); ++index) {
        list->append<AlternateWord>(this, static_cast<int>(index), alternates[index]);
    }
    list->setGlobalCursorIndex(selection_);
    ic_->inputPanel().setCandidateList(std::move(list));
    ic_->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

bool PostfixState::chooseAlternate(fcitx::KeyEvent &event, bool repeated) {
    const fcitx::Key &key = event.rawKey();
    int count = static_cast<int>(alternatesOf(layout_, tap_.key).size());
    if (repeated) {
        event.filterAndAccept();
        return true;
    }
    if (key.isModifier()) {
        return true;
    }
    int digit = key.sym() - FcitxKey_1 + 1;
    if (!key.states().testAny(fcitx::KeyStates{fcitx::KeyState::Ctrl, fcitx::KeyState::Alt}) && digit >= 1 &&
        digit <= count && digit <= 9) {
        event.filterAndAccept();
        pick(digit - 1);
        return true;
    }
    switch (key.sym()) {
    case FcitxKey_Left:
    case FcitxKey_Up:
        event.filterAndAccept();
        moveSelection(-1);
        return true;
    case FcitxKey_Right:
    case FcitxKey_Down:
        event.filterAndAccept();
        moveSelection(1);
        return true;
    case FcitxKey_space:
    case FcitxKey_Return:
    case FcitxKey_KP_Enter:
        event.filterAndAccept();
        pick(selection_);
        return true;
    case FcitxKey_Escape:
        event.filterAndAccept();
        closeAlternates();
        return true;
    default:
        closeAlternates();
        return false;
    }
}

void PostfixState::moveSelection(int step) {
    int count = static_cast<int>(alternatesOf(layout_, tap_.key).size());
    if (count == 0) {
        return;
    }
    selection_ = ((selection_ + step % count) % count + count) % count;
    if (auto *list = dynamic_cast<fcitx::CommonCandidateList *>(ic_->inputPanel().candidateList().get())) {
        list->setGlobalCursorIndex(selection_);
    }
    ic_->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void PostfixState::closeAlternates() {
    if (!alternatesOpen_) {
        return;
    }
    alternatesOpen_ = false;
    ic_->inputPanel().setCandidateList(nullptr);
    ic_->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void PostfixState::pick(int index) {
    if (!alternatesOpen_ || !tap_.valid) {
        return;
    }
    auto alternates = alternatesOf(layout_, tap_.key);
    Tap tap = tap_;
    closeAlternates();
    tap_ = Tap{};
    if (index < 0 || static_cast<size_t>(index) >= alternates.size()) {
        return;
    }
    const std::string &alternate = alternates[static_cast<size_t>(index)];
    if (!hasSurroundingText()) {
        // The tapped letter is held (its key has alternates): the alternate takes its place.
        if (preedit_ == tap.typed) {
            showPreedit(alternate);
            pk_session_set_context(current_, alternate.data(), alternate.size());
        } else {
            ic_->commitString(alternate);
        }
        return;
    }
    // The engine's record (the application's report may not have the tap yet): the tapped
    // letter goes, the alternate comes.
    std::string own = ownText();
    size_t length = utf8::codePointCount(tap.typed);
    if (own.size() >= tap.typed.size() && own.compare(own.size() - tap.typed.size(), tap.typed.size(), tap.typed) == 0) {
        ic_->deleteSurroundingText(-static_cast<int>(length), static_cast<unsigned int>(length));
        own.erase(own.size() - tap.typed.size());
    }
    setOwnText(own + alternate);
    committed_ = alternate;
    ic_->commitString(alternate);
}

} // namespace kbdsim
