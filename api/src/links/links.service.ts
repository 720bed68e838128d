import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository, type SelectQueryBuilder } from 'typeorm';
import { ApiError } from '../common/api-error';
import { parseDateTime } from '../common/calendar';
import { Clock } from '../common/clock';
import { inputColumns } from '../common/input-columns';
import { messages } from '../common/messages';
import { insertImage, PreparedImage, removeUnreferencedImages } from '../images/images.service';
import { CreateLinkDto } from './dto/create-link.dto';
import type { CreateLinkFormDto, UpdateLinkFormDto } from './dto/link-form.dto';
import { INTERNAL_IMAGE_PATH } from './dto/link-fields';
import { UpdateLinkDto } from './dto/update-link.dto';
import { Link } from './link.entity';
import type { LinkDto, LinkPage } from './dto/link.dto';
import { toLinkView } from './link-view';
import { nextBoundary, visibilityAt, visibleAt, type VisibilityFields } from './link-visibility';
import { normalizeTags } from './normalize-tags';
import { encodeCursor, type StorePageQuery } from './store-page-query';

/**
 * Transaction-level advisory lock taken by every write that changes the set or the order of pcodes (create,
 * delete, reorder), so they run one after another even on an empty table, where there is no row to lock.
 */
const LINK_ORDER_LOCK_ID = 4_000_001;

/**
 * A move of the reorder call (docs/decisions/0003-api-calls.md): link `id` from position `from` to position `to`,
 * 0-based.
 */
export interface LinkMove {
  id: number;
  from: number;
  to: number;
}

@Injectable()
export class LinksService {
  constructor(
    @InjectRepository(Link) private readonly links: Repository<Link>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * The links visitors see now, ordered by pcode (docs/decisions/0003-api-calls.md `GET /api/store`;
   * docs/decisions/0026-creator-features.md: on and in their window).
   */
  async listVisible(): Promise<LinkDto[]> {
    const now = this.clock.now();
    const rows = await this.links
      .createQueryBuilder('links')
      .where(visibleAt(':now'), { now })
      .orderBy('links.pcode', 'ASC')
      .addOrderBy('links.id', 'ASC')
      .getMany();
    return rows.map((row) => toLinkView(row, now));
  }

  /**
   * One page of the links visitors see now (docs/decisions/0036-paged-public-read.md): the same rule and order as
   * {@link listVisible}, read with a keyset on the display order `(pcode, id) > after` and `LIMIT limit + 1` (the extra
   * row only tells whether a next page exists), never OFFSET, so every page costs the same whatever the catalogue's
   * size (index `links_display_order_idx`). `tag`: only links carrying it. A link created during a walk goes to the end
   * (pcode = n), so it neither repeats nor hides any other; a reorder during a walk can (positions move under the
   * cursor).
   */
  async listVisiblePage({ limit, after, tag }: StorePageQuery): Promise<LinkPage> {
    const now = this.clock.now();
    const rows = await visiblePageQuery(this.links, now, { limit, after, tag }).getMany();
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map((row) => toLinkView(row, now)),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** Every link, hidden, scheduled and ended ones too, ordered by pcode (the administrator's list). */
  async listAll(): Promise<LinkDto[]> {
    const now = this.clock.now();
    const rows = await this.links.find({ order: { pcode: 'ASC', id: 'ASC' } });
    return rows.map((row) => toLinkView(row, now));
  }

  /**
   * One link; with `visibleOnly`, only while visitors see it (the public read: a hidden link is not found).
   * @throws ApiError 404 `messages.linkNotFound`
   */
  async get(id: number, { visibleOnly }: { visibleOnly: boolean }): Promise<LinkDto> {
    const now = this.clock.now();
    const link = await this.links.findOneBy({ id });
    if (!link || (visibleOnly && visibilityAt(link, now) !== 'visible')) throw new ApiError(404, messages.linkNotFound);
    return toLinkView(link, now);
  }

  /** The next opening or closing of a link's window, or null (see `nextBoundary`). */
  nextBoundary(): Promise<Date | null> {
    return nextBoundary(this.dataSource, this.clock.now());
  }

  /**
   * Creates a link at the END of the list (pcode = number of links), so existing positions never shift under
   * an administrator's feet; the list screen's reorder mode moves it from there. docs/decisions/0002-entities.md,
   * docs/decisions/0003-api-calls.md. With `image` (a prepared upload, docs/decisions/0051-nothing-half-saved.md) the
   * image is stored and becomes the link's image in the same transaction, so either both are saved or neither.
   * @throws ApiError 400 `messages.imagelinkUnknown` for an `/api/images/<key>` imagelink of no stored image.
   */
  async create(dto: CreateLinkDto | CreateLinkFormDto, image?: PreparedImage): Promise<LinkDto> {
    return this.dataSource.transaction(async (manager) => {
      const ordered = await lockOrder(manager);
      const link = manager.create(Link, {
        ...plainInputs(dto, 'create'),
        tags: normalizeTags(dto.tag),
        pcode: ordered.length,
        ...windowOf(dto, { enabled: true, showFrom: null, showUntil: null }),
      });
      if (image) Object.assign(link, { imageKey: (await insertImage(manager, image)).key, imagelink: null });
      else Object.assign(link, await resolveImagelink(manager, ('imagelink' in dto && dto.imagelink) || null));
      return toLinkView(await manager.save(link), this.clock.now());
    });
  }

  /**
   * Updates the fields present in `dto` (omitted ones keep their value; empty clears tag/link/imagelink).
   * An uploaded image the link no longer uses is removed when nothing else references it
   * (docs/decisions/0002-entities.md). With `image` (a prepared upload, docs/decisions/0051-nothing-half-saved.md) it
   * becomes the link's image in the same transaction. With `expected` (the version the form loaded,
   * docs/decisions/0048-no-silent-overwrite.md) the row is compared under its lock: when another write has raised the
   * version since, nothing changes. Every saved update raises the version by one.
   * @throws ApiError 404 unknown id; 400 unknown internal image; 409 `messages.linkEditConflict` with `product` =
   *   the link as stored now when `expected` is stale.
   */
  async update(
    id: number,
    dto: UpdateLinkDto | UpdateLinkFormDto,
    image?: PreparedImage,
    expected?: number,
  ): Promise<LinkDto> {
    return this.dataSource.transaction(async (manager) => {
      const link = await manager.findOne(Link, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!link) throw new ApiError(404, messages.linkNotFound);
      this.checkVersion(link, expected, messages.linkEditConflict);
      const oldKey = link.imageKey;
      link.version += 1;
      Object.assign(link, plainInputs(dto, 'update'));
      if (dto.tag !== undefined) link.tags = normalizeTags(dto.tag);
      if (image) Object.assign(link, { imageKey: (await insertImage(manager, image)).key, imagelink: null });
      else if ('imagelink' in dto && dto.imagelink !== undefined) {
        Object.assign(link, await resolveImagelink(manager, dto.imagelink));
      }
      Object.assign(link, windowOf(dto, link));
      const saved = await manager.save(link);
      if (oldKey && oldKey !== saved.imageKey) await removeUnreferencedImages(manager, [oldKey]);
      return toLinkView(saved, this.clock.now());
    });
  }

  /**
   * Deletes a link, closes the gap (pcode stays 0..n-1, docs/decisions/0003-api-calls.md) and removes its image when no
   * other link or the cover uses it (docs/decisions/0002-entities.md). With `expected`
   * (docs/decisions/0048-no-silent-overwrite.md) the link is deleted only while its version is still that one.
   * @throws ApiError 404 unknown id; 409 `messages.linkDeleteConflict` with `product` = the link as stored now when
   *   `expected` is stale (nothing is deleted).
   */
  async remove(id: number, expected?: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const ordered = await lockOrder(manager);
      const link = ordered.find((l) => l.id === id);
      if (!link) throw new ApiError(404, messages.linkNotFound);
      this.checkVersion(link, expected, messages.linkDeleteConflict);
      await manager.delete(Link, { id });
      await manager.query(`UPDATE links SET pcode = pcode - 1 WHERE pcode > $1`, [link.pcode]);
      if (link.imageKey) await removeUnreferencedImages(manager, [link.imageKey]);
    });
  }

  /**
   * The reorder call of docs/decisions/0003-api-calls.md: in one transaction with every link row locked
   * (`SELECT … FOR UPDATE` in pcode order, after the order lock), moves link `id` from position `from` to `to` and
   * renumbers 0..n-1 (the UNIQUE (pcode) constraint is deferred, so the renumbering can pass through duplicates).
   * @returns the ordered list after the move.
   * @throws ApiError 400 `messages.positionOutOfRange` when `from` or `to` ≥ n;
   *   404 unknown id; 409 `다른 관리자가 순서를 바꿨습니다. …` with `product` = the current ordered list when
   *   link `id` is not at `from` any more (the screen replaces its list with it). Nothing changes on an error.
   */
  async reorder({ id, from, to }: LinkMove): Promise<LinkDto[]> {
    return this.dataSource.transaction(async (manager) => {
      const ordered = await lockOrder(manager);
      if (from >= ordered.length || to >= ordered.length) throw new ApiError(400, messages.positionOutOfRange);
      if (ordered[from]!.id !== id) {
        if (!ordered.some((l) => l.id === id)) throw new ApiError(404, messages.linkNotFound);
        const now = this.clock.now();
        throw new ApiError(
          409,
          messages.reorderConflict,
          undefined,
          ordered.map((row) => toLinkView(row, now)),
        );
      }
      const [moved] = ordered.splice(from, 1);
      ordered.splice(to, 0, moved!);
      const changed = ordered.flatMap((link, position) => (link.pcode === position ? [] : [{ link, position }]));
      if (changed.length > 0) {
        await manager.query(
          `UPDATE links SET pcode = v.pcode, updated_at = now()
             FROM unnest($1::int[], $2::int[]) AS v(id, pcode) WHERE links.id = v.id`,
          [changed.map((c) => c.link.id), changed.map((c) => c.position)],
        );
        for (const { link, position } of changed) link.pcode = position;
      }
      const now = this.clock.now();
      return ordered.map((row) => toLinkView(row, now));
    });
  }

  /**
   * Refuses a write loaded at another version than the locked row's (docs/decisions/0048-no-silent-overwrite.md);
   * `expected` undefined: no check.
   * @throws ApiError 409 `message` with `product` = the stored link's view.
   */
  private checkVersion(link: Link, expected: number | undefined, message: string): void {
    if (expected !== undefined && link.version !== expected) {
      throw new ApiError(409, message, undefined, toLinkView(link, this.clock.now()));
    }
  }

  /**
   * Stores a prepared upload and makes it link `id`'s image in the same transaction (docs/decisions/0003-api-calls.md,
   * docs/decisions/0004-image-uploads.md): `image_key` = its key, the external imagelink cleared. The link's previous
   * image is removed when nothing references it any more. Raises the link's version
   * (docs/decisions/0048-no-silent-overwrite.md).
   * @throws ApiError 404 unknown id (nothing is stored).
   */
  async setImage(id: number, image: PreparedImage): Promise<LinkDto> {
    return this.dataSource.transaction(async (manager) => {
      const link = await manager.findOne(Link, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!link) throw new ApiError(404, messages.linkNotFound);
      const oldKey = link.imageKey;
      link.version += 1;
      const stored = await insertImage(manager, image);
      link.imageKey = stored.key;
      link.imagelink = null;
      const saved = await manager.save(link);
      if (oldKey && oldKey !== stored.key) await removeUnreferencedImages(manager, [oldKey]);
      return toLinkView(saved, this.clock.now());
    });
  }
}

/**
 * The SQL of one page of {@link LinksService.listVisiblePage} at `now`: visible links, `(pcode, id) > after`, the tag
 * as an array containment, ordered by (pcode, id), `LIMIT limit + 1`, no OFFSET. Exported for the spec that EXPLAINs
 * it (links/store-page.int.spec.ts).
 */
export function visiblePageQuery(
  links: Repository<Link>,
  now: Date,
  { limit, after, tag }: StorePageQuery,
): SelectQueryBuilder<Link> {
  const query = links.createQueryBuilder('links').where(visibleAt(':now'), { now });
  if (after) query.andWhere('(links.pcode, links.id) > (:pcode, :id)', { pcode: after.pcode, id: after.id });
  if (tag !== null) query.andWhere('links.tags @> ARRAY[:tag]::text[]', { tag });
  return query
    .orderBy('links.pcode', 'ASC')
    .addOrderBy('links.id', 'ASC')
    .limit(limit + 1);
}

/** The link inputs stored in another form than the body's, which the writes convert themselves. */
const CONVERTED_INPUTS = ['imagelink', 'enabled', 'showFrom', 'showUntil'] as const;
/** A Link column a write stores as its body holds it: `pname`, `link`, `disclosure`… */
type PlainInput = Exclude<keyof CreateLinkDto & keyof Link, (typeof CONVERTED_INPUTS)[number]>;
/**
 * The Link columns CreateLinkDto writes (common/input-columns.ts) but {@link CONVERTED_INPUTS}: a field added to the
 * entity and the DTO under one name and type is written by create and update without a line here
 * (docs/decisions/0070-disclosure-label.md).
 */
const PLAIN_INPUTS = inputColumns(CreateLinkDto, Link).filter(
  ({ property }) => !(CONVERTED_INPUTS as readonly string[]).includes(property),
);

/**
 * The {@link PLAIN_INPUTS} of a body, as the Link's values. `create`: every one; one the body omits is null when its
 * column is nullable (`link`), else left to the column's default (`disclosure` → `none`). `update`: those the body
 * names (null, which clears, reaches here only for a nullable column: the DTOs refuse it for the others). `dto`'s type
 * holds each field to the type its column stores: a field the body holds in another type is a type error until it is
 * listed in {@link CONVERTED_INPUTS} and converted.
 */
function plainInputs(
  dto: { readonly [K in PlainInput]?: Link[K] | null },
  write: 'create' | 'update',
): Partial<Pick<Link, PlainInput>> {
  const body = dto as Record<string, unknown>;
  return Object.fromEntries(
    PLAIN_INPUTS.flatMap(({ property, nullable }) => {
      const value = body[property];
      if (value !== undefined) return [[property, value]];
      return write === 'create' && nullable ? [[property, null]] : [];
    }),
  );
}

/**
 * The visibility columns after applying the fields `dto` carries to `current` (omitted fields keep their value; an
 * empty or null end opens it).
 * @throws ApiError 400 `messages.linkWindowOrder` (errors: showUntil) when the resulting window ends before it starts.
 */
function windowOf(
  dto: Pick<CreateLinkDto, 'enabled' | 'showFrom' | 'showUntil'>,
  current: VisibilityFields,
): VisibilityFields {
  const next: VisibilityFields = {
    enabled: dto.enabled ?? current.enabled,
    showFrom:
      dto.showFrom === undefined ? current.showFrom : dto.showFrom === null ? null : parseDateTime(dto.showFrom),
    showUntil:
      dto.showUntil === undefined ? current.showUntil : dto.showUntil === null ? null : parseDateTime(dto.showUntil),
  };
  if (next.showFrom && next.showUntil && next.showUntil.getTime() <= next.showFrom.getTime()) {
    throw new ApiError(400, messages.linkWindowOrder, [{ field: 'showUntil', message: messages.linkWindowOrder }]);
  }
  return next;
}

/** Takes the order lock and locks every link row, returning them in pcode order. */
async function lockOrder(manager: EntityManager): Promise<Link[]> {
  await manager.query(`SELECT pg_advisory_xact_lock($1)`, [LINK_ORDER_LOCK_ID]);
  return manager.find(Link, { order: { pcode: 'ASC' }, lock: { mode: 'pessimistic_write' } });
}

/**
 * The columns for an imagelink value: an internal `/api/images/<key>` path becomes `image_key` (the image must
 * exist), an external URL stays in `imagelink`, null clears both.
 * @throws ApiError 400 `messages.imagelinkUnknown` (errors: imagelink) for a key with no stored image.
 */
async function resolveImagelink(
  manager: EntityManager,
  imagelink: string | null,
): Promise<Pick<Link, 'imagelink' | 'imageKey'>> {
  const key = imagelink ? INTERNAL_IMAGE_PATH.exec(imagelink)?.[1] : undefined;
  if (!key) return { imagelink, imageKey: null };
  const [exists] = await manager.query(`SELECT 1 FROM images WHERE key = $1`, [key]);
  if (!exists)
    throw new ApiError(400, messages.imagelinkUnknown, [{ field: 'imagelink', message: messages.imagelinkUnknown }]);
  return { imagelink: null, imageKey: key };
}
