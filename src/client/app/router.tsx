import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ADJUSTMENT_VOUCHER_PATH, SUBJECT_START_PATH, VOUCHER_ADD_PATH } from '../../shared/financial-state.js';
import { LoginPage } from '../auth/LoginPage.js';
import { MainLayout } from '../layout/MainLayout.js';
import { UserCenterIndex, UserCenterLayout } from '../layout/UserCenterLayout.js';
import { ForbiddenPage, NotFoundPage } from '../pages/ErrorPages.js';
import { HomePage } from '../pages/HomePage.js';
import { ModulePlaceholder, NamedPlaceholder } from '../pages/NotAvailablePage.js';
import { SelectingPage } from '../selecting/SelectingPage.js';
import { setNavigator } from '../shell/navigation.js';
import { RouteError } from './RouteError.js';
import { MODULE_AREAS, PUBLIC_PLACEHOLDERS, USER_CENTER_BASE, USER_CENTER_CHILDREN } from './route-table.js';
import { RootLayout } from './RootLayout.js';

/** The people pages of the user center (issue 18 §2, user-center/users). */
const people = () => import('../user-center/users/UserListPage.js');
const directory = () => import('../user-center/users/DirectoryPages.js');
const operatorForm = () => import('../user-center/users/OperatorFormPage.js');
const PEOPLE_ROUTES = [
  { path: 'ordinary-user-management', lazy: async () => ({ Component: (await people()).OrdinaryUserPage }) },
  { path: 'operator-management', lazy: async () => ({ Component: (await people()).OperatorPage }) },
  { path: 'super-user', lazy: async () => ({ Component: (await people()).SuperUserPage }) },
  { path: 'add-operator', lazy: async () => ({ Component: (await operatorForm()).AddOperatorPage }) },
  { path: 'edit-operator/:id', lazy: async () => ({ Component: (await operatorForm()).EditOperatorPage }) },
  { path: 'user-type-management', lazy: async () => ({ Component: (await directory()).UserTypePage }) },
  { path: 'department-management', lazy: async () => ({ Component: (await directory()).DepartmentPage }) },
];

/** The route tree; the guards in RootLayout decide who may see what. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/oalogin', element: <LoginPage /> },
      { path: '/selecting', element: <SelectingPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/403', element: <ForbiddenPage /> },
      ...PUBLIC_PLACEHOLDERS.map(({ path, name }) => ({ path, element: <NamedPlaceholder name={name} showHome={false} /> })),
      {
        element: <MainLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          {
            // The grid editor (AG Grid, HyperFormula) loads with the first page that needs it.
            path: SUBJECT_START_PATH,
            lazy: async () => ({ Component: (await import('../accounting/OpeningBalancePage.js')).OpeningBalancePage }),
          },
          {
            path: '/accounting-management/initialization/subject',
            lazy: async () => ({ Component: (await import('../subjects/SubjectPage.js')).SubjectPage }),
          },
          {
            path: '/accounting-management/initialization/auxiliary',
            lazy: async () => ({ Component: (await import('../auxiliary/AuxiliaryPage.js')).AuxiliaryPage }),
          },
          {
            path: '/accounting-management/voucher-management/voucherList',
            lazy: async () => ({ Component: (await import('../vouchers/list/VoucherListPage.js')).VoucherListPage }),
          },
          {
            path: VOUCHER_ADD_PATH,
            lazy: async () => ({ Component: (await import('../vouchers/VoucherEditorPage.js')).VoucherEditorPage }),
          },
          {
            path: '/accounting-management/voucher-management/carryForward',
            lazy: async () => ({ Component: (await import('../carry-forward/CarryForwardPage.js')).CarryForwardPage }),
          },
          {
            path: '/accounting-management/reports/trial-balance',
            lazy: async () => ({ Component: (await import('../books/TrialBalancePage.js')).TrialBalancePage }),
          },
          {
            path: '/accounting-management/reports/balance-sheet',
            lazy: async () => ({ Component: (await import('../reports/ReportPage.js')).BalanceSheetPage }),
          },
          {
            path: '/accounting-management/reports/income-expense',
            lazy: async () => ({ Component: (await import('../reports/ReportPage.js')).IncomeExpensePage }),
          },
          {
            path: '/accounting-management/books/detailaccount',
            lazy: async () => ({ Component: (await import('../books/DetailLedgerPage.js')).DetailLedgerPage }),
          },
          {
            path: '/accounting-management/monthly/close',
            lazy: async () => ({ Component: (await import('../close/ClosePage.js')).ClosePage }),
          },
          // assets (issue 23, vouchers lane: depreciation and amortisation)
          {
            path: '/fixed-assets/fixed-assets/depreciation',
            lazy: async () => ({ Component: (await import('../assets/AssetDepreciationPage.js')).AssetDepreciationPage }),
          },
          // assets (issue 23, initui lane)
          {
            path: '/fixed-assets/fixed-assets/assets-init',
            lazy: async () => ({ Component: (await import('../assets/AssetsInitPage.js')).AssetsInitPage }),
          },
          // assets (issue 23, cards UI lane)
          {
            path: '/fixed-assets/fixed-assets/settings',
            lazy: async () => ({ Component: (await import('../assets/AssetSettingsPage.js')).AssetSettingsPage }),
          },
          {
            path: '/fixed-assets/fixed-assets/cards',
            lazy: async () => ({ Component: (await import('../assets/AssetCardsPage.js')).AssetCardsPage }),
          },
          // assets (issue 23, documents lane)
          {
            path: '/fixed-assets/fixed-assets/documents',
            lazy: async () => ({ Component: (await import('../assets/AssetDocumentsPage.js')).AssetDocumentsPage }),
          },
          // assets (issue 23, long lane)
          {
            path: '/fixed-assets/fixed-assets/long-amortion',
            lazy: async () => ({ Component: (await import('../assets/LongAmortionPage.js')).LongAmortionPage }),
          },
          {
            path: '/funds-management/funds-entry',
            lazy: async () => ({ Component: (await import('../funds/FundsEntryPage.js')).FundsEntryPage }),
          },
          {
            path: '/accounting-management/books/generalledger',
            lazy: async () => ({ Component: (await import('../books/GeneralLedgerPage.js')).GeneralLedgerPage }),
          },
          {
            path: '/funds-management/funds-register',
            lazy: async () => ({ Component: (await import('../funds/FundsRegisterPage.js')).FundsRegisterPage }),
          },
          {
            path: '/funds-management/funds-payables',
            lazy: async () => ({ Component: (await import('../funds/FundsPayablesPage.js')).FundsPayablesPage }),
          },
          {
            path: '/funds-management/funds-accounting',
            lazy: async () => ({ Component: (await import('../funds/FundsAccountingPage.js')).FundsAccountingPage }),
          },
          // asset reports (issue 23 §4, reports lane)
          {
            path: '/accounting-management/reports/assets-debt',
            lazy: async () => ({ Component: (await import('../assets/AssetsDebtPage.js')).AssetsDebtPage }),
          },
          {
            path: '/accounting-management/reports/lower-asset-warning',
            lazy: async () => ({ Component: (await import('../assets/LowerAssetWarningPage.js')).LowerAssetWarningPage }),
          },
          {
            path: '/accounting-management/reports/analysis',
            lazy: async () => ({ Component: (await import('../assets/AnalysisPage.js')).AnalysisPage }),
          },
          // budget reports (issue 21 §3, reports lane)
          {
            path: '/budget-management/budget-execution',
            lazy: async () => ({ Component: (await import('../budget/BudgetExecutionPage.js')).BudgetExecutionPage }),
          },
          {
            path: '/budget-management/zhichu-yujing',
            lazy: async () => ({ Component: (await import('../budget/BudgetWarningsPage.js')).BudgetWarningsPage }),
          },
          // Budgets, setup lane (issue 21 §1).
          {
            path: '/budget-management/project-budget',
            lazy: async () => ({ Component: (await import('../budget/BudgetSetupPage.js')).ProjectBudgetPage }),
          },
          {
            path: '/budget-management/zhichufenlei-shezhi',
            lazy: async () => ({ Component: (await import('../budget/BudgetSetupPage.js')).ExpenditureClassPage }),
          },
          // 新旧衔接 (issue 22, lane "page").
          {
            path: '/accounting-management/transition/subject-transition',
            lazy: async () => ({ Component: (await import('../transition/SubjectTransitionPage.js')).SubjectTransitionPage }),
          },
          // Budgets, lane "plan" (issue 21).
          {
            path: '/budget-management/fangan-tianbao',
            lazy: async () => ({ Component: (await import('../budget/BudgetPlanEntryPage.js')).BudgetPlanEntryPage }),
          },
          {
            path: '/budget-management/fangan-shenpi',
            lazy: async () => ({ Component: (await import('../budget/BudgetPlanApprovalPage.js')).BudgetPlanApprovalPage }),
          },
          {
            path: '/budget-management/guize-shezhi',
            lazy: async () => ({ Component: (await import('../budget/BudgetRulesPage.js')).BudgetRulesPage }),
          },
          {
            path: '/budget-management/yusuan-zhenggai',
            lazy: async () => ({ Component: (await import('../budget/BudgetAdjustPage.js')).BudgetAdjustPage }),
          },
          {
            path: ADJUSTMENT_VOUCHER_PATH,
            lazy: async () => ({ Component: (await import('../transition/AdjustmentVoucherPage.js')).AdjustmentVoucherPage }),
          },
          ...MODULE_AREAS.map(({ segment }) => ({ path: `/${segment}/*`, element: <ModulePlaceholder /> })),
        ],
      },
      {
        path: USER_CENTER_BASE,
        element: <UserCenterLayout />,
        children: [
          { index: true, element: <UserCenterIndex /> },
          {
            path: 'backup',
            lazy: async () => ({ Component: (await import('../backup/BackupPage.js')).BackupPage }),
          },
          {
            path: 'log-center',
            lazy: async () => ({ Component: (await import('../user-center/logs/OptLogPage.js')).OptLogPage }),
          },
          {
            path: 'access-record',
            lazy: async () => ({ Component: (await import('../user-center/logs/AccessRecordPage.js')).AccessRecordPage }),
          },
          {
            path: 'register-ztList',
            lazy: async () => ({ Component: (await import('../user-center/zt-register/ZtRegisterPage.js')).ZtRegisterPage }),
          },
          {
            path: 'zt-management',
            lazy: async () => ({ Component: (await import('../user-center/zt/ZtManagementPage.js')).ZtManagementPage }),
          },
          {
            path: 'provincial-level-zt-management',
            lazy: async () => ({
              Component: (await import('../user-center/zt/ProvincialZtManagementPage.js')).ProvincialZtManagementPage,
            }),
          },
          {
            path: 'role-management',
            lazy: async () => ({ Component: (await import('../user-center/rights/RoleListPage.js')).RoleListPage }),
          },
          {
            path: 'menu-management',
            lazy: async () => ({ Component: (await import('../user-center/rights/MenuManagementPage.js')).MenuManagementPage }),
          },
          {
            path: 'permission',
            lazy: async () => ({ Component: (await import('../user-center/rights/PermissionPage.js')).PermissionPage }),
          },
          {
            path: 'permission-group',
            lazy: async () => ({ Component: (await import('../user-center/rights/PermissionGroupPage.js')).PermissionGroupPage }),
          },
          {
            path: 'global-btn-permission',
            lazy: async () => ({ Component: (await import('../user-center/rights/GlobalButtonPage.js')).GlobalButtonPage }),
          },
          {
            path: 'platform-management',
            lazy: async () => ({
              Component: (await import('../user-center/platform/PlatformManagementPage.js')).PlatformManagementPage,
            }),
          },
          ...PEOPLE_ROUTES,
          ...USER_CENTER_CHILDREN.filter(({ path }) => !PEOPLE_ROUTES.some((r) => r.path === path)).map(({ path, name }) => ({
            path,
            element: <NamedPlaceholder name={name} />,
          })),
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((path) => void router.navigate(path));
  return router;
}
