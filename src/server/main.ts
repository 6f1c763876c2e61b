/** Entry point of `npm start`: serve the app and the API on one port, shut down gracefully. */
import { loadConfig } from './config.js';
import { prepare } from './start.js';
import { DEMO_ACCOUNTS } from './seed/demo.js';
import { DEMO_BOOKS_NOTE } from './seed/demo-ledger.js';

const config = loadConfig();
const { app, db, seeded } = await prepare(config);
const address = await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${new URL(address).port}`;

const where = db.dialect === 'sqlite' ? `SQLite (${config.dataDir})` : 'PostgreSQL';
process.stdout.write(
  [
    '',
    `工会财务云 已启动: ${url}`,
    `数据库: ${where}${config.captcha ? '' : '；验证码已关闭 (CAPTCHA=off)'}`,
    '演示账号 (仅供演示，正式部署请自建用户):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.loginName.padEnd(8)} ${a.password.padEnd(12)} ${a.name}`),
    ...(seeded && config.seedDemo === 'full' ? [DEMO_BOOKS_NOTE] : []),
    '',
  ].join('\n') + '\n',
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
