/**
 * The kinds of asset voucher (the request's pzAssetType) and who makes each: the dialog's preview and save calls
 * (voucher-dispatch-routes.ts) hand the request to its kind. Each kind names the page whose 生成凭证 button (voucher)
 * it needs and answers the dialog's defaults and the vouchers made; it writes through writeAssetVouchers
 * (voucher-writer.ts) so its rows and its vouchers are one transaction.
 */
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { AssetVoucherPreview, AssetVoucherRequest } from '../../shared/api/schemas/assets-voucher.js';
import { PzAssetType, type PzAssetTypeCode } from '../../shared/assets/constants.js';
import type { Db } from '../db/database.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import type { AssetContext } from './context.js';
import { additionVouchers } from './kinds/addition.js';
import { changeVouchers } from './kinds/change.js';
import { documentVouchers } from './kinds/document.js';
import { longAdditionVouchers, longAmortionVouchers } from './kinds/long.js';
import { provisionVouchers } from './kinds/provision.js';

export interface AssetVoucherKind {
  /** The page whose 'voucher' button the kind needs (auth/pages.ts). */
  readonly page: string;
  preview(db: Db, scope: VoucherScope, ctx: AssetContext, body: AssetVoucherRequest): Promise<AssetVoucherPreview>;
  save(db: Db, scope: VoucherScope, ctx: AssetContext, body: AssetVoucherRequest): Promise<GeneratedVoucher[]>;
}

export const ASSET_VOUCHER_KINDS: Readonly<Record<PzAssetTypeCode, AssetVoucherKind>> = {
  [PzAssetType.Addition]: additionVouchers,
  [PzAssetType.Provision]: provisionVouchers,
  [PzAssetType.Document]: documentVouchers,
  [PzAssetType.Change]: changeVouchers,
  [PzAssetType.LongAmortion]: longAmortionVouchers,
  [PzAssetType.LongAddition]: longAdditionVouchers,
};
