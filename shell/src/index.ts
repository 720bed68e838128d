import { afterFirstPaint } from './first-screen/after-first-paint';

const start = () => void import(/* webpackMode: "eager" */ './bootstrap');
// The async boundary (ARCHITECTURE), in main.js: the shell's shared singletons are eager, so bootstrap needs no chunk
// of its own, which was one more request after main.js had run (docs/decisions/0034-visitor-loads-what-it-shows.md).
// A served page (its first screen in #root) is shown before the app starts (first-screen/after-first-paint.ts); an
// empty one (an admin screen, /login) has nothing to show until the app renders it.
if (document.getElementById('root')?.hasChildNodes()) afterFirstPaint(start);
else start();
