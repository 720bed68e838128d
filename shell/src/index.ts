// The async boundary (ARCHITECTURE), in main.js: the shell's shared singletons are eager, so bootstrap needs no chunk
// of its own, which was one more request after main.js had run (issue 14 item 3).
import(/* webpackMode: "eager" */ './bootstrap');
