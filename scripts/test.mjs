// The one test command (`npm test`): installs Chromium when missing, builds, then runs type checks,
// lint, unit and integration tests, browser flows and the benchmarks' short mode.
// With CI=true (or DATABASE_URL set) the integration suites also run against MariaDB and Mosquitto.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const reportDir = path.join(root, '.turbo', 'test-reports');

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`=== ${title} failed after ${seconds}s (exit ${result.status ?? result.signal})`);
    summarise();
    process.exit(result.status || 1);
  }
  console.log(`=== ${title} passed in ${seconds}s`);
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => { socket.destroy(); resolve(false); });
  });
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Chromium is missing: installing Debian\'s chromium package');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => spawnSync(asRoot[0] ?? 'apt-get', asRoot.length ? ['apt-get', ...args] : args, {
    stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  apt(['update', '-qq']);
  const result = apt(['install', '-y', '-qq', 'chromium']);
  if (result.status !== 0 || !existsSync('/usr/bin/chromium')) {
    console.error('Could not install Chromium (apt-get install chromium). Browser tests need /usr/bin/chromium.');
    process.exit(1);
  }
}

async function ensureMariaDb() {
  if (await portOpen(3306)) return;
  console.log('MariaDB is not answering on 127.0.0.1:3306: starting it');
  spawnSync('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd'], { stdio: 'inherit' });
  for (let i = 0; i < 30 && !(await portOpen(3306)); i++) await new Promise((r) => setTimeout(r, 1000));
}

async function ensureMosquitto() {
  if (await portOpen(1883)) return;
  console.log('Mosquitto is not answering on 127.0.0.1:1883: starting it');
  spawnSync('mosquitto', ['-d', '-c', '/etc/mosquitto/mosquitto.conf'], { stdio: 'inherit' });
  for (let i = 0; i < 15 && !(await portOpen(1883)); i++) await new Promise((r) => setTimeout(r, 1000));
}

/** Sums the vitest JSON reports into the plain closing line CI reads. */
function summarise() {
  if (!existsSync(reportDir) || readdirSync(reportDir).length === 0) return;
  let passed = 0, failed = 0, skipped = 0;
  for (const file of readdirSync(reportDir)) {
    try {
      const report = JSON.parse(readFileSync(path.join(reportDir, file), 'utf8'));
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    } catch { /* a suite that crashed wrote no report; its exit code already failed the run */ }
  }
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const reportEnv = { AIRLOOM_TEST_REPORT_DIR: reportDir };

ensureChromium();
if (ci) {
  await ensureMariaDb();
  await ensureMosquitto();
}
run('build', 'npx', ['turbo', 'run', 'build']);
run('typecheck and lint', 'npx', ['turbo', 'run', 'typecheck', 'lint']);
run('unit and integration tests', 'npx', ['turbo', 'run', 'test', '--concurrency=1'], reportEnv);
run('browser flows (Chromium)', 'npm', ['run', 'e2e', '-w', '@airloom/e2e'], reportEnv);
run('benchmarks (short mode)', 'npm', ['run', 'bench', '-w', '@airloom/bench', '--', '--short']);
summarise();
