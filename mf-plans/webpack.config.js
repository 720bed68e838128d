const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_plans` on port 8082: the banner above every route (later also the schedule screens, `./Routes`).
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_plans',
  title: '일정 배너 (mf-plans 단독 실행)',
  exposes: { './Banner': './src/components/banner.tsx' },
});
