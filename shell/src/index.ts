// The async boundary (ARCHITECTURE), in main.js: the shell's shared singletons are eager, so bootstrap needs no chunk
// of its own, which was one more request after main.js had run (docs/decisions/0034-visitor-loads-what-it-shows.md).
import(/* webpackMode: "eager" */ './bootstrap');
