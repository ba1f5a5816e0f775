// The HTTP counterpart of canned-server.mjs: a stand-in MCP server over Streamable HTTP that answers every POST at
// once with a recorded answer, as plain JSON (as the sidecar does). Timing the same HTTP client against it gives the
// floor of a step over HTTP: what the client, the loopback connection and the JSON cost on their own.
// Usage: node canned-http-server.mjs <answers.json>; prints "Listening on: http://127.0.0.1:<port>".
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const serialized = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.stringify(v)]));

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    // No stream of server-initiated messages: the client goes on without one.
    res.writeHead(405).end();
    return;
  }
  if (req.method === 'DELETE') {
    res.writeHead(200).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (msg.id === undefined) {
      res.writeHead(202).end(); // a notification
      return;
    }
    let result;
    const headers = { 'content-type': 'application/json' };
    switch (msg.method) {
      case 'initialize':
        headers['mcp-session-id'] = 'canned';
        result = JSON.stringify({ protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} },
          serverInfo: { name: 'canned', version: '1.0.0' } });
        break;
      case 'tools/list':
        result = serialized.tools;
        break;
      case 'tools/call':
        result = serialized[msg.params.name];
        break;
      default:
        result = '{}';
    }
    res.writeHead(200, headers).end(`{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":${result}}`);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`Listening on: http://127.0.0.1:${server.address().port}\n`);
});
