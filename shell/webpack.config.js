const { createAppConfig } = require('../build/webpack-app');

// Host `shell` on port 8080. No remotes at build time: they are registered from /config.json
// (docs/decisions/0008-runtime-configuration.md). siteHead: the site's icons, manifest link and the API's
// `/api/site/head` include (docs/decisions/0033-head-and-link-preview.md).
module.exports = createAppConfig({ dir: __dirname, name: 'shell', title: '링크 & 일정', siteHead: true });
