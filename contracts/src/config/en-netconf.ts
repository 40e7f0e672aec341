// English texts of the gateway and switch configuration checks that are not single §5 field rules
// (i18n namespace `rules`, merged by i18n/en.ts). Counts come from the model catalogue.
export const enNetconfRules = {
  wanLines: {
    required: 'Please set up the internet connection',
    count: 'This model has fewer WAN lines',
    mode: 'Please choose DHCP, static IP, PPPoE, PPTP or L2TP',
  },
  credentials: { required: 'Please enter the user name and password', length: 'The user name and password have at most 64 characters' },
  vlanTable: {
    duplicateId: 'This VLAN ID already exists',
    duplicateName: 'This VLAN name already exists',
    defaultFixed: 'VLAN_Default cannot be modified',
    defaultMissing: 'VLAN_Default must stay in the list',
    count: 'This device takes no more VLANs (see its model limits)',
    modelRange: 'This device does not take this VLAN ID (see its model range)',
  },
  dhcpPools: {
    count: 'This device takes no more DHCP pools (see its model limits)',
    lease: 'Please choose 30 min, 1, 6 or 12 hours, or 1, 3 or 7 days',
    duplicateName: 'This DHCP pool name already exists',
    gateway: 'The gateway must be in the pool segment',
    vlan: 'This VLAN does not exist',
    vlanSegment: 'The pool must be in the segment of its VLAN',
    relayServer: 'Please enter the DHCP relay server',
    type: 'Please choose the DHCP type: user or AP',
  },
  staticRoutes: { count: 'This device takes no more static routes (see its model limits)', duplicate: 'This route already exists' },
  portMappings: {
    count: 'This device takes no more port mappings (see its model limits)',
    protocol: 'Please choose all, TCP or UDP',
    lanSegment: 'The internal IP must be in a LAN or VLAN segment',
    name: 'Please enter a name of 1 to 32 characters',
  },
  segmentConflict: {
    wanLan: 'The WAN and LAN segments must not overlap',
    vlan: 'This VLAN segment overlaps another segment',
    pppoe: 'The PPPoE address overlaps a LAN or VLAN segment',
    pptp: 'The PPTP server is inside a LAN or VLAN segment',
    l2tp: 'The L2TP server is inside a LAN or VLAN segment',
  },
  switchPorts: {
    port: 'This port does not exist on this model',
    duplicate: 'Each port appears once',
    remark: 'The remark has at most 32 characters',
  },
  switchVlan: {
    stripped: 'The stripped VLAN must differ from the allowed VLANs',
    trunkRequired: 'Please choose a trunk port',
    untaggedLan: 'A LAN port may have only one untagged VLAN',
    unknownVlan: 'This VLAN is not in the VLAN list',
    mgmtVlan: 'The management VLAN must be in the VLAN list',
  },
  poe: {
    budget: 'The enabled ports need more power than the switch\'s PoE budget',
    power: 'The power per port is 0.1 to 30 W',
    notPoe: 'Ports without PoE are ignored',
  },
} as const;
