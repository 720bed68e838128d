import { applyDecorators, type Type } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from '../common/dto/error-response.dto';

/** The sentences one error status may carry, or those and a richer body (a 409 that also returns the current state). */
type ErrorAnswer = readonly string[] | { type: Type<unknown>; sentences: readonly string[] };

/**
 * Documents an operation's error answers (docs/decisions/0001-response-envelope.md) with the error envelope's schema
 * and, as each status's description, the Korean sentences it may carry, passed from `common/messages.ts` rather than
 * retyped, so the document cannot drift from what the API sends.
 *
 *   @ApiErrors({ 400: [messages.invalidId], 404: [messages.linkNotFound] })
 */
export const ApiErrors = (answers: Partial<Record<400 | 403 | 404 | 409 | 413 | 415 | 422 | 503, ErrorAnswer>>) =>
  applyDecorators(
    ...Object.entries(answers).map(([status, answer]) => {
      const { type, sentences } = Array.isArray(answer)
        ? { type: ErrorResponse, sentences: answer as readonly string[] }
        : (answer as { type: Type<unknown>; sentences: readonly string[] });
      return ApiResponse({ status: Number(status), type, description: sentences.join(' · ') });
    }),
  );
