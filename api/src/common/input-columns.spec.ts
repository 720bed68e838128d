import { IsOptional, IsString } from 'class-validator';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { Link } from '../links/link.entity';
import { inputColumns } from './input-columns';

@Entity('notes')
class Note {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'private_memo', type: 'text', nullable: true })
  privateMemo!: string | null;
}

class CreateNoteDto {
  @IsString()
  title!: string;

  /** A field with no column of the same name. */
  @IsOptional()
  @IsString()
  tag?: string;
}

describe('inputColumns', () => {
  it("is the entity's columns the DTO has a field for, with their column names and whether they take NULL", () => {
    expect(inputColumns(CreateNoteDto, Note)).toEqual([{ property: 'title', column: 'title', nullable: false }]);
  });

  it("leaves out the entity's other columns (ids, versions, positions) and the DTO's fields that are no column", () => {
    const links = inputColumns(CreateLinkDto, Link);
    expect(links.map(({ property }) => property)).toEqual([
      'pname',
      'link',
      'imagelink',
      'enabled',
      'disclosure',
      'showFrom',
      'showUntil',
    ]);
    expect(links.find(({ property }) => property === 'showFrom')).toEqual({
      property: 'showFrom',
      column: 'show_from',
      nullable: true,
    });
    expect(links.find(({ property }) => property === 'pname')?.nullable).toBe(false);
  });
});
