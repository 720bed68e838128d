import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { messages } from '../../common/messages';
import { LINK_DISCLOSURE, LINK_DISCLOSURES, type LinkDisclosure } from '../../common/shared-rules';
import {
  HasAtMostMaxTags,
  HasNoLongTag,
  IsHttpUrl,
  IsDateTimeOrNull,
  IsImageLink,
  MAX_URL_LENGTH,
  TagInput,
  Trim,
  TrimToNull,
} from './link-fields';

/**
 * Body of `POST /api/store/create` (docs/product.md#7-api-calls: pname, tag, link, imagelink; docs/decisions/0002-entities.md, docs/decisions/0006-korean-wording.md; docs/decisions/0026-creator-features.md visibility:
 * enabled, showFrom, showUntil). Strings are trimmed; an empty `tag`, `link`, `imagelink`, `showFrom` or `showUntil`
 * means none. Unknown fields are refused (400). The window's order (showUntil after showFrom) is checked by the
 * service against the stored values, since an update may send one end only.
 * class-validator checks a property's decorators bottom-up, and the first broken rule becomes the answer's
 * `message`, so the type/required rule sits lowest.
 */
export class CreateLinkDto {
  /** 1–100 characters after trimming; required (docs/product.md#5-validation `messages.pnameRequired`). */
  @ApiProperty({ minLength: 1, maxLength: 100, example: '수제 딸기잼 세트' })
  @Trim()
  @MaxLength(100, { message: messages.pnameTooLong })
  @IsNotEmpty({ message: messages.pnameRequired })
  @IsString({ message: messages.pnameRequired })
  pname!: string;

  /**
   * One string, split on `,` and `/` (docs/decisions/0002-entities.md): at most 20 tags of at most 30 characters. A leading `#` of a
   * tag is dropped (`#해시` → `해시`, docs/decisions/0055-form-flow.md).
   */
  @ApiPropertyOptional({ type: String, nullable: true, example: '간식, 선물추천/홈카페' })
  @TagInput()
  @IsOptional()
  @HasNoLongTag({ message: messages.tagTooLong })
  @HasAtMostMaxTags({ message: messages.tooManyTags })
  @IsString({ message: messages.tagNotString })
  tag?: string | null;

  /** Purchase-site `http(s)` URL ≤ 2048, or empty/null (card not clickable). */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_URL_LENGTH,
    example: 'https://smartstore.naver.com/x/products/1',
  })
  @TrimToNull()
  @IsOptional()
  @IsHttpUrl({ message: messages.linkUrlInvalid })
  link?: string | null;

  /** External `http(s)` image URL ≤ 2048, or `/api/images/<key>` of a stored image, or empty/null. */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_URL_LENGTH, example: '/api/images/<64 hex>' })
  @TrimToNull()
  @IsOptional()
  @IsImageLink({ message: messages.imagelinkInvalid })
  imagelink?: string | null;

  /** Shown to visitors at all; default true (the 숨김 switch). null: 400, like any value but true and false. */
  @ApiPropertyOptional({ type: Boolean, example: true })
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean({ message: messages.linkEnabledInvalid })
  enabled?: boolean;

  /**
   * The label the public card starts with (docs/decisions/0070-disclosure-label.md): `none` (default on create), `ad` 광고,
   * `sponsored` 협찬, `affiliate` 제휴 (`LINK_DISCLOSURE` of common/shared-rules.ts). Anything else: 400
   * `messages.choiceInvalid` (null too, on create and on update).
   */
  @ApiPropertyOptional({ enum: LINK_DISCLOSURES, example: 'ad' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(LINK_DISCLOSURES, { message: messages.choiceInvalid(LINK_DISCLOSURE) })
  disclosure?: LinkDisclosure;

  /** First instant the card shows: RFC 3339 with an offset (the form sends Asia/Seoul, `+09:00`), or empty/null. */
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: '2026-12-01T10:00:00+09:00' })
  @TrimToNull()
  @IsDateTimeOrNull({ message: messages.linkShowFromInvalid })
  showFrom?: string | null;

  /** First instant the card no longer shows (after showFrom), or empty/null for no end. */
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: '2026-12-04T23:59:00+09:00' })
  @TrimToNull()
  @IsDateTimeOrNull({ message: messages.linkShowUntilInvalid })
  showUntil?: string | null;
}
