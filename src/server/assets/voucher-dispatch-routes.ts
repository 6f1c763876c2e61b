/**
 * The asset voucher dialog's two calls (base /fixedassets): preview answers its defaults, save makes the vouchers.
 * The route declares every kind's 生成凭证 button; the handler then requires the one of the kind asked.
 */
import { Paths } from '../../shared/api/paths.js';
import {
  AssetVoucherPreviewSchema,
  AssetVoucherRequestSchema,
  AssetVoucherSaveResponseSchema,
} from '../../shared/api/schemas/assets-voucher.js';
import { Envelope } from '../../shared/api/schemas/common.js';
import { okEnvelope } from '../../shared/envelope.js';
import { requireButton } from '../auth/permissions.js';
import { ztOf } from '../auth/guard.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { assetContext, voucherScopeOf } from './context.js';
import { ASSET_VOUCHER_KINDS } from './voucher-kinds.js';

const local = (path: string) => path.replace(/^\/fixedassets/, '');
const anyKind = onLedger(
  Right.buttons(
    ...[...new Set(Object.values(ASSET_VOUCHER_KINDS).map((k) => k.page))].map((page) => [[page, 'voucher'] as const]),
  ),
);

export function assetVoucherDispatchRoutes(app: App, db: Db): void {
  app.post(
    local(Paths.assetVoucherPreview),
    {
      schema: {
        tags: ['assets'],
        summary: '资产凭证对话框：默认分录、本次计提金额、凭证分类、制单人与日期',
        body: AssetVoucherRequestSchema,
        response: { 200: Envelope(AssetVoucherPreviewSchema) },
      },
      ...anyKind,
    },
    async (request) => {
      const kind = ASSET_VOUCHER_KINDS[request.body.pzAssetType];
      await requireButton(db, request, kind.page, 'voucher');
      const ctx = await assetContext(db.kysely, ztOf(request));
      return okEnvelope(await kind.preview(db, voucherScopeOf(request), ctx, request.body));
    },
  );

  app.post(
    local(Paths.assetVoucherSave),
    {
      schema: {
        tags: ['assets'],
        summary: '资产凭证对话框：生成凭证（isOnePz：合并为一张）',
        body: AssetVoucherRequestSchema,
        response: { 200: Envelope(AssetVoucherSaveResponseSchema) },
      },
      ...anyKind,
    },
    async (request) => {
      const kind = ASSET_VOUCHER_KINDS[request.body.pzAssetType];
      await requireButton(db, request, kind.page, 'voucher');
      const ctx = await assetContext(db.kysely, ztOf(request));
      const vouchers = await kind.save(db, voucherScopeOf(request), ctx, request.body);
      return okEnvelope({ vouchers }, `已生成${vouchers.length}张凭证`);
    },
  );
}
