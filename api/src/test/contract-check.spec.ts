import { Controller, Get, Module, NotFoundException, Param } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { App } from 'supertest/types';
import { Public } from '../auth/public.decorator';
import { ApiExceptionFilter } from '../common/api-exception.filter';
import { createOpenApiDocument } from '../openapi/openapi-document';
import { checkAnswersAgainstContract, type ContractViolation } from './contract-check';

// The swagger plugin does not run on specs: the properties are declared by hand here.
class ThingDto {
  @ApiProperty()
  id!: number;
  @ApiProperty({ type: String, nullable: true })
  label!: string | null;
}

class ThingResponse {
  @ApiProperty({ type: ThingDto })
  product!: ThingDto;
}

/** Answers that keep, and answers that break, the documented shape. */
@Public()
@Controller('things')
class ThingsController {
  @Get(':kind')
  @ApiOkResponse({ type: ThingResponse })
  get(@Param('kind') kind: string): unknown {
    if (kind === 'good') return { product: { id: 1, label: null } };
    if (kind === 'renamed') return { product: { id: 1, name: 'x' } };
    if (kind === 'wrong-type') return { product: { id: '1', label: 'x' } };
    throw new NotFoundException();
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('checkAnswersAgainstContract', () => {
  let app: NestExpressApplication;
  let violations: ContractViolation[];
  const get = (path: string) => request(app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ThingsModule] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new ApiExceptionFilter());
    violations = checkAnswersAgainstContract(app, createOpenApiDocument(app));
    await app.init();
  });
  afterAll(() => app.close());
  beforeEach(() => (violations.length = 0));

  it('passes answers the document describes, errors included', async () => {
    await get('/api/things/good').expect(200);
    await get('/api/things/missing').expect(404);
    await get('/api/nowhere').expect(404);
    expect(violations).toEqual([]);
  });

  it('reports a renamed field and a field of the wrong type', async () => {
    await get('/api/things/renamed').expect(200);
    await get('/api/things/wrong-type').expect(200);
    expect(violations).toEqual([
      expect.objectContaining({
        request: 'GET /api/things/renamed',
        status: 200,
        problem: expect.stringMatching(/label/),
      }),
      expect.objectContaining({
        request: 'GET /api/things/wrong-type',
        status: 200,
        problem: expect.stringMatching(/id/),
      }),
    ]);
  });
});
