// The authorization matrix (docs/authorization.md): every declared endpoint × every kind of caller —
// the project's owner, a read-write and a read-only guest, a guest whose share has expired, a stranger,
// a live-demo session, nobody, and the owner's read-only and read-write API keys. Each cell says how
// the access step answers: passed (the call reaches its service, whatever the service then says) or
// refused with its code; a refused write changes no row. A declared endpoint without a row fails here,
// so a new route cannot be added without deciding who may call it.
import { ENDPOINTS, ErrorCode, fillPath, type EndpointId } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, createMatrixFixture, type Caller, type MatrixFixture } from '../test/matrix-fixture.js';
import { backends } from '../test/test-env.js';

/** P: passed the access step; S: passes, but the call is not made here (it would undo the fixtures; its module's tests make it); else the refusal code. */
type Cell = 'P' | 'S' | number;
const { TOKEN_MISSING: T, DATA_NOT_FOUND: N, READ_ONLY_PROJECT: R, DEMO_PROJECT: D, SIGNATURE: G } = ErrorCode;
const ACCESS_CODES = new Set<number>([T, ErrorCode.TOKEN_EXPIRED, N, R, D, G]);
/** a passed call must also have been a valid one: a 400 would mean the cell tested nothing */
const NOT_PASSED = new Set<number>([...ACCESS_CODES, ErrorCode.INVALID_PARAMS]);

const row = (...cells: Cell[]): Record<Caller, Cell> => Object.fromEntries(CALLERS.map((c, i) => [c, cells[i]!])) as Record<Caller, Cell>;
//                                   owner  rw   r    expired stranger demo anonymous keyR keyRw
const PROJECT_VIEW = row(            'P',  'P', 'P', N,      N,       N,   T,        'P', 'P');
const PROJECT_WRITE = row(           'P',  'P', R,   N,      N,       N,   T,        R,   'P');
const OWNER_ONLY = row(              'P',  R,   R,   N,      N,       N,   T,        R,   R);
const SIGNED_IN = row(               'P',  'P', 'P', 'P',    'P',     'P', T,        'P', 'P');

/** Who may call each endpoint (null: open to anybody, nothing to refuse). */
const MATRIX: Record<EndpointId, Record<Caller, Cell> | null> = {
  'auth.sendCode': null, 'auth.signup': null, 'auth.login': null, 'auth.loginTwoFactor': null,
  // the sign-in provider's flow is anybody's to start; a bind without a browser session ends on the result page refused
  'oidc.providers': null, 'oidc.start': null, 'oidc.callback': null,
  'oidc.methods': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  // a browser session only; unbinding is held by the OpenID Connect tests (nobody here has an identity to unbind)
  'oidc.unbind': row('S', 'S', 'S', 'S', 'S', 'S', T, T, T), 'auth.demo': null, 'auth.logout': null, 'auth.reset': null,
  'platform.health': null, 'platform.ready': null, 'platform.remotes': null, 'platform.openapi': null,
  'auth.me': SIGNED_IN,
  'projects.list': SIGNED_IN,
  'projects.overview': SIGNED_IN,
  'projects.create': row('P', 'P', 'P', 'P', 'P', D, T, R, 'P'),
  'projects.get': PROJECT_VIEW,
  'projects.update': PROJECT_WRITE,
  'projects.remove': row('S', R, R, N, N, N, T, R, R),
  'devices.list': PROJECT_VIEW,
  'devices.summary': PROJECT_VIEW,
  'devices.detail': PROJECT_VIEW,
  'topology.get': PROJECT_VIEW,
  // the same port each time: a later caller that passes meets the earlier one's terminal (411), not the access step
  'topology.addTerminal': PROJECT_WRITE,
  'topology.updateTerminal': PROJECT_WRITE,
  'topology.removeTerminal': row('S', 'S', R, N, N, N, T, R, 'S'),
  'devices.events': row('S', 'S', 'S', N, N, N, T, 'S', 'S'),
  'devices.add': PROJECT_WRITE,
  'devices.rename': PROJECT_WRITE,
  'devices.operate': PROJECT_WRITE,
  'devices.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  'devices.unverified': SIGNED_IN,
  'devices.operation': PROJECT_VIEW,
  'manufacturer.register': row(G, G, G, G, G, G, T, G, G),
  'shares.list': OWNER_ONLY,
  'shares.create': OWNER_ONLY,
  'shares.update': OWNER_ONLY,
  'shares.remove': row('S', R, R, N, N, N, T, R, R),
  'account.profile': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  // with a wrong current password (100 after the access step), so nobody's password changes here
  'account.password': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'profile.get': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  'profile.company': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'profile.uploadAvatar': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  // each caller reads the avatar it just uploaded; the live demo has none to read (412 from the service)
  'profile.avatar': row('P', 'P', 'P', 'P', 'P', N, T, T, T),
  'subAccounts.list': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  'subAccounts.create': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  // the engineer is the owner's: anybody else is told it does not exist
  'subAccounts.update': row('P', N, N, N, N, D, T, T, T),
  'subAccounts.remove': row('S', N, N, N, N, D, T, T, T),
  // each caller's own company; none has two-factor sign-in of its own, so the service refuses (79)
  'subAccounts.twoFactorPolicy': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'apiKeys.list': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  // a person's own sign-in: a browser session only; the writes below are refused by the service (wrong code, wrong password)
  'twoFactor.status': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  'twoFactor.setup': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'twoFactor.enable': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'twoFactor.disable': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'apiKeys.create': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'apiKeys.revoke': row('S', 'S', 'S', 'S', 'S', 'S', T, T, T),
  'transfers.offer': OWNER_ONLY,
  'transfers.pending': OWNER_ONLY,
  'transfers.history': OWNER_ONLY,
  'transfers.cancel': row('S', R, R, N, N, N, T, R, R),
  // the offer is made to the stranger: only they may read and answer it
  'transfers.view': row(N, N, N, N, 'P', N, T, N, N),
  'transfers.accept': row(N, N, N, N, 'S', N, T, R, R),
  'transfers.decline': row(N, N, N, N, 'S', N, T, R, R),
  // every caller gets the activations of the projects it can open (an empty answer for none)
  'activations.summary': SIGNED_IN,
  'activations.list': SIGNED_IN,
  'invitations.create': OWNER_ONLY,
  // the invitation is of an address nobody signed up with: no caller may read or accept it
  'invitations.view': row(N, N, N, N, N, N, T, N, N),
  'invitations.accept': row(N, N, N, N, N, N, T, R, R),
  'stats.device': PROJECT_VIEW,
  'stats.interfaces': PROJECT_VIEW,
  'stats.project': PROJECT_VIEW,
  'stats.online': PROJECT_VIEW,
  'activations.export': SIGNED_IN,
  // a stream stays open: its own tests (activations.events.test.ts) open it with each kind of caller
  'activations.events': row('S', 'S', 'S', 'S', 'S', 'S', T, 'S', 'S'),
  'config.gatewayGet': PROJECT_VIEW,
  // the matrix's gateway is offline: its settings are stored for its return
  'config.gatewayPut': PROJECT_WRITE,
  // passed: the offline gateway's table cannot be read (36)
  'config.routeTable': PROJECT_VIEW,
  'config.deviceGet': PROJECT_VIEW,
  // passed: the device is offline (36)
  'config.devicePut': PROJECT_WRITE,
  'config.history': PROJECT_VIEW,
  'config.revert': PROJECT_WRITE,
  'floors.list': PROJECT_VIEW,
  'floors.create': PROJECT_WRITE,
  'floors.update': PROJECT_WRITE,
  'floors.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  // passed calls carry no multipart plan here (floors.test.ts uploads real ones)
  'floors.uploadImage': row('S', 'S', R, N, N, N, T, R, 'S'),
  'floors.image': PROJECT_VIEW,
  // the matrix's floor has no AP bound: a passed scan asks nobody
  'floors.scan': PROJECT_WRITE,
  'floors.measurements': PROJECT_VIEW,
  'backups.list': PROJECT_VIEW,
  'backups.get': PROJECT_VIEW,
  'backups.diff': PROJECT_VIEW,
  // a second general backup within 3 minutes passes the access step and is refused by the service (187)
  'backups.create': PROJECT_WRITE,
  'backups.update': PROJECT_WRITE,
  // the file holds the WAN passwords: those who may change the configuration
  'backups.download': PROJECT_WRITE,
  'backups.upload': PROJECT_WRITE,
  // passed: the backup is what is desired already (nothing written), or the offline AP refuses (36)
  'backups.restore': PROJECT_WRITE,
  'backups.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  'backups.schedule': PROJECT_VIEW,
  // the catalogue is no project's: anybody signed in reads it
  'models.list': SIGNED_IN,
  'backups.setSchedule': PROJECT_WRITE,
  'notifications.get': PROJECT_VIEW,
  'notifications.deliveries': PROJECT_VIEW,
  'notifications.update': PROJECT_WRITE,
  // the signing secret is for those who may change the settings
  'notifications.secret': PROJECT_WRITE,
  'notifications.rotateSecret': PROJECT_WRITE,
  // passed: sent to the matrix's recipient and webhook (nobody listens: it is retried later), or a repeated click (2010)
  'notifications.test': PROJECT_WRITE,
  'logs.list': PROJECT_VIEW,
  'logs.retention': PROJECT_VIEW,
  'logs.setRetention': PROJECT_WRITE,
  'logs.alarms': PROJECT_VIEW,
  'logs.markRead': PROJECT_WRITE,
  'logs.exportAlarms': PROJECT_VIEW,
  'clients.list': PROJECT_VIEW,
  // the matrix's AP is offline: a caller that passes the access step is refused by the service with 36
  'clients.offline': PROJECT_WRITE,
  'clients.blacklist': PROJECT_VIEW,
  'clients.blacklistAdd': PROJECT_WRITE,
  'clients.blacklistRemove': row('S', 'S', R, N, N, N, T, R, 'S'),
  // passed: the matrix's AP is offline (36), so no run starts
  'rf.start': PROJECT_WRITE,
  'rf.overview': PROJECT_VIEW,
  'rf.run': PROJECT_VIEW,
  // passed calls would remove the fixture's run (rf.int.test.ts removes a scheduled one)
  'rf.cancel': row('S', 'S', R, N, N, N, T, R, 'S'),
  'rf.records': PROJECT_VIEW,
  'wireless.list': PROJECT_VIEW,
  'wireless.get': PROJECT_VIEW,
  'wireless.create': PROJECT_WRITE,
  'wireless.update': PROJECT_WRITE,
  // removing and confirming are made by the wireless module's tests (they would undo the fixtures)
  'wireless.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  'wireless.apply': row('S', 'S', R, N, N, N, T, R, 'S'),
  'wireless.discard': PROJECT_WRITE,
  // a locate of the matrix's device: harmless to repeat, so every caller that passes may make it
  'maintenance.bulk': PROJECT_WRITE,
  // the firmware catalogue and the project's images; an upload that is no firmware is refused after the access step (912)
  'firmware.firmware': PROJECT_VIEW,
  'firmware.uploadFirmware': PROJECT_WRITE,
  'firmware.removeFirmware': row('S', 'S', R, N, N, N, T, R, 'S'),
  // the device's download: its token is the only credential (modules/firmware tests)
  'firmware.firmwareDownload': null,
  // a staged rollout would upgrade the matrix's devices: started and resumed in modules/firmware/firmware.int.test.ts
  'rollouts.rollouts': PROJECT_VIEW,
  'rollouts.startRollout': row('S', 'S', R, N, N, N, T, R, 'S'),
  'rollouts.resumeRollout': row('S', 'S', R, N, N, N, T, R, 'S'),
  'onboarding.template': SIGNED_IN,
  // passed calls would bind devices (undoing the fixtures) or need a file: onboarding.int.test.ts makes them
  'onboarding.addByCode': row('S', 'S', R, N, N, N, T, R, 'S'),
  'onboarding.import': row('S', 'S', R, N, N, N, T, R, 'S'),
  'deviceOps.rebootSchedule': PROJECT_VIEW,
  'deviceOps.setRebootSchedule': PROJECT_WRITE,
  // the device then answers for itself (offline here: 36); the password is never stored
  'deviceOps.setPassword': PROJECT_WRITE,
  'deviceOps.setManagementMode': PROJECT_WRITE,
  'deviceOps.copyConfig': PROJECT_WRITE,
  'deviceOps.maintenanceWindow': PROJECT_VIEW,
  'deviceOps.setMaintenanceWindow': PROJECT_WRITE,
  // the caller's own tunnel to the device (none here: disabled); opening one is devices.operate kind remote-web,
  // and the link itself is tested in modules/remote-web (a stranger and an expired share are refused there too)
  'remoteWeb.status': PROJECT_VIEW,
  // closing your own tunnel needs only the view right; a read-only API key writes nothing
  'remoteWeb.close': row('P', 'P', 'P', N, N, N, T, R, 'P'),
  // the solution designer: solutions belong to an account, not a project; the owner's solution is shared
  // read-only with r; a stranger's answer is 412 like a missing id (docs/solutions.md "Who may do what")
  'solutions.recommend': SIGNED_IN,
  'solutions.listScenarios': SIGNED_IN,
  'solutions.partnerOrigins': SIGNED_IN,
  'solutions.createScenario': row('P', 'P', 'P', 'P', 'P', D, T, R, 'P'),
  'solutions.updateScenario': row('P', N, N, N, N, D, T, R, 'P'),
  'solutions.removeScenario': row('S', N, N, N, N, D, T, R, 'S'),
  'solutions.list': SIGNED_IN,
  'solutions.create': row('P', 'P', 'P', 'P', 'P', D, T, R, 'P'),
  'solutions.get': row('P', N, 'P', N, N, N, T, 'P', 'P'),
  'solutions.update': row('P', N, R, N, N, N, T, R, 'P'),
  'solutions.remove': row('S', N, R, N, N, N, T, R, 'S'),
  // rendering starts Chromium: the PDF is fetched in modules/solutions
  'solutions.pdf': row('S', N, 'S', N, N, N, T, 'S', 'S'),
  'solutions.listShares': row('P', N, R, N, N, N, T, R, 'P'),
  'solutions.share': row('P', N, R, N, N, N, T, R, 'P'),
  'solutions.unshare': row('S', N, R, N, N, N, T, R, 'S'),
  'solutions.link': null, 'solutions.linkPdf': null,
  // reading the solution is enough to start one's own project from it; a read-only key creates no project
  'solutions.toProject': row('P', N, 'P', N, N, N, T, R, 'P'),
  'solutions.commissioning': PROJECT_VIEW,
  // the audit log (docs/audit-log.md): the project's is the owner's; one's own writes are a person's (a browser session)
  'audit.list': OWNER_ONLY,
  'audit.mine': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
};

describe.each(backends())('authorization matrix on %s', (backend) => {
  let fixture: MatrixFixture;

  beforeAll(async () => {
    fixture = await createMatrixFixture(backend);
  });
  afterAll(async () => {
    await fixture?.env.close();
  });

  it('has a row for every declared endpoint, and no row for one that is not declared', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  const cells = ENDPOINTS.flatMap(({ id, endpoint }) => {
    const cellsOf = MATRIX[id];
    return cellsOf ? CALLERS.filter((caller) => cellsOf[caller] !== 'S').map((caller) => [id, caller, endpoint.method, endpoint.path, cellsOf[caller]] as const) : [];
  });

  it.each(cells)('%s by %s', async (id, caller, method, path, expected) => {
    const { snapshot } = fixture;
    const url = `/api/v1${fillPath(path, fixture.paramsOf(id))}`;
    const body = fixture.bodyOf(id);
    const req = fixture.request(caller, method, url);
    const before = method === 'get' ? '' : await snapshot();
    const res = await (body === undefined ? req : req.send(body as object));
    if (expected === 'P') {
      expect(NOT_PASSED.has(res.body.code), `${id} by ${caller}: ${JSON.stringify(res.body)}`).toBe(false);
    } else {
      expect([res.body.code, res.status < 500], JSON.stringify(res.body)).toEqual([expected, true]);
      if (method !== 'get') expect(await snapshot()).toBe(before);
    }
  });
});
