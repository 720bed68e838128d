const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_insights`: the administrator's visit statistics (/insights), with Chart.js loaded on that route only.
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_insights',
  title: '방문 통계 (mf-insights 단독 실행)',
  exposes: { './Routes': './src/routes.tsx' },
});
