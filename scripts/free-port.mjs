// A TCP port free on 127.0.0.1 now (the kernel's pick), for a process about to listen on it: the test
// command's brokers, the local multi-instance layout and the security scan's console.
import net from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}
