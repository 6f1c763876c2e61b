/**
 * 数据备份 (/user-center/backup, administrators): the cloud backups of the session's ledger set,
 * newest first, with 备份 (a manual backup, type 45), and per backup 下载, 校验, 恢复 and 删除.
 * When 20 are kept, taking one more (or the type-46 backup a restore takes first) asks with the
 * spec's text whether the oldest may go: 继续执行 repeats the call with rotate.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BACKUP_MAX_KEPT, BackupMessages, type BackupItem, type BackupVerifiedState } from '../../shared/api/backup.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { ApiError, performAction } from '../shell/request.js';
import { useSession } from '../shell/session-store.js';
import {
  createBackup,
  deleteBackup,
  downloadBackup,
  isRotationNeeded,
  listBackups,
  restoreBackup,
  verifyBackup,
} from './backup-api.js';
import './backup.css';

const CONTINUE = 'continue';

/** Runs a call that may need the rotation; asks the user, and repeats it with rotate on 继续执行. */
async function withRotation<T>(run: (rotate: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await run(false);
  } catch (error) {
    if (!isRotationNeeded(error)) {
      if (error instanceof ApiError) performAction(error.action);
      return null;
    }
  }
  const answer = await messageBox.choose({
    title: '提示',
    message: BackupMessages.rotation,
    tone: 'warning',
    cancelValue: 'cancel',
    buttons: [
      { label: '取消', value: 'cancel' },
      { label: BackupMessages.continueLabel, value: CONTINUE, primary: true },
    ],
  });
  if (answer !== CONTINUE) return null;
  try {
    return await run(true);
  } catch (error) {
    if (error instanceof ApiError) performAction(error.action);
    return null;
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatSize(bytes: number): string {
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const VERIFIED: Record<BackupVerifiedState, string> = { unchecked: '未校验', ok: '校验通过', failed: '已损坏' };

export function BackupPage() {
  usePageTitle('数据备份');
  const authInfo = useSession((s) => s.authInfo);
  const [items, setItems] = useState<BackupItem[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setItems(await listBackups());
    } catch {
      setItems([]);
    }
  }, []);

  useEffect(() => {
    if (authInfo?.ztId == null) return;
    listBackups()
      .then(setItems)
      .catch(() => setItems([]));
  }, [authInfo?.ztId]);

  const act = async (label: string, work: () => Promise<void>) => {
    setBusy(label);
    try {
      await work();
    } catch (error) {
      if (!isReject(error) && !(error instanceof ApiError)) throw error;
    } finally {
      setBusy(null);
      await reload();
    }
  };

  if (authInfo?.ztId == null) {
    return (
      <div className="backup-page">
        <h1>数据备份</h1>
        <p>
          备份针对一个账套，请先<Link to="/selecting">选择账套和年度</Link>。
        </p>
      </div>
    );
  }

  const take = () =>
    act('备份', async () => {
      const item = await withRotation((rotate) => createBackup(rotate));
      if (item)
        messageBox.fireAndForget(messageBox.alert(`${BackupMessages.created}：${item.typeName} ${formatTime(item.createdAt)}`));
    });

  const restore = (item: BackupItem) =>
    act('恢复', async () => {
      await messageBox.confirm(
        `确定将账套“${authInfo.ztName ?? ''}”恢复到 ${formatTime(item.createdAt)} 的${item.typeName}吗？` +
          '恢复前系统会先自动做一次恢复前备份（类型46），然后账套的全部数据替换为该备份中的数据。',
        { title: '恢复备份' },
      );
      const done = await withRotation((rotate) => restoreBackup(item.id, rotate));
      if (done) {
        messageBox.fireAndForget(
          messageBox.alert(
            `${BackupMessages.restored}：已恢复到 ${formatTime(item.createdAt)} 的${item.typeName}，恢复前的数据已备份。`,
            {
              autoClose: false,
            },
          ),
        );
      }
    });

  const verify = (item: BackupItem) =>
    act('校验', async () => {
      const result = await verifyBackup(item.id);
      if (result.ok) messageBox.fireAndForget(messageBox.alert(BackupMessages.verifiedOk));
      else messageBox.fireAndForget(messageBox.list(BackupMessages.corrupted, result.problems));
    });

  const remove = (item: BackupItem) =>
    act('删除', async () => {
      await messageBox.confirm(`确定删除 ${formatTime(item.createdAt)} 的${item.typeName}吗？删除后无法恢复。`, {
        title: '删除备份',
      });
      await deleteBackup(item.id);
    });

  return (
    <div className="backup-page">
      <div className="backup-head">
        <h1>数据备份</h1>
        <span className="muted">
          {authInfo.ztName}：云备份 {items?.length ?? 0} 条，最多保留 {BACKUP_MAX_KEPT} 条
        </span>
        <span className="backup-spacer" />
        {busy && (
          <span className="muted" role="status">
            正在{busy}…
          </span>
        )}
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void take()}>
          备份
        </button>
      </div>
      <div className="backup-table-wrap">
        <table className="backup-table" aria-label="备份列表">
          <thead>
            <tr>
              <th>序号</th>
              <th>备份类型</th>
              <th>备份时间</th>
              <th>操作人</th>
              <th className="num">大小</th>
              <th className="num">数据行数</th>
              <th className="num">附件</th>
              <th>SHA-256</th>
              <th>校验</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {items?.map((item, i) => (
              <tr key={item.id} aria-label={`${item.typeName} ${formatTime(item.createdAt)}`}>
                <td className="num">{i + 1}</td>
                <td>{item.typeName}</td>
                <td>{formatTime(item.createdAt)}</td>
                <td>{item.createdByName}</td>
                <td className="num">{formatSize(item.size)}</td>
                <td className="num">{item.rowCount.toLocaleString('zh-CN')}</td>
                <td className="num">{item.attachmentCount}</td>
                <td>
                  <code title={item.sha256}>{item.sha256.slice(0, 12)}…</code>
                </td>
                <td className={`verified-${item.verified}`}>{VERIFIED[item.verified]}</td>
                <td className="backup-actions">
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy !== null}
                    onClick={() => void act('下载', () => downloadBackup(item))}
                  >
                    下载
                  </button>
                  <button type="button" className="link-button" disabled={busy !== null} onClick={() => void verify(item)}>
                    校验
                  </button>
                  <button type="button" className="link-button" disabled={busy !== null} onClick={() => void restore(item)}>
                    恢复
                  </button>
                  <button type="button" className="link-button danger" disabled={busy !== null} onClick={() => void remove(item)}>
                    删除
                  </button>
                </td>
              </tr>
            ))}
            {items?.length === 0 && (
              <tr>
                <td colSpan={10} className="muted pad">
                  还没有备份。点击“备份”备份当前账套的全部数据。
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="muted backup-note">
        备份包含账套各年度的科目、辅助核算、期初、凭证、结账状态、模板、余额和附件；结账、反结账前和恢复前系统会自动备份。恢复时先校验备份文件（SHA-256、完整性、行数），损坏的备份不能恢复。
      </p>
    </div>
  );
}
