// A stand-in MCP server over stdio that answers every tools/call instantly with a recorded answer. Timing the same
// client against it gives the floor of a step: what the client, the pipe and the JSON cost on their own, which no
// server, however fast, can go below. Usage: node canned-server.mjs <answers.json>, where the file maps a tool
// name to the `result` object to return, and `tools` to the tools/list result.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// Serialized once: answering costs a string concatenation, not a JSON.stringify of a large object.
const serialized = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.stringify(v)]));

const reply = (id, resultJson) => process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) {
    return;
  }
  const msg = JSON.parse(line);
  if (msg.id === undefined) {
    return; // a notification
  }
  switch (msg.method) {
    case 'initialize':
      reply(msg.id, JSON.stringify({ protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} },
        serverInfo: { name: 'canned', version: '1.0.0' } }));
      break;
    case 'tools/list':
      reply(msg.id, serialized.tools);
      break;
    case 'tools/call':
      reply(msg.id, serialized[msg.params.name]);
      break;
    default:
      reply(msg.id, '{}');
  }
});
