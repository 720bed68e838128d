// Require hook that compiles TypeScript with @swc/core, so specs can run API code in a child Node
// process. Needed because PGlite loads Node built-ins with dynamic import(), which jest's module
// sandbox refuses without --experimental-vm-modules.
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
