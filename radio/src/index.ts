// @airloom/radio: pure radio math (ARCHITECTURE §1, docs/radio.md). Imports nothing.
export { receivedPower, crossesWall, fsplDb, RadioInputError, type Ap, type Point, type Wall } from './propagation';
export { heatmap, type Grid } from './heatmap';
export {
  planChannels, channelPlanCost, coChannel, fiveGhzOverlap,
  type ChannelPlan, type ChannelPlanAp, type ChannelPlanInput, type ChannelOverlap, type RssiEntry,
} from './planner';
export { planPower, MIN_TX_POWER_DBM, MAX_TX_POWER_DBM, type PowerPlanAp, type PowerPlanInput } from './power';
export { coverage, suggestNextAp, type CoverageShare, type NextApInput, type NextApSuggestion } from './coverage';
export { neighbourRssi, type PlacedAp } from './neighbours';
export { fitToMeasurements, type FitError, type FitInput, type FitResult, type FitWall } from './fit';
export { estimateCoverage, estimatedPowerDbm, CLIENT_HEIGHT_M, type CoverageEstimate, type CoverageEstimateInput } from './estimate';
