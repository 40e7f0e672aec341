// The raw limit the console's device list is measured against (bench api-vs-raw): a bare node:http
// server that reads the same rows and columns from the same SQLite file (the columns a device item is
// made of) and answers them as JSON, with none of the console's work (session, access check, the
// project's unfinished operations, mapping, envelope, headers). Started as a child process
// by the bench: `node --import tsx raw-devices-server.ts <sqlite file> <project id>`; prints its port.
import http from 'node:http';
import Database from 'better-sqlite3';
import { DEVICE_ITEM_COLUMNS } from '@airloom/gateway';

const [file, project] = process.argv.slice(2);
if (!file || !project) throw new Error('usage: raw-devices-server.ts <sqlite file> <project id>');
const db = new Database(file, { readonly: true, fileMustExist: true });
const rows = db.prepare(`select ${DEVICE_ITEM_COLUMNS.join(', ')} from devices where project_id = ? order by sn asc`);
const projectId = Number(project);

const server = http.createServer((_req, res) => {
  const body = JSON.stringify({ items: rows.all(projectId) });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
