import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The one current cover image (docs/decisions/0002-entities.md "Cover"): a single row with id 1. Table `cover`. */
@Entity('cover')
export class Cover {
  /** Always 1 (CHECK). */
  @PrimaryColumn({ type: 'smallint' })
  id!: 1;

  @Column({ name: 'image_key', type: 'char', length: 64 })
  imageKey!: string;

  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 for the first cover, +1 on every replace; a stale
   * replace is refused (409).
   */
  @Column({ type: 'int', default: 1 })
  version!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
