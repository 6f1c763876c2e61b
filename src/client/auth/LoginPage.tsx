import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LogOnRequest, LogOnResponse } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { messageBox, whenMessageBoxesClosed } from '../message-box/message-box.js';
import { PRODUCT_NAME, useConfig } from '../shell/config-store.js';
import { usePageTitle } from '../shell/page-title.js';
import { api } from '../shell/request.js';
import { logoutLocally } from '../shell/session-actions.js';
import { useSession } from '../shell/session-store.js';
import { fetchCaptcha, type Captcha } from './captcha.js';
import { ChangePasswordDialog } from './ChangePasswordDialog.js';

let limitShownFor: string | null = null;

/** Sign-in page of /, /login and /oalogin. */
export function LoginPage() {
  usePageTitle('登录');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const config = useConfig((s) => s.config);
  const showCaptcha = config?.captcha !== false;
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mustChangePassword, setMustChangePassword] = useState(false);
  const captchaInput = useRef<HTMLInputElement>(null);

  const replaceCaptcha = useCallback((next: Captcha | null) => {
    setCaptcha((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return next;
    });
  }, []);

  const refreshCaptcha = useCallback(
    () =>
      fetchCaptcha()
        .then(replaceCaptcha)
        .catch(() => replaceCaptcha(null)),
    [replaceCaptcha],
  );

  useEffect(() => {
    if (!showCaptcha) return;
    let active = true;
    fetchCaptcha()
      .then((next) => (active ? replaceCaptcha(next) : URL.revokeObjectURL(next.url)))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [showCaptcha, replaceCaptcha]);

  // A limit notice that does not close by itself (spec: on /, /login and /oalogin).
  useEffect(() => {
    if (!config?.islimit || limitShownFor === pathname) return;
    limitShownFor = pathname;
    messageBox.fireAndForget(messageBox.alert(config.limit_info, { title: '系统通知', autoClose: false, tone: 'warning' }));
  }, [config, pathname]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = !loginName.trim()
      ? '请输入登录名'
      : !password
        ? '请输入密码'
        : showCaptcha && !captchaText.trim()
          ? '请输入验证码'
          : null;
    setProblem(missing);
    if (missing || busy) return;
    setBusy(true);
    try {
      logoutLocally();
      const body: LogOnRequest = {
        loginName: loginName.trim(),
        password,
        captcha: captchaText.trim(),
        captchaKey: captcha?.key ?? '',
      };
      const answer = await api.post<LogOnResponse>(Paths.logOn, body);
      useSession.getState().signIn(answer);
      const expired = await api.get<boolean>(Paths.determineThePasswordHasExpired);
      if (expired) setMustChangePassword(true);
      else void navigate('/selecting');
    } catch {
      // The wrapper showed the server's message; a captcha is good for one try only.
      setCaptchaText('');
      if (showCaptcha) {
        void refreshCaptcha();
        // The server's message is on screen first; the next try starts in the captcha field.
        whenMessageBoxesClosed(() => captchaInput.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-panel">
        <div className="login-intro">
          <div className="brand-mark" aria-hidden="true">
            工
          </div>
          <h1>{PRODUCT_NAME}</h1>
          <p>工会经费收支、凭证、账簿与报表的一体化核算平台</p>
          <ul>
            <li>按账套与会计年度分别核算</li>
            <li>凭证录入、审核、记账与结账</li>
            <li>固定资产、预算与经费管理</li>
          </ul>
        </div>
        <form className="login-form" onSubmit={(e) => void submit(e)} aria-label="登录">
          <h2>用户登录</h2>
          <label className="field">
            <span>登录名</span>
            <input
              name="loginName"
              autoFocus
              autoComplete="username"
              placeholder="请输入登录名"
              value={loginName}
              onChange={(e) => setLoginName(e.target.value)}
            />
          </label>
          <label className="field">
            <span>密码</span>
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {showCaptcha && (
            <div className="field">
              <label htmlFor="captcha">验证码</label>
              <div className="captcha-row">
                <input
                  id="captcha"
                  name="captcha"
                  ref={captchaInput}
                  autoComplete="off"
                  placeholder="请输入验证码"
                  value={captchaText}
                  onChange={(e) => setCaptchaText(e.target.value)}
                />
                <button type="button" className="captcha-image" title="看不清？点击换一张" onClick={() => void refreshCaptcha()}>
                  {captcha ? <img src={captcha.url} alt="验证码" /> : <span>获取验证码</span>}
                </button>
              </div>
            </div>
          )}
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? '正在登录…' : '登 录'}
          </button>
        </form>
      </div>
      <footer className="login-footer">{PRODUCT_NAME} · 工会会计核算系统</footer>
      {mustChangePassword && (
        <ChangePasswordDialog
          blocking
          onDone={() => {
            setMustChangePassword(false);
            void navigate('/selecting');
          }}
        />
      )}
    </div>
  );
}
