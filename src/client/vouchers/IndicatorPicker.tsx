/**
 * The indicator picker of a two-table voucher's budget line (spec: for coustomVoucherZhejiang with
 * isGovernment and type XMYS an indicator-system dialog opens): the project's indicators as a
 * nested list, parents shown but not selectable; saving without a last-level indicator says
 * 请选择末级指标. The server checks the same when the voucher is saved.
 */
import { useEffect, useState } from 'react';
import { Paths } from '../../shared/api/paths.js';
import type { IndicatorNode } from '../../shared/api/schemas/budget-voucher.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { formatFen } from '../../shared/money.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { api } from '../shell/request.js';

interface Props {
  budgetId: string;
  projectName: string;
  value: string | null;
  onSave: (code: string) => void;
  onCancel: () => void;
}

function flatten(nodes: readonly IndicatorNode[], depth = 0): { node: IndicatorNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

export function IndicatorPicker({ budgetId, projectName, value, onSave, onCancel }: Props) {
  const [nodes, setNodes] = useState<{ node: IndicatorNode; depth: number }[]>([]);
  const [chosen, setChosen] = useState(value ?? '');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    api
      .get<IndicatorNode[]>(Paths.budgetVoucherIndicators, { budgetId })
      .then((tree) => setNodes(flatten(tree)))
      .catch(() => undefined);
  }, [budgetId]);

  const submit = () => {
    const node = nodes.find((n) => n.node.code === chosen)?.node;
    if (!node?.isLeaf) {
      setProblem(BudgetMessages.indicatorLeafRequired);
      return;
    }
    onSave(node.code);
  };

  return (
    <FormDialog title="选择预算指标" className="indicator-picker" onSubmit={submit} onCancel={onCancel}>
      <p className="dialog-note">项目：{projectName}</p>
      <div className="field">
        <label htmlFor="indicator-pick">预算指标</label>
        <select
          id="indicator-pick"
          autoFocus
          value={chosen}
          onChange={(e) => {
            setChosen(e.target.value);
            setProblem('');
          }}
        >
          <option value="">请选择</option>
          {nodes.map(({ node, depth }) => (
            <option key={node.code} value={node.code}>
              {'\u3000'.repeat(depth)}
              {node.code} {node.name}（{formatFen(answerFen(node.amount))}）{node.isLeaf ? '' : ' ▸'}
            </option>
          ))}
        </select>
      </div>
      <div className="field-error" role={problem ? 'alert' : undefined}>
        {problem && <p>{problem}</p>}
      </div>
    </FormDialog>
  );
}
