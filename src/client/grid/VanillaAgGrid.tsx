/**
 * AG Grid rendering its own DOM (createGrid), in place of ag-grid-react's AgGridReact, which
 * renders every row and cell as React components: on a 10,000-row grid that reconciliation cost
 * most of each scrolled frame and of the first render (bench/grid-render.ts). Every cell
 * renderer and editor of ours is a plain DOM class, so nothing needs React inside the grid.
 *
 * The props are the grid options, as AgGridReact takes them; the ones that change between
 * renders are handed to the grid with updateGridOptions (what AgGridReact does too).
 */
import { createGrid, type GridApi, type GridOptions } from 'ag-grid-community';
import { useEffect, useLayoutEffect, useRef } from 'react';

const FILL = { width: '100%', height: '100%' } as const;

export interface VanillaAgGridProps<T> extends GridOptions<T> {
  /**
   * The api, as soon as the grid is made (in the commit that mounts it), before AG Grid's
   * gridReady (which comes from a later task): a key that asks for a cell in between, e.g. the
   * Enter that leaves a new voucher's header at full typing speed, finds the grid there.
   */
  onCreated?: (api: GridApi<T>) => void;
}

export function VanillaAgGrid<T>({ onCreated, ...props }: VanillaAgGridProps<T>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<T> | null>(null);
  const latest = useRef(props);
  /** The options the grid was last given. */
  const applied = useRef<GridOptions<T> | null>(null);
  const created = useRef(onCreated);

  // Declared first, so the grid below is created with the newest options.
  useLayoutEffect(() => {
    latest.current = props;
    created.current = onCreated;
  });

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const options = latest.current;
    const api = createGrid(host, { ...options });
    apiRef.current = api;
    applied.current = options;
    created.current?.(api);
    return () => {
      apiRef.current = null;
      applied.current = null;
      api.destroy();
    };
  }, []);

  useEffect(() => {
    const api = apiRef.current;
    const before = applied.current;
    if (!api || !before || before === props) return;
    applied.current = props;
    const was = before as Record<string, unknown>;
    const now = props as Record<string, unknown>;
    const changes: Record<string, unknown> = {};
    let changed = false;
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (was[key] === now[key]) continue;
      changes[key] = now[key];
      changed = true;
    }
    if (changed) api.updateGridOptions(changes);
  });

  return <div ref={hostRef} style={FILL} />;
}
