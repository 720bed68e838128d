import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ApiError } from './api-error';
import { ApiExceptionFilter } from './api-exception.filter';

describe('ApiExceptionFilter (docs/decisions/0001-response-envelope.md)', () => {
  const filter = new ApiExceptionFilter();
  beforeAll(() =>
    jest
      .spyOn((filter as unknown as { logger: { error: () => void } }).logger, 'error')
      .mockImplementation(() => undefined),
  );

  it('passes an ApiError through', () => {
    expect(filter.toEnvelope(new ApiError(404, '링크 정보를 찾을 수 없습니다.'))).toEqual({
      statusCode: 404,
      message: '링크 정보를 찾을 수 없습니다.',
    });
  });

  it('gives Nest exceptions a Korean sentence by status, never an array', () => {
    expect(filter.toEnvelope(new NotFoundException('Cannot GET /api/x'))).toEqual({
      statusCode: 404,
      message: '요청한 주소를 찾을 수 없습니다.',
    });
    expect(filter.toEnvelope(new BadRequestException(['a', 'b']))).toEqual({
      statusCode: 400,
      message: '잘못된 요청입니다.',
    });
  });

  it('maps middleware errors with a 4xx status to that status', () => {
    expect(filter.toEnvelope(Object.assign(new Error('too large'), { status: 413, type: 'entity.too.large' }))).toEqual(
      {
        statusCode: 413,
        message: '요청 본문이 너무 큽니다.',
      },
    );
  });

  it('turns anything else into 500 서버 오류가 발생했습니다.', () => {
    expect(filter.toEnvelope(new Error('boom'))).toEqual({ statusCode: 500, message: '서버 오류가 발생했습니다.' });
    expect(filter.toEnvelope('weird')).toEqual({ statusCode: 500, message: '서버 오류가 발생했습니다.' });
  });
});
