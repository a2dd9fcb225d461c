#include "PostfixEngine.h"

#include <vector>

#include <fcitx-utils/log.h>
#include <fcitx/inputcontextmanager.h>

#include "fcitx5_kbdsim.h"

namespace kbdsim {

PostfixEngine::PostfixEngine(fcitx::Instance *instance)
    : instance_(instance), factory_([](fcitx::InputContext &ic) { return new PostfixState(&ic); }) {
    instance_->inputContextManager().registerProperty("kbdsimState", &factory_);
}

PostfixEngine::~PostfixEngine() {
    for (auto &entry : layouts_) {
        if (entry.second != nullptr) {
            pk_layout_free(entry.second);
        }
    }
}

PostfixState *PostfixEngine::state(fcitx::InputContext *ic) { return ic->propertyFor(&factory_); }

const pk_layout *PostfixEngine::layout(const fcitx::InputMethodEntry &entry) {
    const std::string &name = entry.uniqueName();
    auto found = layouts_.find(name);
    if (found != layouts_.end()) {
        return found->second;
    }
    std::string prefix = KBDSIM_FCITX5_IM_PREFIX;
    std::string id = name.compare(0, prefix.size(), prefix) == 0 ? name.substr(prefix.size()) : name;
    pk_layout *opened = nullptr;
    std::vector<char> diagnostics(4096);
    size_t length = 0;
    pk_status status = pk_layout_open_id(id.c_str(), &opened, diagnostics.data(), diagnostics.size(), &length);
    if (status != PK_OK) {
        FCITX_ERROR() << "kbdsim: input method " << name << " types nothing, its layout " << id
                      << " does not open (" << pk_status_message(status) << "):\n"
                      << std::string(diagnostics.data(), length < diagnostics.size() ? length : 0);
        opened = nullptr;
    }
    layouts_[name] = opened;
    return opened;
}

void PostfixEngine::keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &keyEvent) {
    const pk_layout *layout = this->layout(entry);
    if (layout == nullptr) {
        return;
    }
    state(keyEvent.inputContext())->keyEvent(entry.uniqueName(), layout, keyEvent);
}

void PostfixEngine::deactivate(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    // On focus out fcitx5 (or the client, with ClientUnfocusCommit) commits the client
    // preedit itself: committing it here too would type it twice.
    bool focusOut = event.type() == fcitx::EventType::InputContextFocusOut;
    state(event.inputContext())->finish(!focusOut);
}

void PostfixEngine::reset(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    bool focusOut = event.type() == fcitx::EventType::InputContextFocusOut;
    state(event.inputContext())->finish(!focusOut);
}

fcitx::AddonInstance *PostfixEngineFactory::create(fcitx::AddonManager *manager) {
    return new PostfixEngine(manager->instance());
}

} // namespace kbdsim

FCITX_ADDON_FACTORY(kbdsim::PostfixEngineFactory);
