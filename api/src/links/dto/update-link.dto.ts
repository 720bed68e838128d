import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { messages } from '../../common/messages';
import { CreateLinkDto } from './create-link.dto';

/**
 * Body of `PUT /api/main/update/:id`: the fields of CreateLinkDto, each optional. An omitted field keeps its
 * stored value; an empty string or null clears the nullable ones (`tag`, `link`, `imagelink`, `showFrom`,
 * `showUntil`); null for another (`pname`, `enabled`, `disclosure`) is refused with its 400, as on create: the
 * contract does not type it nullable (`skipNullProperties: false`).
 */
export class UpdateLinkDto extends PartialType(CreateLinkDto, { skipNullProperties: false }) {
  /**
   * The link's `version` when the form loaded it (docs/decisions/0048-no-silent-overwrite.md). When it is no longer the stored one, nothing
   * changes and the answer is 409 with the stored link. Omitted: saved whatever the stored version (older clients).
   * The same as sending `If-Match: "<version>"`.
   */
  @ApiPropertyOptional({ type: Number, minimum: 1, example: 3 })
  @IsOptional()
  @Max(2_147_483_647, { message: messages.versionInvalid })
  @Min(1, { message: messages.versionInvalid })
  @IsInt({ message: messages.versionInvalid })
  version?: number;
}
