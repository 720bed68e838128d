import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { messages } from '../../common/messages';
import { HasAtMostMaxTags, HasNoLongTag, IsHttpUrl, IsImageLink, MAX_URL_LENGTH, Trim, TrimToNull } from './link-fields';

/**
 * Body of `POST /api/store/create` (spec §7: pname, tag, link, imagelink; DECISIONS D2, D6).
 * Strings are trimmed; an empty `tag`, `link` or `imagelink` means none. Unknown fields are refused (400).
 * class-validator checks a property's decorators bottom-up, and the first broken rule becomes the answer's
 * `message`, so the type/required rule sits lowest.
 */
export class CreateLinkDto {
  /** 1–100 characters after trimming; required (spec §5 `링크 이름은 필수 값입니다.`). */
  @ApiProperty({ minLength: 1, maxLength: 100, example: '수제 딸기잼 세트' })
  @Trim()
  @MaxLength(100, { message: messages.pnameTooLong })
  @IsNotEmpty({ message: messages.pnameRequired })
  @IsString({ message: messages.pnameRequired })
  pname!: string;

  /** One string, split on `,` and `/` (DECISIONS D2): at most 20 tags of at most 30 characters. */
  @ApiPropertyOptional({ type: String, nullable: true, example: '간식, 선물추천/홈카페' })
  @TrimToNull()
  @IsOptional()
  @HasNoLongTag({ message: messages.tagTooLong })
  @HasAtMostMaxTags({ message: messages.tooManyTags })
  @IsString({ message: messages.tagNotString })
  tag?: string | null;

  /** Purchase-site `http(s)` URL ≤ 2048, or empty/null (card not clickable). */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_URL_LENGTH, example: 'https://smartstore.naver.com/x/products/1' })
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
}
