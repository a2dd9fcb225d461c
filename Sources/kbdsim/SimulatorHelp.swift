/// The prose of `kbdsim --help` around the option list, which `HelpFormatter` writes from
/// `SimulatorCommand.declarations`.
enum SimulatorHelp {
    static let abstract =
        "kbdsim: an on-screen touch keyboard in the terminal, to type on and see what a layout does."

    static let discussion = """
        Interactive (standard input is a terminal, no --keys or --text):
          a character you type presses the key that types it or is labelled with it (a, ´);
          one on another layer (, . ? digits) is typed through 123. Keys whose character you
          cannot type take a US key, shown as a small hint on the key: the one in the same row
          and column when it is [ ] ; ' or a character the layout cannot type, else the nearest
          such key (hu-touch: ´ on ;  ¨ on '  ˝ on [; cs-touch: ´ on ;  ˇ on '); with --physical,
          the key at that place on your keyboard (hu: ´ on é  ¨ on á  ˝ on ő). The line above
          the keyboard is the legend of the accent keys and says which keyboard the keys are of.
          ` presses 123/ABC, \\ presses #+=. Backspace, Enter and Space press ⌫ ⏎ ␣.
          Capitals, accented letters and pasted text the layout cannot press directly are
          planned and typed key by key on the screen. While the window is too small for the
          layout, keys are ignored.
          Mouse: click a key to tap it; hold it half a second for the long-press popup, slide
          to choose, release to pick. Without a mouse: Tab, then the key; ←/→ choose and Enter
          or Space picks, or a digit 1–9 picks that alternate at once; Esc cancels.
          Multi-tap (keys with a multi-tap list): press or click the key again within 0.6 s.
          Flick: drag from the key (a direction each time the drag turns); without a mouse,
          Tab Tab, the key, then arrows or keypad digits (8 n, 9 ne, 6 e, 3 se, 2 s, 1 sw, 4 w,
          7 nw); it flicks when the directions make a flick, else on Enter; Esc cancels.
          Esc or Ctrl-C quits; the text typed is printed on standard output. Ctrl-Z
          suspends to the shell with the terminal put back; fg goes on where it was.

        Key names (--keys, standard input; separated by spaces, tabs or line breaks, resolved
        on the layer shown; the names --trace prints replay):
          a ´ ¨ ˝ ˇ å …        a key's label as drawn
          dead_abovering AE11  a key whose label another key of the layer shows too: a dead
                               key by its keysym name, else by its id
          A                    a capital: shift, then that letter
          shift ⇧  bksp ⌫  space ␣  return ⏎
          123 #+= ABC          the layer keys, by label
          o:ő                  long-press o and pick ő (o: picks the default)
          super-2*2            a multi-tap: the key tapped 2 (3, …) times in quick succession
          a~nw,se              a flick from the key: compass directions joined by commas
                               (n ne e se s sw w nw; a~e is one slide to the right)

        Examples:
          kbdsim --layout hu-touch
          kbdsim --layout hu-touch --keys "a ´ l m a" --trace
          kbdsim --layout hu-touch --text "Győr" --trace
          echo "c ˇ e s k y" | kbdsim --layout cs-touch

        Exit status: 0 done; 1 the layout does not load; 64 wrong arguments or an unknown key name;
          74 standard input could not be read or standard output not written
          (closed, or a broken pipe while SIGPIPE is ignored);
          128+N ended by signal N (SIGHUP 129, also when the terminal hangs up; SIGINT 130;
          SIGQUIT 131; SIGTERM 143): the terminal is restored and the text typed so far printed.
          A reader that closes the pipe early (| head -c 0) ends kbdsim silently by SIGPIPE, as it
          does cat (141 in the shell).
        """
}
