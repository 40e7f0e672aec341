// `@airloom/gateway/testing`: the gateway's test helpers (databases, brokers) for the tests and
// benchmarks of other packages. Production code never imports this entry.
export * from './store/test-db.js';
export * from './bus/test-broker.js';
// what a test checks or seeds beside the public face
export { verifySecret } from './broker/credentials.js';
export { registerDevices } from './store/registration.js';
// the configuration engine's pure parts, for its benchmarks
export { aliasFor, pathsToRead, planConfig, planMessages, type ReportedValues, type Tr181Target } from './config/target.js';
export { rendererFor } from './config/renderers.js';
// neighbour scans as the gateway stores them (the Wi-Fi map's measurements)
export { parseScanResults, storeNeighbourScan } from './store/measurements.js';
// the time series' writes and its background job, for the fleet benchmark (a rollup inside its window)
export { insertIfaceRows, insertStatRows, rollupAndPrune, type IfaceRow, type StatRow } from './store/stats.js';
