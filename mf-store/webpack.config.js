const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_store` on port 8081: the public store page (product cards, keyword cloud).
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_store',
  title: '스토어 (mf-store 단독 실행)',
  exposes: { './StorePage': './src/pages/store-page.tsx' },
});
