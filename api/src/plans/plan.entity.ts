import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A schedule entry (docs/decisions/0002-entities.md "Plan"). Table `plans`; `enddate >= startdate` is a CHECK. */
@Entity('plans')
export class Plan {
  @PrimaryGeneratedColumn()
  id!: number;

  /** 1–200 characters. */
  @Column({ type: 'varchar', length: 200 })
  title!: string;

  /** `YYYY-MM-DD` (pg date, parsed as a plain string: see database/pg-types.ts). */
  @Column({ type: 'date' })
  startdate!: string;

  /** `YYYY-MM-DD`, not before startdate. */
  @Column({ type: 'date' })
  enddate!: string;

  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 when created, +1 on every saved update; a stale write
   * is refused with 409.
   */
  @Column({ type: 'int', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
