import { beforeEach, describe, expect, it } from 'vitest';
import { isReject, messageBox, useMessageBoxes, whenMessageBoxesClosed } from './message-box.js';

const top = () => {
  const box = useMessageBoxes.getState().boxes.at(-1);
  if (!box) throw new Error('no box open');
  return box;
};

describe('message boxes', () => {
  beforeEach(() => useMessageBoxes.setState({ boxes: [] }));

  it('resolves a confirm on 确定 and rejects with reject on 取消', async () => {
    const confirmed = messageBox.confirm('确定删除吗？');
    expect(top().buttons.map((b) => b.label)).toEqual(['取消', '确定']);
    useMessageBoxes.getState().close(top().id, 'confirm');
    await expect(confirmed).resolves.toBe('confirm');

    const cancelled = messageBox.confirm('确定删除吗？');
    useMessageBoxes.getState().close(top().id, top().cancelValue);
    const error = await cancelled.catch((e: unknown) => e);
    expect(isReject(error)).toBe(true);
  });

  it('auto-closes alerts by default, and not when told', () => {
    messageBox.fireAndForget(messageBox.alert('已保存'));
    expect(top().autoClose).toBe(true);
    messageBox.fireAndForget(messageBox.alert('服务器错误请联系管理员！', { autoClose: false }));
    expect(top().autoClose).toBe(false);
  });

  it('lists items under a title and resolves custom buttons with their value', async () => {
    messageBox.fireAndForget(messageBox.list('数据校验未通过', ['第一条', '第二条']));
    expect(top()).toMatchObject({ title: '数据校验未通过', items: ['第一条', '第二条'] });
    const chosen = messageBox.choose({
      message: '请选择',
      buttons: [
        { label: '完成', value: 'finish' },
        { label: '调账', value: 'adjust' },
      ],
    });
    useMessageBoxes.getState().close(top().id, 'adjust');
    await expect(chosen).resolves.toBe('adjust');
  });

  it('marks a closed box as closing and removes it after the close delay', async () => {
    messageBox.fireAndForget(messageBox.alert('提示'));
    const id = top().id;
    useMessageBoxes.getState().close(id, 'confirm');
    expect(useMessageBoxes.getState().boxes.find((b) => b.id === id)?.closing).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect(useMessageBoxes.getState().boxes.find((b) => b.id === id)).toBeUndefined();
  });

  it('runs a callback once every box is closed', () => {
    let ran = 0;
    whenMessageBoxesClosed(() => ran++);
    expect(ran).toBe(1);
    messageBox.fireAndForget(messageBox.alert('一'));
    whenMessageBoxesClosed(() => ran++);
    expect(ran).toBe(1);
    useMessageBoxes.getState().close(top().id, 'confirm');
    expect(ran).toBe(2);
  });
});
