/** A built-in voucher template as data: lines name a subject and the side its amount goes on. */
export interface BuiltInTemplate {
  /** Stable within its chart family; the template's id is `builtin:<family>:<key>`. */
  readonly key: string;
  readonly name: string;
  readonly policyBasis: string;
  /** Template type (src/shared/templates/template-rules.ts). */
  readonly template: number;
  readonly lines: readonly { readonly summary: string; readonly subjectCode: string; readonly side: 1 | 2 }[];
}
