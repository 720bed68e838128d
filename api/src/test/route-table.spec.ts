import { All, Controller, Delete, Get, Global, Module, Post, Put } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AdminOnly } from '../auth/admin-only.decorator';
import { AuthModule } from '../auth/auth.module';
import { CommonModule } from '../common/common.module';
import { APP_CONFIG, loadConfig } from '../config/app-config';
import { configureApp } from '../configure-app';
import { isPublicRoute, registeredRoutes, requestMethod, samplePath } from './route-table';

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

describe('isPublicRoute (DECISIONS D3/D5)', () => {
  it.each([
    ['GET', '/api/store', true],
    ['GET', '/api/popup/list', false],
    ['GET', '/api/popup', false],
    ['GET', '/api/popups-archive', true],
    ['POST', '/api/store/create', false],
    ['PUT', '/api/main/update/:id', false],
    ['DELETE', '/api/plan/delete/:id', false],
    ['ALL', '/api/anything', false],
  ])('%s %s → %s', (method, path, expected) => expect(isPublicRoute({ method, path })).toBe(expected));
});

/** Routes a later issue might add, one of them forgetting the guard. */
@Controller('probe')
class ProbeController {
  @Get('read') read() {
    return { product: 1 };
  }
  @Post('open') open() {
    return { message: 'open' };
  }
  @AdminOnly() @Put('guarded/:id') guarded() {
    return { message: 'guarded' };
  }
  @AdminOnly() @Delete('guarded/:id') remove() {
    return { message: 'guarded' };
  }
  @All('any') any() {
    return {};
  }
}

@Controller('popup')
class PopupProbeController {
  @Get('list') list() {
    return { product: [] };
  }
}

@Module({ controllers: [ProbeController, PopupProbeController] })
class ProbeModule {}

/** What AppModule.forRoot provides globally; the issuer is never reached (no valid token is sent). */
@Global()
@Module({ providers: [{ provide: APP_CONFIG, useValue: loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9' }) }], exports: [APP_CONFIG] })
class ConfigProbeModule {}

describe('registeredRoutes on an app with a forgotten guard', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ConfigProbeModule, CommonModule, AuthModule, ProbeModule] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    configureApp(app);
    await app.init();
  });
  afterAll(() => app?.close());

  it('sees every route the app registered, with its method', () => {
    const found = registeredRoutes(app).map((r) => `${r.method} ${r.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/probe/read',
        'POST /api/probe/open',
        'PUT /api/probe/guarded/:id',
        'DELETE /api/probe/guarded/:id',
        'ALL /api/probe/any',
        'GET /api/popup/list',
        'GET /api/docs',
      ]),
    );
    expect(registeredRoutes(app).filter((r) => !isPublicRoute(r)).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/popup/list',
      'ALL /api/probe/any',
      'DELETE /api/probe/guarded/:id',
      'PUT /api/probe/guarded/:id',
      'POST /api/probe/open',
    ]);
  });

  it('so the matrix\'s no-token check catches the routes without @AdminOnly()', async () => {
    const http = () => request(app.getHttpServer() as App);
    const answers: Record<string, number> = {};
    for (const route of registeredRoutes(app).filter((r) => !isPublicRoute(r))) {
      answers[`${route.method} ${route.path}`] = (await http()[requestMethod(route)](samplePath(route.path))).status;
    }
    expect(answers).toEqual({
      'GET /api/popup/list': 200, // forgotten: the matrix reports it
      'ALL /api/probe/any': 200, // forgotten
      'DELETE /api/probe/guarded/:id': 401,
      'PUT /api/probe/guarded/:id': 401,
      'POST /api/probe/open': 201, // forgotten
    });
  });
});
