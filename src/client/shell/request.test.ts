import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { failEnvelope, okEnvelope } from '../../shared/envelope.js';
import { sign } from '../../shared/signature.js';
import { useMessageBoxes } from '../message-box/message-box.js';
import { useLoading, pendingRequests } from './loading-store.js';
import { setNavigator } from './navigation.js';
import { api, ApiError, http, requestBlob } from './request.js';
import { MSG_NOT_FOUND_PATH, MSG_SERVER_ERROR, MSG_SERVER_ERROR_TITLE } from './request-decision.js';
import { useSession } from './session-store.js';

const signKey = 'b'.repeat(64);
let seen: InternalAxiosRequestConfig[] = [];
let navigated: string[] = [];
let answer: (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

const reply = (config: InternalAxiosRequestConfig, data: unknown, status = 200): AxiosResponse => ({
  data,
  status,
  statusText: String(status),
  headers: {},
  config,
});

const fail = (config: InternalAxiosRequestConfig, data: unknown, status: number) =>
  new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, reply(config, data, status));

function boxes() {
  return useMessageBoxes.getState().boxes.map((b) => ({ title: b.title, message: b.message, items: b.items }));
}

beforeEach(() => {
  seen = [];
  navigated = [];
  setNavigator((path) => navigated.push(path));
  http.defaults.adapter = (config) => {
    seen.push(config);
    return answer(config);
  };
  useMessageBoxes.setState({ boxes: [] });
  useSession
    .getState()
    .signIn({ token: 'tok', signKey, loginName: 'kuaiji', name: '李会计', isAdmin: false, passwordExpired: false });
});

afterEach(() => {
  useSession.getState().signOut();
});

describe('request wrapper', () => {
  it('sends the session headers and a signature the server accepts', async () => {
    answer = (config) => Promise.resolve(reply(config, okEnvelope([1, 2])));
    await expect(api.get(Paths.subjectList, { ztId: 2, codes: ['101', '102'] })).resolves.toEqual([1, 2]);
    const config = seen[0];
    if (!config) throw new Error('no request');
    const headers = AxiosHeaders.from(config.headers);
    const params = config.params as Record<string, string>;
    expect(params).toMatchObject({ ztId: '2', codes: '101,102', originUrl: '/', version: 'dev' });
    expect(headers.get('token')).toBe('tok');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    const timestamp = String(headers.get('timestamp'));
    const nonce = String(headers.get('nonce'));
    expect(params.timestamp).toBe(timestamp);
    expect(headers.get('authEncryptKey')).toBe(
      sign(signKey, { method: 'GET', path: Paths.subjectList, params, timestamp, nonce }),
    );
  });

  it('signs the body of a POST', async () => {
    answer = (config) => Promise.resolve(reply(config, okEnvelope(null)));
    await api.post(Paths.setUserZtLevel, { ztId: 3, year: 2026 });
    const config = seen[0];
    if (!config) throw new Error('no request');
    const body = JSON.parse(String(config.data)) as Record<string, unknown>;
    const headers = AxiosHeaders.from(config.headers);
    expect(body).toMatchObject({ ztId: 3, year: 2026 });
    expect(headers.get('authEncryptKey')).toBe(
      sign(signKey, {
        method: 'POST',
        path: Paths.setUserZtLevel,
        params: body,
        timestamp: String(headers.get('timestamp')),
        nonce: String(headers.get('nonce')),
      }),
    );
  });

  it('logs out and goes to / on 4004', async () => {
    answer = (config) => Promise.resolve(reply(config, failEnvelope(4004, '登录已失效，请重新登录')));
    await expect(api.get(Paths.getInfo)).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().token).toBeNull();
    expect(navigated).toEqual(['/']);
    expect(boxes()).toEqual([{ title: '提示', message: '登录已失效，请重新登录', items: null }]);
  });

  it('goes to /home on 4005 and keeps the session', async () => {
    answer = (config) => Promise.resolve(reply(config, failEnvelope(4005, '没有访问权限')));
    await expect(api.get(Paths.ztInfo + '/9')).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().token).toBe('tok');
    expect(navigated).toEqual(['/home']);
  });

  it('logs out silently on 4007, then shows the message', async () => {
    answer = (config) => Promise.resolve(reply(config, failEnvelope(4007, '您的账号已在其他地方登录，请重新登录')));
    await expect(api.get(Paths.getInfo)).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().token).toBeNull();
    expect(navigated).toEqual(['/']);
    expect(boxes()[0]?.message).toBe('您的账号已在其他地方登录，请重新登录');
  });

  it('lists the messages of a 400/4003 answer', async () => {
    answer = (config) =>
      Promise.reject(fail(config, failEnvelope(4003, '数据校验未通过', [{ message: '科目编码必须为3位' }]), 400));
    await expect(api.post(Paths.subjectList, {})).rejects.toBeInstanceOf(ApiError);
    expect(boxes()).toEqual([{ title: '数据校验未通过', message: '', items: ['科目编码必须为3位'] }]);
  });

  it('says 接口不存在 on 404', async () => {
    answer = (config) => Promise.reject(fail(config, failEnvelope(404, 'Not Found'), 404));
    await expect(api.get('/api/nope')).rejects.toBeInstanceOf(ApiError);
    expect(boxes()[0]?.message).toBe(MSG_NOT_FOUND_PATH);
  });

  it('clears the queue and the loading on a transport error, and shows the server-error dialog', async () => {
    answer = (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config));
    await expect(api.get(Paths.getInfo)).rejects.toBeInstanceOf(ApiError);
    expect(useLoading.getState().pending).toBe(0);
    expect(pendingRequests.size).toBe(0);
    expect(boxes()).toEqual([{ title: MSG_SERVER_ERROR_TITLE, message: MSG_SERVER_ERROR, items: null }]);
    expect(useMessageBoxes.getState().boxes[0]?.autoClose).toBe(false);
  });

  it('shows errorMsg of a JSON blob with success false', async () => {
    answer = (config) =>
      Promise.resolve(reply(config, new Blob([JSON.stringify(failEnvelope(4015, '文件不存在'))], { type: 'application/json' })));
    await expect(requestBlob('GET', '/files/api/fileRelation/download')).rejects.toBeInstanceOf(ApiError);
    expect(boxes()[0]?.message).toBe('文件不存在');
  });

  it('does not react when asked to be silent', async () => {
    answer = (config) => Promise.resolve(reply(config, failEnvelope(4001, '用户名或密码错误')));
    await expect(api.post(Paths.logOut, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(boxes()).toEqual([]);
  });
});
