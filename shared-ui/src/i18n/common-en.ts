// English texts of the design system itself (namespace `common`; spec §1: English only).
// Domain texts (errors, rules, enums) come from @airloom/contracts' `en`.
export const commonEn = {
  actions: {
    save: 'Save',
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    create: 'Create',
    edit: 'Edit',
    delete: 'Delete',
    open: 'Open',
    retry: 'Retry',
    dismiss: 'Dismiss',
    back: 'Back',
    whyUnavailable: 'Why is this unavailable?',
  },
  state: {
    loading: 'Loading…',
    saving: 'Saving…',
    uploading: 'Uploading…',
    jumping: 'Jumping…',
    noData: 'no available data',
  },
  demo: 'Demo',
  readOnly: 'Read-only',
  table: {
    search: 'Search',
    searchPlaceholder: 'Search…',
    rowsPerPage: 'Rows per page',
    range: '{{from}}–{{to}} of {{total}}',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    firstPage: 'First page',
    lastPage: 'Last page',
    sortBy: 'Sort by {{column}}',
    actions: 'Actions',
    empty: 'no available data',
    noMatch: 'Nothing matches “{{query}}”',
    columns: 'Columns ({{shown}}/{{total}})',
    showColumns: 'Show columns',
  },
  dialog: {
    confirmTitle: 'Please confirm',
  },
  notice: {
    region: 'Notifications',
  },
  form: {
    required: 'Required',
    invalid: 'invalid input',
  },
  // setting up two-factor sign-in: Account settings and the console's enforced setup step share it
  twoFactor: {
    step1: '1. In your authenticator app, add an account with this key (or open the link on your phone):',
    secret: 'Key for the authenticator app',
    openApp: 'Open in the authenticator app',
    step2: '2. Enter the 6-digit code the app now shows.',
    code: 'Code from the app',
    confirm: 'Turn on',
    recoveryOnce: 'Two-factor sign-in is on. These recovery codes are shown this once: keep them somewhere safe. Each signs you in once if you lose your phone.',
    recoveryCodes: 'Recovery codes',
    saved: 'I have saved them',
  },
};

export type CommonTexts = typeof commonEn;
