/**
 * 低值资产预警 (/accounting-management/reports/lower-asset-warning): cards below the recognition threshold, fully
 * depreciated and still held, inventory out or low, each with its reason. A double-click opens the card list on that
 * card (资产卡片, cardNo in the address); 导出 downloads the server's workbook.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { lowerWarningGrid, toLowerWarningGridRow, type LowerWarningGridRow } from '../../../grids/asset-lower-warning.js';
import { Paths } from '../../shared/api/paths.js';
import type { LowerWarningResponse } from '../../shared/api/schemas/assets-reports.js';
import { AssetPages } from '../../shared/assets/constants.js';
import { GridEditor } from '../grid/GridEditor.js';
import { usePageTitle } from '../shell/page-title.js';
import { exportAssetReport, loadLowerWarning } from './asset-reports-api.js';
import '../books/books.css';

export function LowerAssetWarningPage() {
  usePageTitle('低值资产预警');
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<LowerWarningResponse | null>(null);
  useEffect(() => {
    loadLowerWarning()
      .then(setAnswer)
      .catch(() => undefined); // the request wrapper shows the refusal
  }, []);
  const rows = useMemo(() => (answer ? answer.rows.map(toLowerWarningGridRow) : []), [answer]);

  return (
    <div className="books-page page-fill">
      <h2>低值资产预警</h2>
      {answer && (
        <>
          <p role="status" className="muted">
            {rows.length === 0 ? '没有需要预警的资产。' : `${rows.length} 条预警。`}
            <button type="button" onClick={() => void exportAssetReport(Paths.lowerAssetWarningDataOut, {}, '低值资产预警.xlsx')}>
              导出
            </button>
          </p>
          <GridEditor<LowerWarningGridRow>
            definition={lowerWarningGrid}
            rows={rows}
            readOnly
            label="低值资产预警"
            toolbarExport={false}
            onRowOpen={(rowId) => {
              const row = rows.find((r) => r.rowId === rowId);
              if (row) void navigate(`${AssetPages.cards}?${new URLSearchParams({ cardNo: row.cardNo }).toString()}`);
            }}
            fill
          />
        </>
      )}
    </div>
  );
}
