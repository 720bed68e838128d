const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_popups`: the popup reservation screens (/popup, /popup/list, /popup/edit/:id).
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_popups',
  title: '팝업 예약 (mf-popups 단독 실행)',
  exposes: { './Routes': './src/routes.tsx' },
});
