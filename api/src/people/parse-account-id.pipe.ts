import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';

/** An account id as the identity providers write them: a UUID, or 1–64 of letters, digits, `-`, `_`, `.`. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Parses `:id` of `/api/people/:id/…`: an account id ({@link ACCOUNT_ID_PATTERN}).
 * @throws ApiError 400 `messages.personIdInvalid` for anything else (`..`, `%00`, spaces, 65+ characters).
 */
@Injectable()
export class ParseAccountIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!ACCOUNT_ID_PATTERN.test(value ?? '')) throw new ApiError(400, messages.personIdInvalid);
    return value;
  }
}
