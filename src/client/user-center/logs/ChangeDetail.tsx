/** One change of the operation log: who, when, from where, and the record before and after side by side. */
import type { OptLogItem } from '../../../shared/api/schemas/logs.js';
import { ViewDialog } from '../../message-box/ViewDialog.js';
import { changeDiff } from './change-diff.js';

export function ChangeDetail({ item, onClose }: { item: OptLogItem; onClose: () => void }) {
  const rows = changeDiff(item.before, item.after);
  return (
    <ViewDialog title="操作详情" className="opt-log-detail" onClose={onClose}>
      <div className="mb-body">
        <dl className="opt-log-facts">
          <dt>时间</dt>
          <dd>{item.atText}</dd>
          <dt>操作人</dt>
          <dd>
            {item.userName || item.loginName}（{item.loginName}）
          </dd>
          <dt>来源地址</dt>
          <dd>{item.address}</dd>
          <dt>操作</dt>
          <dd>{item.actionText}</dd>
          <dt>账套</dt>
          <dd>{item.ztName || '—'}</dd>
          <dt>摘要</dt>
          <dd>{item.summary}</dd>
        </dl>
        {rows.length === 0 ? (
          <p className="muted">该操作未记录修改前后的内容。</p>
        ) : (
          <table className="opt-log-diff" aria-label="修改前后对比">
            <thead>
              <tr>
                <th scope="col">字段</th>
                <th scope="col">修改前</th>
                <th scope="col">修改后</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.field}
                  className={r.changed ? 'changed' : undefined}
                  aria-label={r.changed ? `${r.field}（已修改）` : r.field}
                >
                  <th scope="row">{r.field}</th>
                  <td>{r.before}</td>
                  <td>{r.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </ViewDialog>
  );
}
