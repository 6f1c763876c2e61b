import { useEffect, useState } from 'react';
import { useLoading } from '../shell/loading-store.js';

/** A thin bar at the top while requests are pending (shown after a short delay). */
export function LoadingBar() {
  const pending = useLoading((s) => s.pending);
  const busy = pending > 0;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setVisible(true), 250);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);
  return busy && visible ? <div className="loading-bar" role="progressbar" aria-label="加载中" /> : null;
}
