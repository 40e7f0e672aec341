// The one test command (`npm test`): installs Chromium when missing, builds, then runs type checks,
// lint, unit and integration tests, browser flows and the benchmarks' short mode.
// With CI=true (or DATABASE_URL set) the integration suites also run against MariaDB and Mosquitto.
// Independent stages run side by side: the unit and integration tests (one package at a time) then the
// type checks and lint, the gateway's suites, the BFF's suites in two processes, and the browser flows;
// the benchmarks run last and alone (they time).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

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

/** Runs a stage without blocking; its output goes to `log` (printed when it ends) or to the terminal. */
function start(title, command, args, env = {}, log = null) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  if (log) {
    const out = createWriteStream(log);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  console.log(`\n=== ${title} started${log ? ` (output when it ends)` : ''}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (log) console.log(`\n=== output of ${title}:\n${readFileSync(log, 'utf8')}`);
      resolve({ title, ok: code === 0, code: code ?? signal, seconds });
    });
  });
}

/** Stages in sequence, e.g. type checks then browser flows; stops at the first failure. */
async function sequence(stages) {
  for (const [title, command, args, env, log] of stages) {
    const result = await start(title, command, args, env, log);
    console.log(`=== ${title} ${result.ok ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds}s`);
    if (!result.ok) return result;
  }
  return { ok: true };
}

/** Branches side by side; the run fails when any of them fails. */
async function together(branches) {
  const results = await Promise.all(branches);
  const failed = results.find((r) => !r.ok);
  if (failed) {
    console.error(`=== ${failed.title} failed`);
    summarise();
    process.exit(typeof failed.code === 'number' && failed.code ? failed.code : 1);
  }
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

/**
 * A second Mosquitto, for the BFF's suites while the gateway's run on the machine's: gateways of
 * both would otherwise join one shared subscription and take each other's devices' messages.
 */
async function startOwnMosquitto() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  const asRoot = process.getuid?.() === 0 ? 'user root\n' : '';
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n${asRoot}`);
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  for (let i = 0; i < 30 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 200));
  if (!(await portOpen(port))) throw new Error('could not start a second Mosquitto for the BFF suites');
  return { url: `mqtt://127.0.0.1:${port}`, stop: () => { child.kill(); rmSync(dir, { recursive: true, force: true }); } };
}

/** Sums the vitest JSON reports into the plain closing line CI reads. */
function summarise() {
  if (!existsSync(reportDir) || readdirSync(reportDir).length === 0) return;
  let passed = 0, failed = 0, skipped = 0;
  const failures = [];
  const retried = [];
  for (const file of readdirSync(reportDir)) {
    if (file.endsWith('.retried')) {
      retried.push(...readFileSync(path.join(reportDir, file), 'utf8').split('\n').filter(Boolean).map((t) => path.relative(root, t)));
      continue;
    }
    try {
      const report = JSON.parse(readFileSync(path.join(reportDir, file), 'utf8'));
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const suite of report.testResults ?? []) {
        for (const test of suite.assertionResults ?? []) {
          if (test.status !== 'failed') continue;
          const reason = String(test.failureMessages?.[0] ?? '').split('\n').slice(0, 3).join(' / ').slice(0, 400);
          failures.push(`${path.relative(root, suite.name)} > ${test.fullName}\n    ${reason}`);
        }
      }
    } catch { /* a suite that crashed wrote no report; its exit code already failed the run */ }
  }
  // the failed tests by name come last, where a reader of CI's tail finds them
  if (retried.length) console.log(`\npassed when run again (a loaded machine, or flaky: look at them):\n${retried.map((t) => `  ${t}`).join('\n')}`);
  if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
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
const logs = path.join(root, '.turbo', 'test-logs');
mkdirSync(logs, { recursive: true });
// The BFF's suites mostly wait on devices and databases: they run beside the other packages' tests, in
// two processes (the integration suites with simulated devices, and the rest), each on a broker of its own
// (CI) so their gateways never share a subscription. That keeps the run under 30 minutes.
const bffBrokers = ci ? [await startOwnMosquitto(), await startOwnMosquitto()] : [null, null];
process.on('exit', () => bffBrokers.forEach((broker) => broker?.stop()));
const bffEnv = (part, broker) => ({ ...reportEnv, AIRLOOM_TEST_REPORT_PART: part, ...(broker ? { MQTT_TEST_URL: broker.url } : {}) });
await together([
  // the type checks and lint need no test to have run; they follow the other packages' tests
  sequence([
    ['unit and integration tests', 'npx', ['turbo', 'run', 'test', '--concurrency=1', '--continue', '--filter=!@airloom/bff', '--filter=!@airloom/gateway'], reportEnv, null],
    // packages with the same compiler options share one program (scripts/typecheck.mjs); one ESLint over the repository
    ['type checks', 'npm', ['run', 'typecheck'], {}, path.join(logs, 'typecheck.log')],
    ['lint', 'npm', ['run', 'lint'], {}, path.join(logs, 'lint.log')],
    // two consoles and two gateways behind a proxy (docs/deployment.md); skipped without MariaDB and Mosquitto
    ['multi-instance layout', 'npm', ['run', 'test:deploy'], reportEnv, path.join(logs, 'deploy.log')],
  ]),
  // the gateway's suites mostly wait on devices, the broker and the database, like the BFF's: beside the rest
  sequence([['gateway tests', 'npm', ['run', 'test', '-w', '@airloom/gateway'], reportEnv, path.join(logs, 'gateway.log')]]),
  sequence([['BFF integration tests (simulated devices)', 'npm', ['run', 'test', '-w', '@airloom/bff', '--', '.int.test'], bffEnv('int', bffBrokers[0]), path.join(logs, 'bff-int.log')]]),
  sequence([['BFF tests', 'npm', ['run', 'test', '-w', '@airloom/bff', '--', '--exclude', '**/*.int.test.ts'], bffEnv('rest', bffBrokers[1]), path.join(logs, 'bff.log')]]),
  // the browser flows need only the build: they start at once, the longest branch
  sequence([['browser flows (Chromium)', 'npm', ['run', 'e2e', '-w', '@airloom/e2e'], reportEnv, path.join(logs, 'e2e.log')]]),
]);
run('benchmarks (short mode)', 'npm', ['run', 'bench', '-w', '@airloom/bench', '--', '--short']);
summarise();
// The second broker is a child process: while it runs, node would wait for it for ever.
process.exit(0);
