import { describe, expect, it } from 'vitest';
import { failEnvelope, okEnvelope } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import {
  actionForBlobEnvelope,
  actionForEnvelope,
  actionForHttpFailure,
  isTransportFailure,
  listItems,
  MSG_DOWNLOAD_FAILED,
  MSG_NOT_FOUND_PATH,
  MSG_SERVER_ERROR,
  MSG_SERVER_ERROR_TITLE,
} from './request-decision.js';

const serverError = { kind: 'server-error', title: MSG_SERVER_ERROR_TITLE, message: MSG_SERVER_ERROR };

describe('envelope → action', () => {
  it('does nothing on success', () => {
    expect(actionForEnvelope(okEnvelope(1))).toEqual({ kind: 'none' });
  });

  it.each([4020, 4021, 4001, 4002, 4006, 4011, 4012, 4014, 4015])('shows errorMsg of %i in a confirm dialog', (code) => {
    expect(actionForEnvelope(failEnvelope(code, '出错了'))).toEqual({ kind: 'confirm', message: '出错了' });
  });

  it('lists the messages of 4003 under a title', () => {
    const env = failEnvelope(ErrorCode.ValidationFailed, '数据校验未通过', [
      '第一条',
      { message: '第二条', rowId: 3, fieldId: 'debitAmount' },
    ]);
    expect(actionForEnvelope(env)).toEqual({ kind: 'list', title: '数据校验未通过', items: ['第一条', '第二条'] });
  });

  it('logs out on 4004, goes home on 4005', () => {
    expect(actionForEnvelope(failEnvelope(4004, '登录已失效'))).toEqual({ kind: 'logout', message: '登录已失效' });
    expect(actionForEnvelope(failEnvelope(4005, '没有访问权限'))).toEqual({ kind: 'home', message: '没有访问权限' });
  });

  it.each([4007, 4010, 4013])('logs out silently on %i', (code) => {
    expect(actionForEnvelope(failEnvelope(code, '请重新登录'))).toEqual({ kind: 'logout-silent', message: '请重新登录' });
  });

  it('falls back to message, and to a confirm for unknown codes', () => {
    expect(actionForEnvelope({ success: false, message: '失败', data: null, errorCode: 9999, errorMsg: null })).toEqual({
      kind: 'confirm',
      message: '失败',
    });
  });

  it('reads list items from strings and objects only', () => {
    expect(listItems(null)).toEqual([]);
    expect(listItems('单条')).toEqual(['单条']);
    expect(listItems([1, { nope: 1 }, 'a'])).toEqual(['a']);
  });
});

describe('HTTP failure → action', () => {
  const base = { blob: false, cancelled: false };

  it('says the file does not exist for a 400 JSON blob', () => {
    expect(actionForHttpFailure({ ...base, blob: true, status: 400, body: failEnvelope(4000, 'x') })).toEqual({
      kind: 'confirm',
      message: MSG_DOWNLOAD_FAILED,
    });
  });

  it('shows errorMsg for 400/4000 and the list for 400/4003', () => {
    expect(actionForHttpFailure({ ...base, status: 400, body: failEnvelope(4000, '请求参数有误') })).toEqual({
      kind: 'confirm',
      message: '请求参数有误',
    });
    expect(actionForHttpFailure({ ...base, status: 400, body: failEnvelope(4003, '校验', ['a']) })).toEqual({
      kind: 'list',
      title: '校验',
      items: ['a'],
    });
  });

  it('says the interface does not exist on 404', () => {
    expect(actionForHttpFailure({ ...base, status: 404, body: failEnvelope(404, 'Not Found') })).toEqual({
      kind: 'confirm',
      message: MSG_NOT_FOUND_PATH,
    });
  });

  it('shows the server-error dialog for everything else, and nothing when cancelled', () => {
    expect(actionForHttpFailure({ ...base, status: 500, body: null })).toEqual(serverError);
    expect(actionForHttpFailure({ ...base, status: 502, body: '<html>' })).toEqual(serverError);
    expect(actionForHttpFailure({ ...base, status: null, body: null })).toEqual(serverError);
    expect(actionForHttpFailure({ ...base, status: 400, body: 'not json' })).toEqual(serverError);
    expect(actionForHttpFailure({ ...base, status: null, body: null, cancelled: true })).toEqual({ kind: 'none' });
  });

  it('treats only an answerless, uncancelled failure as a transport error', () => {
    expect(isTransportFailure({ ...base, status: null, body: null })).toBe(true);
    expect(isTransportFailure({ ...base, status: 500, body: null })).toBe(false);
    expect(isTransportFailure({ ...base, status: null, body: null, cancelled: true })).toBe(false);
  });

  it('shows errorMsg of a JSON blob with success false', () => {
    expect(actionForBlobEnvelope(failEnvelope(4015, '记录不存在'))).toEqual({ kind: 'confirm', message: '记录不存在' });
    expect(actionForBlobEnvelope(okEnvelope(null))).toEqual({ kind: 'none' });
  });
});
