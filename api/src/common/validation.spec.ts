import { IsString } from 'class-validator';
import { ApiError } from './api-error';
import { createValidationPipe } from './validation';

class Sample {
  @IsString({ message: '이름을 입력해주세요.' })
  name!: string;

  @IsString({ message: '설명을 입력해주세요.' })
  about!: string;
}

const validate = async (body: unknown): Promise<unknown> => {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: Sample });
    return 'passed';
  } catch (error) {
    return (error as ApiError).getResponse();
  }
};

describe('createValidationPipe (docs/decisions/0001-response-envelope.md)', () => {
  it('puts the first broken rule in message and every one in errors', async () => {
    expect(await validate({})).toEqual({
      statusCode: 400,
      message: '이름을 입력해주세요.',
      errors: [
        { field: 'name', message: '이름을 입력해주세요.' },
        { field: 'about', message: '설명을 입력해주세요.' },
      ],
    });
  });

  it('refuses an unknown field in Korean', async () => {
    expect(await validate({ name: 'a', about: 'b', extra: 1 })).toEqual({
      statusCode: 400,
      message: '허용되지 않는 필드입니다: extra',
      errors: [{ field: 'extra', message: '허용되지 않는 필드입니다: extra' }],
    });
  });

  it('lets a valid body through', async () => {
    expect(await validate({ name: 'a', about: 'b' })).toBe('passed');
  });
});
