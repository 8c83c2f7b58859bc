import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeServer {
  /** `http://127.0.0.1:{port}` */
  origin: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a random port, answering through `handle`. */
export async function startFakeServer(handle: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>) {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let answer: FakeResponse;
      try {
        answer = await handle(request);
      } catch (error) {
        answer = { status: 500, body: { message: String(error) } };
      }
      const isText = typeof answer.body === 'string';
      res.writeHead(answer.status, {
        ...(answer.body === undefined
          ? {}
          : { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json' }),
        ...answer.headers,
      });
      res.end(answer.body === undefined ? undefined : isText ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeServer = {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

export function bearerOf(request: FakeRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}
