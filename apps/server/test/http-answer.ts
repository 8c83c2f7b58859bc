// One HTTP request to a server on this machine, and its answer as a test reads it: status, whether
// the server asked to close the connection, whether it went on a kept-alive socket, the headers and
// the text.
import http from 'node:http';

export interface Answer {
  status: number;
  connection: string | undefined;
  reusedSocket: boolean;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function request(
  port: number,
  url: string,
  // `agent: false`: a new connection of its own.
  options: { method?: string; agent?: http.Agent | false; headers?: Record<string, string> } = {},
) {
  const req = http.request({ host: '127.0.0.1', port, path: url, method: options.method ?? 'GET', ...options });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          reusedSocket: req.reusedSocket,
          headers: res.headers,
          text,
        }),
      );
    });
  });
  return { req, answer };
}

export const get = (port: number, url: string, agent?: http.Agent) => {
  const { req, answer } = request(port, url, { agent });
  req.end();
  return answer;
};
