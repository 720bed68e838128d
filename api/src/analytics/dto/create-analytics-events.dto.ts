import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { messages } from '../../common/messages';
import { REMOTE_NAME, REPORTED_RELEASE_VERSION } from '../../common/shared-rules';

/** Events in one request: a page's queue is flushed in batches of at most this many. */
export const MAX_EVENTS_PER_REQUEST = 20;
export const EVENT_TYPES = ['pageview', 'click', 'remote_error'] as const;
export type AnalyticsEventType = (typeof EVENT_TYPES)[number];

/** A URL path as `location.pathname` gives it: `/`, then printable ASCII without `?` and `#`, at most 300. */
const PATH = /^\/[\x21\x22\x24-\x3e\x40-\x7e]{0,299}$/;

/** `''` (no referrer) or an absolute http(s) URL. */
const IsReferrer = (message: string) =>
  ValidateBy(
    {
      name: 'isReferrer',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || value.length > 2048) return false;
          if (value === '') return true;
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
          } catch {
            return false;
          }
        },
      },
    },
    { message },
  );

/** The campaign of the landing page's URL: `utm_source` only (`?utm_source=instagram`). */
export class AnalyticsUtmDto {
  /** `utm_source`, 1–100 characters. */
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'instagram' })
  @Length(1, 100, { message: messages.analyticsUtmInvalid })
  @IsString({ message: messages.analyticsUtmInvalid })
  source!: string;
}

/**
 * One hit (docs/decisions/0027-first-party-analytics.md). `pageview`: neither `linkId` nor `keyword`. `click`: exactly one of them — a product
 * card (`linkId`) or a keyword-cloud word (`keyword`). `remote_error`: an error a remote's code met in the browser,
 * with `remote` and `version` and nothing else besides `path`; counted on /metrics, never stored as a visit. Which
 * fields go with which type is the ingest's rule (analytics-ingest.service.ts `checkFields`). Unknown fields are
 * refused.
 */
export class AnalyticsEventDto {
  @ApiProperty({ enum: EVENT_TYPES })
  @IsIn(EVENT_TYPES, { message: messages.analyticsTypeInvalid })
  type!: AnalyticsEventType;

  /** The page's path (`location.pathname`, no query or fragment). */
  @ApiProperty({ maxLength: 300, example: '/' })
  @Matches(PATH, { message: messages.analyticsPathInvalid })
  @IsString({ message: messages.analyticsPathInvalid })
  path!: string;

  /** The clicked card's link id. */
  @ApiPropertyOptional({ minimum: 1, maximum: 2147483647 })
  @IsOptional()
  @Max(2147483647, { message: messages.analyticsLinkIdInvalid })
  @Min(1, { message: messages.analyticsLinkIdInvalid })
  @IsInt({ message: messages.analyticsLinkIdInvalid })
  linkId?: number;

  /** The clicked keyword-cloud word. */
  @ApiPropertyOptional({ minLength: 1, maxLength: 30 })
  @IsOptional()
  @Length(1, 30, { message: messages.analyticsKeywordInvalid })
  @IsString({ message: messages.analyticsKeywordInvalid })
  keyword?: string;

  /** `document.referrer` of the page load (`''` when none); only its host is stored, and not the site's own. */
  @ApiPropertyOptional({ maxLength: 2048, example: 'https://www.instagram.com/' })
  @ValidateIf((_, value) => value !== undefined)
  @IsReferrer(messages.analyticsReferrerInvalid)
  referrer?: string;

  @ApiPropertyOptional({ type: AnalyticsUtmDto })
  @ValidateIf((_, value) => value !== undefined)
  @ValidateNested({ message: messages.analyticsUtmInvalid })
  @Type(() => AnalyticsUtmDto)
  @IsObject({ message: messages.analyticsUtmInvalid })
  utm?: AnalyticsUtmDto;

  /** `remote_error`: the remote's Module Federation name (`mf_links`). */
  @ApiPropertyOptional({ pattern: REMOTE_NAME.source, maxLength: 40, example: 'mf_links' })
  @IsOptional()
  @Matches(REMOTE_NAME, { message: messages.analyticsRemoteInvalid })
  @IsString({ message: messages.analyticsRemoteInvalid })
  remote?: string;

  /** `remote_error`: the remote's release version (6–64 lowercase hex digits), or `-` when the browser knows none. */
  @ApiPropertyOptional({ pattern: REPORTED_RELEASE_VERSION.source, maxLength: 64, example: '3f2a9c0d1e4b' })
  @IsOptional()
  @Matches(REPORTED_RELEASE_VERSION, { message: messages.analyticsVersionInvalid })
  @IsString({ message: messages.analyticsVersionInvalid })
  version?: string;
}

/**
 * Body of `POST /api/analytics/events`, sent by `navigator.sendBeacon` as `text/plain` (or `application/json`):
 * 1–20 events, stored all or none.
 */
export class CreateAnalyticsEventsDto {
  @ApiProperty({ type: [AnalyticsEventDto], minItems: 1, maxItems: MAX_EVENTS_PER_REQUEST })
  @ValidateNested({ each: true, message: messages.analyticsEventInvalid })
  @Type(() => AnalyticsEventDto)
  // An event that is itself an array (`[[{…}]]`) passes ValidateNested item by item and reached the insert as a row
  // without a kind: 500 (docs/decisions/0043-bad-input-corpus.md, found by the bad-input corpus).
  @IsObject({ each: true, message: messages.analyticsEventInvalid })
  @ArrayMaxSize(MAX_EVENTS_PER_REQUEST, { message: messages.analyticsEventsInvalid })
  @ArrayMinSize(1, { message: messages.analyticsEventsInvalid })
  @IsArray({ message: messages.analyticsEventsInvalid })
  events!: AnalyticsEventDto[];
}
