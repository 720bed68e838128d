/**
 * The framework's floor for the benchmarks (bench/gateway-cache.mjs): a bare NestJS + Express app, with none of the
 * API's middleware, guards, interceptors, pipes or logging, answering `GET /api/store` and `GET /api/images/<key>`
 * with bytes read once at start from `<root>/api/…` (the files the benchmark wrote from the API's own answers). What
 * it serves per second is what any answer through Nest's pipeline can reach on this machine at best.
 *
 *   node bench/lib/bare-nest-server.cjs <root>     → prints `bare nest listening on <port>`
 */
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Module, Param, Res } = require('@nestjs/common');

const root = process.argv[2];
const read = (file) => fs.readFileSync(path.join(root, 'api', file));
const store = read('store');
const images = new Map(fs.readdirSync(path.join(root, 'api', 'images')).map((key) => [key, read(`images/${key}`)]));

// Decorators applied as functions: this file runs as it is, without a TypeScript compiler.
class BareController {
  store(res) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.status(200).end(store);
  }

  image(key, res) {
    const bytes = images.get(key);
    if (!bytes) return res.status(404).end();
    res.setHeader('Content-Type', 'image/webp');
    return res.status(200).end(bytes);
  }
}
const method = (name) => Object.getOwnPropertyDescriptor(BareController.prototype, name);
Reflect.decorate([Get('store')], BareController.prototype, 'store', method('store'));
Res()(BareController.prototype, 'store', 0);
Reflect.decorate([Get('images/:key')], BareController.prototype, 'image', method('image'));
Param('key')(BareController.prototype, 'image', 0);
Res()(BareController.prototype, 'image', 1);
Controller('api')(BareController);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);

(async () => {
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  console.log(`bare nest listening on ${app.getHttpServer().address().port}`);
})();
