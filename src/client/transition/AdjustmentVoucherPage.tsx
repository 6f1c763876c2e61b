/**
 * 调账凭证录入 (/accounting-management/transition/adjustment-voucher?id=…): the adjustment-voucher editor as a page of
 * its own, reached by a holder of the worksheet page (shell/guards.ts GRANTED_THROUGH). Editing needs the page's
 * 调账凭证 button while the set is not reconciled (DraftContentControl.reconciliationVoucher); otherwise read-only.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../shell/page-title.js';
import { AdjustmentVoucherEditor } from './AdjustmentVoucherEditor.js';
import { fetchTransitionControl } from './zero-voucher-api.js';

export function AdjustmentVoucherPage() {
  usePageTitle('调账凭证');
  const [params] = useSearchParams();
  const [canEdit, setCanEdit] = useState<boolean | null>(null);
  useEffect(() => {
    fetchTransitionControl()
      .then((c) => setCanEdit(c.reconciliationVoucher))
      .catch(() => setCanEdit(false));
  }, []);
  if (canEdit === null) return <div className="voucher-page muted">加载中…</div>;
  return (
    <div className="page-fill">
      <AdjustmentVoucherEditor voucherId={params.get('id')} canEdit={canEdit} />
    </div>
  );
}
