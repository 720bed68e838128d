import { OmitType, PartialType } from '@nestjs/swagger';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { messages } from '../../common/messages';
import { CreateLinkDto } from './create-link.dto';

/**
 * The text parts of `POST /api/store/create/with-image` (docs/decisions/0051-nothing-half-saved.md): the fields of CreateLinkDto, with the same
 * rules and messages, except `imagelink` (the request's file is the image; sending one is refused as an unknown
 * field). Multipart parts are strings, so `enabled` is `'true'` or `'false'`.
 */
export class CreateLinkFormDto extends OmitType(CreateLinkDto, ['imagelink', 'enabled'] as const) {
  /** Shown to visitors at all; default true. A multipart part: `'true'` or `'false'`. */
  @ApiPropertyOptional({ type: Boolean, example: true })
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsOptional()
  @IsBoolean({ message: messages.linkEnabledInvalid })
  enabled?: boolean;
}

/**
 * The text parts of `PUT /api/main/update/:id/with-image`: any of CreateLinkFormDto's fields; an omitted one keeps
 * its stored value.
 */
export class UpdateLinkFormDto extends PartialType(CreateLinkFormDto) {
  /**
   * The link's `version` when the form loaded it (docs/decisions/0048-no-silent-overwrite.md), as a text part (`'3'`); see UpdateLinkDto.version.
   * Stale: 409 and nothing stored (neither the fields nor the image).
   */
  @ApiPropertyOptional({ type: Number, minimum: 1, example: 3 })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
  )
  @IsOptional()
  @Max(2_147_483_647, { message: messages.versionInvalid })
  @Min(1, { message: messages.versionInvalid })
  @IsInt({ message: messages.versionInvalid })
  version?: number;
}
