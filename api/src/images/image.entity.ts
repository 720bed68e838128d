import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Content types the API stores (docs/decisions/0004-image-uploads.md). */
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';

/** A stored original image, content-addressed (docs/decisions/0002-entities.md "Image"). Table `images`. */
@Entity('images')
export class Image {
  /** SHA-256 hex (64 lowercase chars) of `bytes`. */
  @PrimaryColumn({ type: 'char', length: 64 })
  key!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 32 })
  contentType!: ImageContentType;

  /** Pixels. */
  @Column({ type: 'int' })
  width!: number;

  /** Pixels (one frame for animations). */
  @Column({ type: 'int' })
  height!: number;

  @Column({ name: 'byte_size', type: 'int' })
  byteSize!: number;

  /** Normalized bytes: EXIF orientation applied, metadata stripped. */
  @Column({ type: 'bytea', select: false })
  bytes!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
