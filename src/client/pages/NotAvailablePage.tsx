import { Link, useLocation } from 'react-router';
import { moduleAreaOf } from '../app/route-table.js';
import { useMenu } from '../layout/use-menu.js';
import { titleForPath } from '../shell/menu.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';

function NotAvailable({ name, path, showHome }: { name: string; path: string; showHome: boolean }) {
  return (
    <div className="status-page" role="status">
      <svg className="status-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 12v13l8 5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1>该功能尚未开放</h1>
      <p>
        「{name}」正在建设中，暂不能使用。
        <br />
        页面路径：<code>{path}</code>
      </p>
      {showHome && <Link to="/home">返回首页</Link>}
    </div>
  );
}

/** A module page that a later issue fills: says so, naming the module and the path. */
export function ModulePlaceholder() {
  const { pathname } = useLocation();
  const menu = useMenu();
  const pageRoutes = useSession((s) => s.pageRoutes);
  const area = moduleAreaOf(pathname);
  const page = titleForPath(pathname, menu, pageRoutes);
  const name = area && page !== area.name ? `${area.name} › ${page}` : page;
  usePageTitle(page);
  return <NotAvailable name={name} path={pathname} showHome />;
}

/** A public or user-center page not built yet. */
export function NamedPlaceholder({ name, showHome = true }: { name: string; showHome?: boolean }) {
  const { pathname } = useLocation();
  usePageTitle(name);
  return <NotAvailable name={name} path={pathname} showHome={showHome} />;
}
