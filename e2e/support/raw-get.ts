import http from 'node:http';

/**
 * GET `url` with `headers` sent as they are, `Host` included (fetch does not send a `Host` it is given): what a client
 * forging the host it names looks like (docs/decisions/0095-no-host-derived-urls.md). Resolves with the status, the
 * headers and the body as text.
 */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}
