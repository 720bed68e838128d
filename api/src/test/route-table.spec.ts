import { All, Controller, Delete, Get, Global, Module, Post, Put } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { App } from 'supertest/types';
import { Public } from '../auth/public.decorator';
import { AuthModule } from '../auth/auth.module';
import { LoggingModule } from '../logging/logging.module';
import { MetricsModule } from '../metrics/metrics.module';
import { CommonModule } from '../common/common.module';
import { APP_CONFIG, loadConfig } from '../config/app-config';
import { configureApp } from '../configure-app';
import { controllerRoutes, registeredRoutes, requestMethod, samplePath } from './route-table';

describe('samplePath', () => {
  it.each([
    ['/api/main/select/:id', '/api/main/select/1'],
    ['/api/main/update/order/:id/:to/:from', '/api/main/update/order/1/1/1'],
    ['/api/images/:key', `/api/images/${'0'.repeat(64)}`],
    ['/api/files/*path', '/api/files/x'],
    ['/api/plan{/:id}', '/api/plan'],
    ['/api/store', '/api/store'],
  ])('%s → %s', (pattern, path) => expect(samplePath(pattern)).toBe(path));
});

/** Routes a later issue might add: some marked, some not. */
@Controller('probe')
class ProbeController {
  @Get('read') read() {
    return { product: 1 };
  }
  @Public() @Get('open') open() {
    return { product: 'open' };
  }
  @Post('write') write() {
    return { message: 'write' };
  }
  @Put('write/:id') update() {
    return { message: 'write' };
  }
  @Delete('write/:id') remove() {
    return { message: 'write' };
  }
  @All('any') any() {
    return {};
  }
}

@Public()
@Controller('open-probe')
class OpenProbeController {
  @Get('list') list() {
    return { product: [] };
  }
}

@Module({ controllers: [ProbeController, OpenProbeController] })
class ProbeModule {}

/** What AppModule.forRoot provides globally; the issuer is never reached (no valid token is sent). */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useValue: loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9' }) }],
  exports: [APP_CONFIG],
})
class ConfigProbeModule {}

describe('the global access policy on routes added without a thought', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigProbeModule, LoggingModule.forRoot(), MetricsModule, CommonModule, AuthModule, ProbeModule],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    await configureApp(app);
    await app.init();
  });
  afterAll(() => app?.close());

  it('reads every controller route from Nest metadata, public only where @Public() says so', () => {
    expect(
      controllerRoutes(app).map(({ method, path, public: open }) => `${method} ${path} ${open ? 'public' : 'admin'}`),
    ).toEqual([
      'GET /api/open-probe/list public',
      'ALL /api/probe/any admin',
      'GET /api/probe/open public',
      'GET /api/probe/read admin',
      'POST /api/probe/write admin',
      'DELETE /api/probe/write/:id admin',
      'PUT /api/probe/write/:id admin',
    ]);
  });

  it('sees the same routes on the Express router, plus the OpenAPI pages mounted outside Nest', () => {
    const express = registeredRoutes(app).map((r) => `${r.method} ${r.path}`);
    const nest = controllerRoutes(app).map((r) => `${r.method} ${r.path}`);
    expect(express).toEqual(expect.arrayContaining(nest));
    // nestjs-pino's middleware (binds each request's logger, answers nothing) is mounted as `ALL /api{/*splat}`.
    const outside = express.filter((route) => !nest.includes(route) && route !== 'ALL /api{/*splat}');
    expect(outside.every((route) => route.startsWith('GET /api/docs'))).toBe(true);
  });

  it('closes every route without @Public(): 401 without a token, whatever the method', async () => {
    const http = () => request(app.getHttpServer() as App);
    const answers: Record<string, number> = {};
    for (const route of controllerRoutes(app)) {
      answers[`${route.method} ${route.path}`] = (await http()[requestMethod(route)](samplePath(route.path))).status;
    }
    expect(answers).toEqual({
      'GET /api/open-probe/list': 200,
      'ALL /api/probe/any': 401,
      'GET /api/probe/open': 200,
      'GET /api/probe/read': 401,
      'POST /api/probe/write': 401,
      'DELETE /api/probe/write/:id': 401,
      'PUT /api/probe/write/:id': 401,
    });
  });
});
