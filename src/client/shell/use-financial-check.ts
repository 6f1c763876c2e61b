import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Paths } from '../../shared/api/paths.js';
import { messageBox } from '../message-box/message-box.js';
import { financialAction, shouldCheckFinancialState } from './financial-check.js';
import { requestEnvelope } from './request.js';
import { useTabs } from './tabs-store.js';

export const NOT_YET_AVAILABLE = '该功能尚未开放';

let dialogOpen = false;

/** The later issues implement carry-over and reconciliation; until then their buttons say so. */
async function stateDialog(title: string, message: string, buttons: { label: string; value: string }[]): Promise<void> {
  if (dialogOpen) return;
  dialogOpen = true;
  try {
    await messageBox.choose({
      title,
      message,
      tone: 'warning',
      closable: false,
      buttons: buttons.map((b, i) => ({ ...b, primary: i === 0 })),
    });
    await messageBox.alert(NOT_YET_AVAILABLE);
  } catch {
    // closed
  } finally {
    dialogOpen = false;
  }
}

/** Financial-state check on every route change outside the skip list (spec doc 1/2 section 4). */
export function useFinancialCheck(path: string, enabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled || !shouldCheckFinancialState(path, true)) return;
    let active = true;
    requestEnvelope<number>('GET', Paths.financialState)
      .then((envelope) => {
        if (!active) return;
        const action = financialAction(Number(envelope.data), path);
        const message = envelope.message;
        switch (action.kind) {
          case 'redirect':
            if (message) messageBox.fireAndForget(messageBox.alert(message, { tone: 'warning' }));
            // The page was never usable: its tab goes with it.
            useTabs.getState().close(path);
            void navigate(action.to, { replace: true });
            return;
          case 'carry-over':
            void (async () => {
              if (message) await messageBox.alert(message, { tone: 'warning' }).catch(() => undefined);
              await stateDialog('期间切换结转', '请选择结转方式：自动结转全部科目的期初余额，或手动录入结转数据。', [
                { label: '自动结转', value: 'auto' },
                { label: '手动结转', value: 'manual' },
              ]);
            })();
            return;
          case 'reconciliation':
            void stateDialog('新旧制度衔接', message || '科目衔接尚未完成，请完成衔接或调账。', [
              { label: '完成', value: 'finish' },
              { label: '调账', value: 'adjust' },
            ]);
            return;
          case 'none':
            return;
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [path, enabled, navigate]);
}
