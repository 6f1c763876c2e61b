/**
 * How both unit dialogs (新增经费单位 and 经费核算) save: busy while the call runs, the success
 * message naming the payable subjects that could not take 经费单位 (they held amounts already),
 * a refusal of the form shown in the dialog, any other refusal handled as everywhere.
 */
import type { SavedUnitsAnswer } from '../../shared/api/schemas/funds-units.js';
import { messageBox } from '../message-box/message-box.js';
import { ApiError, performAction } from '../shell/request.js';
import { shownInDialog } from '../user-center/zt/ZtEditDialog.js';

export function savedUnitsText(saved: SavedUnitsAnswer): string {
  return saved.unlinkedSubjects.length
    ? `已保存；科目${saved.unlinkedSubjects.join('、')}已有期初或凭证，未挂经费单位辅助核算`
    : '已保存';
}

export async function saveUnitDialog(
  save: () => Promise<SavedUnitsAnswer>,
  on: { saved: () => void; refused: (message: string) => void; busy: (busy: boolean) => void },
): Promise<void> {
  on.busy(true);
  try {
    const saved = await save();
    messageBox.fireAndForget(messageBox.alert(savedUnitsText(saved), { tone: 'success' }));
    on.saved();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (shownInDialog(error)) on.refused(error.message);
    else performAction(error.action);
  } finally {
    on.busy(false);
  }
}
