/*
 * fcitx5_kbdsim.h: the fcitx5 add-on of the postfix-accent keyboard.
 *
 * The add-on has no C interface of its own: fcitx5 loads the library and calls
 * fcitx_addon_factory_instance(), which FCITX_ADDON_FACTORY defines in PostfixEngine.cpp.
 * See docs/fcitx5.md.
 */
#ifndef FCITX5_KBDSIM_H
#define FCITX5_KBDSIM_H

/** The add-on's name, as in its addon/kbdsim.conf. */
#define KBDSIM_FCITX5_ADDON_NAME "kbdsim"

/** The prefix of its input methods' names: kbdsim-hu-touch types the layout hu-touch. */
#define KBDSIM_FCITX5_IM_PREFIX "kbdsim-"

#endif /* FCITX5_KBDSIM_H */
