// English sentences for the errors a person can meet through the API (i18n namespace `apiErrors`):
// each names the thing it is about, filled in from the request (`{{sn}}`, `{{projectName}}`, …).
// The endpoint declarations pick one per code (endpoint.ts); the catalogue's short texts of spec §8
// (en-errors.ts) stay the `message` of the answer envelope.
import { LIMITS } from '../limits.js';
import { API_LIMITS } from './limits.js';

export const enApiErrors = {
  common: {
    serverError: 'Something went wrong on our side. Please try again in a moment.',
    invalidParams: 'Some values are not valid: please check the marked fields.',
    signature: 'The request was refused because it did not come from this console. Please reload the page.',
    tokenMissing: 'Please log in to continue.',
    tokenExpired: 'Your session has ended. Please log in again.',
    projectNotFound: 'This project does not exist or is not shared with you.',
    readOnlyProject: 'This project is shared with you read-only: it cannot be changed.',
    demoProject: 'Demo projects can be looked at but not changed.',
    network: 'The console cannot be reached. Please check your connection and try again.',
    returnFormat: 'The server sent an answer this page does not understand. Please reload the page.',
  },
  auth: {
    incorrectCredentials: 'Incorrect account or password.',
    loginLocked: `Too many wrong passwords: {{account}} is locked for ${LIMITS.loginLockoutMinutes} minutes.`,
    accountExists: 'An account with {{account}} already exists. Please log in instead.',
    incorrectCode: 'The verification code is wrong or has expired.',
    incorrectTwoFactorCode: 'This code is wrong or has been used already. Enter the current code from your authenticator app, or a recovery code.',
    wrongPassword: 'The password is not right.',
    lastSignInMethod: 'This is the only way to sign in to this account: set a password first, then unbind it.',
    identityNotFound: 'This sign-in method is not bound to your account.',
    attemptsExceeded: 'Too many wrong codes: please ask for a new verification code.',
    codeMinuteLimit: 'A code was sent to {{account}} less than a minute ago: please wait a moment.',
    codeHourlyLimit: 'Too many codes were sent to {{account}} this hour: please try again later.',
    codeDailyLimit: 'Too many codes were sent to {{account}} today: please try again tomorrow.',
    demoUnavailable: 'The live demo is not available on this server.',
  },
  projects: {
    nameExists: 'A project named {{projectName}} already exists.',
    countLimit: `You already own ${API_LIMITS.projectsPerOwnerMax} projects, the most one account may have.`,
    demoSession: 'The live demo cannot create projects: sign up to create your own.',
    ownerOnly: 'Only the owner of this project can delete it.',
  },
  account: {
    demo: 'The live demo account cannot be changed: sign up to have your own.',
    wrongOldPassword: 'The current password is not right.',
    companyNameLocked: 'The company name was changed this year already: it can change again next year.',
    companyAddressLocked: 'The company address was changed this year already: it can change again next year.',
    companyLocked: 'The company name and address were both changed this year already: they can change again next year.',
    imageTooLarge: `The image is too large: an avatar is under ${LIMITS.imageMaxBytes / 1024 / 1024} MB.`,
    noAvatar: 'There is no avatar yet.',
    subAccountExists: 'An account with {{account}} already exists: an engineer account needs an address of its own.',
    subAccountNotFound: 'There is no such engineer account in your company.',
    subAccountLimit: `A company has at most ${API_LIMITS.subAccountsPerCompanyMax} engineer accounts: remove one first.`,
    passwordChanged: 'Your password was changed: please log in again with the new one.',
  },
  apiKeys: {
    countLimit: `An account has at most ${API_LIMITS.apiKeysPerAccountMax} API keys: revoke one first.`,
    notFound: 'This API key does not exist or was revoked.',
    sessionOnly: 'API keys are managed from a signed-in browser session, not with a key.',
    rateLimited: 'Too many requests with this API key: please wait a moment and try again.',
    demo: 'The live demo cannot make API keys: sign up to make your own.',
  },
  transfers: {
    ownerOnly: 'Only the owner of this project can transfer it.',
    unknownAccount: 'No account is registered as {{account}}. Ask them to sign up first.',
    offerGone: 'This transfer offer has expired, was answered already or was withdrawn.',
    notForYou: 'This transfer offer is not for the account you are signed in with.',
    nameTaken: 'You already have a project with this name: rename one of them first.',
  },
  invitations: {
    accountExists: '{{account}} already has an account: share the project with it directly.',
    gone: 'This invitation has expired, was accepted already or was replaced by a newer one.',
    notForYou: 'This invitation is for another address than the account you are signed in with.',
    alreadyShared: 'This project is already shared with you.',
  },
  shares: {
    ownerOnly: 'Only the owner of this project can see and change who it is shared with.',
    unknownAccount: 'No account is registered as {{account}}. Ask them to sign up first.',
    alreadyShared: 'This project is already shared with {{account}}: change that share instead.',
    readOnlyLimit: `This project already has ${LIMITS.unexpiredReadOnlySharesMax} read-only shares that have not expired.`,
    readWriteLimit: `This project already has ${LIMITS.unexpiredReadWriteSharesMax} read-write shares that have not expired.`,
    permanentReadWriteLimit: `This project already has ${LIMITS.permanentReadWriteSharesMax} permanent read-write managers.`,
    manageableLimit: `This project already has ${LIMITS.manageablePermissionsPerProjectMax} read-write shares (expired ones count until they are removed).`,
    notFound: 'This share, or its project, does not exist any more.',
  },
  devices: {
    notInProject: 'Device {{sn}} is not in this project, or the project is not shared with you.',
    notRegistered: 'No device with serial number {{sn}} is registered.',
    addRefused: 'Device {{sn}} is already in a project or belongs to another account.',
    offline: 'Device {{sn}} is offline: it can be changed once it is back online.',
    busy: 'Device {{sn}} is busy (restarting, or already doing this): please wait until it is done.',
    localMode: 'Device {{sn}} is managed locally: it cannot be changed from the cloud.',
    unsupported: 'Device {{sn}} does not support this operation.',
    operationNotFound: 'This operation does not exist in this project.',
  },
  config: {
    invalid: 'Some settings are not valid: please check the marked fields. Nothing was changed.',
    offline: 'Device {{sn}} is offline: its settings can be changed once it is back online.',
    rfRunning: 'An RF optimisation is running in this project: settings can be changed when it has finished.',
    oneGateway: 'This project has more than one gateway: remove all but one before changing gateway settings.',
    noGateway: 'This project has no gateway (router) yet.',
    notForDevice: 'Device {{sn}} has no such settings (they belong to another kind of device).',
    changeNotFound: 'This change does not exist in this project.',
  },
  floors: {
    notFound: 'This floor does not exist in this project.',
    floorOrDeviceNotFound: 'This floor does not exist in this project, or an AP names a device that is not in this project.',
    imageTooLarge: 'The floor plan must be at most 10 MB.',
    notJpeg: 'The floor plan must be a jpg image (recommended 800 x 400, ratio 5:3).',
  },
  backups: {
    wlanOnly: 'Configuration backups are for WLAN projects: this is a MESH project.',
    interval: `A backup was taken less than ${LIMITS.backupMinIntervalMinutes} minutes ago: please wait a moment.`,
    limit: `This project already has ${LIMITS.generalBackupsPerProjectMax} general backups, the most it may keep: delete one first.`,
    notFound: 'This backup does not exist in this project.',
    tampered: 'This backup file was changed after it was downloaded (or comes from another console): it was not stored.',
    badFile: 'This file is not a backup this console can restore: nothing was stored.',
  },
  manufacturer: {
    refused: 'Wrong manufacturer key, or this account is not a manufacturer account.',
  },
} as const;

type Texts = typeof enApiErrors;
/** `group.name` of a sentence above, checked at compile time. */
export type ApiErrorKey = { [G in keyof Texts]: `${G & string}.${keyof Texts[G] & string}` }[keyof Texts];
