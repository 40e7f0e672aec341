// English texts of the spec §5 validation rules, i18n namespace `rules`: rules.<rule>.<check>.
// A failing zod parse carries the key; the numbers come from LIMITS so text and rule agree.
import { LIMITS as L } from '../limits.js';

export const enRules = {
  accountPassword: {
    required: 'Please enter a password',
    length: `The password must be ${L.accountPasswordMinLength} to ${L.accountPasswordMaxLength} characters`,
  },
  accountPasswordPair: {
    required: 'Please enter the password twice',
    mismatch: 'The two passwords do not match',
  },
  emailCode: {
    required: 'Please enter the verification code',
    format: `The e-mail verification code is ${L.emailCodeLength} digits`,
  },
  smsCode: {
    required: 'Please enter the verification code',
    format: `The SMS verification code is ${L.smsCodeLength} digits`,
  },
  email: {
    required: 'Please enter an e-mail address',
    length: `An e-mail address has at most ${L.emailMaxLength} characters`,
    format: 'Please enter a valid e-mail address',
  },
  mobile: {
    required: 'Please enter a mobile number',
    format: `A mobile number is ${L.mobileMinDigits} to ${L.mobileMaxDigits} digits, optionally starting with +`,
  },
  account: {
    required: 'Please enter your e-mail address or mobile number',
    format: 'Please enter a valid e-mail address or mobile number',
  },
  projectName: {
    required: 'Please enter a project name',
    length: `The project name has at most ${L.projectNameMaxLength} characters`,
  },
  subtitle: {
    required: 'Please enter a subtitle',
    length: `The subtitle has at most ${L.subtitleMaxLength} characters`,
  },
  timeZone: {
    required: 'Please choose a time zone',
    format: 'Please choose a time zone between UTC-12 and UTC+14',
  },
  scenario: { required: 'Please choose a scenario' },
  netMode: { required: 'Please choose the project type (WLAN or MESH)' },
  projectRight: { required: 'Please choose read-only or read-write' },
} as const;
