// English texts of the remote web management card (namespace `devices`, key `remoteWeb`), merged in ../../texts.ts.
// spec §3 remote management states: disabled, opening (getting the address), opened, failed.
export const remoteWebEn = {
  title: 'Remote web management',
  description:
    "Opens the device's own web page through the console, without being on its network: the device connects out to the console, and you get a link that works for you only while you may manage this device, until it has been unused for a while or reaches its time limit.",
  state: {
    disabled: 'Closed',
    opening: 'Getting the address…',
    opened: 'Open',
    failed: 'Failed: {{message}}',
  },
  open: 'Open remote web management',
  openAgain: 'Open again',
  link: "Open the device's web page",
  linkHint: 'Opens in a new tab. Do not share the link: whoever has it sees the device page until it closes.',
  expires: 'The link stops working at {{time}} at the latest.',
  close: 'Close',
  closed: 'Closed: {{message}}',
  notNow: 'Remote web management is not available: {{reason}}',
};
