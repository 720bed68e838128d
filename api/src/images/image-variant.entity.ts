import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Widths a variant may have (docs/decisions/0003-api-calls.md `?w=`). */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** A cached WebP resize of an image (ARCHITECTURE.md "Data"). Table `image_variants`, deleted with its image. */
@Entity('image_variants')
export class ImageVariant {
  @PrimaryColumn({ name: 'image_key', type: 'char', length: 64 })
  imageKey!: string;

  /** Requested width: 320 | 640 | 1280 (the bytes may be narrower: never enlarged). */
  @PrimaryColumn({ type: 'int' })
  width!: VariantWidth;

  @Column({ type: 'bytea' })
  bytes!: Buffer;

  @Column({ name: 'byte_size', type: 'int' })
  byteSize!: number;
}
