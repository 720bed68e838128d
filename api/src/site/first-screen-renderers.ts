import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data every first-screen renderer gets, and the page's `first-screen-data` block holds (issue 14 item 1,
 * docs/first-screen.md): the first page of `GET /api/store/page` (`linksComplete` when it is all of them), the words of
 * `GET /api/tag/list`, `GET /api/plan/list?upcoming=1`, `GET /api/cover` and `GET /api/reserve/status`'s `open`, as
 * those routes answer them.
 */
export interface FirstScreenData {
  links: unknown[];
  linksComplete: boolean;
  /** `nextCursor` of that first page of `GET /api/store/page` (issue 14 item 5): where the visitor's scroll goes on. */
  linksNextCursor: string | null;
  /** The one tag `links` are filtered by (`/?tag=…`, GET /api/store/page's `tag`), or null for every link. */
  tag: string | null;
  tags: unknown[];
  plans: unknown[];
  cover: unknown;
  /**
   * Whether a popup slot takes bookings now (`GET /api/reserve/status`'s `open`, issue 13): the banner's and the
   * store's `팝업 예약하기` links are in the served HTML, for visitors without JavaScript and crawlers too.
   */
  reserveOpen: boolean;
}

/** A remote's renderer (`<remote>/src/server/first-screen.tsx`): the shell's slot it fills and its markup. */
interface SlotRenderer {
  slot: string;
  render(data: FirstScreenData): string;
}

/** The shell's renderer (`shell/src/server/first-screen.tsx`): its frame around the slots' markup. */
interface FrameRenderer {
  renderFrame(slots: Record<string, string>): string;
}

/** The loaded renderers and their stylesheet. */
export interface FirstScreenRenderers {
  frame: FrameRenderer;
  slots: SlotRenderer[];
  /** The CSS the rendered components import, each module once (shell's, then the remotes'). */
  css: string;
}

/** The apps that draw the first screen: the shell's frame, the banner (cover and plans), the product cards. */
export const FIRST_SCREEN_APPS = ['shell', 'mf-plans', 'mf-store'] as const;

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === 'function';

/**
 * Loads `<dir>/<app>/dist/server/first-screen.{js,css}` of every {@link FIRST_SCREEN_APPS} (built by
 * build/webpack-app.js with the app).
 * @throws Error naming the first file that is missing or does not export what it should
 */
export function loadFirstScreenRenderers(dir: string): FirstScreenRenderers {
  const load = createRequire(join(dir, 'package.json'));
  const modules = FIRST_SCREEN_APPS.map((app) => {
    const file = join(dir, app, 'dist', 'server', 'first-screen.js');
    if (!existsSync(file)) throw new Error(`${file} 이(가) 없습니다 (npm run build)`);
    const css = join(dir, app, 'dist', 'server', 'first-screen.css');
    return {
      file,
      exports: load(file) as Record<string, unknown>,
      css: existsSync(css) ? readFileSync(css, 'utf8') : '',
    };
  });
  const [shell, ...remotes] = modules;
  if (!isFunction(shell!.exports.renderFrame)) throw new Error(`${shell!.file}: renderFrame 이(가) 없습니다`);
  const slots = remotes.map(({ file, exports }) => {
    if (typeof exports.slot !== 'string' || !isFunction(exports.render)) {
      throw new Error(`${file}: slot 과 render 가 필요합니다`);
    }
    return exports as unknown as SlotRenderer;
  });
  return {
    frame: shell!.exports as unknown as FrameRenderer,
    slots,
    css: uniqueCssModules(modules.map(({ css }) => css)),
  };
}

/**
 * The CSS files joined, each CSS module once: mini-css-extract-plugin heads every module with a
 * `/*!*** css <loaders>!<path> ***!*\/` comment (`output.pathinfo`), and the three builds share platform's
 * stylesheets.
 */
export function uniqueCssModules(files: string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  files.forEach((file, index) => {
    for (const part of file.split(/(?=\/\*!\*+!\*\\\n)/)) {
      const path = /!\*\*\* css (?:.*!)?(.*?) \*\*\*!/.exec(part)?.[1];
      // `./src/…` is the app's own file (another app may have one of the same name); `../platform/…` is shared.
      const name = path === undefined ? part : path.startsWith('./') ? `${index}:${path}` : path;
      if (seen.has(name)) continue;
      seen.add(name);
      kept.push(part);
    }
  });
  return kept.join('');
}
