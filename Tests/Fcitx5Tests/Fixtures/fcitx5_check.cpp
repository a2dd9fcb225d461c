// fcitx5_check.cpp: the kbdsim add-on inside a real fcitx5 Instance, as fcitx5's own engines
// are tested: `--disable=all --enable=testim,testfrontend,testui,kbdsim`, the testing
// environment pointed at a prefix `kbdsim fcitx5 install --prefix` wrote, real key events
// (keysym, modifier state and XKB keycode of a US keyboard), every commit checked.
//
// usage: KBD_LAYOUTS_DIR=DIR fcitx5_check PREFIX ADDON_DIR    (DIR holds a broken
// da-touch.json) prints `ok NAME` or `FAIL NAME: …` per case, then `N passed, M failed`;
// exits 0 when all passed. Then, not a check: `timing:` the median and 99th percentile of a
// key's press and release, the commit made, over a few thousand keys of Hungarian words.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include <fcitx-utils/eventdispatcher.h>
#include <fcitx-utils/testing.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputmethodgroup.h>
#include <fcitx/inputmethodmanager.h>
#include <fcitx/instance.h>

#include "Editor.h"
#include "testfrontend_public.h"

using fcitx::Key;

namespace {

int passed = 0;
int failed = 0;

void check(const std::string &name, bool ok, const std::string &detail) {
    if (ok) {
        ++passed;
        std::cout << "ok " << name << "\n";
    } else {
        ++failed;
        std::cout << "FAIL " << name << ": " << detail << "\n";
    }
}

std::string joined(const std::vector<std::string> &parts) {
    std::string text;
    for (const auto &part : parts) {
        text += "[" + part + "]";
    }
    return text;
}

/** A key as a US keyboard sends it: `name` as fcitx5 spells keys (`Shift+G`, `semicolon`),
 *  at XKB keycode `code` (0: a key event without a keycode). */
Key usKey(const char *name, int code) {
    Key key(name);
    return Key(key.sym(), key.states(), code);
}

/** Presses and releases `key`; returns whether the engine took the press. */
bool tap(fcitx::InputContext &ic, const Key &key) {
    fcitx::KeyEvent press(&ic, key, false);
    bool used = ic.keyEvent(press);
    fcitx::KeyEvent release(&ic, key, true);
    ic.keyEvent(release);
    return used;
}

/** Presses `key` only: pressed again, it is the key's auto-repeat (the key held). */
bool hold(fcitx::InputContext &ic, const Key &key) {
    fcitx::KeyEvent press(&ic, key, false);
    return ic.keyEvent(press);
}

// US keycodes (evdev + 8).
const Key kShiftG = usKey("Shift+G", 42), kY = usKey("y", 29), kO = usKey("o", 32), kR = usKey("r", 27);
const Key kA = usKey("a", 38), kB = usKey("b", 56), kE = usKey("e", 26);
const Key kSemicolon = usKey("semicolon", 47), kApostrophe = usKey("apostrophe", 48);
const Key kBracket = usKey("bracketleft", 34), kBackSpace = usKey("BackSpace", 22);
const Key kCtrlC = usKey("Control+c", 54), kThree = usKey("3", 12), kReturn = usKey("Return", 36);
const Key kCapsG = Key(FcitxKey_G, fcitx::KeyStates{fcitx::KeyState::CapsLock}, 42);

void typeAll(fcitx::InputContext &ic, const std::vector<Key> &keys) {
    for (const auto &key : keys) {
        tap(ic, key);
    }
}

void runCases(fcitx::Instance &instance) {
    auto &manager = instance.inputContextManager();
    auto use = [&instance](fcitx::InputContext &ic, const char *name) {
        instance.setCurrentInputMethod(&ic, name, true);
    };
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        check("input method is ours", instance.inputMethod(&field) == "kbdsim-hu-touch", instance.inputMethod(&field));
        typeAll(field, {kShiftG, kY, kO, kApostrophe, kBracket, kR, kCapsG});
        check("hu-touch: G y o ' [ r → Győr (and a Caps Lock G)",
              field.before == "GyőrG" && joined(field.commits) == "[G][y][o][ö][ő][r][G]",
              field.before + " commits " + joined(field.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        typeAll(field, {kA, kSemicolon});
        bool took = tap(field, kBackSpace);
        check("hu-touch: a ; ⌫ → a", took && field.before == "a" && joined(field.commits) == "[a][á][a]",
              field.before + " commits " + joined(field.commits));
        bool plain = tap(field, kBackSpace);
        check("⌫ after a plain letter is the application's", !plain && field.before == "a", field.before);
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        field.paste("o\xCC\x88");  // o + U+0308, pasted NFD
        tap(field, kBracket);
        field.paste(" a\xCC\x81");  // a + U+0301
        bool took = tap(field, kBackSpace);
        check("pasted NFD: ö ˝ → ő, á ⌫ → a", took && field.before == "ő a" && joined(field.commits) == "[ő][a]",
              field.before + " commits " + joined(field.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-cs-touch");
        typeAll(field, {kR, kApostrophe});
        check("cs-touch: r ˇ → ř", field.before == "ř", field.before + " commits " + joined(field.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        tap(field, kA);
        bool took = tap(field, kCtrlC);
        check("Ctrl+C reaches the application", !took && field.before == "a", field.before);
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        tap(field, kY);  // the client sends releases: a press without one is auto-repeat
        hold(field, kO);
        hold(field, kO);
        bool picked = tap(field, kThree);
        check("long-press: o held, 3 → ő", picked && field.before == "yő", field.before + " " + joined(field.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        field.paste("x");
        field.lag();
        typeAll(field, {kA, kSemicolon, kY});
        hold(field, kO);
        hold(field, kO);
        tap(field, kThree);
        field.flush();
        bool took = tap(field, kBackSpace);
        check("an application slower than the engine: its old report is not the text (a ; y o-held 3 ⌫)",
              field.before == "xáyo" && took && joined(field.commits) == "[a][á][y][o][ő][o]",
              field.before + " commits " + joined(field.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        hold(field, kO);
        hold(field, kO);
        check("a client that sends no releases: o o is two taps", field.before == "oo", field.before);
    }
    {
        Editor terminal(manager, false);
        use(terminal, "kbdsim-hu-touch");
        typeAll(terminal, {kShiftG, kY, kO, kApostrophe, kBracket, kR});
        std::string shown = terminal.preedit;
        bool returned = tap(terminal, kReturn);
        check("no surrounding text: Győr, r held as preedit, Return after it",
              shown == "r" && terminal.before == "Győr" && !returned && terminal.ignoredDeletions == 0 &&
                  joined(terminal.commits) == "[G][y][ő][r]",
              terminal.before + " preedit " + shown + " commits " + joined(terminal.commits));
        tap(terminal, kA);
        tap(terminal, kSemicolon);
        terminal.focusOut();
        check("focus-out commits the held á", terminal.before == "Győrá" && terminal.preedit.empty(),
              terminal.before + " preedit " + terminal.preedit);
    }
    {
        Editor terminal(manager, false);
        use(terminal, "kbdsim-hu-touch");
        tap(terminal, kA);
        bool took = tap(terminal, kCtrlC);
        check("Ctrl+C after a held letter: the letter first, the key to the application",
              !took && terminal.before == "a" && terminal.preedit.empty(), terminal.before);
    }
    {
        Editor terminal(manager, false);
        use(terminal, "kbdsim-hu-touch");
        tap(terminal, kA);
        use(terminal, "kbdsim-cs-touch");
        bool kept = terminal.before == "a";
        typeAll(terminal, {kB, kE});
        terminal.focusOut();
        check("switching input methods mid-word loses nothing", kept && terminal.before == "abe",
              terminal.before + " commits " + joined(terminal.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-hu-touch");
        field.paste(std::string(1 << 20, 'x') + "e");
        tap(field, kSemicolon);
        check("1 MB of surrounding text", field.before.size() == (1u << 20) + 2 && field.before.substr(1 << 20) == "é",
              "size " + std::to_string(field.before.size()));
        field.reportInvalidCursor();
        bool took = tap(field, kA);
        tap(field, kSemicolon);
        check("a cursor past the text: typing goes on", took && !field.commits.empty(), joined(field.commits));
    }
    {
        Editor field(manager, true);
        use(field, "kbdsim-da-touch");
        bool broken = tap(field, kA);
        use(field, "kbdsim-hu-touch");
        tap(field, kA);
        check("a broken layout file: its input method passes keys on, the others type", !broken && field.before == "a",
              field.before + " (KBD_LAYOUTS_DIR must name a folder with a broken da-touch.json)");
    }
    // The test frontend's own input context: no surrounding text; it fails on any commit
    // other than the next expected one.
    auto *frontend = instance.addonManager().addon("testfrontend");
    for (const char *text : {"G", "y", "ő", "r"}) {
        frontend->call<fcitx::ITestFrontend::pushCommitExpectation>(text);
    }
    auto uuid = frontend->call<fcitx::ITestFrontend::createInputContext>("testapp");
    auto *ic = manager.findByUUID(uuid);
    ic->focusIn();
    use(*ic, "kbdsim-hu-touch");
    for (const auto &key : {kShiftG, kY, kO, kApostrophe, kBracket, kR}) {
        frontend->call<fcitx::ITestFrontend::keyEvent>(uuid, key, false);
        frontend->call<fcitx::ITestFrontend::keyEvent>(uuid, key, true);
    }
    ic->focusOut();
    check("testfrontend: Győr, every commit as expected", true, "");
    frontend->call<fcitx::ITestFrontend::destroyInputContext>(uuid);
}

/** Times single keys (press and release, the add-on's commit and deletion made) on hu-touch
 *  with surrounding text, as the kbdbench cases time IBus's host: Hungarian words with the
 *  accent keys, a space after each. Prints the median and the 99th percentile; asserts none. */
void timeKeys(fcitx::Instance &instance) {
    Editor field(instance.inputContextManager(), true);
    instance.setCurrentInputMethod(&field, "kbdsim-hu-touch", true);
    const Key space = usKey("space", 65);
    const std::vector<Key> words = {kShiftG, kY, kO, kApostrophe, kBracket, kR, space, kA, kSemicolon, kR, space,
                                    kE, kSemicolon, kR, kE, kSemicolon, kB, space, kBackSpace, space};
    std::vector<double> micros;
    for (int round = 0; round < 200; ++round) {
        for (const auto &key : words) {
            auto start = std::chrono::steady_clock::now();
            tap(field, key);
            auto end = std::chrono::steady_clock::now();
            micros.push_back(std::chrono::duration<double, std::micro>(end - start).count());
        }
        if (field.before.size() > 4096) {
            field.before.clear();
            field.paste("");
        }
    }
    std::sort(micros.begin(), micros.end());
    std::printf("timing: key→commit in fcitx5, median %.1f µs, 99th percentile %.1f µs, %zu keys\n",
                micros[micros.size() / 2], micros[micros.size() * 99 / 100], micros.size());
}

} // namespace

int main(int argc, char *argv[]) {
    if (argc != 3) {
        std::cerr << "usage: fcitx5_check PREFIX ADDON_DIR\n";
        return 64;
    }
    std::string prefix = argv[1];
    fcitx::setupTestingEnvironment(prefix, {argv[2]}, {prefix + "/share/fcitx5"});
    char arg0[] = "fcitx5_check";
    char arg1[] = "--disable=all";
    char arg2[] = "--enable=testim,testfrontend,testui,kbdsim";
    char *args[] = {arg0, arg1, arg2};
    fcitx::Instance instance(3, args);
    instance.addonManager().registerDefaultLoader(nullptr);
    fcitx::EventDispatcher dispatcher;
    dispatcher.attach(&instance.eventLoop());
    dispatcher.schedule([&instance]() {
        auto group = instance.inputMethodManager().currentGroup();
        group.inputMethodList().clear();
        for (const char *name : {"testim", "kbdsim-hu-touch", "kbdsim-cs-touch", "kbdsim-da-touch"}) {
            group.inputMethodList().push_back(fcitx::InputMethodGroupItem(name));
        }
        group.setDefaultInputMethod("");
        instance.inputMethodManager().setGroup(group);
    });
    dispatcher.schedule([&instance, &dispatcher]() {
        runCases(instance);
        std::cout << passed << " passed, " << failed << " failed" << std::endl;
        timeKeys(instance);
        dispatcher.detach();
        instance.exit();
    });
    instance.exec();
    return failed == 0 && passed > 0 ? 0 : 1;
}
