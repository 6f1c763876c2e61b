/** Every grid definition, for the editor's registry, the server's validators and the conformance test. */
import type { GridDefinition, GridRow } from '../src/shared/grid/definition.js';
import { openingBalanceGrid, openingBalanceGridMidYear } from './opening-balance.js';
import { subjectGrid } from './subject.js';
import { voucherListGrid } from './voucher-list.js';
import { roleListGrid } from './user-center/role-list.js';
import { menuTreeGrid } from './user-center/menu-tree.js';
import { permissionListGrid } from './user-center/permission-list.js';
import { permissionGroupListGrid } from './user-center/permission-group-list.js';
import { trialBalanceGrid } from './trial-balance.js';
import { detailLedgerGridAuxi, detailLedgerGridPlain } from './detail-ledger.js';
import { generalLedgerGrid } from './general-ledger.js';
import { voucherGrid } from './voucher.js';
import { userListGrid } from './user-center/user-list.js';
import { userTypeListGrid } from './user-center/user-type-list.js';
import { departmentListGrid } from './user-center/department-list.js';
import { balanceSheetGrid, balanceSheetGridAnnual } from './balance-sheet.js';
import { incomeExpenseGrid, incomeExpenseGridAnnual } from './income-expense.js';
import { optLogGrid } from './user-center/opt-log.js';
import { accessAddressGrid, accessDetailGrid } from './user-center/access-record.js';
import { ztImportIssuesGrid } from './user-center/zt-import-issues.js';
import { ztTemplatesGrid } from './user-center/zt-templates.js';
import { ztListGrid } from './user-center/zt-list.js';
import { platformListGrid } from './user-center/platform-list.js';
import { fundsRegisterGrid } from './funds-register.js';
import { fundsPayablesGrid } from './funds-payables.js';
import { fundsEntryGrid } from './funds-entry.js';
import { budgetExecutionGrid } from './budget-execution.js';
import { budgetWarningsGrid } from './budget-warnings.js';
import { budgetPlanGrid } from './budget-plan.js';
import { budgetRulesGrid } from './budget-rules.js';
import { transitionFiguresGrid } from './transition-figures.js';
import { transitionWorksheetGrid } from './transition-worksheet.js';
// assets (issue 23), reports lane
import { assetsDebtGrid } from './asset-debt.js';
import { lowerWarningGrid } from './asset-lower-warning.js';
import { analysisGrid } from './asset-analysis.js';
import { assetVoucherEntriesGrid } from './asset-voucher-entries.js';
import { assetDocumentsGrid } from './asset-documents.js';
import { assetProvisionGrid } from './asset-provision-detail.js';
// assets (issue 23), initui lane
import { assetInitGrid } from './asset-init.js';
// assets (issue 23), cards UI lane
import { assetCardsGrid } from './asset-cards.js';
// assets (issue 23), long lane
import { amortionDetailGrid, longAmortionGrid } from './long-amortion.js';

export {
  openingBalanceGrid,
  openingBalanceGridFor,
  openingBalanceGridMidYear,
  trialCheck,
  type OpeningBalanceRow,
} from './opening-balance.js';
export { subjectGrid, type SubjectGridRow } from './subject.js';
export { voucherListGrid, toVoucherListRow, type VoucherListRow } from './voucher-list.js';
export { createVoucherGrid, voucherGrid, type VoucherLineRow } from './voucher.js';

/**
 * All definitions, typed loosely: each is checked against its own row type where it is declared
 * (`satisfies GridDefinition<Row>`); here they are only walked.
 */
export const GRID_DEFINITIONS: readonly GridDefinition<GridRow>[] = [
  subjectGrid as unknown as GridDefinition<GridRow>,
  openingBalanceGrid as unknown as GridDefinition<GridRow>,
  openingBalanceGridMidYear as unknown as GridDefinition<GridRow>,
  voucherListGrid,
  roleListGrid,
  menuTreeGrid,
  permissionListGrid,
  permissionGroupListGrid,
  userListGrid,
  userTypeListGrid,
  departmentListGrid,
  trialBalanceGrid as unknown as GridDefinition<GridRow>,
  detailLedgerGridPlain,
  detailLedgerGridAuxi,
  generalLedgerGrid,
  voucherGrid as unknown as GridDefinition<GridRow>,
  balanceSheetGrid as unknown as GridDefinition<GridRow>,
  balanceSheetGridAnnual as unknown as GridDefinition<GridRow>,
  incomeExpenseGrid as unknown as GridDefinition<GridRow>,
  incomeExpenseGridAnnual as unknown as GridDefinition<GridRow>,
  optLogGrid,
  accessDetailGrid,
  accessAddressGrid,
  ztImportIssuesGrid,
  ztTemplatesGrid,
  ztListGrid,
  platformListGrid,
  fundsRegisterGrid as unknown as GridDefinition<GridRow>,
  fundsPayablesGrid as unknown as GridDefinition<GridRow>,
  fundsEntryGrid as unknown as GridDefinition<GridRow>,
  assetDocumentsGrid as unknown as GridDefinition<GridRow>,
  budgetExecutionGrid as unknown as GridDefinition<GridRow>,
  budgetWarningsGrid as unknown as GridDefinition<GridRow>,
  budgetPlanGrid as unknown as GridDefinition<GridRow>,
  budgetRulesGrid as unknown as GridDefinition<GridRow>,
  transitionFiguresGrid as unknown as GridDefinition<GridRow>,
  transitionWorksheetGrid as unknown as GridDefinition<GridRow>,
  // assets (issue 23), reports lane
  assetsDebtGrid as unknown as GridDefinition<GridRow>,
  lowerWarningGrid as unknown as GridDefinition<GridRow>,
  analysisGrid as unknown as GridDefinition<GridRow>,
  assetVoucherEntriesGrid as unknown as GridDefinition<GridRow>,
  assetProvisionGrid as unknown as GridDefinition<GridRow>,
  // assets (issue 23), initui lane
  assetInitGrid as unknown as GridDefinition<GridRow>,
  // assets (issue 23), cards UI lane
  assetCardsGrid as unknown as GridDefinition<GridRow>,
  // assets (issue 23), long lane
  longAmortionGrid as unknown as GridDefinition<GridRow>,
  amortionDetailGrid as unknown as GridDefinition<GridRow>,
];

export function gridById(id: string): GridDefinition<GridRow> | undefined {
  return GRID_DEFINITIONS.find((d) => d.id === id);
}
