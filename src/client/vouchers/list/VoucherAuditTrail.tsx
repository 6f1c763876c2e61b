/**
 * 修改记录: a voucher's audit trail under its preview, newest first: when, who, what (新增, 修改,
 * 审核, 整理断号...) and, for a change, each header field and each line it added, changed or
 * removed, from the old value to the new one.
 */
import { useEffect, useState } from 'react';
import type { VoucherAuditEntry } from '../../../shared/api/vouchers.js';
import { loadAudit } from './list-api.js';
import { AUDIT_ACTION_LABELS, entryTexts } from './audit-text.js';

function when(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function VoucherAuditTrail({ voucherId }: { voucherId: string }) {
  const [loaded, setLoaded] = useState<{ id: string; entries: VoucherAuditEntry[] | null } | null>(null);
  useEffect(() => {
    let active = true;
    loadAudit(voucherId).then(
      (entries) => active && setLoaded({ id: voucherId, entries }),
      () => active && setLoaded({ id: voucherId, entries: null }),
    );
    return () => {
      active = false;
    };
  }, [voucherId]);
  const current = loaded?.id === voucherId ? loaded : null;
  if (!current) return <p className="muted">加载中…</p>;
  if (!current.entries) return <p role="alert">修改记录加载失败。</p>;
  return (
    <div className="voucher-audit-scroll">
      <table className="voucher-audit" aria-label="修改记录">
        <thead>
          <tr>
            <th>时间</th>
            <th>操作人</th>
            <th>操作</th>
            <th>内容</th>
          </tr>
        </thead>
        <tbody>
          {[...current.entries].reverse().map((entry, i) => (
            <tr key={`${entry.at}-${i}`}>
              <td>{when(entry.at)}</td>
              <td>{entry.userName}</td>
              <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
              <td>
                <ul className="voucher-audit-changes">
                  {entryTexts(entry).map((text, j) => (
                    <li key={j}>{text}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
