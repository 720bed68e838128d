import { PartialType } from '@nestjs/swagger';
import { CreateLinkDto } from './create-link.dto';

/**
 * Body of `PUT /api/main/update/:id`: the fields of CreateLinkDto, each optional. An omitted field keeps its
 * stored value; an empty string or null clears `tag`, `link`, `imagelink`; `pname` cannot be cleared.
 */
export class UpdateLinkDto extends PartialType(CreateLinkDto) {}
