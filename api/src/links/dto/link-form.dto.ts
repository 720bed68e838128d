import { OmitType, PartialType } from '@nestjs/swagger';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { messages } from '../../common/messages';
import { CreateLinkDto } from './create-link.dto';

/**
 * The text parts of `POST /api/store/create/with-image` (issue 16 item 1): the fields of CreateLinkDto, with the same
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
export class UpdateLinkFormDto extends PartialType(CreateLinkFormDto) {}
