const { createAppConfig } = require('../build/webpack-app');

// Remote `mf_backup`: backup and restore of the whole site (/backup).
module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_backup',
  title: '백업 및 복원 (mf-backup 단독 실행)',
  exposes: { './Routes': './src/routes.tsx' },
});
