import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error';
import type { FieldErrorDto } from './dto/error-response.dto';
import { messages } from './messages';

function flatten(errors: ValidationError[], prefix = ''): FieldErrorDto[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // forbidNonWhitelisted reports an unknown field in English ('property x should not exist').
    const own = Object.entries(error.constraints ?? {}).map(([name, message]) => ({
      field,
      message: name === 'whitelistValidation' ? messages.unknownField(field) : message,
    }));
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
 * The global ValidationPipe: whitelist + transform, unknown fields refused, and failures as 400 in the
 * docs/decisions/0001-response-envelope.md envelope with one `{ field, message }` per broken constraint (DTOs give
 * Korean constraint messages). `message` is the first broken rule's sentence, in the DTO's field order (the screens
 * alert `data.message`, so it names the problem: `messages.requiredValues`), or `messages.validationFailed` when none
 * has one.
 */
export function createValidationPipe(): ValidationPipe {
  return new BodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new ApiError(400, fieldErrors[0]?.message ?? messages.validationFailed, fieldErrors);
    },
  });
}
