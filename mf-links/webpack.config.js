const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_links` on port 8083: the link screens /main/list, /create, /main/edit/:id (`./Routes`).
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_links',
  title: '링크 관리 (mf-links 단독 실행)',
  exposes: { './Routes': './src/routes.tsx' },
});
