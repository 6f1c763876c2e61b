import { Link } from 'react-router';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';

function BackLink() {
  const loggedIn = useSession((s) => s.token !== null);
  return loggedIn ? <Link to="/home">返回首页</Link> : <Link to="/">返回登录页</Link>;
}

export function NotFoundPage() {
  usePageTitle('页面不存在');
  return (
    <div className="status-page full">
      <div className="status-code">404</div>
      <h1>页面不存在</h1>
      <p>您访问的页面不存在或已被移除。</p>
      <BackLink />
    </div>
  );
}

export function ForbiddenPage() {
  usePageTitle('无权访问');
  return (
    <div className="status-page full">
      <div className="status-code">403</div>
      <h1>无权访问</h1>
      <p>您没有访问该页面的权限，如需使用请联系管理员授权。</p>
      <BackLink />
    </div>
  );
}
