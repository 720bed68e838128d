import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError, FieldError } from './api-error';
import { messages } from './messages';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * The global ValidationPipe: whitelist + transform, and failures as 400 in the D1 envelope,
 * `message` `입력값이 올바르지 않습니다.` and one `{ field, message }` per broken constraint
 * (DTOs give Korean constraint messages).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new ApiError(400, messages.validationFailed, flatten(errors)),
  });
}
