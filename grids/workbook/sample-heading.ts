/** A heading for tests and benches: a real-looking one, every field overridable. */
import type { ExportHeading } from './heading.js';

export function sampleHeading(over: Partial<ExportHeading> = {}): ExportHeading {
  return {
    title: '测试表',
    unit: '示例工会',
    ledgerSet: '示例工会账套',
    period: '2024年01月',
    filters: [],
    exportedBy: '张会计',
    exportedAt: new Date(Date.UTC(2024, 0, 31, 2, 30)),
    ...over,
  };
}
