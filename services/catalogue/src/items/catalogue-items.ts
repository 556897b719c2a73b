import { changedFields, recordAdminAction, toCsv, type AdminActor, type CsvCell, type Tx } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { claimUploads, type VerifiedUpload } from '../media';
import { deleteReviewsOfItem } from '../reviews';
import type { Bucket } from '../shared/buckets';
import { CONTENT_CATEGORY_LABELS, type ContentCategory } from '../shared/categories';
import type { CatalogueDeps } from '../shared/deps';
import { applyCredits, newCredits } from '../shared/credits';
import { catalogueError } from '../shared/errors';
import type { CreditChanges } from '../shared/inputs';
import { itemEvent } from '../shared/item-events';
import { CURRENCY } from '../shared/money';
import type { Page } from '../shared/pagination';
import type { CatalogueItem } from '../shared/records';
import { normalizeText, searchDocument } from '../shared/search';
import type { OrderTerm } from '../shared/sort';
import { deleteItemRow, insertItemRow, itemById, lockedItem, pageOfItems, saveItem, type ItemListQuery, type ItemTable } from './store';

export type ItemQuery = ItemListQuery;

/**
 * An items export (videos-export.csv, pdfs-export.csv) through the kit's writer (the French
 * spreadsheet format): the columns every item has (the price in dollars with a decimal comma), the
 * kind's own `columns` with their `cells`, then the creation date, in the site's time zone.
 */
export function itemsCsv<T extends CatalogueItem>(
  deps: Pick<CatalogueDeps, 'siteTimezone'>,
  items: readonly T[],
  columns: readonly string[],
  cells: (item: T) => CsvCell[],
): string {
  return toCsv(
    ['Titre', 'Description', 'Catégorie', 'Prix (USD)', ...columns, 'Date de création'],
    items.map((item) => [item.title, item.description, CONTENT_CATEGORY_LABELS[item.category], item.priceCents / 100, ...cells(item), item.createdAt]),
    { timeZone: deps.siteTimezone },
  );
}

/**
 * The flows videos and PDFs share (listing, finding, creating, updating, deleting with their
 * objects and the catalogue.item.* event), parametrised by what tells the two kinds apart.
 */
export interface ItemKind<T extends CatalogueItem> {
  /** The kind's table. */
  table: ItemTable;
  /** `itemType` of the catalogue.item.* events. */
  type: 'video' | 'pdf';
  /** The bucket that holds the item's objects. */
  bucket: Bucket;
  /** NOT_FOUND message of the kind. */
  notFound: string;
  /** Every object the item owns (null for a file it does not have). */
  objectKeys(item: T): Array<string | null>;
  /** Objects made from the item (a buyer's stamped copy), listed in the deletion's transaction. */
  derivedKeys?(manager: EntityManager, item: T): Promise<string[]>;
  /** What else the deletion does in its transaction, before the row goes (a video's open alert cleared). */
  beforeDelete?(tx: Tx, item: T): Promise<void>;
  /** The fields an update's journal entry compares, before and after (never the search columns). */
  journalFields: ReadonlyArray<keyof T & string>;
}

/** The journal's action codes of a kind. */
const JOURNAL = {
  video: { created: 'video.created', updated: 'video.updated', deleted: 'video.deleted' },
  pdf: { created: 'pdf.created', updated: 'pdf.updated', deleted: 'pdf.deleted' },
} as const;

/** The fields of both kinds an update's journal entry compares. */
export const SHARED_JOURNAL_FIELDS = ['title', 'description', 'category', 'priceCents'] as const;

/** A page of published items (all when `unpublished`), filtered by category and search words. */
export function listItems<T extends CatalogueItem>(deps: Pick<CatalogueDeps, 'ds'>, kind: ItemKind<T>, q: ItemQuery, order: OrderTerm[]): Promise<Page<T>> {
  return pageOfItems<T>(deps.ds.manager, kind.table, q, order);
}

export function findItem<T extends CatalogueItem>(deps: Pick<CatalogueDeps, 'ds'>, kind: ItemKind<T>, id: string): Promise<T | null> {
  return itemById<T>(deps.ds.manager, kind.table, id);
}

async function lockItem<T extends CatalogueItem>(manager: EntityManager, kind: ItemKind<T>, id: string): Promise<T> {
  const item = await lockedItem<T>(manager, kind.table, id);
  if (!item) throw catalogueError('NOT_FOUND', kind.notFound);
  return item;
}

/** The fields both creation forms share. */
export interface NewItemFields {
  title: string;
  description: string;
  category: ContentCategory;
  price?: number | null;
  author: string | null;
  reviewer: string | null;
  contentUpdatedOn: string | null;
}

/** The shared columns of a new item, published at once; `today` (the site's) is its « Mis à jour le » unless given. */
export function newItemColumns(i: NewItemFields, defaultPriceCents: number, now: Date, today: string): CatalogueItem {
  return {
    ...newCredits(i, today),
    author: i.author,
    id: randomUUID(),
    title: i.title,
    description: i.description,
    category: i.category,
    priceCents: i.price ?? defaultPriceCents,
    currency: CURRENCY,
    downloadCount: 0,
    searchText: searchDocument(i.title, i.description),
    titleKey: normalizeText(i.title),
    createdAt: now,
    publishedAt: now,
    updatedAt: now,
  };
}

/**
 * Claims the uploads, inserts the item and publishes catalogue.item.published, in one transaction.
 * An item inserted unpublished (a video until its ladder is ready) gets no event here.
 */
export function insertItem<T extends CatalogueItem>(
  deps: CatalogueDeps,
  admin: AdminActor,
  kind: ItemKind<T>,
  files: Record<string, VerifiedUpload>,
  columns: Partial<T>,
): Promise<T> {
  return deps.uow.run(async (tx) => {
    await claimUploads(tx.manager, files);
    const item = await insertItemRow(tx.manager, kind.table, columns);
    if (item.publishedAt) await tx.emit('catalogue.item.published', itemEvent(item, kind.type));
    await recordAdminAction(tx, admin, JOURNAL[kind.type].created, { id: item.id, label: item.title }, { category: item.category, priceCents: item.priceCents });
    return item;
  });
}

/** The fields both update forms share; undefined leaves a field as it is. */
export interface ItemChanges extends CreditChanges {
  title?: string;
  description?: string;
  category?: ContentCategory;
  price?: number;
}

/**
 * In one transaction: locks the item (NOT_FOUND when gone), claims the uploads, applies the shared
 * changes then `applyOwn` (which answers the keys of the objects it replaced), refreshes the search
 * columns, saves and publishes catalogue.item.updated (once the item is published). Then deletes the replaced objects.
 */
export async function updateItem<T extends CatalogueItem>(
  deps: CatalogueDeps,
  admin: AdminActor,
  kind: ItemKind<T>,
  id: string,
  files: Record<string, VerifiedUpload>,
  i: ItemChanges,
  applyOwn: (item: T) => Array<string | null>,
  /** More work in the same transaction, after the save. */
  alsoInTx?: (manager: EntityManager, item: T) => Promise<void>,
): Promise<T> {
  let replaced: string[] = [];
  const item = await deps.uow.run(async (tx) => {
    const { manager, emit } = tx;
    const it = await lockItem(manager, kind, id);
    const before = { ...it };
    await claimUploads(manager, files);
    if (i.title !== undefined) it.title = i.title;
    if (i.description !== undefined) it.description = i.description;
    if (i.category !== undefined) it.category = i.category;
    if (i.price !== undefined) it.priceCents = i.price;
    if (i.author !== undefined) it.author = i.author;
    applyCredits(it, i);
    replaced = applyOwn(it).filter((k): k is string => !!k);
    it.searchText = searchDocument(it.title, it.description);
    it.titleKey = normalizeText(it.title);
    it.updatedAt = new Date();
    await saveItem(manager, kind.table, it);
    if (alsoInTx) await alsoInTx(manager, it);
    // Not yet on sale (a video whose ladder is not ready): its publication will carry the new values.
    if (it.publishedAt) await emit('catalogue.item.updated', itemEvent(it, kind.type));
    await recordAdminAction(tx, admin, JOURNAL[kind.type].updated, { id: it.id, label: it.title }, changedFields(before, it, kind.journalFields));
    return it;
  });
  if (replaced.length) await deps.after.deleteObjects(replaced.map((key) => ({ bucket: kind.bucket, key })));
  return item;
}

/** Deletes the row (and publishes catalogue.item.deleted) then the files; a file that resists is retried by a job. */
export async function deleteItem<T extends CatalogueItem>(deps: CatalogueDeps, admin: AdminActor, kind: ItemKind<T>, id: string): Promise<void> {
  const { item, derived } = await deps.uow.run(async (tx) => {
    const { manager, emit } = tx;
    const it = await lockItem(manager, kind, id);
    // Under the item's lock: a derived file being made now commits its row before or fails after.
    const derived = (await kind.derivedKeys?.(manager, it)) ?? [];
    await kind.beforeDelete?.(tx, it);
    await deleteItemRow(manager, kind.table, it.id);
    // Its reviews go with it: nobody can read them any more (their authors' words are personal data).
    await deleteReviewsOfItem(manager, it.id);
    await emit('catalogue.item.deleted', itemEvent(it, kind.type));
    await recordAdminAction(tx, admin, JOURNAL[kind.type].deleted, { id: it.id, label: it.title });
    return { item: it, derived };
  });
  const keys = [...kind.objectKeys(item), ...derived].filter((k): k is string => !!k);
  await deps.after.deleteObjects(keys.map((key) => ({ bucket: kind.bucket, key })));
}
