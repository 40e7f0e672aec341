// English texts of the spec §5 validation rules, i18n namespace `rules`: rules.<rule>.<check>.
// A failing zod parse carries the key; the numbers come from LIMITS so text and rule agree.
import { LIMITS as L } from '../limits.js';
import { DEVICE_PASSWORD_SPECIALS, NAME_SYMBOLS } from '../rules/charsets.js';

const MIB = 1024 * 1024;

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
    emoticon: 'The project name must not contain emoticons',
  },
  subtitle: {
    required: 'Please enter a subtitle',
    length: `The subtitle has at most ${L.subtitleMaxLength} characters`,
  },
  timeZone: {
    required: 'Please choose a time zone',
    format: 'Please choose a time zone from the list: a named zone such as Europe/Lisbon, or an offset between UTC-12 and UTC+14',
  },
  devicePassword: {
    required: 'Please enter the device password',
    length: `The device password must be ${L.devicePasswordMinLength} to ${L.devicePasswordMaxLength} characters`,
    chars: `Only letters, digits and the special characters ${DEVICE_PASSWORD_SPECIALS} are allowed`,
    classes: 'Use at least three of: upper-case letters, lower-case letters, digits, special characters',
  },
  wifiPassword: {
    required: 'Please enter the Wi-Fi password',
    length: `The Wi-Fi password must be ${L.wifiPasswordMinLength} to ${L.wifiPasswordMaxLength} printable characters, or ${L.wifiPasswordHexMaxLength} hexadecimal digits`,
    chars: 'Only printable ASCII characters are allowed',
    hex: `A ${L.wifiPasswordHexMaxLength}-character Wi-Fi password must consist of hexadecimal digits (0-9, a-f)`,
  },
  wirelessSecurity: {
    required: 'Please choose a security mode',
    cipher: 'This cipher is not available for the chosen security mode',
  },
  name: {
    required: 'Please enter a name',
    length: `The name must be 1 to ${L.nameMaxLength} characters`,
    spaces: 'The name must not contain spaces',
    emoticon: 'The name must not contain emoticons',
  },
  otherName: {
    required: 'Please enter a name',
    length: `The name must be 1 to ${L.otherNameMaxLength} characters`,
    chars: 'Only printable ASCII characters are allowed',
  },
  serverName: {
    required: 'Please enter a server name',
    length: `The server name has at most ${L.serverNameMaxLength} characters`,
    chars: 'Only digits, letters and @ : - _ + . are allowed',
  },
  vlanName: {
    required: 'Please enter a VLAN name',
    length: `The VLAN name must be 1 to ${L.vlanNameMaxLength} characters`,
    chars: `Only digits, letters, underscores, spaces and ${NAME_SYMBOLS} are allowed`,
    reserved: 'br0 and IPTV are reserved VLAN names',
  },
  vlanNames: {
    required: 'Please enter the VLAN names',
    duplicate: 'VLAN names must not repeat',
  },
  policyName: {
    required: 'Please enter a policy name',
    length: `The policy name must be 1 to ${L.policyNameMaxLength} characters`,
    chars: `Only digits, letters, underscores, spaces and ${NAME_SYMBOLS} are allowed`,
  },
  dhcpPoolName: {
    required: 'Please enter a DHCP pool name',
    length: `The DHCP pool name must be 1 to ${L.dhcpPoolNameMaxLength} characters`,
    chars: 'Only digits, letters and underscores are allowed',
  },
  serialNumber: {
    required: 'Please enter the serial number',
    length: `The serial number is ${L.serialNumberMinLength} to ${L.serialNumberMaxLength} characters`,
    chars: 'The serial number consists of letters and digits only',
  },
  cloudCode: {
    required: 'Please enter the cloud code',
    length: `The cloud code has ${L.cloudCodeLength} characters (printed as XXXX-XXXX on the label)`,
    chars: 'The cloud code consists of the letters and digits printed on the label (no 0, 1, I, L or O)',
  },
  remark: {
    length: `The remark has at most ${L.remarkMaxLength} characters`,
    emoticon: 'Emoticons are not allowed',
  },
  ssid: {
    required: 'Please enter a Wi-Fi name',
    length: `The Wi-Fi name must be 1 to ${L.ssidMaxBytes} bytes`,
  },
  vlanId: {
    required: 'Please enter a VLAN ID',
    integer: 'The VLAN ID must be a whole number',
    range: `The VLAN ID must be ${L.vlanIdMin} to ${L.vlanIdMax}`,
  },
  vlanList: {
    required: 'Please enter the VLAN IDs',
    format: 'Separate VLAN IDs with commas and ranges with a dash, e.g. 3,5,7 or 10-13',
    range: `VLAN IDs must be ${L.vlanListIdMin} to ${L.vlanIdMax}`,
    order: 'A range must start below its end, e.g. 10-13',
    duplicate: 'Each VLAN may appear only once',
    count: `At most ${L.vlansPerAddMax} VLANs can be added at once`,
  },
  portVlans: {
    required: 'Please choose the port VLANs',
    overlap: 'Tagged and untagged VLANs must differ',
    untaggedCount: `A port may have only ${L.untaggedVlansPerPortMax} untagged VLAN`,
    pvidTagged: 'The PVID must not be a tagged VLAN',
  },
  keyUpdateCycle: {
    required: 'Please enter the key update cycle',
    integer: 'The key update cycle must be a whole number of seconds',
    range: `The key update cycle is ${L.keyUpdateCycleMinSeconds} to ${L.keyUpdateCycleMaxSeconds} seconds, or 0 to turn it off`,
  },
  maxClients: {
    required: 'Please enter the maximum number of clients',
    integer: 'The maximum number of clients must be a whole number',
    range: `The maximum number of clients is ${L.maxClientsMin} to ${L.maxClientsMax}`,
  },
  txPower: {
    required: 'Please enter the transmit power',
    integer: 'The transmit power must be a whole number',
    range: `The transmit power is ${L.txPowerMinDbm} to ${L.txPowerMaxDbm}`,
  },
  accessThreshold: {
    required: 'Please enter the access threshold',
    integer: 'The access threshold must be a whole number',
    range: `The access threshold is ${L.accessThresholdMinDbm} to ${L.accessThresholdMaxDbm} dBm`,
  },
  shutdownPeriods: {
    required: 'Please add at least one period',
    count: `At most ${L.shutdownPeriodsMax} periods`,
    time: 'Enter times as HH:MM, 00:00 to 23:59',
    order: 'The end must be later than the start',
    overlap: 'Periods must not overlap',
  },
  dualBandSsids: {
    required: 'Please enter both Wi-Fi names',
    same: 'The 2.4 GHz and 5 GHz Wi-Fi names must differ',
  },
  ipv4: {
    required: 'Please enter an IP address',
    format: 'Please enter a valid IP address, e.g. 192.168.0.1',
    firstOctet: 'The first number of the IP address must be 1 to 223',
    loopback: 'Addresses starting with 127 are loopback addresses',
  },
  subnetMask: {
    required: 'Please enter the subnet mask',
    integer: 'The subnet mask must be a whole number',
    range: `The subnet mask is ${L.subnetMaskMin} to ${L.subnetMaskMax}`,
  },
  staticRouteDestination: {
    required: 'Please enter the destination network',
    format: 'Please enter a valid destination network, e.g. 10.0.0.0',
    firstOctet: 'The first number of the destination must be 1 to 223',
    loopback: 'Destinations starting with 127 are loopback addresses',
  },
  port: {
    required: 'Please enter a port',
    integer: 'The port must be a whole number',
    range: `The port is ${L.portMin} to ${L.portMax}`,
  },
  portMapping: {
    required: 'Please enter the internal and external ports',
    format: 'Separate ports with ; and ranges with - or ~, e.g. 80;8000-8010',
    range: `Ports are ${L.portMin} to ${L.portMax}`,
    order: 'A port range must start below its end',
    count: 'Internal and external port counts must match',
    mismatch: 'Internal and external port formats must match',
  },
  ipRange: {
    required: 'Please enter the start and end IP',
    order: 'The end IP must be greater than the start IP',
    segment: 'The start and end IP must be in the same segment',
  },
  dnsServers: {
    required: 'Please enter a DNS server',
    count: `At most ${L.dnsServersMax} DNS servers`,
    same: 'The primary and secondary DNS must differ',
  },
  managementIp: {
    required: 'Please enter the management IP',
    private: 'The management IP must be in 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16',
    sameAsLan: 'The management IP must differ from the LAN IP',
  },
  segments: {
    required: 'Please enter the network segments',
    overlap: 'WAN, LAN, VLAN, PPPoE, PPTP and L2TP segments must not overlap',
  },
  dhcpLeaseMinutes: {
    required: 'Please choose the lease time',
    integer: 'The lease time must be a whole number of minutes',
    range: `The lease time is ${L.dhcpLeaseMinMinutes} to ${L.dhcpLeaseMaxMinutes} minutes`,
  },
  dhcpModes: {
    required: 'Please choose the DHCP mode',
    exclusive: 'Only one of DHCP relay, DHCP snooping and DHCP server may be on',
  },
  importFile: {
    required: 'Please choose a file',
    extension: 'Please choose an .xls or .xlsx file made from the template',
    size: `The file must be at most ${L.importFileMaxBytes / MIB} MB`,
    empty: 'The file is empty',
  },
  imageFile: {
    required: 'Please choose an image',
    extension: 'Please choose a jpg, jpeg, png, gif or bmp image',
    size: `The image must be at most ${L.imageMaxBytes / MIB} MB`,
    empty: 'The image is empty',
  },
  firmwareFile: {
    required: 'Please choose a firmware file',
    extension: 'Please choose a .bin firmware file',
    size: `The firmware must be at most ${L.firmwareMaxBytes / MIB} MB`,
    empty: 'The firmware file is empty',
  },
  mapImage: {
    required: 'Please choose a map image',
    extension: `Please choose a jpg image (recommended ${L.mapImageRecommendedWidthPx} x ${L.mapImageRecommendedHeightPx}, ratio 5:3)`,
    size: `The map image must be at most ${L.mapImageMaxBytes / MIB} MB`,
    empty: 'The map image is empty',
  },
  timerSchedules: {
    required: 'Please add a schedule',
    count: `At most ${L.timerSchedulesMax} schedules`,
    time: 'Enter times as HH:MM, 00:00 to 23:59',
    same: 'Start and end must differ',
    days: 'Please choose at least one day',
  },
  rebootSchedules: {
    count: `At most ${L.timerSchedulesMax} reboot schedules`,
    mode: 'Please choose every few minutes, every day or specific weekdays',
    time: 'Enter the time as HH:MM, 00:00 to 23:59',
    duplicate: 'This reboot schedule is already in the list',
  },
  rebootInterval: {
    required: 'Please enter the interval in minutes',
    integer: 'The interval is a whole number of minutes',
    range: 'A device restarts at most every 30 minutes and at least once a week (10080 minutes)',
  },
  weekdays: {
    required: 'Please choose at least one day',
    invalid: 'Please choose days of the week',
    duplicate: 'Each day may be chosen only once',
  },
  portSelection: {
    required: 'Please choose at least one port',
  },
  optimiseDevices: {
    required: 'Please choose at least two devices to optimise',
  },
  shareValidityHours: {
    required: 'Please enter the validity in hours',
    integer: 'The validity must be a whole number of hours',
    range: `The validity is 1 to ${L.shareValidityMaxHours} hours; choose permanent for longer`,
  },
  topologyDevice: {
    required: 'Please choose a device model',
    noFreePort: 'All ports are used; no device can be added',
  },
  solutionDevices: {
    required: 'Please add devices',
    model: 'Please choose a device model',
    quantity: 'The quantity must be a whole number of at least 1',
    duplicateModel: 'This model is already in the solution',
    ac: `At most ${L.solutionAcMax} AC per solution`,
    gateway: `At most ${L.solutionGatewayMax} gateway per solution`,
    accessSwitch: `At most ${L.solutionAccessSwitchesMax} access switches`,
    coreSwitch: `At most ${L.solutionCoreSwitchesMax} core switches`,
    ap: `At most ${L.solutionApsMax} APs`,
    remark: 'A remark has at most 200 characters',
  },
  solutionInputs: {
    number: 'Please enter a number within the range shown',
    integer: 'Please enter a whole number',
    empty: 'Please give the rooms, the area or the spaces (offices, classrooms, dormitories, wards) to cover',
  },
  solutionGateway: {
    clients: 'The connected clients are a whole number from 0 to 50,000',
    lines: 'The broadband lines are 1 to 8',
    bandwidth: 'The bandwidth per line is 1 to 10,000 Mbps',
    function: 'Please choose the functions from the list',
  },
  solutionName: { length: 'The name has 1 to 64 characters' },
  customScenario: {
    name: 'The scenario name has 1 to 32 characters',
    wallLoss: 'The wall attenuation is 0 to 40 dB',
    wallSpacing: 'The distance between walls is 1 to 100 m',
    concurrency: 'The share of clients online together is 0.05 to 1',
    count: `At most ${L.customScenariosMax} custom scenarios`,
  },
  scenario: { required: 'Please choose a scenario' },
  netMode: { required: 'Please choose the project type (WLAN or MESH)' },
  projectRight: { required: 'Please choose read-only or read-write' },
} as const;
