// A throw-away database on the machine's MariaDB for one benchmark run.
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { cleanUpIfInterrupted } from './interrupted';

const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';

export async function createMysqlDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `airloom_bench_${randomBytes(4).toString('hex')}`;
  const conn = await mysql.createConnection(`${SERVER}/`);
  await conn.query(`CREATE DATABASE \`${name}\``);
  await conn.end();
  const drop = async () => {
    const c = await mysql.createConnection(`${SERVER}/`);
    await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await c.end();
  };
  const forget = cleanUpIfInterrupted(drop);
  return {
    url: `${SERVER}/${name}`,
    async drop() {
      forget();
      await drop();
    },
  };
}
