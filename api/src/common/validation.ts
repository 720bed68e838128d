import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
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
 * Leaves route params and query values as the strings they arrived as: the stock pipe would turn
 * '1e3' into 1000 before ParseIdPipe sees it. Explicit pipes (ParseIdPipe…) parse them instead.
 */
class BodyValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, _metadata: ArgumentMetadata): unknown {
    return value;
  }
}

/**
 * The global ValidationPipe: whitelist + transform, and failures as 400 in the D1 envelope,
 * `message` `입력값이 올바르지 않습니다.` and one `{ field, message }` per broken constraint
 * (DTOs give Korean constraint messages).
 */
export function createValidationPipe(): ValidationPipe {
  return new BodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new ApiError(400, messages.validationFailed, flatten(errors)),
  });
}
