// The prober's loop in a worker thread of its own (probe.ts, startProbeInWorker): its timings are the
// server's answers, not the wait for the bench's main event loop, which at the same moment handles the
// load it generates (20 login answers arriving at once held a probe's answer back by up to ~20 ms).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, pauseMs, headers } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let failures = 0;
let running = true;
parentPort.on('message', () => {
  running = false;
});

const get = () =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

while (running) {
  const t0 = performance.now();
  const status = await get();
  times.push(performance.now() - t0);
  if (status !== 200) failures++;
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
}
agent.destroy();
parentPort.postMessage({ times, failures });
