import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An administrator, upserted on login from the access token (docs/decisions/0002-entities.md "Administrator"). Table
 * `administrators`.
 */
@Entity('administrators')
export class Administrator {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The token's `sub`, unique. */
  @Column({ type: 'varchar', length: 255, unique: true })
  sub!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  username!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email!: string | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  /**
   * When the owner disabled the account (`PATCH /api/people/:id` `{ disabled: true }`,
   * docs/decisions/0080-people-invites-totp.md); null while it may sign in. A disabled `sub` is refused by
   * AccessTokenGuard (admins/disabled-accounts.ts).
   */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
