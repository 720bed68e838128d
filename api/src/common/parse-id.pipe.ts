import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';
import { messages } from './messages';

const MAX_INT4 = 2_147_483_647;

/**
 * Parses a route id: a positive integer that fits PostgreSQL `int` (1–2147483647), digits only.
 * @throws ApiError 400 `messages.invalidId` for anything else ('abc', '0', '-1', '1.5', '99999999999').
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,9}$/.test(value ?? '') || Number(value) > MAX_INT4) {
      throw new ApiError(400, messages.invalidId);
    }
    return Number(value);
  }
}
