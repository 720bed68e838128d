const { createAppConfig } = require('../build/webpack-app');

// Host `shell` on port 8080. No remotes at build time: they are registered from /config.json (DECISIONS D8).
// siteHead: the site's icons, manifest link and the API's `/api/site/head` include (issue 14 item 2).
module.exports = createAppConfig({ dir: __dirname, name: 'shell', title: '링크 & 일정', siteHead: true });
