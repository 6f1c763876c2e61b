/** The shape of the old-to-new mapping rows (the data is templates/transition, 财会〔2021〕16号 附表). */

export type TransitionLevel = 'grassroots' | 'county';

export interface TransitionPart {
  /** Stable key of the part (the user's split amount and target are saved under it). */
  key: string;
  /** Default target: a code of the 2021 chart (the county chart where the grassroots one lacks it, see §1 of S1). */
  newCode: string;
  /** 拆分依据: '' for a whole transfer. */
  basis: string;
  /** Takes the old balance less the keyed parts. */
  remainder: boolean;
}

export interface TransitionRow {
  /** 序号 of the official table ('12-15' where one old subject feeds several rows). */
  no: string;
  /** The 2009 code, or null for a subject the new system introduces. */
  oldCode: string | null;
  /** The transfer rule of S2, short. */
  rule: string;
  /** Revenue and expense: no year-end balance, nothing transferred. */
  noBalance: boolean;
  parts: readonly TransitionPart[];
}
