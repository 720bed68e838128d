import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The one current cover image (DECISIONS D2 "Cover"): a single row with id 1. Table `cover`. */
@Entity('cover')
export class Cover {
  /** Always 1 (CHECK). */
  @PrimaryColumn({ type: 'smallint' })
  id!: 1;

  @Column({ name: 'image_key', type: 'char', length: 64 })
  imageKey!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
