import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs TextEncoder, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// How long `findBy…` and `waitFor` wait for the screen before a test fails (Testing Library's default is 1 s). The
// first render of a lazily loaded piece (the drop zones of @linksite/platform) requires and compiles its modules
// then; `npm test` runs these tests at a lower priority beside the browser tests (scripts/test.mjs), and on a busy
// 2-core CI machine that took longer than 1 s (mf-backup's backup-page test, which found only the zone's loading
// box). A screen that never shows still fails the test; how fast a screen shows is the benchmarks' question (bench/).
configure({ asyncUtilTimeout: 5_000 });
