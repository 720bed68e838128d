import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A popup reservation slot (docs/decisions/0002-entities.md "Popup slot"). Table `popup_slots`.
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

  /** Bookings open at this instant; null: as soon as the slot exists (docs/decisions/0030-popup-bookings.md). */
  @Column({ name: 'booking_opens_at', type: 'timestamptz', nullable: true })
  bookingOpensAt!: Date | null;

  /** Bookings close at this instant; null: at the slot's start. */
  @Column({ name: 'booking_closes_at', type: 'timestamptz', nullable: true })
  bookingClosesAt!: Date | null;

  /** A visitor may cancel until this many hours before the start, 0–720. */
  @Column({ name: 'cancel_hours_before', type: 'int', default: 24 })
  cancelHoursBefore!: number;

  /** Party size of one booking: at least partyMin, at most partyMax (1–50). */
  @Column({ name: 'party_min', type: 'int', default: 1 })
  partyMin!: number;

  @Column({ name: 'party_max', type: 'int', default: 4 })
  partyMax!: number;

  /** The administrator's switch: false closes booking whatever the times say. */
  @Column({ name: 'booking_enabled', type: 'boolean', default: true })
  bookingEnabled!: boolean;

  /**
   * People and tables taken by active bookings. Written only by the bookings service's conditional UPDATEs, never
   * by the slot's own writes (TypeORM leaves them out of its UPDATE: `update: false`).
   */
  @Column({ name: 'booked_people', type: 'int', default: 0, update: false })
  bookedPeople!: number;

  @Column({ name: 'booked_tables', type: 'int', default: 0, update: false })
  bookedTables!: number;

  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 when created, +1 on every administrator save of the
   * slot (update, the booking switch); a stale write is refused with 409. Bookings do not raise it.
   */
  @Column({ type: 'int', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
