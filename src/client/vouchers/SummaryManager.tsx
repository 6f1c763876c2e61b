/**
 * 常用摘要: the ledger set's common summaries, edited as a list and saved as a whole. The server
 * checks the list (请输入摘要内容 for an empty one, 参数中有重复摘要 for a repeat) and its 4003
 * answer lists the lines in the message box; nothing is saved then. Enter saves, Escape cancels.
 */
import { useEffect, useState } from 'react';
import { FormDialog } from '../message-box/FormDialog.js';
import { fetchSummaries, saveSummaries } from './voucher-api.js';

interface Props {
  onClose: () => void;
}

export function SummaryManager({ onClose }: Props) {
  const [lines, setLines] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchSummaries()
      .then((list) => setLines(list.map((s) => s.content)))
      .catch(() => setLines([]));
  }, []);

  const save = async () => {
    if (!lines || busy) return;
    setBusy(true);
    try {
      await saveSummaries(lines);
      onClose();
    } catch {
      // The request wrapper has shown the server's message (and the list of bad lines).
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="常用摘要"
      className="summary-manager"
      busy={busy || lines === null}
      buttons={
        <button type="button" className="btn" onClick={() => setLines((all) => [...(all ?? []), ''])}>
          新增摘要
        </button>
      }
      onSubmit={save}
      onCancel={onClose}
    >
      {lines === null ? (
        <p className="muted">加载中…</p>
      ) : (
        <ol className="summary-lines">
          {lines.map((line, i) => (
            <li key={i}>
              <input
                aria-label={`摘要${i + 1}`}
                value={line}
                autoFocus={i === lines.length - 1 && line === ''}
                maxLength={200}
                onChange={(e) => setLines((all) => all && all.map((l, j) => (j === i ? e.target.value : l)))}
              />
              <button
                type="button"
                className="btn"
                aria-label={`删除摘要${i + 1}`}
                onClick={() => setLines((all) => all && all.filter((_, j) => j !== i))}
              >
                删除
              </button>
            </li>
          ))}
        </ol>
      )}
    </FormDialog>
  );
}
