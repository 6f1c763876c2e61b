/**
 * The subject page's grid rows (grids/subject.ts) from the chart, and the subject calls that
 * save what a user changed in them: a name or balance direction through the subject save (the
 * server's rules: standard subjects keep theirs), enable through the enable call. A cell that
 * fails its rule (empty or too long a name, text that did not parse) is not sent: the grid marks it.
 */
import type { SaveSubjectRequest, SubjectEnableRequest, SubjectItem } from '../../shared/api/subjects.js';
import { checkSubjectName } from '../../shared/subjects/subject-code.js';
import type { SubjectGridRow } from '../../../grids/subject.js';
import type { TreeState } from '../grid/tree-nav.js';
import type { TreeRow } from './subject-tree.js';

export function subjectGridRow(s: SubjectItem): SubjectGridRow {
  return {
    rowId: s.code,
    code: s.code,
    codeName: s.codeName,
    parentCode: s.parentCode,
    type: s.type,
    balanceDirection: s.balanceDirection,
    lastLevel: s.lastLevel,
    isGovernment: s.isGovernment,
    enable: s.enable,
    isStandard: s.isStandard,
    auxiTypes: s.auxiTypeList.map((t) => t.typeName).join('、'),
  };
}

/**
 * A row's toggle: parents are expanded or collapsed; while a keyword filters the chart every
 * match shows with its ancestors, so there is nothing to toggle.
 */
export function treeStateOf(row: TreeRow, collapsed: ReadonlySet<string>, filtering: boolean): TreeState {
  if (!row.hasChildren || filtering) return null;
  return collapsed.has(row.subject.code) ? 'collapsed' : 'expanded';
}

export type SubjectEdit = { kind: 'save'; body: SaveSubjectRequest } | { kind: 'enable'; body: SubjectEnableRequest };

/** The calls for the rows whose editable cells differ from the chart as loaded. */
export function subjectEdits(chart: ReadonlyMap<string, SubjectItem>, rows: readonly SubjectGridRow[]): SubjectEdit[] {
  const edits: SubjectEdit[] = [];
  for (const row of rows) {
    const before = chart.get(row.code);
    if (!before) continue;
    const name = typeof row.codeName === 'string' ? row.codeName.trim() : null;
    const direction = row.balanceDirection === 1 || row.balanceDirection === 2 ? row.balanceDirection : null;
    const renamed = name !== null && name !== before.codeName;
    const turned = direction !== null && direction !== before.balanceDirection;
    if ((renamed || turned) && name !== null && checkSubjectName(name).length === 0) {
      edits.push({
        kind: 'save',
        body: {
          id: before.code,
          code: before.code,
          codeName: renamed ? name : before.codeName,
          parentCode: before.parentCode,
          balanceDirection: direction ?? before.balanceDirection,
        },
      });
    }
    if (typeof row.enable === 'boolean' && row.enable !== before.enable) {
      edits.push({ kind: 'enable', body: { code: before.code, enable: row.enable } });
    }
  }
  return edits;
}
