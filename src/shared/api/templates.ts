/**
 * The template calls' types (voucher templates, carry-forward templates and the carry-forward
 * vouchers they make), declared once as schemas in ./schemas/templates.ts, where each field is
 * described. Line amounts travel as yuan like the voucher calls (src/shared/vouchers/amounts.ts).
 */
export type {
  AnyTemplate,
  CarryForwardDetail,
  CarryForwardDetailInput,
  CarryForwardTemplate,
  GenerateCarryForwardResponse,
  SaveAnyTemplateBody,
  SaveCarryForwardRequest,
  SaveTemplateRequest,
  TemplateLine,
  TemplateLineInput,
  TemplateListQuery,
  TemplateSortRequest,
  VoucherTemplate,
} from './schemas/templates.js';
