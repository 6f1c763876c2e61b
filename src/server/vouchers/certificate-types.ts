/** A ledger set's voucher categories: seeding for new sets, the list, the default category. */
import type { CertificateTypeItem } from '../../shared/api/vouchers.js';
import type { Q } from '../subjects/subject-repository.js';
import { DEFAULT_CERTIFICATE_TYPES } from './certificate-type-defaults.js';

/** Call in the transaction that creates a ledger set (the demo seed does). */
export async function seedCertificateTypes(q: Q, ztId: number): Promise<void> {
  await q
    .insertInto('certificate_type')
    .values(DEFAULT_CERTIFICATE_TYPES.map((t) => ({ zt_id: ztId, ...t })))
    .onConflict((oc) => oc.columns(['zt_id', 'value']).doNothing())
    .execute();
}

async function readTypes(q: Q, ztId: number): Promise<CertificateTypeItem[]> {
  const rows = await q
    .selectFrom('certificate_type')
    .select(['value', 'name', 'entry'])
    .where('zt_id', '=', ztId)
    .orderBy('sort')
    .orderBy('value')
    .execute();
  return rows.map((r) => ({ value: r.value, name: r.name, entry: r.entry }));
}

/**
 * The set's categories. A set created by a path that did not seed them (one created before this
 * module existed is seeded by the migration) gets the defaults on first use.
 */
export async function listCertificateTypes(q: Q, ztId: number): Promise<CertificateTypeItem[]> {
  const types = await readTypes(q, ztId);
  if (types.length > 0) return types;
  await seedCertificateTypes(q, ztId);
  return readTypes(q, ztId);
}

/** Spec: the default category is 记账凭证, else 普通, else the first. */
export function defaultCertificateType(types: readonly CertificateTypeItem[]): CertificateTypeItem | undefined {
  return types.find((t) => t.name === '记账凭证') ?? types.find((t) => t.name.includes('普通')) ?? types[0];
}
