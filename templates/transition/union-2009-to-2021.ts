/**
 * The official old-to-new subject mapping of the union transition, as data: 《工会新旧会计制度有关衔接问题的处理
 * 规定》(财会〔2021〕16号), 附表 新旧制度会计科目对照表 (54 rows, 序号 as in the table) and the transfer rules of its
 * text, compiled in templates/reference/union-accounting.md §4 (source S2).
 *
 * - Rows follow the table's order (by new code). A row names the old subject at the level the year-end figures are
 *   keyed (the last level of the 2009 chart: 11201, 13103, 22203, 32103 ... are rows of their own), and the parts its
 *   balance goes to. Codes are always read with their chart: the same code means different things in the two
 *   systems (121, 211, 221, 311, 321, 322, 331, 502-508).
 * - A part is either the remainder (exactly one per row: the old balance less the keyed parts) or a split the user
 *   keys from the old books, with its basis (拆分依据), as the regulation requires of the worksheet.
 * - Net-asset targets are the new chart's details: an opening of 资产基金 goes to its 301xx detail, a 结余 to 32205
 *   累计结余, a 结转 to 32104 / 33104 累计结转, 财政拨款结余 to 33205.
 * - Revenue and expense subjects have no year-end balance (S2: nothing is transferred); their rows are listed so
 *   the worksheet shows the table row for row.
 */

import type { TransitionLevel, TransitionPart, TransitionRow } from '../../src/shared/transition/mapping.js';

export type { TransitionLevel, TransitionPart, TransitionRow };

const whole = (oldCode: string, newCode: string): TransitionPart[] => [
  { key: `${oldCode}-${newCode}`, newCode, basis: '', remainder: true },
];

function row(no: string, oldCode: string | null, rule: string, parts: TransitionPart[], noBalance = false): TransitionRow {
  return { no, oldCode, rule, noBalance, parts };
}

const newOnly = (no: string, newCode: string, noBalance = false): TransitionRow =>
  row(no, null, '新增科目', [{ key: `new-${newCode}`, newCode, basis: '', remainder: true }], noBalance);

const noBalance = (no: string, oldCode: string, newCodes: readonly string[], rule = '收入支出类科目年末无余额'): TransitionRow =>
  row(
    no,
    oldCode,
    rule,
    newCodes.map((newCode, i) => ({ key: `${oldCode}-${newCode}`, newCode, basis: '', remainder: i === 0 })),
    true,
  );

function rows331(level: TransitionLevel): TransitionRow {
  const parts: TransitionPart[] = [
    { key: '331-32205', newCode: '32205', basis: '其余部分', remainder: true },
    { key: '331-30101', newCode: '30101', basis: '与库存物品相对应的部分', remainder: false },
  ];
  if (level === 'county') {
    parts.push(
      { key: '331-33104', newCode: '33104', basis: '财政拨款结转', remainder: false },
      { key: '331-33205', newCode: '33205', basis: '财政拨款结余', remainder: false },
      { key: '331-32104', newCode: '32104', basis: '工会资金结转', remainder: false },
    );
  } else {
    parts.push({ key: '331-32104', newCode: '32104', basis: '属于结转性质的部分', remainder: false });
  }
  const rule =
    level === 'county'
      ? '先转出与库存物品相对应的部分；财政拨款结转→331，财政拨款结余→332，工会资金结转→321，其余→322'
      : '先转出与库存物品相对应的部分；结转性质的部分→321，其余→322';
  return row('31-33', '331', rule, parts);
}

/** The mapping rows for a union of that level, in the official table's order. */
export function transitionRows(level: TransitionLevel): readonly TransitionRow[] {
  return [
    row('1', '101', '直接转入；属于代管经费的部分转入101下的代管经费明细', [
      { key: '101-101', newCode: '101', basis: '', remainder: true },
      { key: '101-101代管', newCode: '101', basis: '属于代管经费的部分', remainder: false },
    ]),
    row('2', '102', '直接转入；属于代管经费的部分转入102下的代管经费明细', [
      { key: '102-102', newCode: '102', basis: '', remainder: true },
      { key: '102-102代管', newCode: '102', basis: '属于代管经费的部分', remainder: false },
    ]),
    row('3', '111', '原科目年末无余额，无需转账', whole('111', '111')),
    row('4', '11201', '直接转入（112→121）', whole('11201', '12101')),
    row('4', '11202', '直接转入（112→121）', whole('11202', '12102')),
    row('5', '13101', '直接转入', whole('13101', '13101')),
    row('5', '13102', '直接转入', whole('13102', '13102')),
    row('5', '13103', '应收建会筹备金转入其他应收款', whole('13103', '135')),
    row('6', '132', '建会筹备金部分转入其他应收款，其余转入132', [
      { key: '132-132', newCode: '132', basis: '', remainder: true },
      { key: '132-135', newCode: '135', basis: '应收建会筹备金部分', remainder: false },
    ]),
    row('7', '121', '借出款转入其他应收款', whole('121', '135')),
    row('8', '135', '直接转入', whole('135', '135')),
    row('9', '141', '直接转入（同时将原结余中对应部分转入资产基金—库存物品）', whole('141', '141')),
    row('10', '151', '直接转入', whole('151', '151')),
    row('11', '161', '直接转入', whole('161', '161')),
    row('12-15', '162', '逐项重分类：符合固定资产标准的→162，无形资产→171，低于新标准的→141', [
      { key: '162-162', newCode: '162', basis: '符合新制度固定资产标准的部分', remainder: true },
      { key: '162-171', newCode: '171', basis: '属于无形资产的部分', remainder: false },
      { key: '162-141', newCode: '141', basis: '低于新制度固定资产标准的部分', remainder: false },
    ]),
    newOnly('16', '181'),
    newOnly('17', '182'),
    row('18', '201', '转入应付职工薪酬', whole('201', '201')),
    row('19', '202', '转入应付职工薪酬', whole('202', '201')),
    row('20', '203', '转入应付职工薪酬', whole('203', '201')),
    row('21', '221', '建会筹备金部分转入其他应付款，其余转入211', [
      { key: '221-211', newCode: '211', basis: '', remainder: true },
      { key: '221-215', newCode: '215', basis: '应付建会筹备金部分', remainder: false },
    ]),
    row('22', '22201', '直接转入（222→212）', whole('22201', '21201')),
    row('22', '22202', '直接转入（222→212）', whole('22202', '21202')),
    row('22', '22203', '应付建会筹备金转入其他应付款', whole('22203', '215')),
    row('23', '211', '借入款转入其他应付款', whole('211', '215')),
    row('24', '225', '直接转入', whole('225', '215')),
    row('25', '231', '直接转入（不再符合代管经费的，借记221，贷记101/102）', whole('231', '221')),
    row('26', '301', '按原固定资产的重分类拆分至资产基金明细', [
      { key: '301-30104', newCode: '30104', basis: '对应固定资产的部分', remainder: true },
      { key: '301-30105', newCode: '30105', basis: '对应无形资产的部分', remainder: false },
      { key: '301-30101', newCode: '30101', basis: '对应低于标准转入库存物品的部分', remainder: false },
    ]),
    row('27', '302', '转入资产基金—在建工程', whole('302', '30103')),
    row('28', '311', '转入资产基金—投资', whole('311', '30102')),
    row('29', '32103', '权益保障金转入专用基金', whole('32103', '311')),
    row('29', '32101', '增收留成基金转入工会资金结余', whole('32101', '32205')),
    row('29', '32102', '财务专用基金转入工会资金结余', whole('32102', '32205')),
    row('30', '322', '后备金转入工会资金结余', whole('322', '32205')),
    rows331(level),
    newOnly('34', '341'),
    noBalance('35', '401', ['401']),
    noBalance('36', '402', ['402']),
    noBalance('37', '403', ['403']),
    noBalance('38', '404', ['404']),
    noBalance('39', '405', ['405']),
    noBalance('40', '406', ['406']),
    noBalance('41', '407', ['407']),
    noBalance('42', '408', ['408']),
    newOnly('43', '411', true),
    noBalance('44-45', '501', [level === 'county' ? '502' : '501']),
    noBalance('46-47', '503', ['503', '505']),
    noBalance('48', '502', ['504']),
    noBalance('49', '504', ['506']),
    noBalance('50', '505', ['507']),
    noBalance('51', '506', ['508']),
    noBalance('52', '507', ['509']),
    noBalance('53', '508', ['510']),
    newOnly('54', '521', true),
  ];
}
