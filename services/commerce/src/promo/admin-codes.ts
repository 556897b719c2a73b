import { changedFields, ok, parseInput, recordAdminAction, settle as asResult, type AdminActor, type JournalJson, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { PromoCode } from '../entities';
import type { PromoCode as PromoCodeGql, PromoItem } from '../generated/graphql';
import { refusal, refused } from '../shared/errors';
import { PROMO_ERRORS } from '../shared/messages';
import { codeFields, promoCodeInput } from './rules';
import { codeById, codesWithFigures, insertCode, priceListItems, rewriteCode, setActive } from './store';
import { itemView, promoCodeView } from './views';

const NOT_FOUND = () => refusal('PROMO_NOT_FOUND', PROMO_ERRORS.NOT_FOUND, { field: 'id' });
const TAKEN = () => refusal('PROMO_CODE_TAKEN', PROMO_ERRORS.CODE_TAKEN, { field: 'code' });

/** What the journal keeps of a code: its rules, never its figures. */
function journalState(c: Pick<PromoCode, 'code' | 'kind' | 'percent' | 'amountXaf' | 'itemIds' | 'startsAt' | 'endsAt' | 'maxUses' | 'perCustomerMax' | 'active'>): Record<string, JournalJson> {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amountXaf: c.amountXaf,
    itemIds: c.itemIds,
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    maxUses: c.maxUses,
    perCustomerMax: c.perCustomerMax,
    active: c.active,
  };
}

/** Every code with its figures (uses paid and reserved, revenue), newest first. */
export async function listPromoCodes(deps: CommerceDeps, ids: string[] | null = null): Promise<PromoCodeGql[]> {
  const rows = await codesWithFigures(deps.ds.manager, ids);
  const named = [...new Set(rows.flatMap((r) => r.code.itemIds ?? []))];
  const items = new Map((await priceListItems(deps.ds.manager, named)).map((i) => [i.itemId, i]));
  return rows.map((r) => promoCodeView(r.code, r.figures, items));
}

export async function promoItems(deps: CommerceDeps): Promise<PromoItem[]> {
  return (await priceListItems(deps.ds.manager)).filter((i) => i.forSale).map(itemView);
}

const oneCode = async (deps: CommerceDeps, id: string) => ok((await listPromoCodes(deps, [id]))[0]!);

/** A new code (active unless said otherwise), journaled with its rules in the same transaction. */
export async function createPromoCode(deps: CommerceDeps, admin: AdminActor, raw: unknown): Promise<Result<PromoCodeGql>> {
  const input = parseInput(promoCodeInput, raw);
  if (!input.ok) return input;
  const fields = { ...codeFields(input.value), active: input.value.active ?? true };
  const id = randomUUID();
  const done = await asResult(() =>
    deps.uow.run(async (tx) => {
      if (!(await insertCode(tx.manager, id, fields, admin.userId, deps.now()))) throw TAKEN();
      await recordAdminAction(tx, admin, 'promo_code.created', { id, label: fields.code }, journalState(fields));
    }),
  );
  return done.ok ? oneCode(deps, id) : done;
}

/** Rewrites a code's rules under its lock (checkouts using it wait); the journal keeps what changed. */
export async function updatePromoCode(deps: CommerceDeps, admin: AdminActor, id: string, raw: unknown): Promise<Result<PromoCodeGql>> {
  if (!z.uuid().safeParse(id).success) return refused('PROMO_NOT_FOUND', PROMO_ERRORS.NOT_FOUND, { field: 'id' });
  const input = parseInput(promoCodeInput, raw);
  if (!input.ok) return input;
  const done = await asResult(() =>
    deps.uow.run(async (tx) => {
      const before = await codeById(tx.manager, id, true);
      if (!before) throw NOT_FOUND();
      const fields = { ...codeFields(input.value), active: input.value.active ?? before.active };
      if (!(await rewriteCode(tx.manager, id, fields, deps.now()))) throw TAKEN();
      await recordAdminAction(tx, admin, 'promo_code.updated', { id, label: fields.code }, changedFields(journalState(before), journalState(fields)));
    }),
  );
  return done.ok ? oneCode(deps, id) : done;
}

/** Activates or deactivates a code: a deactivated code is refused to new payments; those under way keep their reservation. */
export async function setPromoCodeActive(deps: CommerceDeps, admin: AdminActor, id: string, active: boolean): Promise<Result<PromoCodeGql>> {
  if (!z.uuid().safeParse(id).success) return refused('PROMO_NOT_FOUND', PROMO_ERRORS.NOT_FOUND, { field: 'id' });
  const done = await asResult(() =>
    deps.uow.run(async (tx) => {
      const code = await codeById(tx.manager, id, true);
      if (!code) throw NOT_FOUND();
      await setActive(tx.manager, id, active, deps.now());
      await recordAdminAction(tx, admin, active ? 'promo_code.activated' : 'promo_code.deactivated', { id, label: code.code }, { active: { before: code.active, after: active } });
    }),
  );
  return done.ok ? oneCode(deps, id) : done;
}
