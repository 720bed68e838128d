const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_cover`: the cover image upload (/uploadimage).
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_cover',
  title: '커버 이미지 (mf-cover 단독 실행)',
  exposes: { './Routes': './src/routes.tsx' },
});
