import type { AccountingSystem } from '../../shared/api/auth.js';

const SYSTEM_NAMES: Record<AccountingSystem, string> = {
  'union-grassroots': '工会会计制度（基层工会）',
  'union-county': '工会会计制度（县级以上工会）',
  government: '政府会计制度',
};

export function accountingSystemName(system: AccountingSystem | null | undefined): string {
  return system ? SYSTEM_NAMES[system] : '';
}
