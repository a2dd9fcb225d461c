/*
 * PostfixState.h: the add-on's state on one fcitx5 input context: a postfix_keyboard.h
 * session per layout typed there, the letter held as preedit on a client without
 * surrounding text, and the key a long-press may replace. The rules follow the IBus engine
 * (docs/ibus.md): with surrounding text an accent replaces the character before the caret
 * (deleteSurroundingText, then commitString) and backspace takes only an accent off; without
 * it the last letter stays preedit until the next key shows it is final.
 */
#ifndef KBDSIM_FCITX5_POSTFIXSTATE_H
#define KBDSIM_FCITX5_POSTFIXSTATE_H

#include <cstdint>
#include <map>
#include <string>

#include <fcitx/event.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextproperty.h>

#include "postfix_keyboard.h"

namespace kbdsim {

/** One input context's typing state (an fcitx5 input-context property). */
class PostfixState final : public fcitx::InputContextProperty {
public:
    explicit PostfixState(fcitx::InputContext *ic);
    ~PostfixState() override;
    PostfixState(const PostfixState &) = delete;
    PostfixState &operator=(const PostfixState &) = delete;

    /** Handles a key on `layout` (`id` names it); accepts the event when the engine used it.
     *  Keys it does not use (Ctrl/Alt/Super combinations, arrows, Return, function keys)
     *  stay unaccepted, so the application gets them, after any held letter is committed. */
    void keyEvent(const std::string &id, const pk_layout *layout, fcitx::KeyEvent &event);

    /** Commits the held preedit (or with `commit` false only hides it, when fcitx5 commits it
     *  itself: focus out), closes the alternates and forgets the last tap: focus out, a
     *  reset, a switch to another input method. Nothing held is lost. */
    void finish(bool commit = true);

    /** Types the long-press alternate `index` in place of the letter its key typed (a digit,
     *  Space or Enter in the open list, or a click on a candidate). */
    void pick(int index);

private:
    /** A plain tap of a key that has long-press alternates. */
    struct Tap {
        uint64_t identity = 0;
        uint32_t key = 0;
        std::string typed;
        bool valid = false;
    };

    pk_session *session(const std::string &id, const pk_layout *layout);
    bool hasSurroundingText() const;
    /** The session's record of the text before the caret (the context with its edits). */
    std::string ownText() const;
    /** Makes `text` the session's record (its last code points). */
    void setOwnText(const std::string &text);
    void readContext(pk_session *session);
    bool press(pk_session *session, const fcitx::Key &key);
    void apply(pk_session *session, bool typedByKeyWithAlternates);
    void showPreedit(const std::string &text);
    void commitPreedit();
    void type(const pk_layout *layout, pk_session *session, fcitx::KeyEvent &event, uint64_t identity);
    void backspace(pk_session *session, fcitx::KeyEvent &event);
    void passOn();

    // Long-press (LongPress.cpp).
    void openAlternates();
    bool chooseAlternate(fcitx::KeyEvent &event, bool repeated);
    void moveSelection(int step);
    void closeAlternates();

    fcitx::InputContext *ic_;
    std::map<std::string, pk_session *> sessions_;
    const pk_layout *layout_ = nullptr;
    pk_session *current_ = nullptr;
    std::string preedit_;
    /** What the engine committed last on a client with surrounding text, until a key it does
     *  not use: a report that does not end with it is older than the commit. */
    std::string committed_;
    uint64_t heldKey_ = 0;
    bool sawRelease_ = false;
    Tap tap_;
    bool alternatesOpen_ = false;
    int selection_ = 0;
};

} // namespace kbdsim

#endif
