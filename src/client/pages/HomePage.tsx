import { Link } from 'react-router';
import { useMenu } from '../layout/use-menu.js';
import { accountingSystemName } from '../shell/labels.js';
import { menuLeaves } from '../shell/menu.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** /home: welcome, the session's ledger set and year, and shortcuts to the user's menus. */
export function HomePage() {
  usePageTitle('首页');
  const user = useSession((s) => s.user);
  const info = useSession((s) => s.authInfo);
  const menu = useMenu();
  return (
    <div className="home-page">
      <section className="welcome">
        <h1>
          {greeting(new Date().getHours())}，{info?.name ?? user?.name}
        </h1>
        <p className="muted">欢迎使用工会财务云。以下是您当前的工作账套。</p>
        <dl className="facts">
          <div>
            <dt>当前账套</dt>
            <dd data-testid="home-ledger-set">{info?.ztName}</dd>
          </div>
          <div>
            <dt>会计年度</dt>
            <dd data-testid="home-year">{info?.year} 年</dd>
          </div>
          <div>
            <dt>角色</dt>
            <dd>{info?.userLevel ?? (user?.isAdmin ? '系统管理员' : '—')}</dd>
          </div>
          <div>
            <dt>会计制度</dt>
            <dd>{accountingSystemName(info?.accountingSystem) || '—'}</dd>
          </div>
        </dl>
      </section>
      <section className="shortcuts" aria-label="快捷入口">
        <h2>快捷入口</h2>
        {menu.length === 0 && <p className="muted">您还没有被授予任何功能菜单，请联系管理员。</p>}
        <div className="shortcut-groups">
          {menu.map((group) => {
            const leaves = group.children.length ? menuLeaves(group.children) : [group];
            return (
              <div key={group.id} className="shortcut-group">
                <h3>{group.titleName}</h3>
                <ul>
                  {leaves.map((leaf) => (
                    <li key={leaf.id}>
                      <Link to={leaf.href}>{leaf.titleName}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </section>
    </div>
  );
}
