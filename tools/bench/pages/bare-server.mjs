// The yardstick for `npm run bench`: Fastify with no hooks and no logger, one route per page,
// sending the bytes and headers the site sent, from memory.
//   node tools/bench/pages/bare-server.mjs <pages dir> <port>
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const [dir, port] = process.argv.slice(2);
const pages = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
const app = Fastify({ logger: false });
for (const page of pages) {
  const body = fs.readFileSync(path.join(dir, page.file));
  app.get(page.path, (_request, reply) => {
    reply.headers(page.headers).send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
