/** A built-in voucher template as data: lines name a subject and the side its amount goes on. */
export interface BuiltInTemplate {
  /** Stable within its chart family; the template's id is `builtin:<family>:<key>`. */
  readonly key: string;
  readonly name: string;
  readonly policyBasis: string;
  /** Template type (src/shared/templates/template-rules.ts). */
  readonly template: number;
  readonly lines: readonly {
    readonly summary: string;
    readonly subjectCode: string;
    readonly side: 1 | 2;
    /**
     * Asset templates (types 5–13): which of the asset's amounts the line carries (src/server/assets/default-entries.ts);
     * absent: the original value.
     */
    readonly amount?: 'original' | 'accumulated' | 'net';
  }[];
}
