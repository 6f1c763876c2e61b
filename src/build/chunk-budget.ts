/**
 * The build's chunk budget: no chunk over 500 kB (minified), checked on every build instead of
 * Vite's warning, which only prints. The exceptions are chunks that are one prebuilt file of a
 * dependency, which no bundler can split: ag-grid-community ships as a single ES module (about
 * 820 kB after tree shaking) and exceljs's browser build as a single script (930 kB, loaded
 * only when a grid is exported). Anything else over the budget fails the build.
 */
import type { Plugin } from 'vite';

export const CHUNK_BUDGET_BYTES = 500_000;

/** Modules that are each one prebuilt file of a dependency. */
export const UNSPLITTABLE_MODULES: readonly RegExp[] = [
  /node_modules[\\/]ag-grid-community[\\/]dist[\\/]package[\\/]main\.esm\.mjs$/,
  /node_modules[\\/]exceljs[\\/]dist[\\/]exceljs(\.bare)?(\.min)?\.js$/,
];

export interface BuiltChunk {
  readonly fileName: string;
  readonly bytes: number;
  /** The chunk's modules and the bytes each contributes. */
  readonly modules: readonly { readonly id: string; readonly bytes: number }[];
}

export interface OverBudget {
  readonly fileName: string;
  readonly bytes: number;
  /** The one unsplittable module that makes the chunk what it is, or null. */
  readonly unsplittable: string | null;
}

/** Chunks over the budget; a chunk whose own largest module alone is over it and unsplittable is named as such. */
export function overBudget(chunks: readonly BuiltChunk[], budget = CHUNK_BUDGET_BYTES): OverBudget[] {
  return chunks
    .filter((c) => c.bytes > budget)
    .map((c) => {
      const largest = [...c.modules].sort((a, b) => b.bytes - a.bytes)[0];
      const rest = c.bytes - (largest?.bytes ?? 0);
      const alone = largest && rest <= budget / 10 && UNSPLITTABLE_MODULES.some((re) => re.test(largest.id));
      return { fileName: c.fileName, bytes: c.bytes, unsplittable: alone ? largest.id : null };
    });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Fails the build when a chunk other than an unsplittable dependency is over the budget. */
export function chunkBudget(): Plugin {
  return {
    name: 'ufc-chunk-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          fileName: item.fileName,
          bytes: Buffer.byteLength(item.code),
          modules: Object.entries(item.modules).map(([id, m]) => ({ id, bytes: m.renderedLength })),
        });
      }
      for (const over of overBudget(chunks)) {
        if (over.unsplittable)
          this.info(`${over.fileName} is ${kB(over.bytes)}: one prebuilt module (${over.unsplittable}), not splittable`);
        else
          this.error(
            `${over.fileName} is ${kB(over.bytes)}, over the ${kB(CHUNK_BUDGET_BYTES)} budget: split it (vite.config.ts codeSplitting)`,
          );
      }
    },
  };
}
