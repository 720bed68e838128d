const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_plans` on port 8082: the banner above every route and the schedule screens.
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_plans',
  title: '일정 (mf-plans 단독 실행)',
  exposes: { './Banner': './src/components/banner.tsx', './Routes': './src/routes.tsx' },
});
