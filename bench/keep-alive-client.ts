/**
 * A load generator's HTTP client that costs little CPU: one persistent HTTP/1.1 connection per
 * loop, one request at a time, the request written as one string and the reply read by its
 * Content-Length. The server and PostgreSQL share this machine's two cores with the load
 * generator; `fetch` spent about 1 ms of CPU per order (0.3–0.4 of a core at 350 orders/s) that
 * pgbench's C client, the baseline the API is compared with, does not spend.
 */
import net from 'node:net';

export interface Reply {
  status: number;
  body: string;
}

export class KeepAliveClient {
  private socket: net.Socket | undefined;
  private buffered = Buffer.alloc(0);
  private waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void } | undefined;
  private readonly host: string;
  private readonly port: number;

  constructor(origin: string) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.tryReply();
    });
    const fail = (err: Error) => {
      if (this.socket === socket) this.socket = undefined;
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  private tryReply(): void {
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1]);
    if (!Number.isFinite(length)) {
      this.waiting.reject(new Error(`reply without Content-Length: ${head.split('\r\n')[0]}`));
      this.waiting = undefined;
      return;
    }
    const end = headEnd + 4 + length;
    if (this.buffered.length < end) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffered.subarray(headEnd + 4, end).toString('utf8');
    this.buffered = this.buffered.subarray(end);
    const w = this.waiting;
    this.waiting = undefined;
    w.resolve({ status, body });
  }

  /** `headers`: more header lines, each ending in CRLF. */
  request(method: string, path: string, body: unknown, token: string, headers = ''): Promise<Reply> {
    if (this.waiting) throw new Error('one request at a time');
    this.socket ??= this.connect();
    const payload = JSON.stringify(body);
    const text =
      `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\nauthorization: Bearer ${token}\r\n${headers}` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket?.write(text);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }
}
