/**
 * The state of a user-center list page (角色管理, 权限管理, 权限组, 平台管理): the page of items the
 * query answers (an answer that arrives after a newer query is dropped), the grid's focused item,
 * and an action on it that reloads the list and gives the grid the focus back.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from '../../../shared/envelope.js';
import type { GridEditorHandle } from '../../grid/GridEditor.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { ApiError } from '../../shell/request.js';

export interface Listed<Item, Row> {
  items: Item[];
  rows: Row[];
  total: number;
}

interface AdminListOptions<Item, Row, Query> {
  query: Query;
  /** Module-level functions (their identity decides when the list is read again). */
  fetch: (query: Query) => Promise<Paged<Item>>;
  toRow: (item: Item) => Row;
  /** The message when an action finds no focused item, e.g. 请先选择一个权限. */
  noneChosen: string;
}

export function useAdminList<Item extends { id: number }, Row, Query>({
  query,
  fetch,
  toRow,
  noneChosen,
}: AdminListOptions<Item, Row, Query>) {
  const gridRef = useRef<GridEditorHandle>(null);
  const [listed, setListed] = useState<Listed<Item, Row> | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const show = useCallback(
    (page: Paged<Item>) =>
      setListed({ items: page.currentPageItems, rows: page.currentPageItems.map(toRow), total: page.totalItemCount }),
    [toRow],
  );
  const load = useCallback(() => fetch(query).then(show, () => undefined), [fetch, query, show]);
  useEffect(() => {
    let active = true;
    fetch(query).then(
      (page) => active && show(page),
      () => undefined, // The request wrapper has shown the refusal.
    );
    return () => {
      active = false;
    };
  }, [fetch, query, show]);

  const focused = (): Item | null => {
    const id = gridRef.current?.focusedRowId() ?? focusedId;
    return listed?.items.find((i) => String(i.id) === id) ?? null;
  };
  /** The focused item, or null after saying that one must be chosen. */
  const chosen = async (): Promise<Item | null> => {
    const item = focused();
    if (!item) await messageBox.alert(noneChosen, { tone: 'warning' });
    return item;
  };
  /** Runs on the focused item, then lists again and gives the grid the focus; a refusal was shown, a cancel is nothing. */
  const act = async (run: (item: Item) => Promise<unknown>) => {
    const item = await chosen();
    if (!item) return;
    try {
      await run(item);
      await load();
      gridRef.current?.focus();
    } catch (error) {
      if (!isReject(error) && !(error instanceof ApiError)) throw error;
    }
  };
  const current = listed?.items.find((i) => String(i.id) === focusedId) ?? null;

  return { gridRef, listed, load, focused, chosen, act, current, setFocusedId };
}
