import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { messages } from '../../common/messages';

/** Body of `PUT /api/main/update/order/:id/:to/:from`: `{ pcode: to }` (docs/product.md#7-api-calls sends the new index twice, docs/decisions/0003-api-calls.md). */
export class ReorderLinkDto {
  /** The new 0-based position; must equal the path's `to`. */
  @ApiProperty({ minimum: 0, example: 2 })
  @IsInt({ message: messages.invalidPosition })
  @Min(0, { message: messages.invalidPosition })
  pcode!: number;
}
