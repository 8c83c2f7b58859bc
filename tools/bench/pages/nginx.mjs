// nginx for `npm run bench`: one worker, in the foreground, with its own prefix and
// configuration, serving each page's bytes as a file with the headers the site sent.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { commandInGroup } from './site.mjs';

const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
export const nginxBinary =
  candidates.find((bin) => bin && fs.existsSync(bin)) ??
  (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error === undefined ? 'nginx' : undefined);

/** Header values nginx can carry in a quoted string as they are (no variables, no quotes). */
const SAFE_VALUE = /^[^"$\\\n]*$/;
const SKIPPED = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Starts nginx on `port` serving `pages` (`{ path, file, headers }`, files in `pagesDir`), inside
 * `group` when given (as the site runs). Returns `stop()`.
 */
export async function startNginx({ pagesDir, pages, port, prefix, group = null }) {
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const locations = pages.map((page) => {
    const headers = Object.entries(page.headers)
      .filter(([name, value]) => !SKIPPED.has(name) && SAFE_VALUE.test(value))
      .map(([name, value]) => `      add_header ${name} "${value}" always;`);
    return [
      `    location = ${page.path} {`,
      `      default_type "${page.headers['content-type'] ?? 'application/octet-stream'}";`,
      ...headers,
      // `alias` would take `/` for a folder: try_files serves the file whatever the address.
      `      try_files /${page.file} =404;`,
      '    }',
    ].join('\n');
  });
  const conf = `
worker_processes 1;
daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'logs/error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${path.join(prefix, 'client_body')};
  proxy_temp_path ${path.join(prefix, 'proxy')};
  fastcgi_temp_path ${path.join(prefix, 'fastcgi')};
  uwsgi_temp_path ${path.join(prefix, 'uwsgi')};
  scgi_temp_path ${path.join(prefix, 'scgi')};
  types { }
  server {
    listen 127.0.0.1:${port};
    root ${pagesDir};
${locations.join('\n')}
  }
}
`;
  const confFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const [program, args] = commandInGroup(group, [
    nginxBinary,
    '-p',
    prefix,
    '-e',
    path.join(prefix, 'logs/error.log'),
    '-c',
    confFile,
  ]);
  const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
