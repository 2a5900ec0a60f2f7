// A backend that reads and discards request bodies: the upstream of the upload benchmark.
// Usage: node bench/sink-server.mjs <port>
import http from 'node:http';

const [port] = process.argv.slice(2);
http
  .createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 200, success: true, message: '', entity: { bytes } }));
    });
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
