import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { CarryOverRequest } from '../../shared/api/close.js';
import { Paths } from '../../shared/api/paths.js';
import { SUBJECT_START_PATH, TRANSITION_PATH } from '../../shared/financial-state.js';
import { messageBox } from '../message-box/message-box.js';
import { financialAction, shouldCheckFinancialState } from './financial-check.js';
import { requestEnvelope } from './request.js';
import { useTabs } from './tabs-store.js';

const HOME_PATH = '/home';

let dialogOpen = false;

/**
 * The transition's reconciliation state (spec, financial state 4): 完成 finishes it (the server answers the message,
 * or the request layer shows the refusal) and goes home; 调账 opens the worksheet to adjust.
 */
async function reconciliationDialog(message: string, go: (to: string) => void): Promise<void> {
  if (dialogOpen) return;
  dialogOpen = true;
  try {
    const choice = await messageBox.choose({
      title: '新旧制度衔接',
      message,
      tone: 'warning',
      closable: false,
      buttons: [
        { label: '完成', value: 'finish', primary: true },
        { label: '调账', value: 'adjust' },
      ],
    });
    if (choice === 'adjust') {
      go(TRANSITION_PATH);
      return;
    }
    try {
      const done = await requestEnvelope<null>('GET', Paths.reconciliationFinish);
      await messageBox.alert(done.message, { tone: 'success' });
    } catch {
      // the refusal was shown by the request layer
    }
    go(HOME_PATH);
  } catch {
    // closed
  } finally {
    dialogOpen = false;
  }
}

/**
 * Period-switch carry-over (spec, financial state 3): automatic carries every subject's closing
 * balance of the previous year into this year's openings; manual warns that they are keyed in by
 * hand (我已知晓 / 我需要修改), records the choice and opens the opening-balance page.
 */
async function periodSwitch(message: string, go: (to: string) => void): Promise<void> {
  if (dialogOpen) return;
  dialogOpen = true;
  try {
    if (message) await messageBox.alert(message, { tone: 'warning', autoClose: false }).catch(() => undefined);
    const way = await messageBox.choose({
      title: '期间切换结转',
      message: '请选择结转方式：自动结转全部科目的期初余额，或手动录入结转数据。',
      tone: 'warning',
      cancelValue: 'cancel',
      buttons: [
        { label: '手动结转', value: 'manual' },
        { label: '自动结转', value: 'auto', primary: true },
      ],
    });
    if (way === 'auto') {
      const done = await requestEnvelope<null>('POST', Paths.carryOver, {
        whetherIsManual: false,
      } satisfies CarryOverRequest);
      await messageBox.alert(done.message, { tone: 'success' });
      go(SUBJECT_START_PATH);
    } else if (way === 'manual') {
      const sure = await messageBox.choose({
        title: '手动结转',
        message: '手动结转不会带入上年期末余额，请在科目期初页面按上年期末数逐一录入本年期初余额。',
        tone: 'warning',
        cancelValue: 'change',
        buttons: [
          { label: '我需要修改', value: 'change' },
          { label: '我已知晓', value: 'ok', primary: true },
        ],
      });
      if (sure !== 'ok') return;
      await requestEnvelope<null>('POST', Paths.carryOver, {
        isStateOwnedAssets: false,
        isFinancialAllocation: false,
        isSpecialItem: false,
        isNonSpecialized: false,
        whetherIsManual: true,
        subjectUndertaking: true,
      } satisfies CarryOverRequest);
      go(SUBJECT_START_PATH);
    }
  } catch {
    // closed, or shown by the request layer
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
            void periodSwitch(message, (to) => void navigate(to));
            return;
          case 'reconciliation':
            void reconciliationDialog(message, (to) => void navigate(to));
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
