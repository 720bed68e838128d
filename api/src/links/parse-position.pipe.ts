import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';

/**
 * Parses a 0-based order position from the path (docs/decisions/0003-api-calls.md `:to`, `:from`): digits only,
 * 0–2147483647. Whether it is inside the list is the service's check (under the lock).
 * @throws ApiError 400 `messages.invalidPosition`
 */
@Injectable()
export class ParsePositionPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^(0|[1-9]\d{0,9})$/.test(value ?? '') || Number(value) > 2_147_483_647)
      throw new ApiError(400, messages.invalidPosition);
    return Number(value);
  }
}
