/**
 * Auxiliary accounting rules shared by the dialogs and the server (spec doc 1 sections 3-5,
 * doc 2 sections 4, 5 and 9): built-in types, item codes, enabling, the key of an auxiliary
 * combination and the choice of items for a subject.
 *
 * What must stay true:
 * - An item code is at most 20 characters; a sub-item's code is its parent's code plus exactly
 *   3 digits, so the tree can be read from the codes alone.
 * - A child cannot be enabled while its parent is disabled; disabling a parent disables its subtree.
 * - An auxiliary combination has one canonical key (types sorted), so the same choice made in
 *   another order is the same opening row.
 * - A subject's auxiliary types do not change while it has an opening balance or auxiliary
 *   openings: the amounts would be left without the detail they were entered under.
 */
import type { ValidationIssue } from '../envelope.js';

export const AUXI_CODE_MAX = 20;
export const AUXI_SUB_CODE_LENGTH = 3;
export const AUXI_NAME_MAX = 64;
export const AUXI_TYPE_NAME_MAX = 32;

export const AuxiMessages = {
  typeNameRequired: '请填写类型名称',
  /** Spec (English only): 'please enter the auxiliary name!'. */
  nameRequired: '请输入辅助项名称！',
  itemsRequired: '辅助项不能为空!',
  // Ours (the spec gives the rule without the Chinese text):
  codeRequired: '请输入辅助项编码！',
  codeTooLong: `辅助项编码不能超过${AUXI_CODE_MAX}个字符`,
  codeChars: '辅助项编码只能包含字母和数字',
  subCode: `下级辅助项编码只能为${AUXI_SUB_CODE_LENGTH}位数字`,
  subPrefix: (parentNo: string): string => `下级辅助项编码必须以上级编码${parentNo}开头`,
  nameTooLong: `辅助项名称不能超过${AUXI_NAME_MAX}个字符`,
  typeNameTooLong: `类型名称不能超过${AUXI_TYPE_NAME_MAX}个字符`,
  typeNameDuplicate: (name: string): string => `类型名称“${name}”已存在`,
  parentDisabled: '上级辅助项已停用，不能启用下级辅助项',
  leafOnly: (typeName: string): string => `${typeName}：请选择末级辅助项`,
  itemMissing: (typeName: string): string => `${typeName}：请选择辅助项`,
  itemDisabled: (typeName: string, infoName: string): string => `${typeName}：辅助项“${infoName}”已停用`,
  notOfSubject: (typeNo: string): string => `辅助核算类型${typeNo}不属于该科目`,
  typesLocked: (code: string): string => `科目${code}已有期初余额或辅助核算期初数据，不能修改其辅助核算类型，请先将期初数据清零`,
  lastLevelOnly: '只能为末级科目设置辅助核算',
} as const;

/** The spec's built-in type codes. Names: see the report; those marked guess are read from the pinyin initials. */
export const BUILT_IN_AUXI_TYPES: readonly { readonly typeNo: string; readonly typeName: string }[] = [
  { typeNo: 'ZHGNFLKM', typeName: '支出功能分类科目' },
  { typeNo: 'BMYSJJFLKM', typeName: '部门预算支出经济分类科目' },
  { typeNo: 'ZJLY', typeName: '资金来源' },
  { typeNo: 'ZCHS', typeName: '资产核算' }, // guess: Z(i)C(han)H(e)S(uan)
  { typeNo: 'XMYS', typeName: '项目预算' },
  { typeNo: 'JFHS', typeName: '经费核算' },
  { typeNo: 'BMHS', typeName: '部门核算' },
  { typeNo: 'DEPARTMENT', typeName: '部门' },
  { typeNo: 'XMZC', typeName: '项目支出' },
];

/**
 * Items seeded with the built-in types. ZJLY: the 财政拨款/工会资金 split the 2021 system requires
 * of 县级以上 unions (templates/reference/union-accounting.md §1). JFHS: the spec's expenditure classification codes
 * (001 basic with 00101 personnel and 00102 public, 002 project).
 */
export const BUILT_IN_AUXI_ITEMS: readonly {
  readonly typeNo: string;
  readonly infoNo: string;
  readonly infoName: string;
  readonly parentNo: string | null;
}[] = [
  { typeNo: 'ZJLY', infoNo: '001', infoName: '工会资金', parentNo: null },
  { typeNo: 'ZJLY', infoNo: '002', infoName: '财政拨款', parentNo: null },
  { typeNo: 'JFHS', infoNo: '001', infoName: '基本支出', parentNo: null },
  { typeNo: 'JFHS', infoNo: '001001', infoName: '人员经费', parentNo: '001' },
  { typeNo: 'JFHS', infoNo: '001002', infoName: '公用经费', parentNo: '001' },
  { typeNo: 'JFHS', infoNo: '002', infoName: '项目支出', parentNo: null },
];

/** Prefix of the codes given to custom types (自定义). */
export const CUSTOM_TYPE_PREFIX = 'ZDY';

export function checkAuxiTypeName(rawName: string): string | null {
  const name = rawName.trim();
  if (!name) return AuxiMessages.typeNameRequired;
  if (name.length > AUXI_TYPE_NAME_MAX) return AuxiMessages.typeNameTooLong;
  return null;
}

export interface AuxiItemInput {
  readonly infoNo: string;
  readonly infoName: string;
  /** The parent item's code for a sub-item, else null. */
  readonly parentNo: string | null;
}

/** The item dialog's rules: code and name, with the field each message belongs to. */
export function validateAuxiItem(input: AuxiItemInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const code = input.infoNo.trim();
  const parentNo = input.parentNo?.trim() || null;
  if (!code) issues.push({ message: AuxiMessages.codeRequired, fieldId: 'infoNo' });
  else if (code.length > AUXI_CODE_MAX) issues.push({ message: AuxiMessages.codeTooLong, fieldId: 'infoNo' });
  else if (!/^[0-9A-Za-z]+$/.test(code)) issues.push({ message: AuxiMessages.codeChars, fieldId: 'infoNo' });
  else if (parentNo) {
    if (!code.startsWith(parentNo)) issues.push({ message: AuxiMessages.subPrefix(parentNo), fieldId: 'infoNo' });
    else if (!new RegExp(`^\\d{${AUXI_SUB_CODE_LENGTH}}$`).test(code.slice(parentNo.length)))
      issues.push({ message: AuxiMessages.subCode, fieldId: 'infoNo' });
  }
  const name = input.infoName.trim();
  if (!name) issues.push({ message: AuxiMessages.nameRequired, fieldId: 'infoName' });
  else if (name.length > AUXI_NAME_MAX) issues.push({ message: AuxiMessages.nameTooLong, fieldId: 'infoName' });
  return issues;
}

/** Null when the item may be enabled; a child cannot be enabled under a disabled parent. */
export function checkEnableItem(enable: boolean, parentEnabled: boolean | null): string | null {
  return enable && parentEnabled === false ? AuxiMessages.parentDisabled : null;
}

export interface AuxiChoice {
  readonly typeNo: string;
  readonly infoNo: string;
}

const KEY_PART = /^[0-9A-Za-z_]+$/;

/** The canonical key of a combination: `TYPE:info` pairs sorted by type, joined with `|`. */
export function auxiKeyOf(choices: readonly AuxiChoice[]): string {
  return [...choices]
    .sort((a, b) => (a.typeNo < b.typeNo ? -1 : a.typeNo > b.typeNo ? 1 : 0))
    .map((c) => `${c.typeNo}:${c.infoNo}`)
    .join('|');
}

export function parseAuxiKey(key: string): AuxiChoice[] {
  if (!key) return [];
  return key.split('|').map((part) => {
    const [typeNo = '', infoNo = ''] = part.split(':');
    return { typeNo, infoNo };
  });
}

export function isValidKeyPart(value: string): boolean {
  return KEY_PART.test(value);
}

/** What the choice check needs to know of the items of one type. */
export interface AuxiTypeItems {
  readonly typeNo: string;
  readonly typeName: string;
  readonly items: ReadonlyMap<string, { readonly infoName: string; readonly isLeaf: boolean; readonly isEnable: boolean }>;
}

/**
 * The auxiliary picker's save rule for one line: every type of the subject needs a leaf item,
 * enabled, and no type outside the subject's. Empty when the choice is complete.
 */
export function checkAuxiChoice(types: readonly AuxiTypeItems[], choices: readonly AuxiChoice[]): string[] {
  const messages: string[] = [];
  const byType = new Map(choices.map((c) => [c.typeNo, c.infoNo]));
  for (const choice of choices) {
    if (!types.some((t) => t.typeNo === choice.typeNo)) messages.push(AuxiMessages.notOfSubject(choice.typeNo));
  }
  if (types.some((t) => !byType.get(t.typeNo))) return [AuxiMessages.itemsRequired, ...messages];
  for (const type of types) {
    const infoNo = byType.get(type.typeNo) ?? '';
    const item = type.items.get(infoNo);
    if (!item) messages.push(AuxiMessages.itemMissing(type.typeName));
    else if (!item.isLeaf) messages.push(AuxiMessages.leafOnly(type.typeName));
    else if (!item.isEnable) messages.push(AuxiMessages.itemDisabled(type.typeName, item.infoName));
  }
  return messages;
}

/** Whether a subject's types may change from `current` to `next`; null when they may. */
export function checkTypeChange(
  code: string,
  current: readonly string[],
  next: readonly string[],
  hasOpeningData: boolean,
): string | null {
  const same = current.length === next.length && current.every((t) => next.includes(t));
  return !same && hasOpeningData ? AuxiMessages.typesLocked(code) : null;
}
