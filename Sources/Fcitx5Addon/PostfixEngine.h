/*
 * PostfixEngine.h: the fcitx5 input-method engine. One input method per shipped layout,
 * `kbdsim-<layout id>` (listed by the inputmethod/kbdsim-ID.conf files `kbdsim fcitx5 install`
 * writes); each types through the engine of postfix_keyboard.h. Layouts open when first
 * typed on; one that fails to open is logged (with the loader's diagnostics) and its input
 * method passes every key on, while the others keep typing.
 */
#ifndef KBDSIM_FCITX5_POSTFIXENGINE_H
#define KBDSIM_FCITX5_POSTFIXENGINE_H

#include <map>
#include <string>

#include <fcitx/addonfactory.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontextproperty.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/instance.h>

#include "PostfixState.h"
#include "postfix_keyboard.h"

namespace kbdsim {

/** The add-on: fcitx5 calls it for the input methods it owns. */
class PostfixEngine final : public fcitx::InputMethodEngineV2 {
public:
    explicit PostfixEngine(fcitx::Instance *instance);
    ~PostfixEngine() override;
    PostfixEngine(const PostfixEngine &) = delete;
    PostfixEngine &operator=(const PostfixEngine &) = delete;

    void keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &keyEvent) override;
    /** Switching away (or focus out): commits what is held, so nothing is lost. */
    void deactivate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    /** The application reset the context (a click, the caret moved): commits what is held. */
    void reset(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;

private:
    /** The layout of an input method (`kbdsim-hu-touch` → hu-touch), opened on first use;
     *  nullptr when it does not open (logged once). */
    const pk_layout *layout(const fcitx::InputMethodEntry &entry);
    PostfixState *state(fcitx::InputContext *ic);

    fcitx::Instance *instance_;
    fcitx::FactoryFor<PostfixState> factory_;
    std::map<std::string, pk_layout *> layouts_;
};

/** Makes the engine when fcitx5 loads the add-on. */
class PostfixEngineFactory final : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override;
};

} // namespace kbdsim

#endif
