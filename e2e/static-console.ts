import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticConsole {
  origin: string;
  close(): Promise<void>;
}

/**
 * The built console (`dist/`) on an origin of its own, as a static host serves it: its own
 * runtime configuration at /config.json and its own Content-Security-Policy. For journeys where
 * the console and the cloud are on different origins.
 */
export async function serveStaticConsole(options: {
  port: number;
  config: unknown;
  csp: string;
  dir?: string;
}): Promise<StaticConsole> {
  const root = options.dir ?? 'dist';
  if (!existsSync(join(root, 'index.html'))) throw new Error(`no built console in ${root}/`);
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    const headers = { 'content-security-policy': options.csp, 'cache-control': 'no-cache' };
    if (path === '/config.json') {
      response.writeHead(200, { ...headers, 'content-type': 'application/json' });
      response.end(JSON.stringify(options.config));
      return;
    }
    let file = join(root, path);
    if (!file.startsWith(normalize(root)) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(root, 'index.html');
    }
    response.writeHead(200, {
      ...headers,
      'content-type': types[extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${options.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
