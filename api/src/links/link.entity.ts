import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LinkDisclosure } from '../common/shared-rules';

/** A product / link entry of the store (docs/decisions/0002-entities.md "Link"). Table `links`. */
@Entity('links')
export class Link {
  @PrimaryGeneratedColumn()
  id!: number;

  /** 1–100 characters. */
  @Column({ type: 'varchar', length: 100 })
  pname!: string;

  /** Normalized tags (see normalizeTags), at most 20 of at most 30 characters. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  /** Purchase-site http(s) URL, or null (card not clickable). */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  link!: string | null;

  /** External http(s) image URL; ignored when imageKey is set. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  imagelink!: string | null;

  /** Uploaded image (images.key); served as `/api/images/<key>`. */
  @Column({ name: 'image_key', type: 'char', length: 64, nullable: true })
  imageKey!: string | null;

  /** Order position, 0-based and contiguous; unique, deferred so reorders can swap in one transaction. */
  @Column({ type: 'int' })
  pcode!: number;

  /** Shown to visitors at all (the 숨김 switch of the admin list). */
  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /**
   * The label the public card starts with (docs/decisions/0070-disclosure-label.md; its values and words:
   * `LINK_DISCLOSURE` of common/shared-rules.ts, held by the migration's CHECK); `none` for links made before it.
   */
  @Column({ type: 'text', default: 'none' })
  disclosure!: LinkDisclosure;

  /** First instant the link shows, or null (shown since it was made). */
  @Column({ name: 'show_from', type: 'timestamptz', nullable: true })
  showFrom!: Date | null;

  /** First instant the link no longer shows, or null (no end). */
  @Column({ name: 'show_until', type: 'timestamptz', nullable: true })
  showUntil!: Date | null;

  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 when created, +1 on every saved edit of the link's
   * fields or image. A write that names the version it was loaded at is refused with 409 when this has moved on.
   * Reorders do not raise it (the position is not a field of the edit form).
   */
  @Column({ type: 'int', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
