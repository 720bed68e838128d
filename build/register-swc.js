// Require hook that compiles TypeScript with @swc/core, so Node runs the API from its sources: npm run dev, npm run
// contract, the benches, and specs that start the API in a child Node (PGlite loads Node built-ins with dynamic
// import(), which jest's module sandbox refuses without --experimental-vm-modules).
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
