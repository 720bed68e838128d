import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A popup reservation slot (DECISIONS D2 "Popup slot"). Table `popup_slots`.
 * The API fields `count` and `table` are stored as `head_count` and `bookable_tables` (never a column named `table`).
 */
@Entity('popup_slots')
export class PopupSlot {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Turn: '1' | '2' | '3' or null. */
  @Column({ type: 'varchar', length: 1, nullable: true })
  cnt!: '1' | '2' | '3' | null;

  @Column({ type: 'timestamptz' })
  startdate!: Date;

  /** Not before startdate. */
  @Column({ type: 'timestamptz' })
  enddate!: Date;

  /** Head count, 0–100000. */
  @Column({ name: 'head_count', type: 'int' })
  headCount!: number;

  /** Bookable tables, 0–10000. */
  @Column({ name: 'bookable_tables', type: 'int' })
  bookableTables!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
