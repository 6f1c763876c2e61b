/**
 * Finishing and cancelling the transition (issue 22 §3; spec doc 2: reconciliationFinish, unReconciliationFinish,
 * both GET without parameters). The answer is the message; a refusal of the finish because the worksheet fails its
 * checks carries the problems as data.
 */
import { Type } from 'typebox';
import { Envelope, NoParams } from './common.js';

export const TransitionFinishSchemas = {
  finish: {
    querystring: NoParams,
    response: {
      200: Envelope(Type.Null({ description: '无数据；message 为 新旧衔接完成，新制度期初余额已生成' })),
    },
  },
  cancel: {
    querystring: NoParams,
    response: {
      200: Envelope(
        Type.Null({ description: '无数据；message 为 已取消新旧衔接（衔接时增加、已被凭证使用而保留的科目随消息列出）' }),
      ),
    },
  },
} as const;
