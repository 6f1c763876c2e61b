/**
 * 完成衔接 and 取消衔接 (spec: GET reconciliationFinish / unReconciliationFinish, base /account): both need the
 * page's 衔接 button (reconciliation). The answer is the message (finish.ts says what each does and refuses).
 */
import { Paths } from '../../shared/api/paths.js';
import { TransitionFinishSchemas } from '../../shared/api/schemas/transition-finish.js';
import { okEnvelope } from '../../shared/envelope.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { cancelReconciliation, finishReconciliation } from './finish.js';

const local = (path: string) => path.replace(/^\/account/, '');
const reconcileRight = onLedger(Right.buttons([[Page.transition, 'reconciliation']]));

export function reconcileRoutes(app: App, db: Db): void {
  app.get(local(Paths.reconciliationFinish), { schema: TransitionFinishSchemas.finish, ...reconcileRight }, async (request) => {
    await finishReconciliation(db, ztOf(request), authOf(request).user.id);
    return okEnvelope(null, TransitionMessages.finished);
  });

  app.get(local(Paths.unReconciliationFinish), { schema: TransitionFinishSchemas.cancel, ...reconcileRight }, async (request) => {
    const kept = await cancelReconciliation(db, ztOf(request));
    return okEnvelope(null, kept.length > 0 ? TransitionMessages.cancelledKeeping(kept) : TransitionMessages.cancelled);
  });
}
