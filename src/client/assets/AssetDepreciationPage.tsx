/**
 * 折旧摊销 (/fixed-assets/fixed-assets/depreciation, spec doc 1 §2 line 41): tabs 固定资产折旧 / 无形资产摊销. The
 * session year's months with their state (未计提 / 已计提未生成凭证 / 已生成凭证, read from the server: a deleted voucher
 * makes a month "not generated" again); 计提 runs the selected month (months run in order, never twice), 撤销计提 undoes
 * the last run (only while none of its vouchers exists), 生成凭证 opens the asset voucher dialog (pzAssetType 2, the
 * class and the month), 导出 downloads the month's detail workbook. Under them the month's detail on the one grid
 * editor (grids/asset-provision-detail.ts), paged 20/30/40/50, with the whole month's totals from the server and
 * 分类明细 (by category, department and nature).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  createAssetProvisionGrid,
  toAssetProvisionGridRow,
  type AssetProvisionGridRow,
} from '../../../grids/asset-provision-detail.js';
import type {
  ProvisionClassification,
  ProvisionDetailPage,
  ProvisionMonthRow,
} from '../../shared/api/schemas/assets-vouchers.js';
import type { ASSET_PAGE_SIZES } from '../../shared/assets/constants.js';
import { formatFen } from '../../shared/money.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { GridEditor } from '../grid/GridEditor.js';
import { Pager } from '../user-center/common/Pager.js';
import { messageBox } from '../message-box/message-box.js';
import { PageTabs } from '../layout/PageTabs.js';
import { usePageTitle } from '../shell/page-title.js';
import { ApiError } from '../shell/request.js';
import { useSession } from '../shell/session-store.js';
import {
  exportProvisionDetail,
  fetchProvisionClassification,
  fetchProvisionDetail,
  fetchProvisionMonths,
  runProvision,
  undoProvision,
} from './asset-voucher-api.js';
import { AssetVoucherDialog, ClassificationDialog } from './AssetVoucherDialog.js';
import './assets.css';

type ProvisionClass = 1 | 2;
type PageSize = (typeof ASSET_PAGE_SIZES)[number];

const TABS: readonly { value: ProvisionClass; name: string; verb: string }[] = [
  { value: 1, name: '固定资产折旧', verb: '折旧' },
  { value: 2, name: '无形资产摊销', verb: '摊销' },
];

/** The month's state as the page shows it. */
export function provisionStateText(row: Pick<ProvisionMonthRow, 'isProvision' | 'unGenerateCertificate'>): string {
  if (!row.isProvision) return '未计提';
  return row.unGenerateCertificate ? '已计提未生成凭证' : '已生成凭证';
}

/** The month the page opens on: the last one run, else the first that may be run, else January. */
export function initialMonth(rows: readonly ProvisionMonthRow[]): number {
  const run = rows.filter((r) => r.isProvision);
  const last = run[run.length - 1];
  if (last) return last.month;
  return rows.find((r) => r.canRun)?.month ?? 1;
}

const fenOf = (yuan: number): number => {
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : 0;
};
const stageOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export function AssetDepreciationPage() {
  usePageTitle('折旧摊销');
  const [tab, setTab] = useState<ProvisionClass>(1);
  return (
    <div className="page asset-depreciation">
      <PageTabs label="折旧摊销" tabs={TABS} value={tab} onChange={setTab} />
      <ProvisionPanel key={tab} assetClass={tab} verb={TABS[tab - 1]?.verb ?? '折旧'} />
    </div>
  );
}

function ProvisionPanel({ assetClass, verb }: { assetClass: ProvisionClass; verb: string }) {
  const year = useSession((s) => s.authInfo?.year) ?? new Date().getFullYear();
  const [months, setMonths] = useState<ProvisionMonthRow[]>([]);
  const [month, setMonth] = useState<number | null>(null);
  const [detail, setDetail] = useState<ProvisionDetailPage | null>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(20);
  const [version, setVersion] = useState(0);
  const [voucherOpen, setVoucherOpen] = useState(false);
  const [classification, setClassification] = useState<ProvisionClassification | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    fetchProvisionMonths(assetClass, year).then(
      (rows) => {
        if (!live) return;
        setMonths(rows);
        setMonth((m) => m ?? initialMonth(rows));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [assetClass, year, version]);

  const stage = month ? stageOf(year, month) : null;
  useEffect(() => {
    if (!stage) return;
    let live = true;
    fetchProvisionDetail({ assetClass, accruedStage: stage, pageIndex, pageSize }).then(
      (page) => {
        if (live) setDetail(page);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [assetClass, stage, pageIndex, pageSize, version]);

  const current = months.find((r) => r.month === month) ?? null;
  const choose = (m: number) => {
    setMonth(m);
    setPageIndex(1);
  };

  const guarded = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  const run = () =>
    guarded(async () => {
      if (!current) return;
      const result = await runProvision({ assetClass, year, month: current.month });
      void messageBox.alert(
        `${year}年${current.month}月已计提${verb}：${result.cardCount}张卡片，金额${formatFen(fenOf(result.total))}`,
      );
      reload();
    });
  const undo = () =>
    guarded(async () => {
      if (!current) return;
      await messageBox.confirm(`确定撤销${year}年${current.month}月的计提${verb}？`);
      await undoProvision({ assetClass, year, month: current.month });
      reload();
    });
  const exportDetail = () =>
    guarded(async () => {
      if (!stage) return;
      const { blob, headers } = await exportProvisionDetail({ assetClass, accruedStage: stage });
      downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, `${verb}明细${stage}.xlsx`));
    });
  const openClassification = () =>
    guarded(async () => {
      if (!stage) return;
      setClassification(await fetchProvisionClassification({ assetClass, accruedStage: stage }));
    });

  const definition = useMemo(() => createAssetProvisionGrid(`${verb}明细`), [verb]);
  const rows = useMemo(() => (detail?.currentPageItems ?? []).map(toAssetProvisionGridRow), [detail]);
  const total = detail?.totalItemCount ?? 0;

  return (
    <div className="asset-provision">
      <div className="toolbar" role="toolbar" aria-label={`${verb}操作`}>
        <span className="asset-provision-month" aria-live="polite">
          {month ? `${year}年${month}月` : ''}
          {current ? `：${provisionStateText(current)}` : ''}
        </span>
        <button type="button" disabled={busy || !current?.canRun} onClick={() => void run()}>
          计提
        </button>
        <button type="button" disabled={busy || !current?.canUndo} onClick={() => void undo()}>
          撤销计提
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || !current?.isProvision || !current.unGenerateCertificate}
          onClick={() => setVoucherOpen(true)}
        >
          生成凭证
        </button>
        <button type="button" disabled={busy || !current?.isProvision} onClick={() => void exportDetail()}>
          导出
        </button>
        <button type="button" disabled={busy || !current?.isProvision} onClick={() => void openClassification()}>
          分类明细
        </button>
      </div>
      <div className="asset-provision-body">
        <table className="asset-table asset-provision-months" aria-label={`${verb}月份`}>
          <thead>
            <tr>
              <th>月份</th>
              <th>状态</th>
              <th className="num">卡片数</th>
              <th className="num">本月{verb}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((r) => (
              <tr
                key={r.month}
                aria-selected={r.month === month}
                className={r.month === month ? 'selected' : undefined}
                onClick={() => choose(r.month)}
              >
                <td>
                  <button type="button" className="link" aria-pressed={r.month === month} onClick={() => choose(r.month)}>
                    {r.month}月
                  </button>
                </td>
                <td className={`state-${r.isProvision ? (r.unGenerateCertificate ? 'run' : 'done') : 'none'}`}>
                  {provisionStateText(r)}
                </td>
                <td className="num">{r.isProvision ? r.cardCount : ''}</td>
                <td className="num">{r.isProvision ? formatFen(fenOf(r.total)) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="asset-provision-detail">
          <GridEditor<AssetProvisionGridRow>
            key={`${stage}-${pageIndex}-${pageSize}-${version}`}
            definition={definition}
            rows={rows}
            readOnly
            label={`${verb}明细`}
            height={420}
          />
          <div className="asset-provision-footer" role="status" aria-label="本月合计">
            {`合计（${total}张）\u3000原值 ${formatFen(fenOf(detail?.footer.originalValueSum ?? 0))}`}
            {`\u3000本月${verb} ${formatFen(fenOf(detail?.footer.accruedValueSum ?? 0))}`}
            {`\u3000累计 ${formatFen(fenOf(detail?.footer.cumulativeValueSum ?? 0))}`}
          </div>
          <Pager
            label="折旧明细"
            total={total}
            page={{ pageIndex, pageSize }}
            onChange={(next) => {
              setPageSize(next.pageSize as PageSize);
              setPageIndex(next.pageIndex);
            }}
          />
        </div>
      </div>
      {voucherOpen && stage && (
        <AssetVoucherDialog
          pzAssetType={2}
          assetClass={assetClass}
          accruedStage={stage}
          title={`计提${verb}生成凭证（${year}年${month}月）`}
          onClose={() => {
            setVoucherOpen(false);
            reload();
          }}
          onSaved={reload}
        />
      )}
      {classification && <ClassificationDialog data={classification} onClose={() => setClassification(null)} />}
    </div>
  );
}
