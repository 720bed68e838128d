// @ts-check
/**
 * Where the shell's server puts the first screen of `/` in the shell's `index.html`
 * (docs/decisions/0058-web-tier-renders.md, docs/first-screen.md): the markup it renders from the remotes' live
 * releases goes in place of FIRST_SCREEN_MARKER inside `#root`, and the `<link>` of that markup's stylesheet in place
 * of FIRST_SCREEN_STYLES_MARKER in `<head>`. Written by build/webpack-app.js, read by
 * scripts/first-screen/site-first-screen.mjs. A server that renders nothing leaves two HTML comments. They start with
 * `!`, which html-webpack-plugin's minifier keeps (`ignoreCustomComments`).
 */
const FIRST_SCREEN_MARKER = '<!--!linksite:first-screen-->';
const FIRST_SCREEN_STYLES_MARKER = '<!--!linksite:first-screen-styles-->';

module.exports = { FIRST_SCREEN_MARKER, FIRST_SCREEN_STYLES_MARKER };
