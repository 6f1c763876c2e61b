import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to render or a chunk fails to load. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <div className="status-page full" role="alert">
      <h1>页面出错了</h1>
      <p>页面加载或显示时发生错误，请刷新后重试。</p>
      {detail && <code className="muted">{detail}</code>}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </div>
  );
}
