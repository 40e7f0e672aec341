// A gateway process for the crash tests: started from the environment like `airloom gateway`,
// says "ready" on stdout, stops cleanly on SIGTERM (the tests kill it with SIGKILL instead).
import { startGatewayFromEnv } from '../start-from-env.js';

const gateway = await startGatewayFromEnv();
process.stdout.write(`ready ${gateway.config.gatewayId}\n`);
process.once('SIGTERM', () => {
  void gateway.stop().then(() => process.exit(0));
});
