/** Lane placeholder (issue 23): the lane's helper replaces this kind with its preview and save. */
import { refuse } from '../../http/app-error.js';
import { Page } from '../../auth/pages.js';
import type { AssetVoucherKind } from '../voucher-kinds.js';

export const provisionVouchers: AssetVoucherKind = {
  page: Page.assetDepreciation,
  preview: () => Promise.resolve(refuse('BusinessRule', '尚未提供')),
  save: () => Promise.resolve(refuse('BusinessRule', '尚未提供')),
};
